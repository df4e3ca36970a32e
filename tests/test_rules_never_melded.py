"""A player who never melded under the Gulf forms (issue 22, point 19): the app charges a
flat 100 (200 after a full hand), not the cards in hand plus 100 that some tables count.
docs/rules.md, "A player who never melded", gives the decision and why.

Sources: seed 000, "End of the Play and Scoring" (a hand that never melded has a fixed value
of 100); seed 004, "Laying Down Sets and Placement" (the cards count for players who laid
down sets, 100 for those who did not); seed 002, "Melding and Adding Cards to Existing
Melds" (100 for any player who did not meld, 200 after a hand).
"""

from __future__ import annotations

import pytest
from rulings import cards

from scorekeeper.games.hand.rules import (
    Finish,
    PlayerHand,
    RoundResult,
    Rules,
    RulesError,
    deal_wilds,
    score_round,
)

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
NEVER = PlayerHand(melded=False)


def scores(preset: str, hands: dict[str, PlayerHand], finish: str = "partial") -> dict:
    rules = Rules.from_spec(preset)
    result = RoundResult("Ann", Finish(finish), hands)
    return dict(score_round(deal_wilds(rules, result), PLAYERS, result).scores)


@pytest.mark.parametrize("preset", ["gulf", "saudi"])
def test_a_player_who_never_melded_pays_a_flat_100_under_the_gulf_forms(preset):
    hands = {"Bob": NEVER, "Cy": PlayerHand(melded=True, points=37), "Dee": NEVER}
    assert scores(preset, hands) == {"Ann": -30, "Bob": 100, "Cy": 37, "Dee": 100}


@pytest.mark.parametrize("preset", ["gulf", "saudi"])
def test_after_a_full_hand_a_player_who_never_melded_pays_a_flat_200(preset):
    hands = {"Bob": NEVER, "Cy": PlayerHand(melded=True, points=37), "Dee": NEVER}
    assert scores(preset, hands, "full") == {"Ann": -60, "Bob": 200, "Cy": 74, "Dee": 200}


@pytest.mark.parametrize("left", [
    PlayerHand(melded=False, points=85),
    PlayerHand(melded=False, cards=cards("KS KH 9D JK")),
])
def test_the_cards_of_a_player_who_never_melded_are_not_counted_and_the_engine_says_why(
        left):
    """Decision: no "cards plus 100" count; points or cards given for such a player are
    refused rather than quietly dropped."""
    hands = {"Bob": left, "Cy": NEVER, "Dee": NEVER}
    with pytest.raises(RulesError, match="Bob did not meld, so the hand counts a fixed "
                                         "penalty"):
        scores("gulf", hands)


def test_the_rules_have_no_option_for_cards_plus_100():
    """The decision is written down, not an option (docs/rules.md)."""
    options = Rules.from_spec("gulf").to_dict()
    assert not [name for name in options if "unmelded" in name or "never" in name]
