"""Hand and Foot's options, melds and referee questions (scorekeeper/games/handfoot/rules).

Every rule quotes seed 003 (sections named per test) and RULES.md
section 9; docs/handfoot.md states the decisions where the seed is silent.
"""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.games.hand.rules import RulesError, parse_cards
from scorekeeper.games.handfoot.rules import (
    HandFootRules,
    missing_piles,
    rule_go_out,
    rule_meld,
    rule_opening,
    rule_pickup,
)

RULES = HandFootRules()


def cards(text: str):
    return parse_cards(text.split())


def test_the_defaults_are_seed_003s():
    """Seed 003 "Card Values" (jokers 50, twos and aces 20, eight to king 10, four to seven
    5, black threes 5), "Bonus Points" (clean 500, dirty 300, wild 1500, going out 100,
    red threes 100), "Minimum Initial Meld Requirements" (50, 90, 120, 150), "a complete
    game consists of four deals", piles of seven, five decks."""
    assert RULES.to_dict() == {
        "preset": "hand_and_foot", "rounds": 4, "minimums": [50, 90, 120, 150],
        "clean_pile": 500, "dirty_pile": 300, "wild_pile": 1500, "red_three": 100,
        "black_three": 5, "going_out": 100, "contract": {"clean": 2, "dirty": 2, "wild": 1},
        "pile_size": 7, "packs": 5, "joker": 50, "two": 20, "ace": 20, "eight_to_king": 10,
        "four_to_seven": 5}
    assert HandFootRules.from_spec("hand_and_foot") == RULES


@pytest.mark.parametrize(("card", "value"), [
    ("JK", 50), ("2H", 20), ("AS", 20), ("KD", 10), ("8C", 10), ("7H", 5), ("4S", 5),
    ("3C", 5), ("3S", 5), ("3H", 0), ("3D", 0)])
def test_card_values(card, value):
    """Seed 003 "Card Values": "Jokers 50 points each, Twos & Aces 20, Eight through King
    10, Four through Seven 5, Black Threes 5" — red threes score apart (100 each)."""
    assert RULES.value(parse_cards([card])[0]) == value


def test_every_value_is_a_house_rule():
    """RULES.md section 9: "Every value is a house-rule option"."""
    rules = HandFootRules.from_spec({"preset": "hand_and_foot", "red_three": 500,
                                 "going_out": 200, "minimums": [50, 90],
                                 "contract": {"wild": 0}, "rounds": 6, "pile_size": 9})
    assert (rules.red_three, rules.going_out, rules.pile_size) == (500, 200, 9)
    assert rules.contract.as_dict() == {"clean": 2, "dirty": 2, "wild": 0}
    # A game longer than the list keeps its last minimum.
    assert [rules.minimum(d) for d in range(1, 7)] == [50, 90, 90, 90, 90, 90]


@pytest.mark.parametrize(("spec", "named"), [
    ({"rounds": 0}, "rounds"), ({"red_three": -1}, "red_three"),
    ({"red_three": "100"}, "red_three"), ({"going_out": True}, "going_out"),
    ({"pile_size": 2}, "pile_size"), ({"minimums": []}, "minimums"),
    ({"minimums": [50, "90"]}, "minimums"), ({"minimums": 50}, "minimums"),
    ({"contract": {"clean": -1}}, "contract"), ({"contract": {"gold": 1}}, "contract"),
    ({"contract": [2, 2, 1]}, "contract"), ({"initial_minimum": 51}, "initial_minimum"),
])
def test_bad_options_are_refused_naming_them(spec, named):
    with pytest.raises(RulesError, match=named):
        HandFootRules.from_spec({"preset": "hand_and_foot", **spec})


def test_rules_of_another_game_are_not_hand_and_foot_rules():
    with pytest.raises(RulesError, match="hand_and_foot"):
        HandFootRules.from_spec("levant")


# --- melds -----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "kind", "complete", "value"), [
    ("9H 9S 9C", "clean", False, 30),
    ("9H 9S 2C", "dirty", False, 40),
    ("KH KS KC KD JK", "dirty", False, 90),
    ("6H 6S 6C 6D 2C JK", "dirty", False, 90),
    ("4H 4S 4C 4D 4H 4S 4C", "clean", True, 35),
    ("AH AS AC AD 2C AH JK", "dirty", True, 170),
    ("2H JK 2C", "wild", False, 90),
    ("2H 2S 2C 2D 2H JK JK", "wild", True, 200),
])
def test_legal_melds_and_their_kind(text, kind, complete, value):
    """Seed 003 "The Object of the Game: Melds": three to seven cards of one rank; "a
    clean meld has no wild cards, a dirty meld has one or two wild cards, a wild meld
    consists entirely of wild cards"; "a meld of seven cards is complete and is called a
    pile"."""
    ruling = rule_meld(cards(text), RULES)
    assert (ruling.valid, ruling.kind, ruling.complete, ruling.value) == (
        True, kind, complete, value), str(ruling.reason)


@pytest.mark.parametrize(("text", "why"), [
    ("9H 9S", "at least 3 cards"),
    ("9H 9S 9C 9D 9H 9S 9C 9D", "at most 7 cards"),
    ("3H 3D 3H", "threes never meld"),
    ("3C 3S 3C 2C", "threes never meld"),
    ("9H 9S 2C JK", "twice as many natural cards"),
    ("9H 9S 9C 2C 2D", "twice as many natural cards"),
    ("9H 10S JK", "mixes 9, 10"),
])
def test_illegal_melds_say_why(text, why):
    """Seed 003: "A meld cannot have fewer than three cards or more than seven"; "Threes
    ... cannot be melded"; "at least twice as many real cards of the rank of the meld as
    wild cards. Thus a meld of 3, 4 or 5 cards can contain at most one wild card"."""
    ruling = rule_meld(cards(text), RULES)
    assert not ruling.valid
    assert why in str(ruling.reason)


@given(st.integers(3, 7), st.integers(0, 7))
def test_a_meld_holds_at_most_half_as_many_wilds_as_naturals(size, wilds):
    """Seed 003: "a meld of 3, 4 or 5 cards can contain at most one wild card and a meld
    of 6 or 7 can contain at most two" (or is all wild)."""
    assume(wilds <= size)
    meld = ["QH"] * (size - wilds) + ["2C"] * wilds
    legal = wilds == size or size - wilds >= 2 * wilds
    assert rule_meld(cards(" ".join(meld)), RULES).valid is legal


def test_a_longer_pile_by_house_rule():
    rules = HandFootRules.from_spec({"preset": "hand_and_foot", "pile_size": 9})
    ruling = rule_meld(cards("QH QH QH QH QH QH QH QH QH"), rules)
    assert ruling.valid and ruling.complete


# --- opening melds --------------------------------------------------------------------

@pytest.mark.parametrize(("deal", "melds", "valid"), [
    (1, ["9H 9S 9C 2C"], True),                     # 50: the seed's own example
    (1, ["9H 9S 9C"], False),                       # 30
    (1, ["6H 6S 6C 6D 6H 6S 6C"], False),           # seven sixes: 35, the pile bonus aside
    (2, ["KH KS KC JK", "AH AS AC"], True),         # 80 + 60 = 140
    (3, ["KH KS KC JK"], False),                    # 80 < 120
    (4, ["AH AS AC 2C", "JK 2H JK"], True),         # 80 + 120 = 200
    (4, ["AH AS AC 2C", "KH KS KC"], False),        # 110 < 150
    (9, ["AH AS AC JK", "KH KS KC", "QS QD QC"], True),  # past the list: 150 (170)
    (9, ["AH AS AC 2C", "KH KS KC", "QS QD QC"], False),  # 140
])
def test_the_opening_meld_reaches_the_deals_minimum(deal, melds, valid):
    """Seed 003 "Minimum Initial Meld Requirements": "Round 1 50 points, Round 2 90,
    Round 3 120, Round 4 150"; "Red threes do not count towards this minimum; nor does
    the bonus for a seven card pile, so for example seven sixes count only 35 points"."""
    rules = RULES if deal <= 4 else HandFootRules.from_spec(
        {"preset": "hand_and_foot", "rounds": deal})
    ruling = rule_opening([cards(m) for m in melds], rules, deal)
    assert ruling.valid is valid, str(ruling.reason)
    assert ruling.minimum == [50, 90, 120, 150][min(deal, 4) - 1]


def test_an_opening_meld_with_a_red_three_is_refused():
    """Seed 003: red threes never meld, so they cannot make up an opening meld."""
    ruling = rule_opening([cards("9H 9S 9C 3H")], RULES, 1)
    assert not ruling.valid and "threes never meld" in str(ruling.reason)


# --- taking the discard pile -----------------------------------------------------------

def pickup(top, hand, table=(), opened=True, deal=1):
    return rule_pickup(parse_cards([top])[0], cards(hand), [cards(m) for m in table],
                       opened, deal, RULES)


@pytest.mark.parametrize(("top", "hand", "table", "opened", "deal", "valid", "why"), [
    # "the top card of the discard pile must not be a three"
    ("3C", "3S 3C 9H", (), True, 1, False, "blocks it"),
    ("3H", "3D 3H", (), True, 1, False, "blocks it"),
    # "you must hold two cards which are the same rank as this top card"
    ("9H", "9S KC 2C", (), True, 1, False, "holds 1"),
    ("9H", "9S 9C", (), True, 1, True, "Yes"),
    # a discarded wild: "two twos to pick up a two, or two jokers to pick up a joker"
    ("2H", "2S 2C", (), True, 1, True, "wild meld"),
    ("JK", "JK 2C", (), True, 1, False, "holds 1"),
    # the seed's example, deal 1: two nines and a two make 50 with the top nine
    ("9H", "9S 9C 2C", (), False, 1, True, "50"),
    ("9H", "9S 9C", (), False, 1, False, "at most 30"),
    # deal 4's 150 from the hand: the top card's meld plus others
    ("AH", "AS AC JK KH KS KC QS QD QC", (), False, 4, True, "up to 170"),
    ("AH", "AS AC JK KH KS", (), False, 4, False, "at most 130"),
    # the seed's example: five eights on the table, two eights and a two in hand
    ("8H", "8S 8C 2C", ("8H 8S 8C 8D 8H",), True, 1, False, "unfinished meld"),
    ("8H", "8S 8C 8D 2C", ("8H 8S 8C 8D 8H",), True, 1, True, "Yes"),
    # four eights on the table take the top eight and two more: a pile of seven
    ("8H", "8S 8C", ("8H 8S 8C 8D",), True, 1, True, "Yes"),
    ("8H", "8S 8C", ("8H 8S 8C 8D 8H",), True, 1, False, "unfinished meld"),
    # a complete pile of eights is no unfinished meld
    ("8H", "8S 8C", ("8H 8S 8C 8D 8H 8S 8C",), True, 1, True, "Yes"),
])
def test_taking_the_discard_pile(top, hand, table, opened, deal, valid, why):
    """Seed 003 "The Play": to take the pile, "the top card of the discard pile must not
    be a three; you must hold two cards which are the same rank as this top card; you
    must immediately meld these three cards"; a side that has not melded reaches the
    minimum without "any of the other 6 cards"; "a partnership is not allowed to have two
    incomplete melds of the same rank" (the example of the eights)."""
    ruling = pickup(top, hand, table, opened, deal)
    assert ruling.valid is valid, str(ruling.reason)
    assert why in str(ruling.reason)


# --- going out --------------------------------------------------------------------------

@pytest.mark.parametrize(("piles", "partner", "valid", "why"), [
    ({"clean": 2, "dirty": 2, "wild": 1}, True, True, "permission"),
    ({"clean": 3, "dirty": 2, "wild": 2}, True, True, "permission"),
    ({"clean": 1, "dirty": 2, "wild": 0}, True, False, "clean: 1, wild: 1"),
    ({"dirty": 1}, True, False, "clean: 2, dirty: 1, wild: 1"),
    ({"clean": 2, "dirty": 2, "wild": 1}, False, False, "foot"),
    ({"clean": 2, "dirty": 2, "wild": 1}, None, True, "permission"),
])
def test_going_out_needs_the_contract_and_the_partner_in_the_foot(piles, partner, valid,
                                                                  why):
    """Seed 003 "The Object of the Game: Melds": to go out "your partnership must have
    completed at least two dirty piles, two clean piles and one wild pile", "your partner
    must have picked up their foot and played at least part of one turn from it" and you
    "must ask partner's permission"."""
    ruling = rule_go_out(piles, partner, RULES)
    assert ruling.valid is valid and why in str(ruling.reason), str(ruling.reason)


@pytest.mark.parametrize(("partner", "why"), [
    (True, "Yes, with the partner's permission"),
    (None, "a player without a partner asks nobody's permission"),
])
def test_only_a_player_with_a_partner_is_told_to_ask_permission(partner, why):
    """Seed 003 "The Object of the Game: Melds": "you must ask partner's permission to go
    out" — a player who plays alone has no partner to ask."""
    ruling = rule_go_out({"clean": 2, "dirty": 2, "wild": 1}, partner, RULES)
    assert ruling.valid and why in str(ruling.reason), str(ruling.reason)
    assert (partner is None) == ("partner's permission" not in str(ruling.reason))


def test_a_house_contract_changes_what_going_out_needs():
    rules = HandFootRules.from_spec({"preset": "hand_and_foot",
                                 "contract": {"clean": 1, "dirty": 0, "wild": 0}})
    assert missing_piles({"clean": 1, "dirty": 0, "wild": 0}, rules) is None
    assert rule_go_out({"clean": 1}, True, rules).valid


@pytest.mark.parametrize("piles", [{"clean": -1}, {"clean": "2"}, {"wild": True}])
def test_going_out_with_bad_counts_is_refused(piles):
    with pytest.raises(RulesError, match="whole number"):
        rule_go_out(piles, True, RULES)

