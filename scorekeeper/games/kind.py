"""What a game does for the rest of the app: :class:`GameKind`, one frozen record of the
game's declaration (:class:`~scorekeeper.games.about.GameInfo`) and its functions, over the
game's own table, deal and state types; and the few shapes of those values that shared code
reads (:class:`Table`, :class:`State`, :class:`Deal`). The storage, the backups, the JSON
API and the pages reach a game only through these; what a game's rules mean stays inside
its own package (docs/architecture.md, "Adding a game").

A game writes only what it has: the referee's questions, a round scored without a game and
the pages' optional parts have defaults saying the game has none."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from ..codec import PayloadError
from ..jsontypes import JSONObject
from ..rulekit.messages import N_, msg
from .about import GameInfo
from .openapi_part import OpenApiPart
from .pages import GamePages
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ..league.engine import Result
    from ..models import Game


class Rules(Protocol):
    """A game's rules as shared code reads them: the preset they start from, and every
    option as stored (a game's row keeps them so)."""

    @property
    def preset(self) -> str: ...

    def to_dict(self) -> JSONObject: ...


class Table(Protocol):
    """A game's table as shared code reads it."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in the game's order of play."""
        ...

    @property
    def rules(self) -> Rules: ...

    @property
    def units(self) -> tuple[tuple[str, ...], ...]:
        """Who scores together: each side's players, or each player alone."""
        ...


class Deal(Protocol):
    """One entry of a game's log: what the table reported for a deal."""

    @property
    def number(self) -> int: ...


class State(Protocol):
    """A game replayed from its log of deals, as shared code reads it."""

    @property
    def table(self) -> Table: ...

    @property
    def deals(self) -> Sequence[object]:
        """Each deal's line of the sheet (what the game made of it), in order."""
        ...

    @property
    def next_deal(self) -> int: ...

    @property
    def scored_rounds(self) -> int:
        """The deals that counted (a redeal or a burnt deal does not)."""
        ...

    @property
    def dealer(self) -> str | None:
        """Who deals next; ``None`` once the game is over."""
        ...

    @property
    def finished(self) -> bool: ...

    @property
    def winners(self) -> tuple[str, ...]: ...

    @property
    def leaders(self) -> tuple[str, ...]:
        """Who is ahead now, by the game's own measure."""
        ...

    @property
    def totals(self) -> Mapping[str, int]:
        """Each player's total (their side's, playing in sides)."""
        ...


# A game's own table, deal and state types, as its kind is checked against the protocol.
TableT = TypeVar("TableT", bound=Table)
DealT = TypeVar("DealT", bound=Deal)
StateT = TypeVar("StateT", bound=State)


class Unfit(ValueError):
    """A stored game (read from a backup) that the app would never have written: *field*
    names where, *reason* what it must be, in English like the commands that read files."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


class NewGame(Protocol):
    def __call__(self, spec: object, players: list[str], first_dealer: str, *,
                 partnerships: bool, teams: object) -> Game:
        """A validated, not yet saved game row, with *teams* (as a body or a form gives
        them: lists of names) read by the game: :class:`RulesError` or
        :class:`~scorekeeper.codec.PayloadError` says what is wrong."""
        ...


@dataclass(frozen=True, kw_only=True)
class GameKind(Generic[TableT, DealT, StateT]):
    """Everything shared code asks of one game. A game's package builds one (its
    ``kind.py``) and the registry (:mod:`scorekeeper.games`) lists it."""

    info: GameInfo
    pages: GamePages[TableT, DealT, StateT]

    # --- a game and its deals, stored ------------------------------------------------
    new_game: NewGame
    #: The engine's table for a stored game.
    table_of: Callable[[Game], TableT]
    #: The deal a stored report describes, given its number and the players (the reverse
    #: of ``report_of``): :class:`ValueError` (or a :class:`RulesError`) when it cannot be.
    deal_from_report: Callable[[int, Mapping[str, object], tuple[str, ...]], DealT]
    #: The game's own report of a deal, as the deal row's ``report`` keeps it (seats by
    #: position, never names): the game's typed record, encoded as JSON.
    report_of: Callable[[DealT, tuple[str, ...]], Mapping[str, object]]
    #: Where each field of the report stood in backups written before deals kept one
    #: (the file's format 4 and earlier): the deal row's column it was in.
    report_columns: Mapping[str, str]
    #: The game's state after a log of deals: :class:`RulesError` when it does not hold.
    replay: Callable[[TableT, list[DealT]], StateT]
    #: A state one deal longer, without replaying the deals before.
    extend: Callable[[StateT, DealT], StateT]
    #: A deal for the audit trail (from the deal and its line of the sheet): the body that
    #: records it again, with its scores.
    # The line is the game's own (its state's ``deals``), which shared code only hands
    # back to the game that made it. Any: shared code cannot name the game's line type.
    snapshot: Callable[[DealT, Any], Snapshot]
    #: The fields such a snapshot may hold.
    snapshot_fields: frozenset[str]
    #: The fields a deal's JSON body may hold at its top level (any other is refused by
    #: name, not ignored).
    deal_fields: frozenset[str]
    #: What a backup holds beyond the deals (sides, kept rulings) is what this game
    #: writes: :class:`Unfit` otherwise.
    check_stored: Callable[[Game, TableT], None]

    # --- the group's league ----------------------------------------------------------
    #: The game's result as its group's standings read it (:mod:`scorekeeper.league`).
    result: Callable[[StateT, list[DealT]], Result]
    #: A member's counts summed over a season, as the standings show them: the figures
    #: only this game's rules give (each shown under ``pages.league_columns``).
    league_figures: Callable[[Mapping[str, int]], JSONObject]
    #: Who deals first in a rematch: the dealer of the next deal, had the game gone on.
    rematch_dealer: Callable[[StateT], str]

    # --- JSON ------------------------------------------------------------------------
    #: A deal as a body reports it (with its number), under the game's rules as stored
    #: (``None`` for a deal the app wrote itself, as the audit trail keeps it).
    deal_from_json: Callable[[Mapping[str, object], int, object | None], DealT]
    #: The state as the API answers it: (game id, state, log, version, the game's url).
    state_to_json: Callable[[str, StateT, list[DealT], str, str], JSONObject]
    #: The game's presets as the API's rules listing shows them, by name.
    listing: Callable[[], dict[str, JSONObject]]
    #: The game's part of the OpenAPI description (:mod:`scorekeeper.api.openapi`).
    openapi: Callable[[], OpenApiPart]
    #: One line on each preset, for choosers (untranslated: ``N_`` strings).
    notes: Mapping[str, str]

    # --- what a game may have --------------------------------------------------------
    #: The referee's questions, as the API's paths name them (``/referee/<check>``).
    checks: tuple[str, ...] = ()
    #: The fields each question reads besides ``rules`` and ``players``: another game's
    #: field of the same question is refused by name.
    question_fields: Mapping[str, frozenset[str]] = field(
        default_factory=lambda: MappingProxyType({}))
    #: The referee's answer to a question asked with the API's body.
    decide: Callable[[str, Mapping[str, object]], JSONObject] | None = None
    #: One round's scores without a stored game (``/score/round``).
    score_round: Callable[[Mapping[str, object]], JSONObject] | None = None

    def __post_init__(self) -> None:
        if bool(self.checks) != self.info.referee or (self.decide is None) == bool(
                self.checks):
            raise ValueError(f"{self.info.name}: a referee is declared with its questions "
                             "and its decide, or not at all")
        if (self.pages.referee is None) == self.info.referee:
            raise ValueError(f"{self.info.name}: referee pages go with a referee")

    def ask(self, check: str, data: Mapping[str, object]) -> JSONObject:
        """The referee's answer; a game without one says so."""
        if self.decide is None:
            raise PayloadError(msg(N_("%(game)s has no referee: its deals are recorded as "
                                      "the table scores them."), game=msg(self.info.title)))
        return self.decide(check, data)

    def score(self, data: Mapping[str, object]) -> JSONObject:
        """One round's scores without a stored game; a game that has none says so."""
        if self.score_round is None:
            raise PayloadError(msg(N_("%(game)s scores its deals in a stored game only: "
                                      "record the deal there."), game=msg(self.info.title)))
        return self.score_round(data)


def brief(value: object) -> str:
    """*value* as a message about a stored game quotes it: never more than a line."""
    text = repr(value) if not isinstance(value, BaseException) else str(value)
    return text if len(text) <= 60 else text[:57] + "…"


#: A game of any kind, as the registry hands it to shared code: its table, deals and
#: state are read through the protocols only.
AnyKind = GameKind[Table, Deal, State]
#: A game's part of the pages, as shared code reads it.
AnyPages = GamePages[Table, Deal, State]
