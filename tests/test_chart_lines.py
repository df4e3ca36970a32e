"""Every line of a chart can be told from the others (issue 25, "wins over the season as a
chart, drawn like the game chart"): Hand seats six players at most, and a group's chart has
a line per member, so no two lines share both their colour and their style."""

from __future__ import annotations

import re

import pytest

from scorekeeper.ui.sheet import Row, Sheet


def sheet_of(columns: int) -> Sheet:
    names = tuple(f"P{i}" for i in range(columns))
    row = Row(number=1, outcome="scored", note="", round=1, dealer=names[0],
              cells=tuple((i, i) for i in range(columns)))
    return Sheet(columns=names, rows=(row,), totals=tuple(range(columns)), leaders=(0,))


@pytest.mark.parametrize("columns", [2, 6, 12, 30])
def test_no_two_lines_of_a_chart_look_alike(columns):
    lines = sheet_of(columns).chart()["lines"]
    assert len({(line["colour"], line["dash"]) for line in lines}) == columns


def test_a_game_of_six_players_draws_six_colours():
    assert len({line["colour"] for line in sheet_of(6).chart()["lines"]}) == 6


def points_of(line: dict) -> list[tuple[float, float]]:
    return [tuple(map(float, point.split(","))) for point in line["points"].split()]


@pytest.mark.parametrize("steps", [0, 1, 2, 135, 136])
def test_a_chart_draws_every_step_while_each_has_two_units_of_its_width(steps):
    running = tuple((i, 2 * i) for i in range(1, steps + 1))
    chart = Sheet(("A", "B"), (), (), (), running=running).chart()
    assert [len(points_of(line)) for line in chart["lines"]] == [steps + 1] * 2
    assert all(re.fullmatch(r"\d+,\d+", point)  # in whole units: under a pixel on a phone
               for point in chart["lines"][0]["points"].split())


@pytest.mark.parametrize("steps", [137, 1000, 5000])
def test_a_longer_chart_draws_a_point_every_two_units_from_its_first_to_its_last(steps):
    # Issue 40: a season of a thousand games drew 12,000 points on a 272-unit-wide chart
    # (about 330 pixels on a phone), 15 KB of the group's page; the lines look the same
    # drawn a point every two units.
    running = tuple((i, steps - i) for i in range(1, steps + 1))
    chart = Sheet(("A", "B"), (), (), (), running=running).chart()
    for line in chart["lines"]:
        points = points_of(line)
        assert len(points) == 137
        xs = [x for x, _ in points]
        assert xs == sorted(xs) and xs[0] == 24 and xs[-1] == 296
        gaps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
        assert max(gaps) < 4.05  # one step, rounded, apart
    # The first and the last totals are drawn where they are, in whole units.
    first, last = points_of(chart["lines"][0])[0], points_of(chart["lines"][0])[-1]
    assert (first[1], last[1]) == (136.0, 24.0)
    assert "." not in chart["lines"][0]["points"]
