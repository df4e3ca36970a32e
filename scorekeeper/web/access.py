"""The table PIN. A game created with one shows its sheet to whoever holds its link, but
takes changes (recording, correcting, undoing a deal, keeping a ruling: any request other
than GET to an address naming the game) only from a device that entered the PIN — kept in
the signed session cookie — or, through the JSON API, with the PIN in ``X-Table-PIN``.

Wrong PINs are counted per game and address, and after ``ATTEMPTS`` every try, right or
wrong, is refused until the minute has passed. The count lives in Flask-Limiter's storage:
this process's memory unless ``RATELIMIT_STORAGE_URI`` says otherwise.
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum
from functools import lru_cache

from flask import (
    Blueprint,
    abort,
    current_app,
    jsonify,
    redirect,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db, htmx
from ..models import Game

bp = Blueprint("access", __name__)

ATTEMPTS = parse("5/minute")
SESSION_KEY = "unlocked"
# Game ids a session cookie keeps (the cookie must stay under the browsers' 4 kB).
KEEP = 50
PIN = re.compile(r"\d{4,8}")
# Endpoints that need no PIN though they change something: entering it.
OPEN = {"access.unlock_game"}


class Attempt(Enum):
    RIGHT = "right"
    WRONG = "wrong"
    LIMITED = "limited"


def init_app(app) -> None:
    # Said outright: without it Flask-Limiter warns that it picked memory by itself.
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("RATELIMIT_ENABLED", True)
    # Any 60 seconds, not each clock minute: a fixed window would allow ten quick guesses
    # across a minute's turn (and make the limit's tests depend on the clock).
    app.config.setdefault("RATELIMIT_STRATEGY", "moving-window")
    # One limiter per app, made here: Flask-Limiter keeps its storage on the object, which
    # a module-level one would share between apps (the tests make many). It limits no
    # route by itself; attempt() counts wrong PINs with it.
    app.extensions["pin_limiter"] = Limiter(get_remote_address, app=app)


def normal_pin(text: object) -> str | None:
    """The PIN as ASCII digits — phones set to Arabic type ٠١٢٣ — or None if *text* is
    not 4 to 8 digits."""
    if not isinstance(text, str) or not PIN.fullmatch(text.strip()):
        return None
    return "".join(str(unicodedata.digit(c)) for c in text.strip())


def set_pin(game: Game, pin: str) -> None:
    game.pin_hash = generate_password_hash(pin)


@lru_cache(maxsize=256)
def _matches(pin_hash: str, pin: str) -> bool:
    # A hash check costs a tenth of a second on purpose; an API client sends the PIN with
    # every deal, so remember the answer (this process's memory only).
    return check_password_hash(pin_hash, pin)


def attempt(game: Game, text: object) -> Attempt:
    """Check a PIN entered for *game*, counting it against the limit if wrong."""
    limiter = current_app.extensions["pin_limiter"]
    counting = limiter.enabled  # RATELIMIT_ENABLED = False turns the limit off
    key = ("table-pin", game.id, get_remote_address())
    if counting and not limiter.limiter.test(ATTEMPTS, *key):
        return Attempt.LIMITED
    pin = normal_pin(text)
    if pin is not None and _matches(game.pin_hash, pin):
        return Attempt.RIGHT
    if counting:
        limiter.limiter.hit(ATTEMPTS, *key)
    return Attempt.WRONG


def unlock(game_id: str) -> None:
    """Let this device change *game_id* from now on."""
    kept = [game_id] + [i for i in session.get(SESSION_KEY, []) if i != game_id]
    session[SESSION_KEY] = kept[:KEEP]
    # Kept across browser restarts (PERMANENT_SESSION_LIFETIME, a month by default).
    session.permanent = True


def locked(game: Game) -> bool:
    """Whether this device may only look at *game*."""
    return game.pin_hash is not None and game.id not in session.get(SESSION_KEY, [])


MESSAGES = {
    Attempt.WRONG: lambda: _("That is not the table's PIN."),
    Attempt.LIMITED: lambda: _("Too many wrong PINs: wait a minute, then try again."),
}
# Through the API a wrong PIN is a 403 like a missing one; on the page it is a refused
# form (422), as elsewhere in the app.
STATUS = {Attempt.WRONG: 403, Attempt.LIMITED: 429}
FORM_STATUS = {Attempt.WRONG: 422, Attempt.LIMITED: 429}


@bp.before_app_request
def guard():
    """Refuse a change to a PIN game from a device (or API client) without the PIN."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None or request.endpoint in OPEN:
        return None
    # Opening a deal's correction form is a change in the making.
    writing = request.method not in ("GET", "HEAD", "OPTIONS") or (
        request.endpoint == "games.edit")
    if not writing:
        return None
    game = db.session.get(Game, game_id)
    if game is None or game.pin_hash is None:
        return None  # the view answers 404, or anyone with the link may write
    if request.blueprint == "api":
        return _api_guard(game)
    if not locked(game):
        return None
    if request.method == "GET":
        return redirect(url_for("games.show", game_id=game.id))
    return refuse(game, _("This table has a PIN: enter it to record or change deals."),
                  403)


def _api_guard(game: Game):
    if "X-Table-PIN" not in request.headers:
        return jsonify(error=_("This game has a table PIN: send it in the X-Table-PIN "
                               "header to change the game.")), 403
    outcome = attempt(game, request.headers["X-Table-PIN"])
    if outcome is Attempt.RIGHT:
        return None
    return jsonify(error=MESSAGES[outcome]()), STATUS[outcome]


def refuse(game: Game, message: str, status: int):
    """The game's page, locked, with *message* by the PIN form."""
    from .games import _page

    response = _page(game, error=message, status=status)
    if htmx:
        # Whatever part of the page asked, show the whole game with the PIN form.
        response.headers["HX-Retarget"] = "main"
        response.headers["HX-Reswap"] = "innerHTML show:#unlock:top"
    return response


@bp.post("/games/<game_id>/unlock")
def unlock_game(game_id: str):
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    if game.pin_hash is None or not locked(game):
        return redirect(url_for("games.show", game_id=game.id), 303)
    outcome = attempt(game, request.form.get("pin", ""))
    if outcome is Attempt.RIGHT:
        unlock(game.id)
        return redirect(url_for("games.show", game_id=game.id), 303)
    return refuse(game, MESSAGES[outcome](), FORM_STATUS[outcome])
