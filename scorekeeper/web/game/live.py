"""Everyone at the table sees the same sheet: an open game page (or view-only page) asks
every few seconds whether the game changed, naming the version it shows (``If-None-Match``),
and gets ``304 Not Modified`` — one small query, no body — until it did; then the new live
part of the page (templates/games/_live.html: where the game stands, the sheet, the chart).
static/app.js sends the question, stops asking while the page is hidden, and leaves a deal
form being filled in alone."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC
from typing import Any, TypeVar

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    make_response,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from sqlalchemy import select

from ...extensions import db
from ...games import kind_of_game
from ...games.kind import State
from ...i18n import say
from ...models import Game
from ...storage import states_of, version_of
from ...trust.confirmations import Mark
from ..common import device
from . import marks as trust

bp = Blueprint("live", __name__)


@dataclass(frozen=True)
class Live:
    """Where a page asks whether the sheet changed, and the version it shows."""

    url: str
    etag: str


def version(game: Game, editable: bool, seat: str = "") -> str:
    """The version of a game's live part as a viewer sees it: it moves with every change
    to the game (each moves its time stamp), and differs by language, by whether the
    viewer may correct deals (the sheet then has a correct link per deal) and, on the
    game's own page, by who holds the phone (*seat*: its Confirm is theirs already)."""
    at = game.updated_at
    # SQLite gives back naive times, and a game just saved holds an aware one: both UTC.
    stamp = (at if at.tzinfo is None else at.astimezone(UTC).replace(tzinfo=None)).isoformat()
    key = f"{game.id} {stamp} {get_locale()} {'edit' if editable else 'view'} {seat}"
    return hashlib.sha256(key.encode()).hexdigest()[:20]


def for_game(game: Game) -> Live:
    return Live(url_for("live.game", game_id=game.id),
                version(game, not device.locked(game), trust.seat_key(game.id)))


def for_view(game: Game, view_id: str) -> Live:
    return Live(url_for("live.view", view_id=view_id), version(game, False))


@bp.get("/games/<game_id>/sheet")
def game(game_id: str) -> Response:
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    return _answer(game, for_game(game), editable=not device.locked(game))


@bp.get("/view/<view_id>/sheet")
def view(view_id: str) -> Response:
    game = db.session.scalars(select(Game).where(Game.view_id == view_id)).first()
    if game is None:
        abort(404)
    return _answer(game, for_view(game, view_id), editable=False)


T = TypeVar("T")


def csrf_token() -> str:
    """This session's CSRF token, as kept parts put it back; none where forms go without
    (an app with the check switched off)."""
    return generate_csrf() if current_app.config.get("WTF_CSRF_ENABLED", True) else ""


class Kept:
    """Parts of pages as rendered, by a key naming what they depend on, the game's version
    (the live part's etag, or the version itself) first: a page then costs the same
    however many deals its sheet holds. A cache: every change moves the version, and an
    entry never asked for again falls out once *size* newer ones are kept."""

    # A form's CSRF token is the session's own: kept as this slot, put back for each
    # session.
    TOKEN_SLOT = "\x00csrf\x00"

    def __init__(self, size: int) -> None:
        self.size = size
        self.parts: OrderedDict[tuple[str, ...], str] = OrderedDict()

    def __call__(self, key: tuple[str, ...], render: Callable[[], str]) -> Markup:
        """The part *key* as *render* renders it, rendered once while the game is
        unchanged."""
        token = csrf_token()

        def fresh() -> str:
            html = render()
            return html.replace(token, self.TOKEN_SLOT) if token else html

        html = remember(self.parts, self.size, key, fresh)
        return Markup(html.replace(self.TOKEN_SLOT, token) if token else html)


#: The live parts and the empty deal forms, a few KB each.
kept = Kept(512)


#: Rows of sheets as rendered, by all a row shows: a sheet rendered anew (the first read
#: after a change, the live part other phones fetch) renders only the rows it has not
#: shown before — after a save, the new one — and joins the others. About 0.3 KB each:
#: enough for a hundred games of eighty deals.
# Any: a cached row's key holds the row's own values, of each game's own types
_ROWS: OrderedDict[tuple[Any, ...], str] = OrderedDict()
ROWS_KEPT = 8192


@bp.app_template_global()
# Any: the row and the sheet are each game's own, handed on to its template
def kept_row(row: Any, sheet: Any, game: Game | None, editable: bool,
             mark: Mark | None = None, typed: tuple[tuple[str, str], ...] = ()) -> Markup:
    """The sheet's *row* as templates/games/_sheet_row.html renders it. What it depends on
    is its key: the row itself (a frozen value: its number, scores, running totals, marks
    and notes, already in the reader's words), the sheet's columns, the game (its
    correction links) and whether they show, the language and where the app is served."""
    editable = bool(editable)
    key = (row, sheet.columns, game.id if game is not None and editable else None, editable,
           str(get_locale()), request.script_root, mark, typed)

    def render() -> str:
        # Any: a Jinja template's module holds its macros as attributes Jinja's stubs cannot name
        macros: Any = current_app.jinja_env.get_template("games/_sheet_row.html").module
        return str(macros.sheet_row(row, sheet, game, editable, mark, typed))

    return Markup(remember(_ROWS, ROWS_KEPT, key, render))


# Any: the caches' keys are tuples of each game's own values
def remember(parts: OrderedDict[Any, T], size: int, key: Any, render: Callable[[], T]) -> T:
    """*key*'s entry in *parts*, rendered by *render* when there is none; beyond *size*
    entries, the one unused longest falls out. Requests are answered in threads: an entry
    another thread let go meanwhile is no error."""
    html = parts.get(key)
    if html is None:
        html = parts[key] = render()
        if len(parts) > size:
            parts.popitem(last=False)
    else:
        with suppress(KeyError):
            parts.move_to_end(key)
    return html


def part(game: Game, state: State, live: Live, editable: bool) -> Markup:
    """The live part of *game*'s page (templates/games/_live.html, with the game's own
    status) at *state*."""
    kind = kind_of_game(game)
    # The game's own page offers Confirm and Dispute, locked or not; a view-only page not.
    acting = live.url == url_for("live.game", game_id=game.id)
    return kept(("live", live.etag, live.url), lambda: render_template(
        "games/_live.html", live=live, editable=editable, state=state, table=state.table,
        sheet=kind.pages.sheet(state, None), say=say, game=game if editable else None,
        kind=kind, version=version_of(game), trust=trust.panel(game, acting),
        preset_name=kind.pages.preset_names.get(state.table.rules.preset),
        **kind.pages.context(None, state)))


def _answer(game: Game, live: Live, editable: bool) -> Response:
    if live.etag in request.if_none_match:
        response = make_response("", 304)
    else:
        # From the cache of replayed states when it has this version of the game.
        [(game, state)] = states_of([game.id])
        response = make_response(part(game, state, live, editable))
    response.set_etag(live.etag)
    # Asked afresh every time (the page sends its version itself): no cache may answer.
    response.headers["Cache-Control"] = "no-cache, private"
    response.vary.update(("Accept-Language", "Cookie"))
    return response
