"""A game's part of the pages: what the shared routes (scorekeeper/web/) ask of it, as one
frozen record of its functions. Its templates are ``templates/<name>/``:
``_deal_form.html``, ``_status.html``, ``_preview.html``, ``_next.html`` (who deals next,
said after a save), ``print.html`` and the new-game form's ``_setup_players.html``,
``_setup_sides.html`` and ``_setup_rules.html``, with ``_under_sheet.html``,
``_rulings.html`` and ``_mistake_offer.html`` where it has them, and ``_head.html`` for its
own styles. The parts a game may lack default to "the game has none"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from flask import Blueprint
    from flask_babel import LazyString
    from flask_wtf import FlaskForm
    from werkzeug.datastructures import MultiDict
    from werkzeug.wrappers import Response
    from wtforms import Field

    from ..models import Game
    from ..ui.sheet import Sheet

TableT = TypeVar("TableT")
DealT = TypeVar("DealT")
StateT = TypeVar("StateT")

#: What the new-game form chose: the rules (as a body gives them), whether partners sit
#: opposite, and other sides (lists of names) where the game has them.
Chosen = tuple[dict[str, object], bool, list[list[str]] | None]


def _no_setup_data(rules: Mapping[str, object]) -> dict[str, object]:
    return {}


def _no_offer(refusal: Exception, form: FlaskForm, table: object) -> int | None:
    return None


def _no_retry(data: MultiDict[str, str], table: object) -> None:
    return None


def _no_note(outcome: str | None) -> str:
    return ""


@dataclass(frozen=True, kw_only=True)
class GamePages(Generic[TableT, DealT, StateT]):
    """The functions the shared routes call, over the game's table, deal and state (forms
    are WTForms objects, typed as loosely as WTForms, which has no type information, is)."""

    #: Each preset's name as people call it (lazily translated).
    preset_names: Mapping[str, LazyString]
    #: The presets the new-game form lists as forms to play, with their names (a game may
    #: offer its other presets among its own choices instead).
    offered: Mapping[str, LazyString]
    #: The fields the game adds to the new-game form, by name.
    setup_fields: Callable[[], dict[str, Field]]
    #: (form, preset, names in order) → what the new-game form chose.
    setup: Callable[[FlaskForm, str, list[str]], Chosen]
    #: The deal form for a table, holding the request's form data if given.
    deal_form: Callable[[TableT, MultiDict[str, str] | None], FlaskForm]
    #: Put a recorded deal back into the form, to correct it.
    fill_form: Callable[[FlaskForm, TableT, DealT], None]
    #: Whether the form says enough for its preview to show anything.
    ready: Callable[[FlaskForm], bool]
    #: (form, table, number) → the deal the form describes: :class:`RulesError` or
    #: :class:`PayloadError` says what is wrong or missing.
    deal_from: Callable[[FlaskForm, TableT, int], DealT]
    #: (the stored game if any, state) → what the game's templates need besides the
    #: state and the sheet.
    context: Callable[[Game | None, StateT], dict[str, object]]
    #: The score sheet; with *last*, holding only the rows of the last deals, as a save
    #: sends the new row alone.
    sheet: Callable[[StateT, int | None], Sheet]
    #: The sheet as CSV rows, header first.
    csv_rows: Callable[[StateT], list[list[object]]]

    #: The new-game form's fields (by name) holding a game's rules as stored: a group's
    #: usual rules offered again (empty: the form cannot hold them).
    setup_data: Callable[[Mapping[str, object]], dict[str, object]] = _no_setup_data
    #: The game's own figures in a group's standings: each figure's key in the kind's
    #: ``league_figures`` (``"piles.clean"`` for a nested one) and its column's label.
    league_columns: Sequence[tuple[str, LazyString]] = ()
    #: The game's own scripts (static files) for its deal form: its game page loads them
    #: once shown (issue 40: not in the first load), its correction page with the page.
    scripts: Sequence[str] = ()
    #: The game's own pages (a Flask blueprint), or ``None``.
    blueprint: Blueprint | None = None
    #: (refusal, form, table) → the seat whose refused claim may be recorded otherwise.
    offer: Callable[[Exception, FlaskForm, TableT], int | None] = _no_offer
    #: (form data, table) → the form sent back changed as the table asked, with a note;
    #: ``None`` for a plain save.
    retry: Callable[[MultiDict[str, str], TableT],
                    tuple[MultiDict[str, str], str] | None] = _no_retry
    #: How the history names a deal that scored nothing, by its ``outcome``.
    outcome_note: Callable[[str | None], str] = _no_note
    #: The referee page asked at ``/referee/<check>?preset=`` (check, preset, the
    #: presets' names); ``None`` for a game without a referee.
    referee: Callable[[str, str, Mapping[str, LazyString]], Response] | None = None
    #: The referee page of a stored game (game, state, check, locked, presets' names).
    game_referee: Callable[[Game, StateT, str, bool, Mapping[str, LazyString]],
                           Response] | None = None
    #: A ruling to keep for the deal being played, as (check, inputs); or the page saying
    #: why it cannot be kept (game, state, form, locked, presets' names).
    ruling_to_keep: Callable[[Game, StateT, FlaskForm, bool, Mapping[str, LazyString]],
                             Response | tuple[str, dict[str, object]]] | None = None
