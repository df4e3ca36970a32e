"""A plain points sheet replayed from its log (scorekeeper/games/points/rules/): each
side's points added up, the deal passed on, the game ended at its target or after its
deals, the highest total winning or the lowest.

The contract is docs/api.md, "A plain points sheet": ``"rules": "points"`` or an object
with ``target``, ``deals`` and ``lowest_wins``; a deal is each player's or side's points.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games.points.rules import (
    MOST_POINTS,
    PointsDeal,
    PointsRules,
    PointsTable,
    extend,
    rematch_dealer,
    replay,
)
from scorekeeper.rulekit import RulesError

THREE = ("Ali", "Badr", "Caro")
FOUR = ("Ann", "Bob", "Cy", "Dee")
PARTNERS = (("Ann", "Cy"), ("Bob", "Dee"))


def table(rules: object = "points", players=THREE, sides=None, first="Ali") -> PointsTable:
    return PointsTable(PointsRules.from_spec(rules), players, first, sides)


def deal(number: int, **points: int) -> PointsDeal:
    return PointsDeal(number, tuple(points.items()))


def test_said_nothing_a_sheet_goes_to_41_and_the_highest_wins():
    """docs/api.md, "A plain points sheet": ``"rules": "points"`` alone is a game."""
    rules = PointsRules.from_spec("points")
    assert (rules.target, rules.deals, rules.lowest_wins) == (41, None, False)


@pytest.mark.parametrize(("spec", "target", "deals"), [
    ({"preset": "points", "deals": 10}, None, 10),
    ({"preset": "points", "target": 152}, 152, None),
    ({"preset": "points", "target": 500, "deals": 12}, 500, 12),
])
def test_a_number_of_deals_alone_sets_no_target(spec, target, deals):
    rules = PointsRules.from_spec(spec)
    assert (rules.target, rules.deals) == (target, deals)


@pytest.mark.parametrize(("spec", "words"), [
    ({"preset": "points", "target": None, "deals": None}, "where a points sheet ends"),
    ({"preset": "points", "target": 0}, "between 1 and 100000"),
    ({"preset": "points", "deals": 201}, "between 1 and 200"),
    ({"preset": "points", "lowest_wins": "yes"}, "lowest_wins"),
    ({"preset": "points", "rounds": 5}, "Unknown rules option “rounds”"),
    ({"preset": "levant"}, "“levant”"),
    (["points"], "preset name or an object"),
])
def test_rules_a_sheet_cannot_have_are_refused_by_name(spec, words):
    with pytest.raises(RulesError, match=words):
        PointsRules.from_spec(spec)


def test_the_rules_are_stored_whole_and_read_back_alike():
    rules = PointsRules.from_spec({"preset": "points", "deals": 8, "lowest_wins": True})
    assert PointsRules.from_spec(rules.to_dict()) == rules


def test_each_deal_adds_each_players_points_and_passes_the_deal_on():
    state = replay(table(), [deal(1, Ali=10, Badr=-5, Caro=0), deal(2, Ali=3, Badr=20,
                                                                   Caro=7)])
    assert dict(state.totals) == {"Ali": 13, "Badr": 15, "Caro": 7}
    assert [line.dealer for line in state.deals] == ["Ali", "Badr"]
    assert (state.dealer, state.starter, state.next_deal) == ("Caro", "Ali", 3)
    assert state.leaders == ("Badr",) and not state.finished


def test_partners_score_together_named_by_either_or_by_their_side():
    sheet = table(players=FOUR, sides=PARTNERS, first="Ann")
    state = replay(sheet, [deal(1, Ann=16, Bob=0), PointsDeal(2, (("Bob & Dee", 9),
                                                                 ("Cy", 4)))])
    assert state.team_totals == (20, 9)
    assert dict(state.totals) == {"Ann": 20, "Bob": 9, "Cy": 20, "Dee": 9}
    assert state.deals[0].names == ("Ann & Cy", "Bob & Dee")


def test_the_game_ends_after_the_deal_that_reaches_the_target():
    state = replay(table(), [deal(1, Ali=30, Badr=10, Caro=0),
                             deal(2, Ali=11, Badr=40, Caro=0)])
    assert state.finished and state.winners == ("Badr",) and state.dealer is None
    with pytest.raises(RulesError, match="game is over"):
        extend(state, deal(3, Ali=1, Badr=1, Caro=1))


def test_where_the_lowest_wins_the_target_ends_it_and_the_lowest_wins():
    sheet = table({"preset": "points", "target": 100, "lowest_wins": True})
    state = replay(sheet, [deal(1, Ali=60, Badr=10, Caro=30), deal(2, Ali=45, Badr=5,
                                                                   Caro=0)])
    assert state.finished and state.winners == ("Badr",)
    assert state.leaders == ("Badr",)


def test_a_game_of_so_many_deals_ends_after_them_and_a_tie_shares_the_win():
    sheet = table({"preset": "points", "deals": 2})
    once = replay(sheet, [deal(1, Ali=5, Badr=5, Caro=1)])
    assert once.rounds_to_play == 1 and not once.finished
    state = extend(once, deal(2, Ali=0, Badr=0, Caro=2))
    assert state.finished and state.winners == ("Ali", "Badr")
    assert state.rounds_to_play is None


@pytest.mark.parametrize(("points", "words"), [
    ((("Ali", 1), ("Badr", 2)), "Say the points of Caro too"),
    ((("Ali", 1), ("Badr", 2), ("Caro", 3), ("Ali", 4)), "twice"),
    ((("Ali", 1), ("Badr", 2), ("Zed", 3)), "“Zed” is neither a player nor a side"),
])
def test_a_deal_names_every_side_once_and_nobody_else(points, words):
    with pytest.raises(RulesError, match=words):
        replay(table(), [PointsDeal(1, points)])


def test_points_past_the_most_a_deal_can_hold_are_refused():
    with pytest.raises(RulesError, match="between −100000 and 100000"):
        PointsDeal(1, (("Ali", MOST_POINTS + 1),))


@pytest.mark.parametrize(("players", "sides", "words"), [
    (("Ali",), None, "2 to 8 players"),
    (FOUR, (("Ann", "Cy"), ("Bob",)), "each player in one"),
    (FOUR, (("Ann", "Bob", "Cy", "Dee"),), "two or more teams"),
])
def test_a_table_of_the_wrong_shape_is_refused(players, sides, words):
    with pytest.raises(RulesError, match=words):
        table(players=players, sides=sides, first=players[0])


def test_a_rematch_is_dealt_by_who_would_have_dealt_next():
    state = replay(table(), [deal(1, Ali=41, Badr=0, Caro=0)])
    assert rematch_dealer(state) == "Badr"


@given(st.lists(st.tuples(st.integers(-500, 500), st.integers(-500, 500),
                          st.integers(-500, 500)), max_size=12))
def test_one_deal_more_is_the_whole_log_replayed(rows):
    sheet = table({"preset": "points", "target": 100000, "deals": 200})
    log = [deal(n, Ali=a, Badr=b, Caro=c) for n, (a, b, c) in enumerate(rows, 1)]
    state = replay(sheet, [])
    for one in log:
        state = extend(state, one)
    assert state == replay(sheet, log)
    assert state.team_totals == tuple(sum(r[i] for r in rows) for i in range(3))
