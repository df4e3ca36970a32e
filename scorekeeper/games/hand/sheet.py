"""Hand's score sheet: a column per player (or per partnership), each deal's scores and
running totals, a deal that was not scored marked with how it ended; and the same sheet
as CSV, with the full hands given with their cards."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorekeeper.ui.names import together
from scorekeeper.ui.sheet import Mark, Row, Sheet, Tally, csv_cell

from .labels import finish_mark, finish_name, outcome_note
from .rules import DealLine, GameState, Rules
from .rules.winning import FullHand


def sheet_of(state: GameState, last: int | None = None) -> Sheet:
    """The sheet of *state*: every deal's row, or those of the *last* deals only."""
    teams = state.table.teams
    if teams is not None:
        columns = tuple(together(t) for t in teams)
        members: tuple[tuple[str, ...], ...] = teams
    else:
        columns = state.table.players
        members = tuple((p,) for p in state.table.players)
    rows = []
    for line in state.deals[-last:] if last else state.deals:
        cells = None
        if line.scores is not None and line.totals is not None:
            scores = [sum(line.scores[p] for p in side) for side in members]
            running = [sum(line.totals[p] for p in side) for side in members]
            cells = tuple(zip(scores, running, strict=True))
        mark = None
        if line.winner is not None:
            mark = Mark(next(i for i, side in enumerate(members) if line.winner in side),
                        finish_mark(state.table.rules, line.finish, line.bonuses),
                        went_out(state.table.rules, line))
        rows.append(Row(line.number, line.outcome.value, outcome_note(line.outcome),
                        line.round, line.dealer, cells or (None,) * len(columns),
                        line.burned, mark))
    totals = tuple(sum(state.totals[p] for p in side) for side in members)
    leaders = tuple(i for i, side in enumerate(members) if side[0] in state.leaders)
    # Hareeqa's points, not its scores, decide the game (seed 002, "Hareeqa Rules").
    tally = None if state.points is None else Tally(
        _("Points"), tuple(state.points[p] for p in state.table.players))
    charted = None if not last else tuple(
        tuple(sum(line.totals[p] for p in side) for side in members)
        for line in state.deals if line.scores is not None and line.totals is not None)
    return Sheet(columns, tuple(rows), totals, leaders, tally, charted)


def went_out(rules: Rules, line: DealLine) -> str:
    """Who went out of a scored deal and how: "Lina went out: joker hand"."""
    text: str = _("%(name)s went out: %(finish)s", name=line.winner or "",
                  finish=finish_name(rules, line.finish, line.bonuses))
    return text


def csv_rows(state: GameState) -> list[list[Any]]:
    """The sheet as CSV rows: a header, a row per deal, the totals; a last column for the
    full hands given with their cards, in a game that has any."""
    sheet = sheet_of(state)
    rules = state.table.rules
    hands = any(line.full_hand for line in state.deals)
    rows: list[list[Any]] = [[_("Deal"), _("Round"), _("Dealer"),
                              *map(csv_cell, sheet.columns), _("Went out"), _("How"),
                              *([_("Full hand")] if hands else [])]]
    for row, line in zip(sheet.rows, state.deals, strict=True):
        shown = "" if line.full_hand is None else _hand_text(line.full_hand)
        how = "" if line.winner is None else finish_name(rules, line.finish, line.bonuses)
        rows.append([row.number, row.round or row.note, csv_cell(row.dealer),
                     *[cell[0] if cell else "" for cell in row.cells],
                     csv_cell(line.winner or ""), how, *([shown] if hands else [])])
    rows.append([_("Total"), "", "", *sheet.totals, "", "", *([""] if hands else [])])
    if sheet.tally is not None:
        rows.append([sheet.tally.label, "", "", *sheet.tally.values, "", "",
                     *([""] if hands else [])])
    return rows


def _hand_text(hand: FullHand) -> str:
    """A full hand in a cell: its melds, then the discard (“2H 3H 4H · … → AC”)."""
    melds = " · ".join(" ".join(map(str, meld)) for meld in hand.melds)
    return f"{melds} → {' '.join(map(str, hand.discard))}"
