"""The full-hand check (RULES.md section 5; seed 000 "End of the Play and Scoring" and
"Bonus Scores"; seed 001 "Hand Game"): exact search, arrangements that the meld ruling
accepts, and the best bonus."""

import random
from collections import Counter

import pytest
from depth import examples
from handmaker import deck, full_hand
from hypothesis import given, settings
from hypothesis import strategies as st
from rulings import cards, deal, shown

from scorekeeper.games.hand.rules import RulesError, check_hand, rule_meld

DEALS = {
    "gulf": deal("gulf"),
    "levant 7C": deal("levant", "7C"),
    "levant AS": deal("levant", "AS"),
    "kuwait": deal("kuwait"),
    "104 cards": deal("levant", "9D", wild_mode="indicator_no_jokers"),
}


def assert_sound(ruling, hand, wilds):
    """The arrangement uses exactly the hand's cards and every meld is valid."""
    assert ruling.hand
    laid = [c for meld in ruling.melds for c in meld] + list(ruling.discard)
    assert Counter(laid) == Counter(hand)
    for meld in ruling.melds:
        assert rule_meld(meld, wilds).valid, shown(meld)
    if len(ruling.discard) == 2:
        assert all(wilds.is_wild(c) for c in ruling.discard)
    else:
        assert len(ruling.discard) == 1


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(list(DEALS)), st.integers(0, 2), st.booleans(),
       st.integers(0, 2**32))
def test_a_hand_built_from_valid_melds_plus_one_card_is_always_found(name, wild_melds,
                                                                      two_wilds, seed):
    wilds = DEALS[name]
    rnd = random.Random(seed)
    melds, discard = full_hand(rnd, wilds, wild_melds=wild_melds if not two_wilds else 0,
                               two_wild_discard=two_wilds)
    hand = tuple(c for m in melds for c in m) + tuple(discard)
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    ruling = check_hand(tuple(shuffled), wilds)
    assert ruling.hand, " | ".join(shown(m) for m in melds) + " / " + shown(discard)
    assert_sound(ruling, hand, wilds)


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(list(DEALS)), st.integers(0, 2**32))
def test_the_hand_check_never_returns_an_arrangement_the_meld_ruling_rejects(name, seed):
    wilds = DEALS[name]
    rnd = random.Random(seed)
    stock = list(deck(wilds).elements())
    hand = tuple(rnd.sample(stock, 15))
    ruling = check_hand(hand, wilds)
    if ruling.hand:
        assert_sound(ruling, hand, wilds)
    else:
        assert ruling.melds == () and str(ruling.reason)


@pytest.mark.parametrize("hand", [
    # 14 natural melds plus a spare card.
    "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH KS KD",
    # The wild must stand where a natural could: 5♥ 5♥ are both needed.
    "3H 4H 5H 5H 6H 7H 9S 9D 9C QC QD QS 2C 2S JK",
    # The only way: the joker in a group and a natural run of eight.
    "2D 3D 4D 5D 6D 7D 8D 9D KS KH JK QC QH QS 4C",
])
def test_full_hands_found_under_gulf_rules(hand):
    wilds = deal("gulf", max_meld_size=None)
    ruling = check_hand(cards(hand), wilds)
    assert_sound(ruling, cards(hand), wilds)


def test_a_wild_may_stand_for_a_card_needed_in_another_meld():
    # 4♠ JK(5♠) 6♠ and 5♠ 5♣ JK: the wild stands for the 5♠ that the group uses. 8♦ is
    # the only card that can be thrown.
    hand = cards("4S 6S 5S 5C JK JK 9H 10H JH QH KH 2D 3D 4D 8D")
    ruling = check_hand(hand, deal("gulf"))
    assert_sound(ruling, hand, deal("gulf"))
    assert shown(ruling.discard) == "8D"


def test_five_card_run_ending_in_a_high_ace_under_gulf_rules():
    # Found by the property test: a run as long as max_meld_size up to the ace.
    hand = cards("10S JS QS KS AS 8C 9C 10C JC 6D 7D 8D 9D 10D 8S")
    assert check_hand(hand, deal("gulf")).hand


@pytest.mark.parametrize(("hand", "words"), [
    ("2H 5H 8H JH 2S 5S 8S JS 3D 6D 9D QD 4C 7C 10C", "fit in no meld"),
    ("2H 3H 4H 2D 3D 4D 2S 3S 4S 5C 5S 5D 9H 9C KS", "fit in no meld"),
    # Every card fits some meld, but not all at once.
    # 5♥ is needed both in 3♥ 4♥ 5♥ and in 5♠ 5♦ 5♥; K♥ is the one discard.
    ("3H 4H 5H 5S 5D 2C 3C 4C 7S 8S 9S 10D JD QD KH", "cannot be laid"),
])
def test_not_full_hands_say_why(hand, words):
    ruling = check_hand(cards(hand), deal("gulf"))
    assert not ruling.hand and words in str(ruling.reason)


def test_the_hand_check_needs_fifteen_cards():
    with pytest.raises(RulesError, match="15 cards"):
        check_hand(cards("2H 3H 4H"), deal("gulf"))


def test_kuwait_colour_counts_the_discard_too():
    # seed 001 "Colored hand": the 14 melded cards and the card thrown are one colour.
    hand = cards("2H 3H 4H 5D 6D 7D 8D 9H 9D JK 10H JH QH KH 3S")
    assert [b.value for b in check_hand(hand, deal("kuwait")).bonuses] == []
    assert [b.value for b in check_hand(hand, deal("egypt", "AC")).bonuses] == ["one_colour"]
    hand = cards("2H 3H 4H 5D 6D 7D 8D 9H 9D JK 10H JH QH KH 3D")
    assert [b.value for b in check_hand(hand, deal("kuwait")).bonuses] == ["one_colour"]


def test_kuwait_double_joker_hand():
    # seed 001 "Double joker hand": two jokers left out of the melds and thrown.
    hand = cards("2H 3H 4H 2D 3D 4D 2S 3S 4S 5C 5S 5D 5H JK JK")
    ruling = check_hand(hand, deal("kuwait"))
    assert [b.value for b in ruling.bonuses] == ["two_wilds"] and ruling.factor == 4


def test_thirteen_hearts_and_two_jokers_discard_both_jokers():
    hand = cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK JK")
    ruling = check_hand(hand, deal("egypt", "AS"))
    assert shown(ruling.discard) == "JK JK"
    assert [b.value for b in ruling.bonuses] == ["two_wilds", "one_suit"]
