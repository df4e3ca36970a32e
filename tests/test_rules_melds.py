"""Meld rulings beyond seed 000's examples: the other seeds, every reason a meld fails,
and properties that hold for any meld."""

import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from rulings import cards, deal, shown

from scorekeeper.games.hand.rules import (
    Card,
    MeldKind,
    NaturalCard,
    Rank,
    Suit,
    rule_initial_meld,
    rule_meld,
)

GULF = deal("gulf")
KUWAIT = deal("kuwait")


# --- seed 001 (Kuwait), "The value of the announcement" ------------------------------

@pytest.mark.parametrize(("meld", "value"), [
    ("2H 3H 4H 5H 6H", 20),   # 2+3+4+5+6
    ("JS QS KS", 30),         # pictures count 10
    ("QD KD AD", 31),         # an ace after the king counts 11
    ("AC 2C 3C", 6),          # an ace before the two counts 1
    ("7S 7H 7C 7D", 28),
    ("9H JK JH", 29),         # a joker takes the value of the card it replaces (10♥)
])
def test_seed_001_announcement_values(meld, value):
    assert rule_meld(cards(meld), KUWAIT).value == value


def test_seed_001_a_meld_cannot_contain_more_than_one_joker():
    ruling = rule_meld(cards("9H JK JK"), KUWAIT)
    assert not ruling.valid and "only one wild" in str(ruling.reason)


def test_seed_001_announcing_uses_the_announcement_bar():
    melds = [cards("QD KD AD"), cards("JS QS KS"), cards("7S 7H 7C")]  # 31+30+21 = 82
    ruling = rule_initial_meld(melds, KUWAIT)
    assert not ruling.valid and ruling.minimum == 91
    assert "announcement" in str(ruling.reason)
    assert rule_initial_meld(melds, deal("kuwait", announce_minimum=71)).valid


# --- seed 002 (Gulf / online) --------------------------------------------------------

def test_seed_002_melds_hold_three_to_five_cards():
    assert rule_meld(cards("2H 3H 4H 5H 6H"), GULF).valid
    ruling = rule_meld(cards("2H 3H 4H 5H 6H 7H"), GULF)
    assert not ruling.valid and "at most 5" in str(ruling.reason)
    assert not rule_meld(cards("2H 3H"), GULF).valid


@pytest.mark.parametrize("preset", ["gulf", "saudi", "hareeqa"])
def test_seed_002_hareeqa_keeps_hands_five_card_limit(preset):
    """Seed 002, "Hareeqa Rules": "Hareeqa differs from Hand in scoring and finishing the
    game" — so a meld still has "a minimum of 3 cards and a maximum of 5"."""
    wilds = deal(preset)
    assert rule_meld(cards("9S 10S JS QS KS"), wilds).valid
    ruling = rule_meld(cards("8S 9S 10S JS QS KS"), wilds)
    assert not ruling.valid and "at most 5 cards" in str(ruling.reason)


def test_seed_002_ace_in_a_2_3_is_worth_1():
    assert rule_meld(cards("AH 2H 3H"), GULF).value == 6
    assert rule_meld(cards("QH KH AH"), GULF).value == 31


def test_seed_002_joker_worth_the_card_it_replaces():
    assert rule_meld(cards("KS JK KD"), GULF).value == 30


def test_seed_002_hand_saudi_next_first_meld_beats_the_last_by_one():
    # Someone melded 52; the next first meld needs 53.
    melds = [cards("AD 2D 3D 4D 5D"), cards("9H 9S 9D"), cards("10C JC QC")]  # 15+27+30
    assert rule_initial_meld(melds, deal("saudi"), minimum=53).valid
    assert not rule_initial_meld(melds, deal("saudi"), minimum=73).valid


# --- seed 004 (online): aces are worth 11 and jokers the card they replace -----------

def test_seed_004_set_values():
    ruling = rule_initial_meld([cards("AS AH AD"), cards("8C JK 10C")], GULF)
    assert ruling.total == 33 + 27 and ruling.valid


# --- every reason a meld fails -------------------------------------------------------

@pytest.mark.parametrize(("meld", "words"), [
    ("5H 6H", "at least three cards"),
    ("", "at least three cards"),
    ("5H JK 7H JK", "only one wild"),
    ("5H 5H 5S", "5♥ is in this group twice"),
    ("5H 5S 5D 5C JK", "at most four cards"),
    ("5H 6H 6H", "6♥ is in this sequence twice"),
    ("5H 6S 7H", "neither a sequence"),
    ("5H 5S 7H", "neither a sequence"),
    ("5H 6H 8H", "1 missing card"),
    ("5H JK 9H", "3 missing card"),
    ("5H 7H JK", "not laid in order"),
    ("KH AH 2H", "K-A-2"),
    ("JK AH 2H", "below the ace"),
    ("QH KH AH JK", "above the ace"),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS", "at most 13 cards"),
    ("JK QH KH AH", None),   # the joker is J♥: valid
])
def test_meld_refusals_say_why(meld, words):
    ruling = rule_meld(cards(meld), GULF if "JK 5C" in meld else deal("levant", "AS",
                                                                          max_meld_size=None))
    if words is None:
        assert ruling.valid
        return
    assert not ruling.valid
    assert words in str(ruling.reason)
    assert ruling.value is None and ruling.kind is None
    assert shown(ruling.cards) == shown(cards(meld))


@pytest.mark.parametrize(("meld", "stands", "arranged"), [
    ("9C 10C JK", "JC", "9C 10C JK"),
    ("JK 9C 10C", "8C", "JK 9C 10C"),
    ("10C 9C JK", "8C", "JK 9C 10C"),     # laid downwards: the wild is still below 9♣
    ("JK 10C 9C", "JC", "9C 10C JK"),
    ("9C JK JC", "10C", "9C JK JC"),
    ("JK 2C 3C", "AC", "JK 2C 3C"),       # the ace below the two
    ("QC KC JK", "AC", "QC KC JK"),       # the ace above the king
])
def test_sequence_wild_meaning_comes_from_its_position(meld, stands, arranged):
    ruling = rule_meld(cards(meld), GULF)
    assert ruling.valid and ruling.kind is MeldKind.SEQUENCE
    assert shown(ruling.wild.represents) == stands
    assert shown(ruling.cards) == arranged


def test_natural_sequence_may_be_laid_in_any_order():
    ruling = rule_meld(cards("KH QH AH JH"), GULF)
    assert ruling.valid and shown(ruling.cards) == "JH QH KH AH" and ruling.value == 41


# --- properties ----------------------------------------------------------------------

# Runs of natural cards from an ace (low) up to an ace (high), never wrapping round.
runs = st.integers(1, 12).flatmap(lambda low: st.builds(
    lambda suit, length: [NaturalCard(Rank.from_number(n), suit) for n in range(low, low + length)],
    st.sampled_from(list(Suit)), st.integers(3, min(13, 15 - low))))


@given(runs, st.randoms(use_true_random=False))
def test_natural_sequence_validity_does_not_depend_on_card_order(run, rnd):
    wilds = deal("gulf", max_meld_size=None)
    shuffled = list(run)
    rnd.shuffle(shuffled)
    first, second = rule_meld(tuple(run), wilds), rule_meld(tuple(shuffled), wilds)
    assert first.valid == second.valid
    assert first.value == second.value


@given(runs, st.data())
def test_a_wild_in_a_valid_run_stands_for_the_card_it_replaced(run, data):
    wilds = deal("gulf", max_meld_size=None)
    assume(rule_meld(tuple(run), wilds).valid)
    at = data.draw(st.integers(0, len(run) - 1))
    laid = tuple(Card.parse("JK") if i == at else c for i, c in enumerate(run))
    ruling = rule_meld(laid, wilds)
    assert ruling.valid
    assert ruling.wild.represents == (run[at],)
    if len(run) < 13:
        # (All thirteen natural ranks may be read ace-low or ace-high, and the better
        # reading counts; a wild's place fixes the reading.)
        assert ruling.value == rule_meld(tuple(run), wilds).value


@given(st.sampled_from(list(Rank)), st.sets(st.sampled_from(list(Suit)), min_size=2),
       st.booleans())
def test_groups_of_different_suits_are_valid_with_at_most_four_cards(rank, suits, wild):
    laid = tuple(NaturalCard(rank, s) for s in sorted(suits, key=lambda s: s.value))
    if wild:
        laid += (Card.parse("JK"),)
    ruling = rule_meld(laid, GULF)
    assert ruling.valid == (3 <= len(laid) <= 4)
    if ruling.valid:
        assert ruling.value == rank.points * len(laid)


def test_random_three_card_melds_never_crash():
    rnd = random.Random(7)
    deck = [*(NaturalCard(r, s) for r in Rank for s in Suit), Card.parse("JK")]
    for _ in range(2000):
        ruling = rule_meld(tuple(rnd.choice(deck) for _ in range(rnd.randint(0, 6))), GULF)
        assert ruling.valid or str(ruling.reason)
