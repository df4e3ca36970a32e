"""The result picture to share: ``/games/<id>/result.png`` and, for the view-only link,
``/view/<view_id>/result.png``. A finished game's page offers it to the phone's share
sheet (static/share.js), or as a download. The picture is drawn by
scorekeeper/ui/picture.py from the game's sheet, every word in the reader's language, as
the pages are; a game in play gets one too, saying who leads.

Drawing needs the ``picture`` extra (Pillow, arabic-reshaper, python-bidi): without it the
address says so (501) and the pages offer no picture. The answer carries an ETag, a digest
of everything the picture shows (the game, its language, its group's name), so a phone
asking again for an unchanged game gets a 304 and nothing is drawn twice."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from flask import Blueprint, Flask, Response, abort, request
from flask_babel import format_date
from flask_babel import gettext as _
from sqlalchemy import select

from ...extensions import db
from ...games import kind_of_game
from ...i18n import right_to_left
from ...models import Game
from ...storage import load, state_of
from ...ui.names import together
from .downloads import attachment

if TYPE_CHECKING:
    from ...ui.picture import Result

bp = Blueprint("share", __name__)

# Pictures as drawn, by their digest: a game's page and its view-only link, or several
# phones at the table, ask for the same one. Every change makes a new digest.
_DRAWN: OrderedDict[str, bytes] = OrderedDict()
_KEEP = 32
_LOCK = threading.Lock()  # the server's threads share them
# Moves every digest when the drawing changes.
DRAWING = "1"


def available() -> bool:
    """Whether this install can draw the picture (the ``picture`` extra)."""
    try:
        from ...ui.picture import draw  # noqa: F401
    except ImportError:
        return False
    return True


@bp.get("/games/<game_id>/result.png")
def game_picture(game_id: str) -> Response:
    game = load(game_id)
    if game is None:
        abort(404)
    return _answer(game)


@bp.get("/view/<view_id>/result.png")
def view_picture(view_id: str) -> Response:
    game = db.session.scalars(select(Game).where(Game.view_id == view_id)).first()
    if game is None:
        abort(404)
    return _answer(game)


def _answer(game: Game) -> Response:
    try:
        from ...ui.picture import draw
    except ImportError:
        abort(501, description=_(
            "This server cannot draw the result picture: it needs the picture extra "
            "(pip install 'hand-scorekeeper[picture]')."))
    result = _result(game)
    digest = hashlib.sha256(f"{DRAWING} {result!r}".encode()).hexdigest()[:24]
    if digest in request.if_none_match:
        response = Response(status=304)
    else:
        with _LOCK:
            png = _DRAWN.get(digest)
            if png is not None:
                _DRAWN.move_to_end(digest)
        if png is None:
            png = draw(result)  # outside the lock: other pictures need not wait
            with _LOCK:
                _DRAWN[digest] = png
                if len(_DRAWN) > _KEEP:
                    _DRAWN.popitem(last=False)
        response = Response(png, mimetype="image/png")
    response.headers["Content-Disposition"] = attachment(
        kind_of_game(game).info.name, state_of(game).table.players, game.created_at.date(),
        "png", disposition="inline")
    response.set_etag(digest)
    # The address is a game's secret link: kept by this phone only, asked again each time
    # (an unchanged game answers 304).
    response.headers["Cache-Control"] = "no-cache, private"
    return response


def _result(game: Game) -> Result:
    """What the picture of *game* shows, in the reader's language."""
    from ...ui.picture import Result, Standing

    kind = kind_of_game(game)
    state = state_of(game)
    sheet = kind.pages.sheet(state, None)
    table = state.table
    title = str(kind.pages.preset_names.get(table.rules.preset) or kind.info.title)
    # As the page's heading says it (templates/games/show.html): a game whose table has
    # partnerships says so.
    if game.partnerships:
        title = f"{title} · {_('partnerships')}"
    points = tuple(tuple(p) for p in sheet.points())
    if state.finished:
        note, headline = _("Game over"), _("%(names)s won.", names=together(state.winners))
    elif len(points) > 1:
        leaders = together(sheet.columns[i] for i in sheet.leaders)
        note, headline = _("Game in progress"), _("Leading: %(names)s", names=leaders)
    else:
        note, headline = _("Game in progress"), _("No deals yet.")
    tally = sheet.tally
    return Result(
        title=title, note=note, headline=headline,
        day=format_date(game.created_at, "long"),
        group=game.group.name if game.group is not None else None,
        standings=tuple(
            Standing(name, total, i in sheet.leaders, tally.values[i] if tally else None)
            for i, (name, total) in enumerate(zip(sheet.columns, sheet.totals, strict=True))),
        points=points, footer=_("Hand Scorekeeper"), right_to_left=right_to_left(),
        tally_label=tally.label if tally else None, total_label=_("Total"))


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    # The pages offer the picture only where it can be drawn.
    app.jinja_env.globals["result_picture"] = available()
