"""Hand and Foot deals scored side by side, and whole games replayed from their logs
(scorekeeper/games/handfoot/rules/scoring.py and game.py).

Seed 003 "Card Values", "Bonus Points", "End of the play", "Players, Cards, Deal" and
"Introduction"; RULES.md section 9; docs/handfoot.md for the decisions.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games.hand.rules import RulesError, parse_cards
from scorekeeper.games.handfoot.rules import (
    HandFootDeal,
    HandFootRules,
    HandFootTable,
    SideResult,
    extend,
    partnership_sides,
    replay,
    score_deal,
)

RULES = HandFootRules()
FOUR = ("Ann", "Bob", "Cy", "Dee")
SIX = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
CONTRACT = dict(clean_piles=2, dirty_piles=2, wild_piles=1)


def test_a_deal_score_is_the_sum_of_its_parts():
    """Seed 003 "Bonus Points" and "Card Values": melded cards for the side, piles 500 /
    300 / 1500, red threes +100 laid and −100 caught, cards left against it, 100 for going
    out (only the side that went out)."""
    out = SideResult(**CONTRACT, red_threes=2, melded=2200, left=35)
    other = SideResult(clean_piles=1, dirty_piles=1, red_threes=1, red_threes_caught=2,
                       melded=500, left=210)
    first, second = score_deal(RULES, [out, other], 0, ["Us", "Them"])
    assert (first.cards, first.piles, first.red_threes, first.going_out) == (
        2165, 2 * 500 + 2 * 300 + 1500, 200, 100)
    assert first.total == 2165 + 3100 + 200 + 100
    assert (second.cards, second.piles, second.red_threes, second.going_out) == (
        290, 800, -100, 0)
    assert second.total == 290 + 800 - 100


def test_when_the_stock_runs_out_nobody_gets_the_going_out_bonus():
    """Seed 003 "End of the play": "Both sides score for the melds they have put down,
    less the points for the cards remaining in their hands and feet, and no one gets the
    bonus for going out"."""
    scores = score_deal(RULES, [SideResult(**CONTRACT, melded=2000),
                                SideResult(melded=300, left=80)], None, ["Us", "Them"])
    assert [s.going_out for s in scores] == [0, 0]
    assert [s.total for s in scores] == [2000 + 3100, 220]


def test_cards_counted_from_the_cards_left_and_a_red_three_among_them_is_caught():
    """Seed 003 "The red and black threes": "any red threes in your foot will count
    against you"; "black threes that you are left with at the end count 5 points
    against you"."""
    # 50 + 20 + 20 + 10 + 5 + 5, and a red three
    left = parse_cards(["JK", "2C", "AH", "KD", "7S", "3C", "3H"])
    [score] = score_deal(RULES, [SideResult(melded=500, left_cards=left)], None, ["Us"])
    assert score.cards == 500 - 110
    assert score.red_threes_caught == 1 and score.red_threes == -100


def test_melded_cards_are_counted_and_never_hold_a_three():
    melded = parse_cards(["KH", "KS", "KC", "2C", "9H", "9S", "9D"])
    [score] = score_deal(RULES, [SideResult(melded_cards=melded)], None, ["Us"])
    assert score.cards == 30 + 20 + 30
    with pytest.raises(RulesError, match="threes are never melded"):
        score_deal(RULES, [SideResult(melded_cards=parse_cards(["3H", "9H"]))], None,
                   ["Us"])


@pytest.mark.parametrize(("side", "match"), [
    (SideResult(clean_piles=1, dirty_piles=2, wild_piles=1, melded=2000),
     r"Us cannot have gone out: the side still needed more complete piles \(clean: 1\)"),
    (SideResult(**CONTRACT, melded=2000, left=-5), "whole number"),
    (SideResult(clean_piles=-1, melded=3000), "clean_piles must be a whole number"),
    (SideResult(**CONTRACT, melded=100), "less than its complete piles hold"),
    (SideResult(**CONTRACT, melded=2000, left=5, left_cards=()), "not both"),
    (SideResult(clean_piles=40, dirty_piles=2, wild_piles=1, melded=2000),
     "More piles than 5 packs"),
    (SideResult(**CONTRACT, red_threes=11, melded=2000), "red threes in all"),
])
def test_impossible_reports_are_refused_with_a_reason(side, match):
    """Seed 003: going out needs "at least two dirty piles, two clean piles and one wild
    pile"; five decks hold ten red threes."""
    with pytest.raises(RulesError, match=match):
        score_deal(RULES, [side, SideResult()], 0, ["Us", "Them"])


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 1),
                          st.integers(0, 2), st.integers(0, 2),
                          st.integers(0, 10).map(lambda n: 5 * n)),
                min_size=2, max_size=2))
def test_any_report_scores_its_parts_added_up(reports):
    sides = [SideResult(c, d, w, r, k, melded=1400, left=left)
             for c, d, w, r, k, left in reports]
    for side, score in zip(sides, score_deal(RULES, sides, None, ["Us", "Them"]),
                           strict=True):
        assert score.total == (1400 - side.left + side.clean_piles * 500
                               + side.dirty_piles * 300 + side.wild_piles * 1500
                               + (side.red_threes - side.red_threes_caught) * 100)


# --- tables and games ------------------------------------------------------------------

def test_partners_sit_opposite():
    """Seed 003 "Players, Cards, Deal": "Partners sit opposite each other"."""
    assert partnership_sides(FOUR) == (("Ann", "Cy"), ("Bob", "Dee"))
    assert partnership_sides(SIX) == (("Ann", "Dee"), ("Bob", "Eve"), ("Cy", "Fay"))
    with pytest.raises(RulesError, match="four players"):
        partnership_sides(FOUR[:3])


@pytest.mark.parametrize(("players", "sides"), [
    (FOUR, (("Ann", "Cy"), ("Bob", "Dee"))),
    (SIX, (("Ann", "Cy", "Eve"), ("Bob", "Dee", "Fay"))),
    (SIX, (("Ann", "Dee"), ("Bob", "Eve"), ("Cy", "Fay"))),
    (FOUR[:2], None), (SIX, None), (FOUR[:3], None),
])
def test_the_sides_a_table_may_play(players, sides):
    """Seed 003 "Introduction": "four people in partnerships", "six in two teams of
    three, or by any number of people playing as individuals"; RULES.md section 9 adds
    three teams of two."""
    table = HandFootTable(RULES, players, players[0], sides)
    assert table.units == (sides or tuple((p,) for p in players))


@pytest.mark.parametrize(("players", "sides", "match"), [
    (FOUR, (("Ann", "Bob", "Cy"), ("Dee",)), "Sides are"),
    (FOUR, (("Ann", "Cy"), ("Bob", "Zed")), "Sides are"),
    (SIX[:5] + ("Ann",), None, "Two players are called"),
    (FOUR[:1], None, "2 to 6 players"),
    (SIX + ("Gus",), None, "2 to 6 players"),
])
def test_bad_tables_are_refused(players, sides, match):
    with pytest.raises(RulesError, match=match):
        HandFootTable(RULES, players, players[0], sides)


def deal(number, went_out, *sides):
    return HandFootDeal(number, went_out, tuple(sides))


WIN = SideResult(**CONTRACT, melded=2500)
LOSE = SideResult(clean_piles=1, melded=600, left=100)


def test_a_partnership_game_of_four_deals():
    """Seed 003 "Players, Cards, Deal": "the turn to deal passes to the left. A complete
    game consists of four deals"; each deal's minimum rises (50, 90, 120, 150); the
    highest total wins."""
    table = HandFootTable(RULES, FOUR, "Ann", partnership_sides(FOUR))
    state = replay(table, [])
    assert (state.dealer, state.starter, state.minimum, state.rounds_to_play) == (
        "Ann", "Bob", 50, 4)
    state = replay(table, [deal(1, "Ann", WIN, LOSE), deal(2, "Dee", LOSE, WIN),
                           deal(3, None, LOSE, LOSE)])
    assert [line.dealer for line in state.deals] == ["Ann", "Bob", "Cy"]
    assert [line.minimum for line in state.deals] == [50, 90, 120]
    assert (state.dealer, state.minimum, state.rounds_to_play) == ("Dee", 150, 1)
    assert not state.finished and state.winners == ()
    state = extend(state, deal(4, "Cy", WIN, LOSE))
    win, lose = 2500 + 3100 + 100, 600 + 500 - 100
    assert state.team_totals == (2 * win + 2 * lose, win + 3 * lose)
    assert state.finished and state.dealer is None and state.minimum is None
    assert state.winners == ("Ann", "Cy")
    assert dict(state.totals) == {"Ann": state.team_totals[0], "Cy": state.team_totals[0],
                                  "Bob": state.team_totals[1], "Dee": state.team_totals[1]}


def test_three_sides_of_two():
    table = HandFootTable(RULES, SIX, "Fay", partnership_sides(SIX))
    state = replay(table, [deal(1, "Eve", LOSE, WIN, LOSE)])
    assert state.team_totals == (1000, 5700, 1000)
    assert state.deals[0].dealer == "Fay" and state.dealer == "Ann"   # to the left


def test_individuals_score_alone_and_a_tie_for_the_highest_total_stands():
    """docs/handfoot.md: the seed names no tie-break, so a tie for the highest total
    leaves several winners."""
    rules = HandFootRules.from_spec({"preset": "hand_and_foot", "rounds": 1})
    table = HandFootTable(rules, FOUR[:3], "Bob")
    even = SideResult(clean_piles=1, melded=900)   # 1400 each, against 1000
    state = replay(table, [deal(1, None, even, even, LOSE)])
    assert state.finished and state.winners == ("Ann", "Bob")


@pytest.mark.parametrize(("log", "match"), [
    ([deal(2, "Ann", WIN, LOSE)], "This is deal 1, not deal 2"),
    ([deal(1, "Zed", WIN, LOSE)], "not one of the players"),
    ([deal(1, "Ann", WIN)], "one report per side"),
    ([deal(1, "Bob", WIN, LOSE)], "Bob & Dee cannot have gone out"),
    ([deal(n, None, LOSE, LOSE) for n in range(1, 6)], "The game is over"),
])
def test_a_bad_log_is_refused(log, match):
    table = HandFootTable(RULES, FOUR, "Ann", partnership_sides(FOUR))
    with pytest.raises(RulesError, match=match):
        replay(table, log)


def test_cards_tapped_in_hold_no_card_more_often_than_the_packs():
    """Seed 003 "Players, Cards, Deal": "Five decks of cards are used, including two jokers
    per deck" — five of each card, ten jokers, every side's cards together."""
    five_kings = SideResult(melded_cards=parse_cards(["KH"] * 5))
    assert score_deal(RULES, [five_kings, SideResult()], None, ["Us", "Them"])
    with pytest.raises(RulesError, match="K♥ appears 6 times"):
        score_deal(RULES, [five_kings, SideResult(left_cards=parse_cards(["KH"]))], None,
                   ["Us", "Them"])
    with pytest.raises(RulesError, match="JK appears 11 times"):
        score_deal(RULES, [SideResult(left_cards=parse_cards(["JK"] * 11)), SideResult()],
                   None, ["Us", "Them"])
