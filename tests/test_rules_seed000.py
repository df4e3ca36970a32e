"""Every example of seed 000 (the Levant form) as a test, cited
by the section it comes from."""

import pytest
from rulings import cards, deal, shown

from scorekeeper.games.hand.rules import (
    MeldKind,
    RulesError,
    check_hand,
    rule_initial_meld,
    rule_lay_off,
    rule_meld,
    rule_redeal,
    rule_swap,
)

# Indicator 7♦: the ♦ aces are wild, so ♣/♥/♠ aces in these examples are natural.
PLAIN = deal("levant", "7D")


# --- "Melds" -------------------------------------------------------------------------

@pytest.mark.parametrize("meld", ["AC 2C 3C", "8H 9H 10H JH", "QS KS AS"])
def test_melds_examples_of_valid_sequences(meld):
    ruling = rule_meld(cards(meld), PLAIN)
    assert ruling.valid and ruling.kind is MeldKind.SEQUENCE


def test_melds_an_ace_cannot_be_inside_a_sequence():
    ruling = rule_meld(cards("KS AS 2S"), PLAIN)
    assert not ruling.valid
    assert "K-A-2" in str(ruling.reason)


def test_melds_no_sequence_of_more_than_13_cards():
    thirteen = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    assert rule_meld(cards(thirteen), PLAIN).valid
    # The fourteenth card would be a second ace of clubs at the top: an ace is high or
    # low, never both in one sequence.
    assert not rule_meld(cards(thirteen + " AC"), PLAIN).valid


@pytest.mark.parametrize("meld", ["5D 5S 5H", "QS QH QC QD"])
def test_melds_examples_of_valid_groups(meld):
    ruling = rule_meld(cards(meld), PLAIN)
    assert ruling.valid and ruling.kind is MeldKind.GROUP


def test_melds_a_group_cannot_contain_two_identical_cards():
    ruling = rule_meld(cards("9H 9S 9H"), PLAIN)
    assert not ruling.valid
    assert "9♥" in str(ruling.reason)


# --- "Initial Meld" ------------------------------------------------------------------

def test_initial_meld_example_reaches_51_with_the_ace_worth_11_in_a_2_3():
    ruling = rule_initial_meld([cards("AD 2D 3D 4D 5D"), cards("9H 9S 9D")],
                               deal("levant", "7C"))
    assert ruling.valid
    assert ruling.total == 52  # 11+2+3+4+5 + 9+9+9
    assert ruling.minimum == 51


def test_initial_meld_below_51_is_refused():
    ruling = rule_initial_meld([cards("2D 3D 4D"), cards("9H 9S 9D")], deal("levant", "7C"))
    assert not ruling.valid and ruling.total == 36
    assert "51" in str(ruling.reason)


# --- "Wild Cards", indicator 7♣: the ♣ aces are wild, jokers are natural ♣ aces ------

CLUBS = deal("levant", "7C")


def wild_of(ruling):
    return str(ruling.wild.card), shown(ruling.wild.represents)


def test_wild_cards_wild_ace_stands_for_the_missing_card_in_a_sequence():
    ruling = rule_meld(cards("7D AC 9D"), CLUBS)
    assert ruling.valid and ruling.kind is MeldKind.SEQUENCE
    assert wild_of(ruling) == ("AC", "8D")


def test_wild_cards_wild_ace_stands_for_both_missing_fives():
    ruling = rule_meld(cards("5S 5C AC"), CLUBS)
    assert ruling.valid and ruling.kind is MeldKind.GROUP
    assert wild_of(ruling) == ("AC", "5H 5D")


def test_wild_cards_joker_plays_as_the_natural_ace_of_clubs():
    ruling = rule_meld(cards("JC AC KC JK"), CLUBS)
    assert ruling.valid
    assert wild_of(ruling) == ("AC", "QC")


def test_wild_cards_a_wild_may_stand_for_itself():
    ruling = rule_meld(cards("QC KC AC"), CLUBS)
    assert ruling.valid
    assert wild_of(ruling) == ("AC", "AC")


def test_wild_cards_no_meld_holds_two_wilds():
    ruling = rule_meld(cards("AC KC AC"), CLUBS)
    assert not ruling.valid
    assert "one wild" in str(ruling.reason)


def test_wild_cards_natural_set_of_four_aces_with_the_joker_as_ace_of_clubs():
    ruling = rule_meld(cards("AS AD AH JK"), CLUBS)
    assert ruling.valid and ruling.kind is MeldKind.GROUP and ruling.wild is None


def test_wild_cards_wild_ace_in_a_group_of_aces_stands_for_the_other_two():
    ruling = rule_meld(cards("AC AH JK"), CLUBS)
    assert ruling.valid
    assert wild_of(ruling) == ("AC", "AS AD")


# Indicator A♣: both jokers are wild, every ace is natural.
ACE = deal("levant", "AC")


def test_wild_cards_ace_indicator_joker_fills_a_sequence():
    ruling = rule_meld(cards("7D JK 9D"), ACE)
    assert ruling.valid and wild_of(ruling) == ("JK", "8D")


def test_wild_cards_ace_indicator_joker_stands_for_two_missing_fives():
    ruling = rule_meld(cards("5S 5H JK"), ACE)
    assert ruling.valid and wild_of(ruling) == ("JK", "5D 5C")


def test_wild_cards_ace_indicator_the_ace_of_clubs_is_natural():
    assert not rule_meld(cards("5S 5H AC"), ACE).valid


def test_wild_cards_the_indicator_is_never_a_joker():
    with pytest.raises(RulesError, match="never the indicator"):
        deal("levant", "JK")


# --- "Value of Wild Cards", indicator Q♠: the ♠ aces are wild ------------------------

SPADES = deal("levant", "QS")


def test_value_of_wild_cards_wild_counts_as_the_card_it_represents():
    ruling = rule_meld(cards("5H AS 7H"), SPADES)
    assert ruling.value == 18
    assert ruling.card_values == (5, 6, 7)


@pytest.mark.parametrize(("meld", "value"), [("9C 10C AS", 29), ("AS 9C 10C", 27)])
def test_value_of_wild_cards_position_at_the_end_decides_the_value(meld, value):
    assert rule_meld(cards(meld), SPADES).value == value


def test_value_of_wild_cards_wild_in_a_three_card_group_counts_once():
    ruling = rule_meld(cards("7S 7D AS"), SPADES)
    assert ruling.value == 21
    assert ruling.card_values == (7, 7, 7)


def test_value_of_wild_cards_wild_left_in_hand_is_15():
    assert SPADES.rules.wild_penalty == 15


# --- "Replacing Wild Cards" ----------------------------------------------------------

def test_replacing_wild_cards_sequence_wild_for_the_card_at_its_place():
    ruling = rule_swap(cards("7D AC 9D"), cards("8D"), CLUBS)
    assert ruling.valid and str(ruling.takes) == "AC"
    assert shown(ruling.meld) == "7D 8D 9D"


def test_replacing_wild_cards_two_card_group_needs_both_missing_cards():
    ruling = rule_swap(cards("5S 5C AC"), cards("5H 5D"), CLUBS)
    assert ruling.valid and str(ruling.takes) == "AC"
    assert sorted(map(str, ruling.meld)) == ["5C", "5D", "5H", "5S"]
    assert not rule_swap(cards("5S 5C AC"), cards("5H"), CLUBS).valid


def test_replacing_wild_cards_three_card_group_needs_the_missing_suit():
    ruling = rule_swap(cards("KS KH KD AC"), cards("KC"), CLUBS)
    assert ruling.valid and str(ruling.takes) == "AC"


def test_replacing_wild_cards_the_wild_keeps_its_place_on_the_table():
    # 9♣ 10♣ wild: the wild was laid as J♣, so a 7♣ cannot treat it as 8♣.
    ruling = rule_lay_off(cards("9C 10C AC"), cards("7C"), CLUBS)
    assert not ruling.valid
    assert shown(ruling.meld) == "9C 10C AC"


def test_replacing_wild_cards_exchange_first_then_add_the_wild_and_the_seven():
    swap = rule_swap(cards("9C 10C AC"), cards("JC"), CLUBS)
    assert swap.valid and shown(swap.meld) == "9C 10C JC"
    add = rule_lay_off(swap.meld, (swap.takes, *cards("7C")), CLUBS)
    assert add.valid
    assert shown(add.meld) == "7C AC 9C 10C JC"


# --- "More on Groups with Wild Cards" ------------------------------------------------

def test_groups_with_wild_cards_three_naturals_and_a_wild_from_hand():
    ruling = rule_meld(cards("QD QH QS AC"), CLUBS)
    assert ruling.valid and wild_of(ruling) == ("AC", "QC")
    assert rule_swap(cards("QD QH QS AC"), cards("QC"), CLUBS).valid


def test_groups_with_wild_cards_two_naturals_and_wild_take_only_both_missing():
    both = rule_lay_off(cards("8C 8H AC"), cards("8S 8D"), CLUBS)
    assert both.valid and str(both.takes) == "AC"
    one = rule_lay_off(cards("8C 8H AC"), cards("8S"), CLUBS)
    assert not one.valid
    assert "both missing" in str(one.reason)


@pytest.mark.parametrize("exception", [{"going_out": True}, {"one_card": True}])
def test_groups_with_wild_cards_exceptions_allow_one_card(exception):
    ruling = rule_lay_off(cards("8C 8H AC"), cards("8S"), CLUBS, **exception)
    assert ruling.valid
    assert shown(ruling.meld) == "8C 8H AC 8S"


# --- "Deal" --------------------------------------------------------------------------

def test_deal_non_ace_indicator_makes_its_aces_wild_and_jokers_natural_aces():
    wilds = deal("levant", "8C")
    assert wilds.is_wild(cards("AC")[0]) and not wilds.is_wild(cards("JK")[0])
    assert str(wilds.natural(cards("JK")[0])) == "AC"


def test_deal_ace_indicator_makes_the_jokers_wild_and_every_ace_natural():
    wilds = deal("levant", "AC")
    assert wilds.is_wild(cards("JK")[0])
    assert not any(wilds.is_wild(c) for c in cards("AC AS AH AD"))


def test_deal_four_identical_pairs_may_claim_a_redeal():
    hand = cards("5C 5C 7D 7D JD JD JK JK 2S 4S 6H 8H 10H QH")
    assert rule_redeal(hand, deal("levant", "9S")).allowed  # jokers natural: 4 pairs
    assert rule_redeal(hand, deal("levant", "AS")).allowed  # jokers wild: 3 pairs + wilds


def test_deal_three_pairs_and_a_wild_may_claim_a_redeal():
    hand = cards("5C 5C 7D 7D JD JD AS 2S 4S 6H 8H 10H QH KC")
    assert rule_redeal(hand, deal("levant", "9S")).allowed


def test_deal_two_pairs_and_two_jokers_may_claim_a_redeal():
    hand = cards("5C 5C 7D 7D JK JK 2S 4S 6H 8H 10H QH KC 9D")
    assert rule_redeal(hand, deal("levant", "AS")).allowed
    # With a non-ace indicator those jokers are natural aces: a third pair, no wild.
    assert not rule_redeal(hand, deal("levant", "9S")).allowed


def test_deal_three_pairs_alone_do_not_allow_a_redeal():
    hand = cards("5C 5C 7D 7D JD JD 2S 4S 6H 8H 10H QH KC 9D")
    ruling = rule_redeal(hand, deal("levant", "9S"))
    assert not ruling.allowed and "four pairs" in str(ruling.reason)


# --- "End of the Play and Scoring": the minimum does not bind a hand -----------------

def test_end_of_play_a_hand_of_14_cards_ignores_the_51_minimum():
    # Low cards worth far less than 51, melded all at once, discarding K♠.
    hand = cards("2H 3H 4H 2D 3D 4D 2S 3S 4S 5C 5S 5D 6H 6C KS")
    ruling = check_hand(hand, deal("levant", "9C"))
    assert not ruling.hand  # 6♥ 6♣ cannot meld without a third six or a wild
    hand = cards("2H 3H 4H 2D 3D 4D 2S 3S 4S 5C 5S 5D 6H 6C 6D")
    assert check_hand(hand, deal("levant", "9C")).hand


# --- "Variations" --------------------------------------------------------------------

def test_variations_104_cards_aces_of_the_indicator_suit_are_wild():
    wilds = deal("levant", "7H", wild_mode="indicator_no_jokers")
    assert rule_meld(cards("7D AH 9D"), wilds).valid
    with pytest.raises(RulesError, match="without jokers"):
        wilds.check(cards("JK"))


def test_variations_104_cards_ace_indicator_redrawn():
    with pytest.raises(RulesError, match="ace cannot be the indicator"):
        deal("levant", "AH", wild_mode="indicator_no_jokers")


def test_variations_104_cards_ace_indicator_other_identical_ace_is_the_only_wild():
    wilds = deal("levant", "AH", wild_mode="indicator_no_jokers",
                 ace_indicator="other_ace_wild")
    assert wilds.is_wild(cards("AH")[0]) and not wilds.is_wild(cards("AS")[0])
    # The indicator is one of the two A♥, so only one more can be in a hand.
    with pytest.raises(RulesError, match="3 times counting the indicator"):
        wilds.check(cards("AH AH"))


@pytest.mark.parametrize(("options", "value"), [
    ({}, 16), ({"ace_low_value": 1}, 6),
])
def test_variations_value_of_aces_in_a_2_3(options, value):
    assert rule_meld(cards("AH 2H 3H"), deal("levant", "7C", **options)).value == value


@pytest.mark.parametrize(("options", "value"), [
    ({}, 31), ({"ace_high_value": 10}, 30),
])
def test_variations_value_of_aces_in_q_k_a(options, value):
    assert rule_meld(cards("QH KH AH"), deal("levant", "7C", **options)).value == value


def test_variations_lenient_group_add_allows_a_third_natural():
    ruling = rule_lay_off(cards("QC QH AS"), cards("QS"), deal("levant", "7S",
                                                               lenient_group_add=True))
    assert ruling.valid


def test_variations_higher_initial_minimum():
    melds = [cards("AD 2D 3D 4D 5D"), cards("9H 9S 9D")]
    assert not rule_initial_meld(melds, deal("levant", "7C", initial_minimum=61)).valid


def test_variations_each_initial_meld_beats_the_previous_one():
    # The first player melded 56, so the next needs 57: the caller passes that bar.
    melds = [cards("AD 2D 3D 4D 5D"), cards("9H 9S 9D")]
    ruling = rule_initial_meld(melds, deal("levant", "7C"), minimum=57)
    assert not ruling.valid and ruling.minimum == 57


# --- "Bonus Scores" (Egypt) ----------------------------------------------------------

EGYPT = deal("egypt", "7C")


def bonus_names(ruling):
    return [b.value for b in ruling.bonuses]


def test_bonus_scores_full_hand_discarding_a_wild():
    # 2-4♥ · 2-6♦ · 2-4♠ · 5♣ 5♠ 5♥, discarding the wild A♣.
    hand = cards("2H 3H 4H 5H 2D 3D 4D 5D 6D 2S 3S 4S 5C 5S AC")
    ruling = check_hand(hand, EGYPT)
    assert ruling.hand and shown(ruling.discard) == "AC"
    assert bonus_names(ruling) == ["wild_discard"]
    assert ruling.factor == 2


def test_bonus_scores_one_colour_ignores_the_wilds_colour():
    hand = cards("2H 3H 4H 5D 6D 7D 8D 9H 9D AC 10H JH QH KH 3D")
    ruling = check_hand(hand, EGYPT)
    assert ruling.hand and bonus_names(ruling) == ["one_colour"]


def test_bonus_scores_one_suit_scores_twice_one_colour():
    hand = cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AC 5S 5H")
    ruling = check_hand(hand, EGYPT)
    assert ruling.hand and bonus_names(ruling) == ["one_suit"] and ruling.factor == 4
    # With two 5♠ one of them must be melded (5♠ 5♥ and the wild): no bonus.
    hand = cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AC 5S 5S")
    ruling = check_hand(hand, EGYPT)
    assert ruling.hand and bonus_names(ruling) == []


def test_bonus_scores_thirteen_naturals_and_two_wilds_discarded():
    hand = cards("2H 3H 4H 2D 3D 4D 2S 3S 4S 5C 5S 5D 5H AC AC")
    ruling = check_hand(hand, EGYPT)
    assert ruling.hand and shown(ruling.discard) == "AC AC"
    assert bonus_names(ruling) == ["two_wilds"] and ruling.factor == 4


def test_bonus_scores_largest_one_suit_with_two_wilds_is_16_times_a_full_hand():
    # Indicator 7♥: the A♥ are wild and the joker plays as the natural A♥.
    hand = cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK AH AH")
    ruling = check_hand(hand, deal("egypt", "7H"))
    assert ruling.hand and bonus_names(ruling) == ["two_wilds", "one_suit"]
    assert ruling.factor == 16  # x2 for the full hand itself makes the 32x of the seed
