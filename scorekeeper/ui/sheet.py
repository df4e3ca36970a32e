"""The score sheet as the page shows it, for every game: one column per player (or team,
or side), one row per deal with its score and the running total, and a line chart of the
totals. Each game builds its :class:`Sheet` from its replayed state (its pages'
``sheet``); no rule is decided here."""

from __future__ import annotations

from dataclasses import dataclass

CHART_WIDTH, CHART_HEIGHT, PAD = 320, 160, 24
# Distinct, colour-blind-friendly hues; the line styles tell them apart in print. Six
# hues for the six columns a game has at most; a group's chart of many members draws a
# colour again only with another line style (six hues and five styles: thirty lines).
COLOURS = ("#0b6e4f", "#b5403a", "#2f5fb3", "#a06a00", "#7a3e9d", "#4a4a4a")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")


@dataclass(frozen=True)
class Mark:
    """Who went out of a deal and how, marked by their score: a short *text* to see
    ("out", "joker hand") and the whole of it *spoken* ("Lina went out: joker hand")."""

    column: int
    text: str
    spoken: str


@dataclass(frozen=True)
class Row:
    number: int
    outcome: str  # how the deal ended, as the row's class ("scored", "redeal", ...)
    note: str  # how a deal that was not scored is marked, or what else the row says
    round: int | None
    dealer: str
    cells: tuple[tuple[int, int] | None, ...]  # (score, running total) per column
    burned: tuple[str, ...] = ()  # Hareeqa: the columns whose score burned in this deal
    mark: Mark | None = None  # who went out, and how


@dataclass(frozen=True)
class Tally:
    """A line under the totals that decides the game instead of them (Hareeqa's points):
    the leaders are marked on it, not on the totals."""

    label: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Sheet:
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    leaders: tuple[int, ...]  # indexes of the columns leading the game
    tally: Tally | None = None
    #: A sheet of the last rows only (what a save sends) still charts the whole game:
    #: the running totals after each scored deal, per column.
    running: tuple[tuple[int, ...], ...] | None = None

    def points(self) -> list[list[int]]:
        """The totals per column before the first deal (all 0) and after each scored deal:
        what the chart draws (here, and in the result picture)."""
        return [[0] * len(self.columns)] + (
            [list(totals) for totals in self.running] if self.running is not None else [
                [cell[1] for cell in row.cells if cell is not None]
                for row in self.rows if row.cells[0] is not None])

    def chart(self) -> dict[str, object]:
        """Polylines of the running totals, scaled into the chart's box."""
        points = self.points()
        low = min(min(p) for p in points)
        high = max(max(p) for p in points)
        span = (high - low) or 1
        steps = max(len(points) - 1, 1)

        drawn = _drawn(len(points) - 1)

        # In whole units: half a unit is less than a pixel on a phone, and tenths made a
        # season's twelve lines 3.2 KB of its group's page (1.9 in units), a game's chart
        # a tenth of its page (issue 40).
        def xy(step: int, value: int) -> str:
            x = PAD + (CHART_WIDTH - 2 * PAD) * step / steps
            y = PAD + (CHART_HEIGHT - 2 * PAD) * (high - value) / span
            return f"{x:.0f},{y:.0f}"

        lines = [{
            "name": name,
            "colour": COLOURS[i % len(COLOURS)],
            "dash": DASHES[i % len(DASHES)],
            "points": " ".join(xy(step, points[step][i]) for step in drawn),
        } for i, name in enumerate(self.columns)]
        zero = round(PAD + (CHART_HEIGHT - 2 * PAD) * high / span) if low <= 0 <= high else None
        return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "lines": lines,
                "zero": zero, "high": high, "low": low, "pad": PAD,
                "rounds": len(points) - 1}


def _drawn(steps: int) -> list[int]:
    """The steps a chart of *steps* draws: all of them while each has two units of the
    chart's width (about two pixels on a phone), else one every two units, evenly spread,
    the first and last kept. More would fall on one another: a season of a thousand games
    drew 12,000 points, 15 KB of a group's page, where 1,600 show the same lines (issue
    40)."""
    room = (CHART_WIDTH - 2 * PAD) // 2
    if steps <= room:
        return list(range(steps + 1))
    return sorted({round(unit * steps / room) for unit in range(room + 1)})


def csv_cell(text: str) -> str:
    """A name as a spreadsheet cell: one starting like a formula is kept as text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
