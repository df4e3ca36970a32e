"""The score sheet as the page shows it: one column per player (or team), one row per
deal with its score and the running total, and a line chart of the totals. Pure
presentation of a replayed :class:`GameState`; no rule is decided here."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from ..rules import GameState, Outcome
from ..rules.handfoot import FootState, side_name
from .labels import outcome_note

CHART_WIDTH, CHART_HEIGHT, PAD = 320, 160, 24
# Distinct, colour-blind-friendly hues; the line styles tell them apart in print.
COLOURS = ("#0b6e4f", "#b5403a", "#2f5fb3", "#a06a00", "#7a3e9d")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")


@dataclass(frozen=True)
class Row:
    number: int
    outcome: Outcome
    note: str  # how a deal that was not scored is marked (labels.OUTCOMES)
    round: int | None
    dealer: str
    cells: tuple[tuple[int, int] | None, ...]  # (score, running total) per column
    burned: tuple[str, ...] = ()  # Hareeqa: the columns whose score burned in this deal


@dataclass(frozen=True)
class Sheet:
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    leaders: tuple[int, ...]  # indexes of the columns with the lowest total

    @classmethod
    def of(cls, state: GameState | FootState) -> Sheet:
        if isinstance(state, FootState):
            return cls._of_foot(state)
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
            rows.append(Row(line.number, line.outcome, outcome_note(line.outcome), line.round,
                            line.dealer,
                            cells or (None,) * len(columns), line.burned))
        totals = tuple(sum(state.totals[p] for p in side) for side in members)
        leaders = tuple(i for i, side in enumerate(members) if side[0] in state.leaders)
        return cls(columns, tuple(rows), totals, leaders)

    @classmethod
    def _of_foot(cls, state: FootState) -> Sheet:
        """Hand and Foot's sheet: a column per side, each deal marked with its opening
        minimum; the highest total leads."""
        columns = tuple(side_name(side) for side in state.table.units)
        rows = tuple(Row(line.number, Outcome.SCORED, _("minimum %(n)d", n=line.minimum),
                         None, line.dealer, tuple(zip(
                             [s.total for s in line.scores], line.totals, strict=True)))
                     for line in state.deals)
        best = max(state.team_totals)
        leaders = tuple(i for i, total in enumerate(state.team_totals)
                        if state.deals and total == best)
        return cls(columns, rows, state.team_totals, leaders)

    def chart(self) -> dict:
        """Polylines of the running totals, scaled into the chart's box."""
        points = [[0] * len(self.columns)] + [
            [cell[1] for cell in row.cells if cell is not None]
            for row in self.rows if row.cells[0] is not None]
        low = min(min(p) for p in points)
        high = max(max(p) for p in points)
        span = (high - low) or 1
        steps = max(len(points) - 1, 1)

        def xy(step: int, value: int) -> str:
            x = PAD + (CHART_WIDTH - 2 * PAD) * step / steps
            y = PAD + (CHART_HEIGHT - 2 * PAD) * (high - value) / span
            return f"{x:.1f},{y:.1f}"

        lines = [{
            "name": name,
            "colour": COLOURS[i % len(COLOURS)],
            "dash": DASHES[i % len(DASHES)],
            "points": " ".join(xy(step, p[i]) for step, p in enumerate(points)),
        } for i, name in enumerate(self.columns)]
        zero = PAD + (CHART_HEIGHT - 2 * PAD) * high / span if low <= 0 <= high else None
        return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "lines": lines,
                "zero": zero, "high": high, "low": low, "pad": PAD,
                "rounds": len(points) - 1}


def csv_cell(text: str) -> str:
    """A name as a spreadsheet cell: one starting like a formula is kept as text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
