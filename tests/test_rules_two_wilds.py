"""Two wild cards in one meld, as some tables play (issue 22, point 19): the option
``wilds_per_meld`` (1 in every preset, 2 where a table allows it) ruled the same way by
every check — a meld, a first meld, a lay-off, taking a wild, a card from the discard
pile and the full-hand search; and a wild laid beyond an ace told where it can go.

Sources: seed 000, "Wild Cards" ("one wild card in any meld", not both in the same one);
seed 001, "Player mistakes" 4 (two jokers in one meld is a mistake); seeds 002 and 004 say
nothing either way. docs/rules.md, "Two wild cards in a meld", gives the decisions.
"""

from __future__ import annotations

import random

import pytest
from handmaker import deck, full_hand
from rulings import cards, deal, shown
from test_rules_hand_exact import oracle

from scorekeeper.games.hand.rules import (
    PRESETS,
    MeldKind,
    Rules,
    RulesError,
    check_hand,
    rule_initial_meld,
    rule_lay_off,
    rule_meld,
    rule_swap,
    rule_taken_meld,
)

ONE = deal("gulf")
TWO = deal("gulf", wilds_per_meld=2)


# --- the option ----------------------------------------------------------------------

def test_every_preset_allows_one_wild_per_meld():
    """Seeds 000 and 001 allow one wild in a meld; seeds 002 and 004 are silent, so the
    Gulf presets keep one too."""
    assert {name: rules.wilds_per_meld for name, rules in PRESETS.items()} == {
        name: 1 for name in PRESETS}


@pytest.mark.parametrize("value", [0, 3, "2", True, None])
def test_wilds_per_meld_takes_only_1_or_2(value):
    with pytest.raises(RulesError, match="wilds_per_meld must be one of 1, 2"):
        Rules.from_spec({"preset": "gulf", "wilds_per_meld": value})


def test_wilds_per_meld_is_in_the_rules_record():
    rules = Rules.from_spec({"preset": "saudi", "wilds_per_meld": 2})
    assert rules.to_dict()["wilds_per_meld"] == 2
    assert Rules.from_spec(rules.to_dict()) == rules


# --- melds under both settings -------------------------------------------------------

# (cards as laid, a meld with one wild allowed, with two, what the wilds stand for, value
# with two allowed)
MELDS = [
    # Seed 001, "Player mistakes" 4: "using two jokers in a single meld" — a mistake under
    # the presets, a meld where the table allows two.
    ("5H JK 7H JK", False, True, "6H 8H", 26),
    ("JK 5H 6H JK", False, True, "4H 7H", 22),
    ("4H JK JK 7H", False, True, "5H 6H", 22),
    ("7H JK JK 4H", False, True, "5H 6H", 22),     # laid running down, read 4-5-6-7
    ("JK JK QS KS AS", False, True, "10S JS", 51),  # Gulf: an ace above the king is 11
    # Decision: two naturals + two wilds, one missing suit each, first wild laid first
    # suit missing in the order ♠ ♥ ♦ ♣; the group counts its four cards.
    ("5H 5S JK JK", False, True, "5D 5C", 20),
    ("5D JK 5C JK", False, True, "5S 5H", 20),
    # Decision: a meld still needs two natural cards.
    ("JK JK 5H", False, False, "", None),
    ("5H JK JK", False, False, "", None),
    # More wilds than the table allows, or than a group has room for.
    ("5H 5S 5D JK JK", False, False, "", None),
    ("5H 6H 7H JK JK", False, True, "8H 9H", 35),
    # Seed 000, "Value of Wild Cards": two naturals and one wild is unchanged by the
    # option — the wild stands for both missing suits and counts once.
    ("5H 5S JK", True, True, "5D+5C", 15),
    ("9H JK JH", True, True, "10H", 29),
]


@pytest.mark.parametrize(("laid", "one", "two", "stands", "value"), MELDS,
                         ids=[m[0] for m in MELDS])
def test_a_meld_under_one_and_two_wilds_per_meld(laid, one, two, stands, value):
    assert rule_meld(cards(laid), ONE).valid is one
    ruling = rule_meld(cards(laid), TWO)
    assert ruling.valid is two, ruling.reason
    if two:
        assert " ".join("+".join(map(str, w.represents)) for w in ruling.wilds) == stands
        assert ruling.value == value == sum(ruling.card_values)
        assert ruling.wild == ruling.wilds[0]   # the first wild, for existing callers
        assert ruling.wild_at == ruling.wilds[0].at


def test_seed_001_two_jokers_in_one_meld_is_refused_under_the_presets():
    """Seed 001, "Player mistakes" 4; the sentence existing pages show stays."""
    ruling = rule_meld(cards("5H JK 7H JK"), deal("kuwait"))
    assert "A meld may hold only one wild card" in str(ruling.reason)


def test_a_third_wild_is_refused_where_two_are_allowed():
    # The packs hold two wilds (tests/test_api_*.py refuse a third copy); the engine's own
    # sentence names the limit in force.
    ruling = rule_meld(cards("5H JK JK JK 9H"), TWO)
    assert "at most two wild cards at this table" in str(ruling.reason)


def test_one_natural_and_two_wilds_says_why():
    """Decision: with one natural card nobody can tell a group from a sequence, nor what
    the wilds stand for."""
    ruling = rule_meld(cards("JK 9C JK"), TWO)
    assert not ruling.valid
    assert "needs at least two natural cards" in str(ruling.reason)


def test_a_group_with_two_wilds_names_what_each_stands_for_in_suit_order():
    ruling = rule_meld(cards("JK 7C JK 7H"), TWO)
    assert ruling.kind is MeldKind.GROUP
    assert [(w.at, shown(w.represents)) for w in ruling.wilds] == [(0, "7S"), (2, "7D")]
    assert "its first wild stands for 7♠ and its second for 7♦" in str(ruling.reason)
    assert ruling.value == 28  # four sevens


def test_a_sequence_with_two_wilds_names_each_by_its_place():
    ruling = rule_meld(cards("9C JK JK QC"), TWO)
    assert shown(ruling.cards) == "9C JK JK QC"
    assert [shown(w.represents) for w in ruling.wilds] == ["10C", "JC"]
    assert "its wilds stand for 10♣ and J♣" in str(ruling.reason)


def test_gaps_beyond_the_wilds_are_refused_saying_two_are_allowed():
    ruling = rule_meld(cards("5H JK 9H"), TWO)
    assert "at this table a meld may hold two wild cards" in str(ruling.reason)
    # The one-wild sentence is unchanged under the presets.
    assert "use only one wild card" in str(rule_meld(cards("5H JK 9H"), ONE).reason)


# --- a wild beyond an ace: where it can go instead (point 19) --------------------------

@pytest.mark.parametrize(("laid", "instead", "stands"), [
    ("KS AS JK", "JK K♠ A♠", "Q♠"),   # the example
    ("JK KS AS", None, None),          # already fine: the wild is the Q♠
    ("JK AS 2S", "A♠ 2♠ JK", "3♠"),
    ("2S AS JK", "JK 2♠ A♠", "3♠"),    # laid running down: the wild would be below the ace
    ("QH KH AH JK", "JK Q♥ K♥ A♥", "J♥"),
])
def test_a_wild_beyond_an_ace_is_told_where_it_can_stand(laid, instead, stands):
    """Seed 000, "Melds": an ace ends a run, so nothing comes beyond it; the refusal says
    where the wild would stand instead."""
    ruling = rule_meld(cards(laid), ONE)
    if instead is None:
        assert ruling.valid
        return
    assert not ruling.valid
    reason = str(ruling.reason)
    assert "nothing comes" in reason
    assert f"Lay it at the other end instead: {instead}, where it stands for {stands}." in reason
    assert rule_meld(cards(instead.replace("♠", "S").replace("♥", "H")), ONE).valid


def test_two_wilds_beyond_an_ace_are_told_where_they_can_stand():
    reason = str(rule_meld(cards("KS AS JK JK"), TWO).reason)
    assert "Lay them at the other end instead: JK JK K♠ A♠, where they stand for J♠ + Q♠." in (
        reason)


# --- the first meld ------------------------------------------------------------------

def test_a_first_meld_counts_two_wilds_as_the_cards_they_stand_for():
    """Seed 000, "Value of Wild Cards": a wild is worth the card it stands for — so in a
    group of two naturals and two wilds, four cards of that rank."""
    melds = [cards("KS KH JK JK"), cards("9C 10C JC")]   # 40 + 29
    assert rule_initial_meld(melds, TWO).total == 69
    assert rule_initial_meld(melds, TWO).valid
    refused = rule_initial_meld(melds, ONE)
    assert not refused.valid and "only one wild" in str(refused.reason)


# --- adding to a table meld, taking a wild -------------------------------------------

@pytest.mark.parametrize(("table", "add", "after"), [
    ("5H 5S JK", "JK", "5H 5S JK JK"),
    ("5H JK 7H", "JK", "5H JK 7H JK"),
    ("5H 6H 7H", "JK JK", "5H 6H 7H JK JK"),
    ("5H JK 7H JK", "4H", "4H 5H JK 7H JK"),
])
def test_a_second_wild_joins_a_table_meld_only_where_two_are_allowed(table, add, after):
    assert not rule_lay_off(cards(table), cards(add), ONE).valid
    ruling = rule_lay_off(cards(table), cards(add), TWO)
    assert ruling.valid, ruling.reason
    assert shown(ruling.meld) == after


def test_a_third_wild_is_not_laid_off():
    ruling = rule_lay_off(cards("5H JK 7H JK"), cards("JK"), TWO)
    assert not ruling.valid and "at most two wild cards" in str(ruling.reason)


def test_a_card_a_table_wild_stands_for_is_exchanged_not_added():
    ruling = rule_lay_off(cards("5H JK 7H JK"), cards("8H"), TWO)
    assert not ruling.valid and "holds the place of 8♥" in str(ruling.reason)
    ruling = rule_lay_off(cards("5H 5S JK JK"), cards("5C"), TWO)
    assert not ruling.valid and "give it in exchange for the wild" in str(ruling.reason)


@pytest.mark.parametrize(("table", "give", "after"), [
    ("5H JK 7H JK", "6H", "5H 6H 7H JK"),   # the natural at that wild's place
    ("5H JK 7H JK", "8H", "5H JK 7H 8H"),
    ("5H 5S JK JK", "5D", "5H 5S JK 5D"),   # the suit that wild stands for
    ("5H 5S JK JK", "5C", "5H 5S JK 5C"),
])
def test_taking_one_of_two_wilds_gives_the_card_it_stands_for(table, give, after):
    """Seed 000, "Replacing Wild Cards": the wild goes to whoever gives the natural card it
    stands for; with two wilds the card given says which."""
    ruling = rule_swap(cards(table), cards(give), TWO)
    assert ruling.valid, ruling.reason
    assert shown(ruling.meld) == after and str(ruling.takes) == "JK"
    assert rule_meld(ruling.meld, TWO).valid


def test_taking_a_wild_with_the_wrong_card_names_both_choices():
    ruling = rule_swap(cards("5H JK 7H JK"), cards("4H"), TWO)
    assert not ruling.valid
    assert "you must give 6♥ or 8♥" in str(ruling.reason)


# --- a wild taken from the discard pile ----------------------------------------------

AS_ACE = deal("gulf", wilds_per_meld=2, discarded_wild="as_ace", discard_lay_off=True)


def test_a_taken_joker_beside_another_joker_may_be_the_one_that_is_an_ace():
    """Seed 000, "Play": a joker taken from the discard pile plays only as an ace. The two
    jokers look alike, so the player lays the taken one where an ace is meant."""
    assert rule_taken_meld(cards("JK QH KH JK"), AS_ACE, 0).valid  # J♥ and A♥
    ruling = rule_taken_meld(cards("JK 9H 10H JK"), AS_ACE, 0)     # 8♥ and J♥
    assert not ruling.valid and "only as an ace" in str(ruling.reason)


def test_a_taken_joker_laid_off_must_itself_stand_for_an_ace():
    """A joker already on the table keeps its place; the one added is the taken one."""
    ruling = rule_lay_off(cards("JH QH JK"), cards("JK"), AS_ACE, from_discard=0,
                          discarder_melded=True, end="low")
    assert not ruling.valid and "only as an ace, not as 10♥" in str(ruling.reason)
    ruling = rule_lay_off(cards("10H JK QH"), cards("JK"), AS_ACE, from_discard=0,
                          discarder_melded=True)
    assert not ruling.valid  # K♥ or 9♥, never an ace, whatever the table's joker is
    assert rule_lay_off(cards("JK QH KH"), cards("JK"), AS_ACE, from_discard=0,
                        discarder_melded=True).valid  # A♥ above the king


# --- the full-hand search ------------------------------------------------------------

def test_a_full_hand_that_needs_two_wilds_in_one_meld():
    """Seed 000, "End of the Play and Scoring": 14 cards melded, one thrown. 4♥ and 7♥
    meet only through both jokers."""
    hand = cards("4H JK JK 7H 2C 3C 4C KS KH KD 9D 10D JD QD 5S")
    assert not check_hand(hand, ONE).hand
    ruling = check_hand(hand, TWO)
    assert ruling.hand and shown(ruling.discard) == "5S"
    assert "4H JK JK 7H" in [shown(m) for m in ruling.melds]
    assert all(rule_meld(m, TWO).valid for m in ruling.melds)


def test_the_full_hand_search_finds_every_hand_that_needs_two_wilds_together():
    """Built full hands whose two wilds share a meld, kept where one wild a meld is not
    enough, and near misses of them: the search agrees with the exhaustive oracle
    (tests/test_rules_hand_exact.py) under two wilds a meld."""
    rnd = random.Random("two wilds together")
    needed = []
    while len(needed) < 8:
        melds, discard = full_hand(rnd, TWO, wild_melds=1, wilds_each=2)
        hand = tuple(c for m in melds for c in m) + tuple(discard)
        if not check_hand(hand, ONE).hand:
            needed.append(hand)
    for hand in needed:
        assert check_hand(hand, TWO).hand, shown(hand)
        near = list(hand)
        stock = deck(TWO)
        stock.subtract(near)
        near[rnd.randrange(15)] = rnd.choice([c for c, n in stock.items() if n > 0])
        assert check_hand(tuple(near), TWO).hand == oracle(tuple(near), TWO), shown(near)
