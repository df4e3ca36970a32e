"""The night's standing (docs/night.md, "The standing"). Hand deals no duplicate hands, so
players at different tables are compared by where they placed at their own table:

- a side placed k-th of s sides at its table scores s − k placement points (the winners of
  a table of two sides 1, its losers 0; a table of four players alone 3, 2, 1, 0), sides
  that tie sharing the better place, and partners each taking their side's points;
- a player sitting out a round scores that round's average placement points over the
  players who played it (said so on the page), or nothing, as the night's rules say;
- the tie-break is the sum of margins: at each table, how far a side finished ahead of
  each side it beat, less how far behind each side that beat it, in the game's own points
  (whichever way its game counts: the ranks say which side did better);
- players still level share a rank (competition ranking: 1, 2, 2, 4).

A table's game counts as it stands, up to its first deal the other side has yet to
confirm where the night's deals are confirmed: a deal moves the standing once confirmed (a
corrected one once confirmed again), and a game not yet dealt counts nothing. Which side
placed where comes from each game's own result (the league's
:class:`~scorekeeper.league.Result`), so the standing names no game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .schedule import Round


@dataclass(frozen=True)
class TableResult:
    """One table's game as it counts: its sides (as seated), each side's total and rank
    (1 best, ties sharing), and how many deals count; *waiting*: every deal played, but
    the other side has deals to confirm (not finished until it has); *pending*: the
    deals recorded that do not count yet, awaiting the other side or disputed."""

    sides: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    deals: int
    finished: bool
    waiting: bool = False
    pending: tuple[int, ...] = ()

    @property
    def dealt(self) -> bool:
        """Whether the table has recorded a deal, counted yet or not."""
        return bool(self.deals or self.pending)


@dataclass(frozen=True)
class Line:
    player: str
    rank: int
    points: Fraction
    tiebreak: int
    games: int
    sat_out: int
    #: Whether a deal still to be confirmed may move the line: one at a table the player
    #: sat at, or, for a round sat out at the average, at any table of that round.
    provisional: bool = False


def placements(result: TableResult) -> dict[str, tuple[Fraction, int]]:
    """Each player's placement points and margin at one table."""
    count = len(result.sides)
    out = {}
    for i, side in enumerate(result.sides):
        margin = 0
        for j in range(count):
            gap = abs(result.totals[i] - result.totals[j])
            if result.ranks[i] < result.ranks[j]:
                margin += gap
            elif result.ranks[i] > result.ranks[j]:
                margin -= gap
        for name in side:
            out[name] = (Fraction(count - result.ranks[i]), margin)
    return out


def standing(players: Sequence[str],
             rounds: Sequence[tuple[Round, Sequence[TableResult | None]]],
             sit_out: str = "average") -> list[Line]:
    """The standing of *players* after *rounds* (each with its tables' results in table
    order, ``None`` for a table whose game is not made yet), best first. A round sat out
    scores the round's average placement points, or nothing where *sit_out* is
    ``"none"``."""
    points = dict.fromkeys(players, Fraction(0))
    margins = dict.fromkeys(players, 0)
    games = dict.fromkeys(players, 0)
    sat = dict.fromkeys(players, 0)
    provisional: set[str] = set()
    for seated, results in rounds:
        placed: dict[str, tuple[Fraction, int]] = {}
        for result in results:
            if result is not None and result.pending:
                provisional.update(n for side in result.sides for n in side)
                if sit_out == "average":
                    provisional.update(seated.sitting_out)
            if result is not None and result.deals:
                placed |= placements(result)
        if not placed:
            continue
        average = (sum((p for p, _ in placed.values()), Fraction(0)) / len(placed)
                   if sit_out == "average" else Fraction(0))
        for name, (got, margin) in placed.items():
            if name in points:
                points[name] += got
                margins[name] += margin
                games[name] += 1
        for name in seated.sitting_out:
            if name in points:
                points[name] += average
                sat[name] += 1
    order = sorted(players, key=lambda p: (-points[p], -margins[p]))
    lines: list[Line] = []
    for i, name in enumerate(order):
        level = i and (points[name], margins[name]) == (points[order[i - 1]],
                                                        margins[order[i - 1]])
        rank = lines[-1].rank if level else i + 1
        lines.append(Line(name, rank, points[name], margins[name], games[name], sat[name],
                          name in provisional))
    return lines
