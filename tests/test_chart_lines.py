"""Every line of a chart can be told from the others (issue 25, "wins over the season as a
chart, drawn like the game chart"): Hand seats six players at most, and a group's chart has
a line per member, so no two lines share both their colour and their style."""

from __future__ import annotations

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
