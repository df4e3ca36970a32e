"""The night's standing (scorekeeper/night/engine/standing.py; docs/night.md, "The standing"), by
the rules issue 36 sets: placement at one's own table (ties sharing the better place,
partners placed together), a sit-out scoring the round's average, the sum of margins as
the tie-break, competition ranking for players still level."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.league.engine import ranks
from scorekeeper.night.engine.schedule import Round, Table
from scorekeeper.night.engine.standing import TableResult, placements, standing


def result(sides, totals, *, higher_wins=False, deals=3) -> TableResult:
    return TableResult(tuple(tuple(s) for s in sides), tuple(totals),
                       tuple(ranks(list(totals), higher_wins)), deals, True)


def test_partners_share_their_sides_place_and_margin():
    """Hand ranks the lowest total first: Ali and Cy (120) beat Bo and Di (310)."""
    placed = placements(result([("Ali", "Cy"), ("Bo", "Di")], [120, 310]))
    assert placed == {"Ali": (1, 190), "Cy": (1, 190), "Bo": (0, -190), "Di": (0, -190)}


def test_the_highest_total_first_where_the_game_counts_so():
    """Hand and Foot and Hareeqa rank the highest first; the ranks say which."""
    placed = placements(result([("A", "C"), ("B", "D")], [5200, 3100], higher_wins=True))
    assert placed["A"] == (1, 2100) and placed["B"] == (0, -2100)


def test_four_alone_place_three_two_one_nought_and_a_tie_shares_the_better_place():
    placed = placements(result([("A",), ("B",), ("C",), ("D",)], [50, 80, 80, 200]))
    assert {name: points for name, (points, _) in placed.items()} == {
        "A": 3, "B": 2, "C": 2, "D": 0}
    # Margins: A is ahead of all three; B and C level with each other.
    assert placed["A"][1] == 30 + 30 + 150
    assert placed["B"][1] == -30 + 0 + 120 == placed["C"][1]


def round_of(number, tables, out=()):
    return Round(number, tuple(Table(i + 1, tuple(tuple(s) for s in sides))
                               for i, sides in enumerate(tables)), tuple(out))


PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def test_a_sit_out_scores_the_rounds_average_placement():
    seated = round_of(1, [[("Ann", "Cy"), ("Bob", "Dee")]], out=["Eve"])
    lines = standing(PLAYERS, [(seated, [result([("Ann", "Cy"), ("Bob", "Dee")],
                                                [100, 250])])])
    by = {line.player: line for line in lines}
    assert by["Eve"].points == Fraction(1, 2) and by["Eve"].sat_out == 1
    assert by["Eve"].games == 0 and by["Ann"].games == 1
    assert [line.player for line in lines] == ["Ann", "Cy", "Eve", "Bob", "Dee"]


def test_players_level_on_points_and_margins_share_a_rank():
    """Competition ranking: 1, 1, 3, 3, 5 — Ann and Cy won together."""
    seated = round_of(1, [[("Ann", "Cy"), ("Bob", "Dee")]], out=["Eve"])
    lines = standing(PLAYERS, [(seated, [result([("Ann", "Cy"), ("Bob", "Dee")],
                                                [100, 250])])])
    assert [line.rank for line in lines] == [1, 1, 3, 4, 4]


def test_the_tie_break_is_the_sum_of_margins():
    """Two tables: both winning sides score a place point; Ann and Cy won by 150, Eve and
    Fay by 40, so Ann and Cy stand first; the losers the other way round."""
    eight = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    tables = [[("Ann", "Cy"), ("Bob", "Dee")], [("Eve", "Fay"), ("Gus", "Hal")]]
    lines = standing(eight, [(round_of(1, tables), [
        result(tables[0], [100, 250]), result(tables[1], [180, 220])])])
    assert [(line.player, line.rank, line.points, line.tiebreak) for line in lines] == [
        ("Ann", 1, 1, 150), ("Cy", 1, 1, 150), ("Eve", 3, 1, 40), ("Fay", 3, 1, 40),
        ("Gus", 5, 0, -40), ("Hal", 5, 0, -40), ("Bob", 7, 0, -150), ("Dee", 7, 0, -150)]


def test_a_game_not_yet_dealt_counts_nothing():
    seated = round_of(1, [[("Ann", "Cy"), ("Bob", "Dee")]], out=["Eve"])
    lines = standing(PLAYERS, [(seated, [result([("Ann", "Cy"), ("Bob", "Dee")], [0, 0],
                                                deals=0)])])
    assert all(line.points == 0 and line.games == 0 and line.rank == 1 for line in lines)


def test_a_correction_at_a_table_moves_the_standing_at_once():
    seated = round_of(1, [[("Ann", "Cy"), ("Bob", "Dee")]], out=["Eve"])
    before = standing(PLAYERS, [(seated, [result([("Ann", "Cy"), ("Bob", "Dee")],
                                                 [100, 250])])])
    after = standing(PLAYERS, [(seated, [result([("Ann", "Cy"), ("Bob", "Dee")],
                                                [300, 250])])])
    assert before[0].player == "Ann" and after[0].player == "Bob"


def test_a_night_may_score_a_round_sat_out_as_nothing():
    """Issue 36: what a sit-out scores is stated in the night's rules."""
    seated = round_of(1, [[("Ann", "Cy"), ("Bob", "Dee")]], out=["Eve"])
    results = [result([("Ann", "Cy"), ("Bob", "Dee")], [100, 250])]
    by = {line.player: line for line in standing(PLAYERS, [(seated, results)], "none")}
    assert by["Eve"].points == 0 and by["Eve"].sat_out == 1 and by["Eve"].rank == 3
