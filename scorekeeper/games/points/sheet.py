"""A points sheet's sheet, its CSV and the line on how its game ends: a column per side
(each player's, playing alone), a row per deal."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.ui.names import together
from scorekeeper.ui.sheet import Row, Sheet, csv_cell

from .rules import PointsRules, PointsState


def sheet_of(state: PointsState, last: int | None = None) -> Sheet:
    """The sheet of *state*: every deal's row, or those of the *last* deals only."""
    columns = tuple(together(unit) for unit in state.table.units)
    rows = tuple(Row(line.number, "scored", "", None, line.dealer,
                     tuple(zip(line.points, line.totals, strict=True)))
                 for line in (state.deals[-last:] if last else state.deals))
    leaders = tuple(i for i, unit in enumerate(state.table.units)
                    if unit[0] in state.leaders)
    running = None if not last else tuple(tuple(line.totals) for line in state.deals)
    return Sheet(columns, rows, state.team_totals, leaders, running=running)


def csv_rows(state: PointsState) -> list[list[Any]]:
    """A row per deal: its dealer and each side's points, then the totals."""
    names = [together(unit) for unit in state.table.units]
    rows: list[list[Any]] = [[_("Deal"), _("Dealer"), *map(csv_cell, names)]]
    for line in state.deals:
        rows.append([line.number, csv_cell(line.dealer), *line.points])
    rows.append([_("Total"), "", *state.team_totals])
    return rows


def ending(rules: PointsRules) -> str:
    """How the game ends and who wins, in a line."""
    parts = []
    if rules.target is not None:
        parts.append(_("to %(target)s points", target=f"{rules.target:,}"))
    if rules.deals is not None:
        parts.append(ngettext("%(num)d deal", "%(num)d deals", rules.deals))
    end = _(" or ").join(parts)
    line: str = (_("%(end)s, the lowest total wins", end=end) if rules.lowest_wins
                 else _("%(end)s, the highest total wins", end=end))
    return line
