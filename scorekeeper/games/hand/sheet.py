"""Hand's score sheet: a column per player (or per partnership), each deal's scores and
running totals, a deal that was not scored marked with how it ended; and the same sheet
as CSV, with the full hands given with their cards."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorekeeper.ui.sheet import Row, Sheet, csv_cell

from .labels import outcome_note
from .rules import GameState
from .rules.winning import FullHand


def sheet_of(state: GameState) -> Sheet:
    teams = state.table.teams
    if teams is not None:
        columns = tuple(" & ".join(t) for t in teams)
        members: tuple[tuple[str, ...], ...] = teams
    else:
        columns = state.table.players
        members = tuple((p,) for p in state.table.players)
    rows = []
    for line in state.deals:
        cells = None
        if line.scores is not None and line.totals is not None:
            scores = [sum(line.scores[p] for p in side) for side in members]
            running = [sum(line.totals[p] for p in side) for side in members]
            cells = tuple(zip(scores, running, strict=True))
        rows.append(Row(line.number, line.outcome.value, outcome_note(line.outcome),
                        line.round, line.dealer, cells or (None,) * len(columns),
                        line.burned))
    totals = tuple(sum(state.totals[p] for p in side) for side in members)
    leaders = tuple(i for i, side in enumerate(members) if side[0] in state.leaders)
    return Sheet(columns, tuple(rows), totals, leaders)


def csv_rows(state: GameState) -> list[list[Any]]:
    """The sheet as CSV rows: a header, a row per deal, the totals; a last column for the
    full hands given with their cards, in a game that has any."""
    sheet = sheet_of(state)
    hands = any(line.full_hand for line in state.deals)
    rows: list[list[Any]] = [[_("Deal"), _("Round"), _("Dealer"),
                              *map(csv_cell, sheet.columns),
                              *([_("Full hand")] if hands else [])]]
    for row, line in zip(sheet.rows, state.deals, strict=True):
        shown = "" if line.full_hand is None else _hand_text(line.full_hand)
        rows.append([row.number, row.round or row.note, csv_cell(row.dealer),
                     *[cell[0] if cell else "" for cell in row.cells],
                     *([shown] if hands else [])])
    rows.append([_("Total"), "", "", *sheet.totals, *([""] if hands else [])])
    return rows


def _hand_text(hand: FullHand) -> str:
    """A full hand in a cell: its melds, then the discard (“2H 3H 4H · … → AC”)."""
    melds = " · ".join(" ".join(map(str, meld)) for meld in hand.melds)
    return f"{melds} → {' '.join(map(str, hand.discard))}"
