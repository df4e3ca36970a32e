"""The Hand and Foot referee to the letter of seed 003 where its rules meet: the opening
meld, taking the discard pile with wild cards and unfinished melds, going out
(scorekeeper/games/handfoot/rules/referee.py and search.py)."""

import pytest

from scorekeeper.games.hand.rules import RulesError, parse_cards
from scorekeeper.games.handfoot.rules import HandFootRules, rule_go_out, rule_opening, rule_pickup

RULES = HandFootRules()
NO_WILD_MELDS = HandFootRules.from_spec({"preset": "hand_and_foot", "wild_melds": False,
                                        "contract": {"clean": 2, "dirty": 2, "wild": 0}})


def cards(text):
    return parse_cards(text.split())


def opening(*melds, deal=1, rules=RULES):
    return rule_opening([cards(m) for m in melds], rules, deal)


def pickup(top, hand, table=(), opened=False, deal=1, rules=RULES):
    return rule_pickup(parse_cards([top])[0], cards(hand), [cards(m) for m in table],
                       opened, deal, rules)


# --- the opening meld ------------------------------------------------------------------

def test_an_opening_may_not_hold_two_unfinished_melds_of_one_rank():
    """Seed 003 "The Play": "a partnership is not allowed to have two incomplete melds of
    the same rank" — an opening is the side's melds too."""
    ruling = opening("9H 9S 9C", "9D 9H 9S", deal=1)
    assert not ruling.valid and "Two unfinished melds of 9" in str(ruling.reason)


def test_a_complete_pile_lets_a_side_start_another_meld_of_its_rank():
    """Seed 003 "The Play": "if you complete a pile, you can then start another meld of
    the same rank"."""
    assert opening("9H 9S 9C 9D 9H 9S 9C", "9D 9D 9H", deal=2).valid


def test_a_meld_of_wild_cards_only_counts_toward_the_opening():
    """Seed 003 "The Object of the Game: Melds": "You can also make a meld consisting
    entirely of wild cards"; deal 2 needs 90, and JK 2H 2C is 90."""
    assert opening("JK 2H 2C", deal=2).valid
    ruling = opening("JK 2H 2C", deal=2, rules=NO_WILD_MELDS)
    assert not ruling.valid and "wild cards only" in str(ruling.reason)


def test_an_opening_meld_holds_at_most_seven_cards():
    """Seed 003: "A meld cannot have fewer than three cards or more than seven"."""
    ruling = opening("KH KS KC KD KH KS KC KD", deal=1)
    assert not ruling.valid and "at most 7" in str(ruling.reason)


def test_an_opening_with_more_copies_than_the_packs_hold_is_refused():
    """Seed 003 "Players, Cards, Deal": five decks, so five of each card."""
    with pytest.raises(RulesError, match="K♥ appears 6 times"):
        opening("KH KH KH", "KH KH KH KS KS KS KS", deal=1)


def test_an_opening_past_the_games_last_deal_is_refused():
    """Seed 003: "A complete game consists of four deals"."""
    with pytest.raises(RulesError, match="4 deals: the deal asked about is past its end"):
        opening("KH KS KC", deal=5)
    with pytest.raises(RulesError, match="past its end"):
        opening("KH KS KC", deal=10**5000)   # too long to print, refused all the same


def test_minimums_by_the_sides_running_total():
    """docs/handfoot.md, "House rules": the opening bar from the side's total."""
    rules = HandFootRules.from_spec({"preset": "hand_and_foot", "minimums_by_score": [
        [0, 50], [2500, 90], [5000, 120], [7500, 150]]})
    assert rule_opening([cards("KH KS KC 2C")], rules, 3, total=2400).valid       # 50
    ruling = rule_opening([cards("KH KS KC 2C")], rules, 3, total=2600)           # 90
    assert not ruling.valid and ruling.minimum == 90
    assert "running total of 2600" in str(ruling.reason)
    assert rule_opening([cards("KH KS KC 2C")], rules, 1, total=-300).minimum == 50


# --- taking the discard pile -----------------------------------------------------------

@pytest.mark.parametrize(("top", "hand", "deal", "valid", "why"), [
    # wild cards from hand may make up the minimum, as a wild meld of their own:
    # 9 9 9 (30) and JK JK 2C (120) make 150 against deal 3's 120
    ("9H", "9S 9C JK JK 2C", 3, True, "up to 150"),
    # a wild card on top still needs the minimum: 2H 2S 2C is 60, short of 90
    ("2H", "2S 2C", 2, False, "at most 60"),
    ("2H", "2S 2C KH KS KC", 2, True, "up to 90"),
    ("JK", "JK JK 9S 9C 9D", 1, True, "up to 180"),
    # no meld may exceed the pile: nine nines make one pile of seven (70), not 90
    ("9H", "9S 9C 9D 9H 9S 9C 9D 9H", 2, False, "at most 70"),
    # with a wild, a pile of seven nines and a new meld of 9 9 2: 90 + 20
    ("9H", "9S 9C 9D 9H 9S 9C 9D 9H 2S", 2, True, "up to 110"),
    # two nines and a two of the seed's example, not the two buried in the pile
    ("9H", "9S 9C 2C", 1, True, "up to 50"),
])
def test_an_unopened_side_takes_the_pile_only_with_its_minimum(top, hand, deal, valid,
                                                               why):
    """Seed 003 "The Play": "you can meld additional cards from your hand along with the
    top discard and the two that match it to help make up your minimum count, and some of
    these additional cards could be wild. However, you cannot count any of the other 6
    cards"; a meld holds at most seven cards; the best opening is searched exactly."""
    ruling = pickup(top, hand, deal=deal)
    assert ruling.valid is valid, str(ruling.reason)
    assert why in str(ruling.reason)


def test_the_yes_for_the_seeds_eights_never_makes_an_eight_card_meld():
    """Seed 003 "The Play": with five eights on the table and "three eights and a two in
    your hand, you could use the top eight from the discard pile and one of your eights
    to complete your eight pile, and start a new meld with two eights and a two"."""
    ruling = pickup("8H", "8S 8C 8D 2C", ("8H 8S 8C 8D 8H",), opened=True)
    reason = str(ruling.reason)
    assert ruling.valid
    assert "finish the pile 8♥ 8♠ 8♣ 8♦ 8♥ with 8♥ 8♠" in reason
    assert "start a new meld with 8♣ 8♦ 2♣" in reason


def test_a_wild_on_top_cannot_be_taken_where_wild_melds_are_not_played():
    ruling = pickup("JK", "JK JK", opened=True, rules=NO_WILD_MELDS)
    assert not ruling.valid and "does not allow" in str(ruling.reason)


def test_the_yes_says_how_many_cards_the_house_takes():
    """docs/handfoot.md, "House rules": a pick-up takes 7 cards, or the whole pile."""
    assert "up to 7 cards" in str(pickup("9H", "9S 9C", opened=True).reason)
    whole = HandFootRules.from_spec({"preset": "hand_and_foot", "pickup": None})
    assert "whole pile" in str(pickup("9H", "9S 9C", opened=True, rules=whole).reason)


@pytest.mark.parametrize(("hand", "table", "opened", "match"), [
    ("9S 9S 9S 9S 9S 9S", (), True, "9♠ appears 6 times"),
    ("9S 9C", ("KH KS KC",), False, "has opened"),
    ("9S 9C", ("KH KS KC", "KD KH KS"), True, "two unfinished melds of K"),
    ("9S 9C", ("KH QS KC",), True, "Table meld 1 is not a meld"),
    (" ".join(["4S", "5S", "6S", "7S", "8S", "10S"] * 5) + " 9S 9C " + " ".join(
        ["JH", "QH", "KH", "AH", "4D", "5D", "6D", "7D", "8D", "10D", "JD", "QD", "KD",
         "AD"] * 5), (), True, "No hand holds 102 cards"),
])
def test_a_hand_or_table_no_deal_could_show_is_refused(hand, table, opened, match):
    with pytest.raises(RulesError, match=match):
        pickup("9H", hand, table, opened=opened)


# --- going out -------------------------------------------------------------------------

def test_going_out_without_saying_whether_the_partner_played_from_the_foot_asks():
    """Seed 003: going out needs "your partner must have picked up their foot and played
    at least part of one turn from it" — unknown is not a yes."""
    ruling = rule_go_out({"clean": 2, "dirty": 2, "wild": 1}, None, RULES,
                         partner_known=False)
    assert not ruling.valid and "Has the partner picked up the foot" in str(ruling.reason)


def test_a_contract_per_deal_and_special_piles():
    """docs/handfoot.md, "House rules": a contract per deal, and rank piles named in it."""
    rules = HandFootRules.from_spec({"preset": "hand_and_foot", "rank_piles": {"7": 1000},
                                     "contracts": [{"clean": 1, "dirty": 1, "wild": 0},
                                                   {"clean": 2, "dirty": 1, "wild": 0,
                                                    "7": 1}]})
    assert rule_go_out({"clean": 1, "dirty": 1}, True, rules, 1).valid
    ruling = rule_go_out({"clean": 2, "dirty": 1}, True, rules, 2)
    assert not ruling.valid and "7: 1" in str(ruling.reason)
    assert rule_go_out({"clean": 2, "dirty": 1, "7": 1}, True, rules, 2).valid
    with pytest.raises(RulesError, match="say which deal"):
        rule_go_out({"clean": 2}, True, rules)
