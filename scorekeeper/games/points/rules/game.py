"""A points sheet as a pure function of its table and its log of deals: each side's total,
who deals next, when the game ends and who won. Nothing here is stored: a deal corrected
or undone, the log replayed gives every later dealer and total anew."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from scorekeeper.rulekit.messages import N_, fail
from scorekeeper.rulekit.names import check_names

from .options import PointsRules

#: The most players a sheet seats: two tables' worth of a game of sides.
MOST_PLAYERS = 8
#: The most a side can score in one deal, either way: past it, a number is a slip.
MOST_POINTS = 100000


def side_name(side: Sequence[str]) -> str:
    """A side as the sheet and the API name it: its players joined ("Ann & Cy")."""
    return " & ".join(side)


@dataclass(frozen=True)
class PointsTable:
    """Who plays, in the order the deal passes, in which sides (``None``: everyone plays
    alone), under which rules, and who deals first."""

    rules: PointsRules
    players: tuple[str, ...]
    first_dealer: str
    sides: tuple[tuple[str, ...], ...] | None = None

    def __post_init__(self) -> None:
        if not 2 <= len(self.players) <= MOST_PLAYERS:
            raise fail(N_("A points sheet is for 2 to %(most)d players."), most=MOST_PLAYERS)
        check_names(self.players)
        if self.sides is not None:
            flat = sorted(p for side in self.sides for p in side)
            if (flat != sorted(self.players) or len(self.sides) < 2
                    or any(not side for side in self.sides)):
                raise fail(N_("Sides are two or more teams made of the players, each "
                              "player in one."))
        if self.first_dealer not in self.players:
            raise fail(N_("The first dealer “%(name)s” is not one of the players."),
                       name=str(self.first_dealer))

    @property
    def units(self) -> tuple[tuple[str, ...], ...]:
        """Who scores together: the sides, or each player alone."""
        return self.sides or tuple((p,) for p in self.players)

    def side_of(self, player: str) -> int:
        return next(i for i, unit in enumerate(self.units) if player in unit)

    def unit_named(self, name: str) -> int | None:
        """The side *name* names: by a player of it, or by its name ("Ann & Cy")."""
        return next((i for i, unit in enumerate(self.units)
                     if name in unit or name == side_name(unit)), None)

    def after(self, player: str) -> str:
        """Who is next to *player* in the order the deal passes."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]


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
class PointsState:
    """Everything the sheet shows, derived from the table and the log."""

    table: PointsTable
    deals: tuple[PointsLine, ...]
    team_totals: tuple[int, ...]
    dealer: str | None  # of the next deal; None once the game is over
    finished: bool
    winners: tuple[str, ...]

    @property
    def next_deal(self) -> int:
        return len(self.deals) + 1

    @property
    def scored_rounds(self) -> int:
        """Deals played: every deal of a points sheet counts."""
        return len(self.deals)

    @property
    def starter(self) -> str | None:
        """Who plays first in the next deal: the one after the dealer."""
        return None if self.dealer is None else self.table.after(self.dealer)

    @property
    def rounds_to_play(self) -> int | None:
        """Deals left, where the game lasts a number of them."""
        deals = self.table.rules.deals
        return None if deals is None or self.finished else deals - len(self.deals)

    @property
    def totals(self) -> Mapping[str, int]:
        """Each player's side's total (their own, playing alone)."""
        return MappingProxyType({p: self.team_totals[self.table.side_of(p)]
                                 for p in self.table.players})

    @property
    def leaders(self) -> tuple[str, ...]:
        """Who is ahead: every player of the sides with the best total."""
        if not self.deals:
            return ()
        return _best(self.table, self.team_totals)


def _best(table: PointsTable, totals: Sequence[int]) -> tuple[str, ...]:
    best = (min if table.rules.lowest_wins else max)(totals)
    return tuple(p for unit, total in zip(table.units, totals, strict=True)
                 if total == best for p in unit)


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
    if state.finished:
        raise fail(N_("The game is over: deal %(number)d cannot be added."),
                   number=deal.number)
    if deal.number != state.next_deal:
        raise fail(N_("Deal %(number)d is not the next deal (%(next)d)."),
                   number=deal.number, next=state.next_deal)
    points = deal.by_unit(table)
    assert state.dealer is not None  # a game not over has a dealer
    totals = tuple(t + p for t, p in zip(state.team_totals, points, strict=True))
    line = PointsLine(deal.number, state.dealer, tuple(side_name(u) for u in table.units),
                      points, totals)
    over = _over(table, deal.number, totals)
    return replace(state, deals=(*state.deals, line), team_totals=totals,
                   dealer=None if over else table.after(state.dealer), finished=over,
                   winners=_best(table, totals) if over else ())


def replay(table: PointsTable, deals: Sequence[PointsDeal]) -> PointsState:
    """The game's state after *deals*, in order."""
    state = _start(table)
    for deal in deals:
        state = extend(state, deal)
    return state


def rematch_dealer(state: PointsState) -> str:
    """Who deals first in a rematch: the next dealer, had the game gone on."""
    last = state.deals[-1].dealer if state.deals else state.table.first_dealer
    return state.dealer or state.table.after(last)
