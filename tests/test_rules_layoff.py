"""Adding to table melds and taking wilds (RULES.md section 3; seed 000 "Melds",
"Replacing Wild Cards", "More on Groups with Wild Cards"; seed 002 on jokers in groups)."""

import pytest
from rulings import cards, deal, shown

from scorekeeper.games.hand.rules import rule_lay_off, rule_swap

GULF = deal("gulf", max_meld_size=None)
CLUBS = deal("levant", "7C")  # A♣ wild, jokers are natural A♣


@pytest.mark.parametrize(("meld", "add", "options", "result"), [
    ("8D 9D 10D", "JD", {}, "8D 9D 10D JD"),
    ("8D 9D 10D", "7D", {}, "7D 8D 9D 10D"),
    ("8D 9D 10D", "6D 7D", {}, "6D 7D 8D 9D 10D"),
    ("8D 9D 10D", "7D JD", {}, "7D 8D 9D 10D JD"),       # one card at each end
    ("QD KD JK", "JD", {}, "JD QD KD JK"),               # the joker stays A♦ at the top
    ("JK 2D 3D", "4D", {}, "JK 2D 3D 4D"),
    ("8D 9D 10D", "JK", {}, "8D 9D 10D JK"),             # either end: the high one
    ("8D 9D 10D", "JK", {"end": "low"}, "JK 8D 9D 10D"),
    ("8D 9D 10D", "JK", {"end": "high"}, "8D 9D 10D JK"),
    ("8D 9D 10D", "JK QD", {}, "8D 9D 10D JK QD"),       # the joker must be J♦
    ("2D 3D 4D", "AD", {}, "AD 2D 3D 4D"),
    ("QD KD AD", "JD", {}, "JD QD KD AD"),
    ("8S 8H 8D", "8C", {}, "8S 8H 8D 8C"),
    ("8S 8H 8D", "JK", {}, "8S 8H 8D JK"),
    ("8S 8H JK", "8D 8C", {}, "8S 8H 8D 8C"),             # both missing: the joker returns
    ("8S 8H JK", "8D", {"going_out": True}, "8S 8H JK 8D"),
    ("8S 8H JK", "8D", {"one_card": True}, "8S 8H JK 8D"),
])
def test_lay_off_allowed(meld, add, options, result):
    ruling = rule_lay_off(cards(meld), cards(add), GULF, **options)
    assert ruling.valid, ruling.reason
    assert shown(ruling.meld) == result


def test_lay_off_both_missing_cards_give_the_wild_back():
    ruling = rule_lay_off(cards("8S 8H JK"), cards("8D 8C"), GULF)
    assert str(ruling.takes) == "JK" and "back to your hand" in str(ruling.reason)


def test_lay_off_lenient_group_add_option():
    # seed 000 "Variations: Adding to a group of two equal cards and a wild card".
    ruling = rule_lay_off(cards("QC QH JK"), cards("QS"), deal("gulf", lenient_group_add=True))
    assert ruling.valid and shown(ruling.meld) == "QC QH JK QS"


@pytest.mark.parametrize(("meld", "add", "options", "words"), [
    ("8D 9D 10D", "QD", {}, "does not continue"),
    ("8D 9D 10D", "8D", {}, "already has 8♦"),
    ("8D 9D 10D", "JH", {}, "not a ♦ card"),
    ("8D JK 10D", "9D", {}, "holds the place of 9♦"),
    ("8D JK 10D", "7D JK", {}, "only one wild"),
    ("QD KD AD", "JK", {"end": "high"}, "cannot go at the high end"),
    ("8S 8H JK", "8D", {}, "both missing cards together"),
    ("8S 8H 8D JK", "8C", {}, "give it in exchange"),
    ("8S 8H 8D 8C", "JK", {}, "at most 4 cards"),
    ("8S 8H 8D", "8H", {}, "already has 8♥"),
    ("8S 8H 8D", "9H", {}, "cannot join a group of 8"),
    ("8S 9H 10D", "JD", {}, "not a valid meld"),
    ("8D 9D 10D", "", {}, "Say which cards"),
])
def test_lay_off_refused(meld, add, options, words):
    ruling = rule_lay_off(cards(meld), cards(add), GULF, **options)
    assert not ruling.valid
    assert words in str(ruling.reason)
    assert shown(ruling.meld) == shown(cards(meld))  # the table meld is unchanged


def test_lay_off_respects_max_meld_size():
    # seed 002: a meld has at most five cards.
    ruling = rule_lay_off(cards("2H 3H 4H 5H 6H"), cards("7H"), deal("gulf"))
    assert not ruling.valid and "at most 5" in str(ruling.reason)


def test_lay_off_a_sequence_never_passes_thirteen_cards():
    meld = cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert not rule_lay_off(meld, cards("JK"), GULF).valid


def test_lay_off_joker_as_natural_ace_under_an_indicator():
    ruling = rule_lay_off(cards("QC KC AC"), cards("JK"), CLUBS)  # wild A♣ stands for A♣
    assert not ruling.valid  # the joker is a natural A♣, and the top is taken


@pytest.mark.parametrize(("meld", "give", "takes", "result"), [
    ("7D JK 9D", "8D", "JK", "7D 8D 9D"),
    ("JK 2D 3D", "AD", "JK", "AD 2D 3D"),
    ("5S 5C JK", "5H 5D", "JK", "5S 5C 5H 5D"),
    ("5S 5C JK", "5D 5H", "JK", "5S 5C 5D 5H"),
    ("KS KH KD JK", "KC", "JK", "KS KH KD KC"),
])
def test_swap_allowed(meld, give, takes, result):
    ruling = rule_swap(cards(meld), cards(give), GULF)
    assert ruling.valid and str(ruling.takes) == takes
    assert shown(ruling.meld) == result


@pytest.mark.parametrize(("meld", "give", "words"), [
    ("7D JK 9D", "9D", "you must give 8♦"),
    ("7D JK 9D", "8H", "you must give 8♦"),
    ("5S 5C JK", "5H", "5♥ + 5♦"),                     # seed 002: both cards are needed
    ("7D 8D 9D", "10D", "no wild card"),
    ("7D JK 9D", "JK", "not another wild"),
])
def test_swap_refused(meld, give, words):
    ruling = rule_swap(cards(meld), cards(give), GULF)
    assert not ruling.valid and ruling.takes is None
    assert words in str(ruling.reason)


def test_swap_joker_as_natural_ace_takes_back_a_wild_ace():
    ruling = rule_swap(cards("QC KC AC"), cards("JK"), CLUBS)
    assert ruling.valid and str(ruling.takes) == "AC" and shown(ruling.meld) == "QC KC JK"
