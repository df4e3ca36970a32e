"""What this device holds: the games it has opened, kept in a cookie — home and history
list only these, so a game's link is never shown to anyone who was not given it — and the
games whose table PIN it entered, kept in the signed session cookie."""

from __future__ import annotations

import json
from typing import TypeVar

from flask import Flask, g, request, session
from werkzeug.wrappers import Response

from ..models import Game

COOKIE = "hand_games"
KEEP = 50
SESSION_KEY = "unlocked"
# Game ids the session cookie keeps (it must stay under the browsers' 4 kB).
KEEP_UNLOCKED = 50
YEAR = 365 * 24 * 3600
# Any response (a page's, or a redirect's): it is handed back as it came.
Answer = TypeVar("Answer", bound=Response)


#: A game id is 24 characters; anything much longer in the cookie was not written here.
LONGEST_ID = 64


def opened() -> list[str]:
    """Ids of the games opened here, most recent first; a cookie this app did not write
    (not a list of ids, or nested too deep to read) counts as none and is replaced."""
    try:
        ids = json.loads(request.cookies.get(COOKIE, "[]"))
    except (ValueError, RecursionError):
        ids = None
    if not isinstance(ids, list) or not all(
            isinstance(i, str) and len(i) <= LONGEST_ID for i in ids):
        g.bad_device_cookie = True
        return []
    return ids[:KEEP]


def _replace_bad_cookie(response: Response) -> Response:
    """A cookie :func:`opened` could not read is dropped, unless this answer wrote a new
    one (as a game's page does)."""
    if g.get("bad_device_cookie") and not any(
            header.startswith(f"{COOKIE}=") for header in response.headers.getlist(
                "Set-Cookie")):
        response.delete_cookie(COOKIE, httponly=True, samesite="Lax")
    return response


def init_app(app: Flask) -> None:
    app.after_request(_replace_bad_cookie)


def remember(response: Answer, game_id: str) -> Answer:
    ids = [game_id] + [i for i in opened() if i != game_id]
    response.set_cookie(COOKIE, json.dumps(ids[:KEEP]), max_age=YEAR, httponly=True,
                        samesite="Lax")
    return response


def unlock(game_id: str) -> None:
    """Let this device change *game_id* from now on."""
    kept = [game_id] + [i for i in session.get(SESSION_KEY, []) if i != game_id]
    session[SESSION_KEY] = kept[:KEEP_UNLOCKED]
    # Kept across browser restarts (PERMANENT_SESSION_LIFETIME, a month by default).
    session.permanent = True


def locked(game: Game) -> bool:
    """Whether this device may only look at *game*."""
    return game.pin_hash is not None and game.id not in session.get(SESSION_KEY, [])
