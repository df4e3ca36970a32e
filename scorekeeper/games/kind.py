"""What a game is to the rest of the app: the typed protocol every game's unit provides
(:class:`GameKind`), and the few shapes of its values that shared code reads. The storage,
the backups, the JSON API and the pages reach a game only through these; what a game's
rules mean stays inside its own package (docs/architecture.md, "Adding a game")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from ..league import Result
    from ..models import DealRecord, Game


class Table(Protocol):
    """A game's table as shared code reads it: its rules and the players in seating
    order."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> Any: ...


class State(Protocol):
    """A game replayed from its log of deals, as shared code reads it."""

    @property
    def table(self) -> Any: ...

    @property
    def deals(self) -> Sequence[Any]: ...

    @property
    def next_deal(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    @property
    def winners(self) -> tuple[str, ...]: ...

    @property
    def totals(self) -> Mapping[str, int]: ...


class Deal(Protocol):
    """One entry of a game's log: what the table reported for a deal."""

    @property
    def number(self) -> int: ...


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


class GamePages(Protocol):
    """A game's part of the pages: what the shared routes (scorekeeper/web/games.py,
    web/referee.py, web/setup.py) ask of it. Its templates are ``templates/<name>/``:
    ``_deal_form.html``, ``_status.html``, ``_preview.html``, ``_next.html`` (who deals
    next, said after a save), ``print.html`` and the new-game form's
    ``_setup_players.html``, ``_setup_sides.html`` and ``_setup_rules.html``, with
    ``_under_sheet.html``, ``_rulings.html`` and ``_mistake_offer.html`` where it has
    them."""

    @property
    def preset_names(self) -> Mapping[str, Any]:
        """Each preset's name as people call it (lazily translated)."""
        ...

    @property
    def offered(self) -> Mapping[str, Any]:
        """The presets the new-game form lists as forms to play, with their names (a
        game may offer its other presets among its own choices instead)."""
        ...

    @property
    def most_players(self) -> int:
        """The most players the game seats: the new-game form has a box for each."""
        ...

    @property
    def blueprint(self) -> Any:
        """The game's own pages (a Flask blueprint), or ``None``."""
        ...

    def setup_fields(self) -> dict[str, Any]:
        """The fields the game adds to the new-game form, by name."""
        ...

    def setup(self, form: Any, preset: str,
              names: list[str]) -> tuple[dict[str, object], bool, list[list[str]] | None]:
        """The rules, partnerships and sides the new-game form chose."""
        ...

    def setup_data(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """The new-game form's fields (by name) holding *rules*, a game's rules as stored:
        a group's usual rules offered again (empty if the form cannot hold them)."""
        ...

    @property
    def league_columns(self) -> Sequence[tuple[str, Any]]:
        """The game's own figures in a group's standings: each figure's key in
        :meth:`GameKind.league_figures` (``"piles.clean"`` for a nested one) and its
        column's label (lazily translated)."""
        ...

    def deal_form(self, table: Any, data: Any = None) -> Any:
        """The deal form for *table*, holding *data* (the request's form) if given."""
        ...

    def fill_form(self, form: Any, table: Any, deal: Any) -> None:
        """Put a recorded deal back into the form, to correct it."""
        ...

    def ready(self, form: Any) -> bool:
        """Whether the form says enough for its preview to show anything."""
        ...

    def deal_from(self, form: Any, table: Any, number: int) -> Any:
        """The deal the form describes: :class:`RulesError` or :class:`PayloadError`
        says what is wrong or missing."""
        ...

    def offer(self, refusal: Exception, form: Any, table: Any) -> int | None:
        """The seat whose refused claim may be recorded otherwise (Hand's Kuwaiti
        mistakes), or ``None``."""
        ...

    def retry(self, data: Any, table: Any) -> tuple[Any, str] | None:
        """The form sent back changed as the table asked, with a note; ``None`` for a
        plain save."""
        ...

    def context(self, game: Game | None, state: Any) -> dict[str, Any]:
        """What the game's templates need besides the state and the sheet."""
        ...

    def sheet(self, state: Any, last: int | None = None) -> Any:
        """The game's score sheet (a :class:`scorekeeper.ui.sheet.Sheet`); with *last*,
        holding only the rows of the last deals, as a save sends the new row alone — the
        cost of a save stays the same however long the game."""
        ...

    def csv_rows(self, state: Any) -> list[list[Any]]:
        """The sheet as CSV rows, header first."""
        ...

    def outcome_note(self, outcome: str | None) -> str:
        """How the history names a deal that scored nothing, by its ``outcome``."""
        ...

    def referee(self, check: str, preset: str, presets: Mapping[str, Any]) -> Any:
        """The referee page asked at ``/referee/<check>?preset=``."""
        ...

    def game_referee(self, game: Game, state: Any, check: str, locked: bool,
                     presets: Mapping[str, Any]) -> Any:
        """The referee page of a stored game (``/games/<id>/referee/<check>``)."""
        ...

    def ruling_to_keep(self, game: Game, state: Any, form: Any, locked: bool,
                       presets: Mapping[str, Any]) -> Any:
        """A ruling to keep for the deal being played, as (check, inputs); or the
        page saying why it cannot be kept."""
        ...


class GameKind(Protocol[TableT, DealT, StateT]):
    """Everything shared code asks of one game, over the game's own table, deal and state
    types (each with at least what :class:`Table`, :class:`Deal` and :class:`State` say
    shared code reads). A game's package builds one object that has these, and the
    registry (:mod:`scorekeeper.games`) lists it."""

    @property
    def name(self) -> str:
        """The game in code and in its templates' folder: ``hand``."""
        ...

    @property
    def title(self) -> str:
        """The game as people call it, marked for translation (shown with ``gettext``)."""
        ...

    @property
    def presets(self) -> tuple[str, ...]:
        """The rules' preset names that are this game's; a game's stored rules name one."""
        ...

    @property
    def checks(self) -> tuple[str, ...]:
        """The referee's questions, as the API's paths name them (``/referee/<check>``)."""
        ...

    @property
    def question_fields(self) -> Mapping[str, frozenset[str]]:
        """The fields each of :attr:`checks` reads besides ``rules``, ``players`` and
        ``indicator``: another game's field of the same question is refused by name."""
        ...

    @property
    def snapshot_fields(self) -> frozenset[str]:
        """The fields a deal kept in the audit trail may hold (:meth:`snapshot`)."""
        ...

    @property
    def deal_fields(self) -> frozenset[str]:
        """The fields a deal's JSON body may hold at its top level (any other is refused
        by name, not ignored)."""
        ...

    @property
    def pages(self) -> GamePages:
        """Its part of the pages."""
        ...

    # --- a game and its deals, stored ------------------------------------------------

    def new_game(self, spec: object, players: list[str], first_dealer: str, *,
                 partnerships: bool, teams: object) -> Game:
        """A validated, not yet saved game row, with *teams* (as a body or a form gives
        them: lists of names) read by the game: :class:`RulesError` or
        :class:`~scorekeeper.codec.PayloadError` says what is wrong."""
        ...

    def table_of(self, game: Game) -> TableT:
        """The engine's table for a stored game."""
        ...

    def deal_from_record(self, record: DealRecord, players: tuple[str, ...]) -> DealT:
        """The deal a stored row describes (the reverse of :meth:`fill`)."""
        ...

    def fill(self, record: DealRecord, deal: DealT, players: tuple[str, ...]) -> DealRecord:
        """*record* holding *deal*, every column as the app writes it."""
        ...

    def replay(self, table: TableT, log: list[DealT]) -> StateT:
        """The game's state after *log*: :class:`RulesError` when it does not hold."""
        ...

    def extend(self, state: StateT, deal: DealT) -> StateT:
        """*state* one deal longer, without replaying the deals before."""
        ...

    def snapshot(self, deal: DealT, line: Any) -> dict[str, Any]:
        """A deal for the audit trail: the body that records it again, with its scores."""
        ...

    def check_stored(self, game: Game, table: TableT) -> None:
        """What a backup holds beyond the deals (its sides, its kept rulings) is what
        this game writes: :class:`Unfit` otherwise."""
        ...

    # --- the group's league ----------------------------------------------------------

    def result(self, state: StateT, log: list[DealT]) -> Result:
        """The game's result as its group's standings read it: every seat's side, total,
        rank, win and the game's own counts (:mod:`scorekeeper.league`)."""
        ...

    def league_figures(self, sums: Mapping[str, int]) -> dict[str, Any]:
        """A member's counts summed over a season, as the standings show them (averages
        worked out, piles grouped): the figures only this game's rules give."""
        ...

    def rematch_dealer(self, state: StateT) -> str:
        """Who deals first in a rematch ("Play again") of the game *state* holds: the
        dealer of the next deal had the game gone on, by the game's own rule."""
        ...

    # --- JSON ------------------------------------------------------------------------

    def deal_from_json(self, data: Mapping[str, Any], number: int,
                       spec: object | None) -> DealT:
        """Deal *number* as a body reports it, under the game's rules as stored (*spec*;
        ``None`` for a deal the app wrote itself, as the audit trail keeps it)."""
        ...

    def state_to_json(self, game_id: str, state: StateT, log: list[DealT], version: str,
                      url: str) -> dict[str, Any]:
        """The game's state as the API answers it."""
        ...

    def decide(self, check: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """The referee's answer to *check* asked with the API's body *data*."""
        ...

    def score_round(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """One round's scores without a stored game (``/score-round``)."""
        ...

    def listing(self) -> dict[str, dict[str, Any]]:
        """The game's presets as the API's rules listing shows them, by name."""
        ...

    def openapi(self) -> dict[str, Any]:
        """The game's part of the OpenAPI description: ``rules`` (schemas of its rules),
        ``referee`` (by check: summary, body and answer), ``score_round`` (the same, or
        ``None``), ``outcomes``, and the fields its ``deal`` bodies, its deals' ``line``
        in a state, its ``state`` and a new ``game`` take besides every game's, with its
        own ``schemas``."""
        ...

    def notes(self) -> dict[str, str]:
        """One line on each preset, for choosers (untranslated: ``N_`` strings)."""
        ...


def brief(value: object) -> str:
    """*value* as a message about a stored game quotes it: never more than a line."""
    text = repr(value) if not isinstance(value, BaseException) else str(value)
    return text if len(text) <= 60 else text[:57] + "…"


#: A game of any kind, as the registry hands it to shared code.
AnyKind = GameKind[Any, Any, Any]
