"""The scorekeeper pages: a new game, the game's sheet and recording deals (correcting
one: scorekeeper/web/game/corrections.py; undoing one: scorekeeper/web/game/undo.py; the printable
sheet and the exports: scorekeeper/web/game/files.py). Each view turns the form into the
engine's values and shows what the engine replays; none decides a rule."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_wtf import FlaskForm
from jinja2_fragments.flask import render_block
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from ... import deal_fields
from ...codec import PayloadError
from ...extensions import htmx
from ...games import games, kind_of_game
from ...games.kind import AnyKind, Deal, State, Table
from ...i18n import say
from ...models import Game
from ...numbers import whole_or
from ...rulekit import RulesError
from ...storage import (
    DealConflict,
    PageName,
    add_deal,
    kept_table,
    load,
    load_page,
    page_name,
    state_and_log,
    state_of,
    version_of,
)
from ...trust import confirmations as trust
from ...ui.forms import Form, first_error
from ...ui.picker import DECK
from ..common import device
from . import conflicts, live
from .marks import asks_who, me, seat_key, unnamed
from .pressed import kept_pages
from .saved import Kept, Result, line_of
from .setup import new_game_form, preset_notes, start
from .typed import posted

bp = Blueprint("games", __name__)


def _game(game_id: str) -> Game:
    game = load(game_id)
    if game is None:
        abort(404)
    return game


def _page_game(game_id: str, name: PageName) -> Game:
    game = load_page(game_id, name)
    if game is None:
        abort(404)
    g.rematches = {game_id: name.rematch}  # read with the page's name: not looked for again
    return game


@bp.route("/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    form = new_game_form()()
    error = None
    move = request.form.get("move")
    if move:
        # Reorder buttons post the form back: swap two seats and show it again.
        form.rearrange(move)
    elif form.validate_on_submit():
        started = start(form)
        if not isinstance(started, str):
            return started
        error = started
    status = 422 if request.method == "POST" and (not move or form.errors) else 200
    return render_template("games/new.html", form=form, error=error, notes=preset_notes(),
                           games=games(), game_of={preset: kind.info.name for kind in games()
                                                   for preset in kind.info.presets}), status


def _deal_form(kind: AnyKind, table: Table, number: int,
               data: MultiDict[str, str] | None = None,
               record: Deal | None = None) -> FlaskForm:
    """The deal form of *table*'s game: holding *data* as sent, or fresh for deal
    *number* (holding *record*, to correct it)."""
    form = kind.pages.deal_form(table, data)
    if data is None:
        form.deal.data = str(number)
        if record is not None:
            kind.pages.fill_form(form, table, record)
    return form


#: The deal number the kept empty form is rendered with, and which each use replaces with
#: the next deal's: far beyond any game's deals (a game ends after at most a few hundred).
NUMBER_SLOT = 987654321


def empty_form(game: Game, kind: AnyKind, state: State, context: dict[str, object]) -> Markup:
    """The empty form for *state*'s next deal. A game's deal form depends on its table
    (the rules and the players) and on the deal's number alone, so it is rendered once per
    game, table and language with a stand-in number, kept, and shown with the number put
    in: neither a page nor a save builds a form to show it (docs/performance.md)."""
    return Markup(_blank(game, kind, state, context).replace(str(NUMBER_SLOT),
                                                             str(state.next_deal)))


def _blank(game: Game, kind: AnyKind, state: State, context: dict[str, object]) -> str:
    def render() -> str:
        form = _deal_form(kind, state.table, NUMBER_SLOT)
        # Nothing said about a save, an error or a kept deal: those go beside it.
        return render_template(f"{kind.info.name}/_deal_form.html", **(context | dict(
            form=form, action=url_for("games.record", game_id=game.id), form_error=None,
            form_note=None, offer=None, kept_deal=None, editing=False,
            blank=blank_address(game, state))))

    return live.kept(("form", game.id, str(hash(state.table)), str(get_locale())), render)


def blank_address(game: Game, state: State) -> str:
    """Where a phone fetches the empty form of *state*'s table once (static/record.js),
    named by all the form depends on: a save from a phone that says it holds this one is
    answered without it (issue 40: send only what changed)."""
    named = hashlib.sha256(repr((state.table, str(get_locale()))).encode()).hexdigest()
    return url_for("games.blank", game_id=game.id, v=named[:16])


@bp.get("/games/<game_id>/form")
def blank(game_id: str) -> Response:
    """The empty deal form as kept, with the stand-in number for the phone to replace."""
    game = _game(game_id)
    kind = kind_of_game(game)
    state = state_of(game)
    if state.finished or device.locked(game):
        abort(404)
    response = make_response(_blank(game, kind, state, _context(game, kind, state, None,
                                                                whole=False)))
    response.headers["Cache-Control"] = "no-store"  # its token is this visit's
    return response


def game_page(game: Game, form: FlaskForm = None, error: str | None = None, status: int = 200,
              block: str | None = None, form_error: str | None = None, state: State | None = None,
              offer: int | None = None, form_note: str | None = None,
              result: Result | None = None, kept: Kept | None = None,
              restored: int | None = None, typed: Mapping[str, str | None] | None = None
              ) -> Response:
    """The game's page (or its HTMX part), showing *state* if the caller has just replayed
    it. What the phone just did (*result*), its entries kept after another phone's save
    (*kept*) or given back by an undo (*restored*, the deal undone) are shown at the form,
    and an HTMX answer scrolls there: that is where the player is looking."""
    kind = kind_of_game(game)
    state = state or state_of(game)
    table = state.table
    if state.finished and kept is None:
        form = None  # a finished game takes no more deals: say why at the top instead
        error = error or form_error
    fresh = form is None and not state.finished
    # The next deal's form, empty: kept rendered (empty_form); one saying what is wrong
    # with it is built.
    empty = fresh and not (form_error or form_note)
    if fresh and not empty:
        form = _deal_form(kind, table, state.next_deal)
    locked = device.locked(game)
    context = _context(game, kind, state, form) | dict(
        error=error, form_error=form_error, offer=offer, form_note=form_note, locked=locked,
        result=result, kept_deal=kept, restored=restored, typed=typed)
    context["live_part"] = live.part(game, state, context["live"], editable=not locked)
    # A phone that must first say who holds it is shown "I am …" where the form was.
    if (form is not None or empty) and not locked and not (empty and asks_who(game)):
        if empty:
            context["empty_form"] = empty_form(game, kind, state, context)
        context["record_part"] = Markup(render_template("games/_record.html", **context))
    if htmx and not htmx.boosted and block is None:
        block = "game"
    html = (render_block("games/show.html", block, **context) if block
            else render_template("games/show.html", **context))
    response = make_response(html, status)
    response.headers["Vary"] = "HX-Request"
    shown = ("kept" if kept else "game-end" if state.finished and result
             else "record" if result or restored else None)
    if htmx and shown:
        response.headers["HX-Reswap"] = f"outerHTML show:#{shown}:top"
    elif htmx and status == 422:
        # A refused save: the first thing said wrong (a field's, or the form's) comes into
        # view, whatever lies between it and the save button (the note box, the preview).
        response.headers["HX-Reswap"] = "outerHTML show:p.error:bottom"
    return device.remember(response, game.id)


# A template's context, some of whose values (the live part, the version) are read back
# here before rendering.
def _context(game: Game, kind: AnyKind, state: State, form: FlaskForm, *,
             whole: bool = True) -> dict[str, Any]:  # Any: values read back, as said
    """What the game's templates show; a part that shows no more than the deal form and
    the sheet (*whole* false) asks its game nothing of the stored game (no kept rulings
    read)."""
    return dict(game=game, kind=kind, state=state, table=state.table, form=form,
                undo_form=Form(), say=say, live=live.for_game(game),
                version=version_of(game), deck=DECK, result=None, kept_deal=None, restored=None,
                preset_name=kind.pages.preset_names.get(state.table.rules.preset),
                **kind.pages.context(game if whole else None, state))


def saved_part(game: Game, state: State) -> Response:
    """The answer to a deal saved with HTMX: the next deal's form, saying above it what the
    deal scored and who deals next, and out of band the new row, the totals and every
    other part of the page a deal changes (templates/games/_saved.html), the same few KB
    however long the game. The live part is told the version it now shows."""
    kind = kind_of_game(game)
    sheet = kind.pages.sheet(state, 1)  # the new row alone is sent
    line = line_of(sheet, len(state.deals))
    context = _context(game, kind, state, None, whole=False) | dict(
        editable=True, sheet=sheet, result=Result(line) if line else None)
    # A phone holding this very form gets a stand-in, which its record.js fills in.
    held = request.headers.get("HX-Empty-Form") == blank_address(game, state)
    context["empty_form"] = (Markup(f'<template data-empty-form="{state.next_deal}"></template>')
                             if held else empty_form(game, kind, state, context))
    response = make_response(render_template("games/_saved.html", **context))
    response.headers["HX-Retarget"] = "#record"
    response.headers["HX-Reswap"] = "outerHTML show:#record:top"
    response.headers["HX-Trigger-After-Swap"] = json.dumps({"sheet-saved": {
        "etag": context["live"].etag, "next": state.next_deal,
        "version": context["version"]}})
    response.headers["Vary"] = "HX-Request"
    return device.remember(response, game.id)


def _result(game: Game, state: State, number: int, corrected: bool = False,
            note: str | None = None) -> Result | None:
    line = line_of(kind_of_game(game).pages.sheet(state, None), number)
    return Result(line, corrected, note) if line else None


@bp.get("/games/<game_id>")
def show(game_id: str) -> Response:
    if htmx:
        return game_page(_game(game_id))
    # The page as a phone opens it, kept while nothing it shows changes: what the game's
    # row says of it (page_name), and what differs between phones — the language, the
    # address, the PIN lock, who holds it ("I am …"). Kept compressed: web/game/pressed.py.
    name = page_name(game_id)
    if name is None:
        abort(404)
    locked = device.locked_out(game_id, name.pin[0], name.group, name.pin[1])
    key = ("page", game_id, name.version, str(get_locale()), request.host_url,
           request.full_path, str(locked), str(name.pin), seat_key(game_id), *name.stamp)
    response = kept_pages(key, lambda: game_page(_page_game(game_id, name)).get_data(
        as_text=True)).response()
    response.headers["Vary"] = "HX-Request"
    return device.remember(response, game_id)


@bp.post("/games/<game_id>/preview")
def preview(game_id: str) -> str:
    game = _game(game_id)
    kind = kind_of_game(game)
    # The sheet as kept (scorekeeper.storage): nothing is read or replayed to preview the
    # next deal, however long the game.
    before, log = state_and_log(game)
    table = before.table
    form = _deal_form(kind, table, 0, request.form)
    template = f"{kind.info.name}/_preview.html"
    # The deal being recorded, or one being corrected: it replaces its own line.
    number = whole_or(form.deal.data, len(log) + 1)
    number = min(max(number, 1), len(log) + 1)
    if not kind.pages.ready(form):
        return ""  # nothing to show until the table says who went out
    if not form.validate():
        return render_template(template, error=first_error(form))
    try:
        deal = kind.pages.deal_from(form, table, number)
        state = (kind.extend(before, deal) if number == len(log) + 1
                 else kind.replay(table, [*log[:number - 1], deal, *log[number:]]))
    except (RulesError, PayloadError) as refusal:
        return render_template(template, error=say(refusal.message),
                               offer=kind.pages.offer(refusal, form, table), table=table)
    return render_template(template, line=state.deals[number - 1], state=state, table=table,
                           **kind.pages.context(None, state))


@bp.post("/games/<game_id>/deals")
def record(game_id: str) -> ResponseReturnValue:
    game = _game(game_id)
    kind = kind_of_game(game)
    # The table as the game's kept state has it: a save reads no seat (issue 24).
    table = kept_table(game)
    retried = kind.pages.retry(request.form, table)
    if retried is not None:
        data, note = retried
        return game_page(game, _deal_form(kind, table, 0, data), form_note=note)
    form = _deal_form(kind, table, 0, request.form)
    if not form.validate():
        return game_page(game, form, status=422, form_error=first_error(form),
                         typed=posted())
    if refused := unnamed(game):
        return game_page(game, form, status=422, form_error=refused, typed=posted())
    number = whole_or(form.deal.data, 0)
    try:
        written = deal_fields.columns(deal_fields.from_form(request.form))
        state = add_deal(game, kind.pages.deal_from(form, table, number),
                         *trust.passed(trust.recording(game, me(game)).plus(written)))
    except (RulesError, PayloadError) as refusal:
        return game_page(game, form, status=422, form_error=say(refusal.message),
                         offer=kind.pages.offer(refusal, form, table), typed=posted())
    except DealConflict as conflict:
        response = _conflict_answer(_game(game_id), kind, form, conflict)
        # For a phone sending a deal it kept while offline (static/outbox.js): this very
        # deal is already in, as the API's "already_recorded" says.
        response.headers["X-Already-Recorded"] = "true" if conflict.repeat else "false"
        return response
    if htmx:
        # The first deal replaces the sheet's "no deals yet", the last ends the game, and
        # where the other side confirms, each deal joins the list of those waiting: all
        # change the whole part.
        if state.finished or len(state.deals) == 1 or trust.confirming(game):
            return game_page(game, state=state, result=_result(game, state, len(state.deals)))
        return saved_part(game, state)
    return redirect(url_for("games.show", game_id=game.id))


def _conflict_answer(game: Game, kind: AnyKind, form: FlaskForm,
                     conflict: DealConflict) -> Response:
    """Another phone recorded this deal number first. The same deal again is simply in;
    other entries stay in this phone's form, beside the deal the sheet has, to make a
    correction of it, to save as the next deal, or to drop."""
    state = state_of(game)
    if conflict.repeat:
        return game_page(game, status=409, state=state, result=_result(
            game, state, conflict.number, note=conflicts.recorded(conflict)))
    theirs = line_of(kind.pages.sheet(state, None), conflict.number)
    form.deal.data = str(state.next_deal)
    form.version.data = version_of(game)
    correct = (url_for("games.edit", game_id=game.id, number=conflict.number)
               if theirs else None)
    return game_page(game, form, status=409, state=state,
                     form_error=conflicts.recorded(conflict), kept=Kept(theirs, correct),
                     typed=posted())
