"""The winner's cards decide the finish (issue 13; docs/api.md, "Deals from the cards"):
every Egyptian bonus (seed 000, "Bonus Scores") and every row of the Kuwaiti table (seed
001, "Finishing") reached from the cards alone — as 15 cards the referee arranges, and as
the melds laid with the discard — and a finish or bonuses the cards contradict refused."""

from __future__ import annotations

import pytest

from scorekeeper.games.hand.rules import Card, Finish, PlayerHand, RoundResult, Rules, RulesError
from scorekeeper.games.hand.rules.hand import Bonus
from scorekeeper.games.hand.rules.scoring import kuwait_row, score_round
from scorekeeper.games.hand.rules.wilds import Wilds
from scorekeeper.games.hand.rules.winning import check_claim, finish_of, rule_winning_hand

PLAYERS = ("Sami", "Rana", "Omar")
# Fifteen cards that make no full hand however they are laid.
NO_HAND = ("2H", "3H", "5H", "7S", "9S", "JS", "2D", "4D", "6D", "8D", "10C", "QC", "KC",
           "AC", "AH")


def laid(text: str) -> list[list[Card]]:
    return [[Card.parse(c) for c in meld.split()] for meld in text.split("|")]


def flat(melds: list[list[Card]], discard: list[Card]) -> list[Card]:
    return [c for meld in melds for c in meld] + discard


# Under Egypt with 7♣ turned, A♣ is the wild card (two in the two packs).
EGYPT = Wilds.for_deal(Rules.from_spec("egypt"), Card.parse("7C"))
KUWAIT = Wilds.for_deal(Rules.from_spec("kuwait"))
MIXED = "2H 3H 4H | 5S 6S 7S 8S | 8D 9D 10D | 10C JC QC KC"   # 14 cards, both colours
RED = "2H 3H 4H | 5D 6D 7D 8D | 9H 10H JH QH | QD KD AD"       # 14 red cards
HEARTS = "2H 3H 4H | 2H 3H 4H | 5H 6H 7H 8H | 9H 10H JH QH"    # 14 hearts
MIXED_13 = "2H 3H 4H | 5S 6S 7S | 8D 9D 10D | 10C JC QC KC"   # 13 natural cards
RED_13 = "2H 3H 4H | 5D 6D 7D | 8H 9H 10H | JD QD KD AD"
HEARTS_13 = "2H 3H 4H | 5H 6H 7H | 8H 9H 10H | JH QH KH AH"

# seed 000, "Bonus Scores": the winner's score, -60 for an ordinary full hand, doubled
# for each bonus and quadrupled for two wilds or one suit; "the maximum ... -960".
EGYPT_HANDS = [
    (MIXED, "9C", (), -60),
    (MIXED, "AC", (Bonus.WILD_DISCARD,), -120),
    (RED, "9C", (Bonus.ONE_COLOUR,), -120),
    (HEARTS, "9C", (Bonus.ONE_SUIT,), -240),
    (MIXED_13, "AC AC", (Bonus.TWO_WILDS,), -240),
    (RED, "AC", (Bonus.WILD_DISCARD, Bonus.ONE_COLOUR), -240),
    (HEARTS_13, "AC AC", (Bonus.TWO_WILDS, Bonus.ONE_SUIT), -960),
]

# seed 001, "Finishing": (winner, did not announce, announced ×, mistake) by hand.
KUWAIT_HANDS = [
    ("Regular Hand", MIXED, "9C", (-60, 200, 2, 300)),
    ("Colored Hand", RED, "5H", (-120, 400, 4, 600)),
    ("Joker Hand", MIXED, "JK", (-120, 400, 4, 600)),
    ("Suited Hand", HEARTS, "KH", (-240, 800, 8, 1200)),
    ("Double Joker Hand", MIXED_13, "JK JK", (-240, 800, 8, 1200)),
    ("Double Joker Colored Hand", RED_13, "JK JK", (-480, 1600, 32, 4800)),
]


def _both_ways(wilds: Wilds, melds: str, discard: str):
    """The ruling from the melds as laid, and from the same 15 cards given loose."""
    given, thrown = laid(melds), [Card.parse(c) for c in discard.split()]
    as_laid = rule_winning_hand(wilds, melds=given, discard=thrown)
    loose = rule_winning_hand(wilds, cards=flat(given, thrown))
    return as_laid, loose


@pytest.mark.parametrize(("melds", "discard", "bonuses", "winner"), EGYPT_HANDS)
def test_seed_000_bonus_scores_every_egyptian_bonus_from_the_cards(melds, discard, bonuses,
                                                                   winner):
    for ruling in _both_ways(EGYPT, melds, discard):
        finish, earned = finish_of(ruling, EGYPT)
        assert (finish, set(earned)) == (Finish.FULL, set(bonuses)), ruling.reason
        result = RoundResult("Sami", finish, {"Rana": PlayerHand(True, 10),
                                              "Omar": PlayerHand(False)}, earned)
        assert score_round(EGYPT, PLAYERS, result).scores["Sami"] == winner


@pytest.mark.parametrize(("row", "melds", "discard", "expected"), KUWAIT_HANDS,
                         ids=[h[0] for h in KUWAIT_HANDS])
def test_seed_001_finishing_every_kuwaiti_hand_from_the_cards(row, melds, discard,
                                                              expected):
    for ruling in _both_ways(KUWAIT, melds, discard):
        finish, earned = finish_of(ruling, KUWAIT)
        assert finish is Finish.FULL, ruling.reason
        assert kuwait_row(finish, earned) == expected, (row, earned)


def test_seed_001_a_colored_hand_counts_the_card_played_into_the_field():
    """Seed 001, "Colored hand": the 14 melded cards "in addition to the card to be played
    in the field" are of one colour: a black discard makes it a regular hand."""
    ruling = rule_winning_hand(KUWAIT, melds=laid(RED), discard=[Card.parse("5S")])
    assert finish_of(ruling, KUWAIT) == (Finish.FULL, ())


def test_seed_000_bonuses_belong_to_the_forms_that_pay_them():
    """Seed 000, "Bonus Scores": "In Egypt, and maybe in some countries of the Arabian
    Peninsula" — the Levant game pays a plain full hand for the same cards."""
    levant = Wilds.for_deal(Rules.from_spec("levant"), Card.parse("9C"))
    ruling = rule_winning_hand(levant, melds=laid(HEARTS), discard=[Card.parse("KH")])
    assert ruling.bonuses and finish_of(ruling, levant) == (Finish.FULL, ())


def test_cards_that_are_no_full_hand_finish_over_several_turns():
    cards = [Card.parse(c) for c in NO_HAND]
    ruling = rule_winning_hand(KUWAIT, cards=cards)
    assert not ruling.hand
    assert finish_of(ruling, KUWAIT) == (Finish.PARTIAL, ())


@pytest.mark.parametrize(("melds", "discard", "why"), [
    (MIXED.replace("8D 9D 10D", "8D 9D JD"), "9C", "no meld"),
    (MIXED_13, "9C 9H", "two wild cards"),
    ("2H 3H 4H | 5S 6S 7S | 8D 9D 10D | JC QC KC", "9C 9H 9S", "one card"),
])
def test_melds_as_laid_that_are_no_full_hand_say_why(melds, discard, why):
    thrown = [Card.parse(c) for c in discard.split()]
    ruling = rule_winning_hand(KUWAIT, melds=laid(melds), discard=thrown)
    assert not ruling.hand and why in str(ruling.reason)


def test_the_cards_must_be_fifteen():
    with pytest.raises(RulesError, match="15 cards"):
        rule_winning_hand(KUWAIT, melds=laid(MIXED), discard=[])
    with pytest.raises(RulesError, match="15 cards"):
        rule_winning_hand(KUWAIT, cards=flat(laid(MIXED), []))


def test_more_copies_than_the_packs_hold_are_refused():
    with pytest.raises(RulesError):
        rule_winning_hand(KUWAIT, melds=laid("2H 2H 2H | " + MIXED.split("|", 1)[1]),
                          discard=[Card.parse("2H")])


@pytest.mark.parametrize(("finish", "bonuses", "message"), [
    (Finish.FULL, None, "not a full hand"),
    (Finish.FULL, (), "not a full hand"),
])
def test_a_full_hand_the_cards_do_not_bear_out_is_refused(finish, bonuses, message):
    cards = [Card.parse(c) for c in NO_HAND]
    ruling = rule_winning_hand(KUWAIT, cards=cards)
    with pytest.raises(RulesError, match=message):
        check_claim(ruling, KUWAIT, finish, bonuses)


def test_full_hand_cards_reported_as_several_turns_are_refused():
    ruling = rule_winning_hand(KUWAIT, melds=laid(MIXED), discard=[Card.parse("9C")])
    with pytest.raises(RulesError, match="are a full hand"):
        check_claim(ruling, KUWAIT, Finish.PARTIAL, None)


def test_bonuses_the_cards_do_not_bear_out_are_refused_naming_both():
    ruling = rule_winning_hand(EGYPT, melds=laid(RED), discard=[Card.parse("AC")])
    check_claim(ruling, EGYPT, Finish.FULL, (Bonus.ONE_COLOUR, Bonus.WILD_DISCARD))
    check_claim(ruling, EGYPT, None, None)
    # Issue 22: named as players call them, never by the API's codes.
    named = rf"\({Bonus.ONE_SUIT.label}\).*\({Bonus.WILD_DISCARD.label}, {Bonus.ONE_COLOUR.label}\)"
    with pytest.raises(RulesError, match=named):
        check_claim(ruling, EGYPT, Finish.FULL, (Bonus.ONE_SUIT,))
