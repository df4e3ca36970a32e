"""The skeleton every game's engine builds on: a table of players seated in the order the
deal passes, scoring in sides or each alone (:class:`Seating`); a state that is a pure
function of the table and its log of deals (:class:`Sheet`, and :class:`SideSheet` where
every deal is scored and the totals are kept by side); and the walk from the log to the
state (:func:`replay`). Each game's table and state are frozen dataclasses built on these,
adding the fields of their own; what a game's rules mean stays in its own engine."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Generic, Protocol, TypeVar

from .messages import N_, fail
from .names import check_names

#: One side's players, or one player alone.
Unit = tuple[str, ...]
RulesT = TypeVar("RulesT", covariant=True)


@dataclass(frozen=True)
class Seating(Generic[RulesT]):
    """A table as every game's is: its rules, its players in the order the deal passes,
    who deals first, and who scores together. A game's table adds its own fields (its
    sides) and checks; the checks run when it is made, in the order a table is read: how
    many sit, their names, the sides, the first dealer."""

    rules: RulesT
    players: tuple[str, ...]
    first_dealer: str

    def __post_init__(self) -> None:
        self.check_count()
        check_names(self.players)
        self.check_sides()
        if self.first_dealer not in self.players:
            raise fail(N_("The first dealer “%(name)s” is not one of the players."),
                       name=str(self.first_dealer))

    def check_count(self) -> None:
        """How many may sit: :class:`RulesError` past the game's bounds."""

    def check_sides(self) -> None:
        """Which sides may play: :class:`RulesError` for sides the game has not."""

    @property
    def sides(self) -> tuple[Unit, ...] | None:
        """The sides that score together; ``None``: everyone plays alone."""
        return None

    @property
    def units(self) -> tuple[Unit, ...]:
        """Who scores together: the sides, or each player alone."""
        return self.sides or tuple((p,) for p in self.players)

    def side_of(self, name: str) -> int:
        """The place among :attr:`units` of *name*'s side."""
        return next(i for i, unit in enumerate(self.units) if name in unit)

    def next_to(self, name: str) -> str:
        """Who is next to *name* in the order the deal passes: the next dealer."""
        return self.players[(self.players.index(name) + 1) % len(self.players)]


class Line(Protocol):
    """A deal's line of the sheet, as far as every game's is alike."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> str: ...


TableT = TypeVar("TableT", bound="Seating[object]")
LineT = TypeVar("LineT", bound=Line)


@dataclass(frozen=True)
class Sheet(Generic[TableT, LineT]):
    """A state as every game's is: its table and each deal's line, in order. A game's
    state adds its own fields."""

    table: TableT
    deals: tuple[LineT, ...]

    @property
    def next_deal(self) -> int:
        return len(self.deals) + 1


def best(units: Sequence[Unit], totals: Sequence[int], *, lowest: bool = False) -> Unit:
    """Every player of the sides with the best total (the lowest, where *lowest*): a tie
    is a shared place."""
    top = (min if lowest else max)(totals)
    return tuple(p for unit, total in zip(units, totals, strict=True) if total == top
                 for p in unit)


@dataclass(frozen=True)
class SideSheet(Sheet[TableT, LineT]):
    """A state where every deal is scored and the totals are kept by side (each player
    alone, a side of one): each side's total, who deals next, whether the game is over
    and who won."""

    team_totals: tuple[int, ...]
    dealer: str | None  # of the next deal; None once the game is over
    finished: bool
    winners: tuple[str, ...]

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total is ahead (the highest, unless the game says)."""
        return False

    @property
    def scored_rounds(self) -> int:
        """Deals played: every deal counts."""
        return len(self.deals)

    @property
    def starter(self) -> str | None:
        """Who plays first in the next deal: the one after the dealer."""
        return None if self.dealer is None else self.table.next_to(self.dealer)

    @property
    def totals(self) -> Mapping[str, int]:
        """Each player's side's total (their own, playing alone)."""
        return MappingProxyType({p: self.team_totals[self.table.side_of(p)]
                                 for p in self.table.players})

    @property
    def leaders(self) -> tuple[str, ...]:
        """Who is ahead: every player of the sides with the best total; nobody before
        the first deal."""
        if not self.deals:
            return ()
        return best(self.table.units, self.team_totals, lowest=self.lowest_wins)

    def dealer_had_it_gone_on(self) -> str:
        """Who would deal the next deal had the game gone on, where the turn to deal
        passes every deal: the next dealer, or the one after the last deal's dealer."""
        if self.dealer is not None:  # a game not over: its next dealer
            return self.dealer
        if not self.deals:
            return self.table.first_dealer
        return self.table.next_to(self.deals[-1].dealer)


def check_next(number: int, expected: int, over: bool) -> None:
    """Deal *number* is the next deal, *expected*, of a game not *over*:
    :class:`RulesError` otherwise."""
    if number != expected:
        raise fail(N_("This is deal %(expected)d, not deal %(number)d."), expected=expected,
                   number=number)
    if over:
        raise fail(N_("The game is over; no deal can follow deal %(number)d."),
                   number=expected - 1)


StateT = TypeVar("StateT")
DealT = TypeVar("DealT")


def replay(start: StateT, extend: Callable[[StateT, DealT], StateT],
           deals: Iterable[DealT]) -> StateT:
    """The state after *deals*, in order, each added to *start* by *extend*: a correction
    or an undone deal, the log replayed gives every later dealer and total anew."""
    state = start
    for deal in deals:
        state = extend(state, deal)
    return state
