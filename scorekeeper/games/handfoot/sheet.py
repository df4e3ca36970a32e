"""Hand and Foot's score sheet: a column per side, each deal marked with its opening
minimum; and the same sheet as CSV, with who went out."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorekeeper.ui.sheet import Row, Sheet, csv_cell

from .rules import HandFootState, side_name


def sheet_of(state: HandFootState) -> Sheet:
    columns = tuple(side_name(side) for side in state.table.units)
    rows = tuple(Row(line.number, "scored", _("minimum %(n)d", n=line.minimum),
                     None, line.dealer, tuple(zip(
                         [s.total for s in line.scores], line.totals, strict=True)))
                 for line in state.deals)
    # The sides the engine says lead (the highest total), by their first player.
    leaders = tuple(i for i, side in enumerate(state.table.units)
                    if side[0] in state.leaders)
    return Sheet(columns, rows, state.team_totals, leaders)


def csv_rows(state: HandFootState) -> list[list[Any]]:
    """A row per deal: each side's score and its parts, then the totals."""
    names = [side_name(side) for side in state.table.units]
    rows: list[list[Any]] = [[_("Deal"), _("Dealer"), _("Minimum"), _("Went out"),
                              *map(csv_cell, names)]]
    for line in state.deals:
        rows.append([line.number, csv_cell(line.dealer), line.minimum,
                     csv_cell(line.went_out or _("nobody (stock ran out)")),
                     *[s.total for s in line.scores]])
    rows.append([_("Total"), "", "", "", *state.team_totals])
    return rows
