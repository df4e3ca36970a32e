"""A points sheet as a pure function of its table and its log of deals: each side's total,
who deals next, when the game ends and who won. Nothing here is stored: a deal corrected
or undone, the log replayed gives every later dealer and total anew."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scorekeeper.rulekit.engine import Seating, SideSheet, best, check_next
from scorekeeper.rulekit.engine import replay as walk
from scorekeeper.rulekit.messages import N_, fail

from .options import PointsRules

#: The most players a sheet seats: two tables' worth of a game of sides.
MOST_PLAYERS = 8
#: The most a side can score in one deal, either way: past it, a number is a slip.
MOST_POINTS = 100000


def side_name(side: Sequence[str]) -> str:
    """A side as the sheet and the API name it: its players joined ("Ann & Cy")."""
    return " & ".join(side)


@dataclass(frozen=True)
class PointsTable(Seating[PointsRules]):
    """Who plays, in the order the deal passes, in which sides (``None``: everyone plays
    alone), under which rules, and who deals first."""

    sides: tuple[tuple[str, ...], ...] | None = None

    def check_count(self) -> None:
        if not 2 <= len(self.players) <= MOST_PLAYERS:
            raise fail(N_("A points sheet is for 2 to %(most)d players."), most=MOST_PLAYERS)

    def check_sides(self) -> None:
        if self.sides is not None:
            flat = sorted(p for side in self.sides for p in side)
            if (flat != sorted(self.players) or len(self.sides) < 2
                    or any(not side for side in self.sides)):
                raise fail(N_("Sides are two or more teams made of the players, each "
                              "player in one."))

    def unit_named(self, name: str) -> int | None:
        """The side *name* names: by a player of it, or by its name ("Ann & Cy")."""
        return next((i for i, unit in enumerate(self.units)
                     if name in unit or name == side_name(unit)), None)

    #: Who is next to a player in the order the deal passes.
    after = Seating.next_to


@dataclass(frozen=True)
class PointsDeal:
    """One deal as the table reported it: each side's points, the side named by its name
    or by one of its players (each player, playing alone), in the order given."""

    number: int
    points: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        if self.number < 1:
            raise fail(N_("Deals are numbered from 1."))
        for name, points in self.points:
            if abs(points) > MOST_POINTS:
                raise fail(N_("%(name)s: a side's points in a deal are between −%(most)d "
                              "and %(most)d."), name=name, most=MOST_POINTS)

    def by_unit(self, table: PointsTable) -> tuple[int, ...]:
        """Each side's points, in the table's order of sides: :class:`RulesError` when a
        name is not the table's, a side is named twice or one is left out."""
        found: dict[int, int] = {}
        for name, points in self.points:
            unit = table.unit_named(name)
            if unit is None:
                raise fail(N_("“%(name)s” is neither a player nor a side of this game."),
                           name=name)
            if unit in found:
                raise fail(N_("%(name)s's side is given its points twice."), name=name)
            found[unit] = points
        if missing := [side_name(u) for i, u in enumerate(table.units) if i not in found]:
            raise fail(N_("Say the points of %(names)s too (0 if none)."),
                       names=", ".join(missing))
        return tuple(found[i] for i in range(len(table.units)))


@dataclass(frozen=True)
class PointsLine:
    """A deal on the sheet: who dealt it, each side's name, points and total after it."""

    number: int
    dealer: str
    names: tuple[str, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class PointsState(SideSheet[PointsTable, PointsLine]):
    """Everything the sheet shows, derived from the table and the log."""

    @property
    def lowest_wins(self) -> bool:
        return self.table.rules.lowest_wins

    @property
    def rounds_to_play(self) -> int | None:
        """Deals left, where the game lasts a number of them."""
        deals = self.table.rules.deals
        return None if deals is None or self.finished else deals - len(self.deals)


def _over(table: PointsTable, deals: int, totals: Sequence[int]) -> bool:
    """Whether the game ends here: its deals played, or a side at the target."""
    rules = table.rules
    return ((rules.deals is not None and deals >= rules.deals)
            or (rules.target is not None and max(totals) >= rules.target))


def _start(table: PointsTable) -> PointsState:
    return PointsState(table, (), (0,) * len(table.units), table.first_dealer, False, ())


def extend(state: PointsState, deal: PointsDeal) -> PointsState:
    """*state* one deal longer: :class:`RulesError` when the deal does not fit."""
    table = state.table
    check_next(deal.number, state.next_deal, state.finished)
    points = deal.by_unit(table)
    assert state.dealer is not None  # a game not over has a dealer
    totals = tuple(t + p for t, p in zip(state.team_totals, points, strict=True))
    line = PointsLine(deal.number, state.dealer, tuple(side_name(u) for u in table.units),
                      points, totals)
    over = _over(table, deal.number, totals)
    return replace(state, deals=(*state.deals, line), team_totals=totals,
                   dealer=None if over else table.after(state.dealer), finished=over,
                   winners=best(table.units, totals, lowest=state.lowest_wins)
                   if over else ())


def replay(table: PointsTable, deals: Sequence[PointsDeal]) -> PointsState:
    """The game's state after *deals*, in order."""
    return walk(_start(table), extend, deals)


def rematch_dealer(state: PointsState) -> str:
    """Who deals first in a rematch: the next dealer, had the game gone on."""
    return state.dealer_had_it_gone_on()
