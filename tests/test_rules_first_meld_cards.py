"""First melds (Kuwaiti announcements) recorded as the cards laid: the referee values
them and holds them to the bar in force when each was laid (issue 13;
scorekeeper/games/hand/rules/game.py, ``settle_first_melds``).

Sources: seed 000 "Initial Meld" (a first meld's cards have "a total value of at least 51
points"); seed 002 "Hand Saudi" (later players need "the sum of the last player who melded
successfully + 1"); seed 001 "Announcing melds during the game" (the threshold, "usually
71 in 5 player games and 91 in 4 and 3 player games") and "Player mistakes" 2 ("announcing
with a total meld value less than the the announcement threshold"). RULES.md sections 4
and 7.
"""

import pytest

from scorekeeper.games.hand.rules import (
    Card,
    Deal,
    Finish,
    FirstMeld,
    Outcome,
    PlayerHand,
    RoundResult,
    Rules,
    RulesError,
    Table,
    replay,
    settle_first_melds,
)

FOUR = ("Ann", "Bob", "Cy", "Dee")


def laid(*melds: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(Card.parse(c) for c in meld.split()) for meld in melds)


def deal(*first: FirstMeld, indicator: str | None = None) -> Deal:
    hands = {p: PlayerHand(True, 0) for p in FOUR[1:]}
    result = RoundResult("Ann", Finish.PARTIAL, hands,
                         indicator=None if indicator is None else Card.parse(indicator))
    return Deal(1, Outcome.SCORED, result, first)


def play(preset: str, the_deal: Deal):
    rules = Rules.for_table(preset, len(FOUR))
    return replay(Table(rules, FOUR, "Ann"), [the_deal])


# Worth by seed 000 "Initial Meld": aces 11, kings, queens and jacks 10, the rest face value.
SIXTY_SEVEN = laid("10H JH QH KH", "9S 9D 9C")             # 40 + 27
FIFTY_FIVE = laid("10H JH QH KH", "5S 5D 5C")            # 40 + 15
FIFTY_EIGHT = laid("QC KC AC", "9D 9S 9H")               # 31 + 27
FIFTY_FOUR = laid("JS QS KS", "8C 8D 8H")                # 30 + 24


@pytest.mark.parametrize(("preset", "melds", "worth"), [
    ("levant", SIXTY_SEVEN, 67),
    ("gulf", FIFTY_FIVE, 55),
    ("saudi", FIFTY_EIGHT, 58),
])
def test_a_first_meld_given_as_cards_is_valued_by_the_referee(preset, melds, worth):
    """Seed 000 "Initial Meld": the melds laid together must reach 51 points; the table
    need not add them up — the referee does."""
    settled = settle_first_melds(Rules.from_spec(preset),
                                 deal(FirstMeld("Bob", None, melds), indicator="7C"))
    assert settled.first_melds == (FirstMeld("Bob", worth, melds),)
    assert play(preset, deal(FirstMeld("Bob", None, melds), indicator="7C")).scored_rounds == 1


def test_a_first_meld_short_of_51_is_refused_with_the_referee_reason():
    """Seed 000 "Initial Meld": at least 51 in the first meld."""
    short = laid("JS QS KS", "5C 5D 5H")   # 30 + 15
    with pytest.raises(RulesError, match="Bob's first meld is refused: The melds are worth "
                                         "45, short of the 51 a first meld needs"):
        play("gulf", deal(FirstMeld("Bob", None, short)))


def test_hand_saudi_each_first_meld_as_cards_must_beat_the_one_before():
    """Seed 002 "Hand Saudi": "the sum of the last player who melded successfully + 1" —
    here 55, then 58 (needs 56), then 54 (short of 59)."""
    rules = Rules.from_spec("saudi")
    two = deal(FirstMeld("Bob", None, FIFTY_FIVE), FirstMeld("Cy", None, FIFTY_EIGHT))
    assert [m.value for m in settle_first_melds(rules, two).first_melds] == [55, 58]
    three = deal(FirstMeld("Bob", None, FIFTY_FIVE), FirstMeld("Cy", None, FIFTY_EIGHT),
                 FirstMeld("Dee", None, FIFTY_FOUR))
    with pytest.raises(RulesError, match="Dee's first meld is refused: The melds are worth "
                                         "54, short of the 59"):
        settle_first_melds(rules, three)


def test_hand_saudi_a_typed_worth_counts_for_the_bar_of_cards_laid_after_it():
    """Seed 002 "Hand Saudi": the bar rises from the last first meld however it was
    recorded — 57 typed, so the next one needs 58 and 55 in cards falls short."""
    mixed = deal(FirstMeld("Bob", 57), FirstMeld("Cy", None, FIFTY_FIVE))
    with pytest.raises(RulesError, match="short of the 58"):
        settle_first_melds(Rules.from_spec("saudi"), mixed)


def test_a_kuwaiti_announcement_as_cards_must_reach_the_threshold():
    """Seed 001 "Player mistakes" 2: announcing below the threshold (91 with four
    players, RULES.md section 7) is a mistake, so the referee refuses the record."""
    rules = Rules.for_table("kuwait", 4)
    with pytest.raises(RulesError, match="short of the 91 an announcement needs"):
        settle_first_melds(rules, deal(FirstMeld("Bob", None, SIXTY_SEVEN)))
    ninety_four = laid("10H JH QH KH", "9S 9D 9C", "AD AS AH")  # 40 + 27 + 33 = 100
    settled = settle_first_melds(rules, deal(FirstMeld("Bob", None, ninety_four)))
    assert settled.first_melds[0].value == 100


def test_a_first_meld_that_is_no_meld_is_refused_naming_it():
    """Seed 000 "Melds": a sequence is three or more consecutive cards of one suit."""
    with pytest.raises(RulesError, match="Bob's first meld is refused: Meld 2 is not valid"):
        settle_first_melds(Rules.from_spec("gulf"),
                           deal(FirstMeld("Bob", None, laid("10H JH QH KH", "2H 5S 9C"))))


def test_a_typed_worth_the_cards_contradict_is_refused():
    with pytest.raises(RulesError, match="worth 67 by its cards, not 70"):
        settle_first_melds(Rules.from_spec("levant"),
                           deal(FirstMeld("Bob", 70, SIXTY_SEVEN), indicator="7C"))


def test_the_indicator_form_needs_the_indicator_to_value_first_meld_cards():
    """Seed 000 "Value of Wild Cards": a wild counts as the card it represents, and which
    cards are wild depends on the indicator turned, so cards holding an ace need it (a
    meld without an ace or a joker is worth the same whatever was turned: issue 22)."""
    with pytest.raises(RulesError, match="indicator"):
        settle_first_melds(Rules.from_spec("levant"), deal(FirstMeld("Bob", None,
                                                                     FIFTY_EIGHT)))
    settled = settle_first_melds(Rules.from_spec("levant"),
                                 deal(FirstMeld("Bob", None, SIXTY_SEVEN)))
    assert settled.first_melds[0].value == 67


def test_a_wild_in_a_first_meld_counts_as_the_card_it_stands_for():
    """Seed 000 "Value of Wild Cards": "the value of the wild card is equal to the value of
    the natural card it represents"."""
    with_joker = laid("10H JK QH KH", "9S 9D 9C")
    settled = settle_first_melds(Rules.from_spec("gulf"),
                                 deal(FirstMeld("Bob", None, with_joker)))
    assert settled.first_melds[0].value == 67   # the joker plays as J♥: 40 + 27
