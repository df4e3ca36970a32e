"""What this device holds: the games it has opened, kept in a cookie — home and history
list only these, so a game's link is never shown to anyone who was not given it — and the
games whose table PIN it entered, kept in the signed session cookie."""

from __future__ import annotations

import json
from typing import TypeVar

from flask import request, session
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


def opened() -> list[str]:
    """Ids of the games opened here, most recent first."""
    try:
        ids = json.loads(request.cookies.get(COOKIE, "[]"))
    except ValueError:
        return []
    return [i for i in ids if isinstance(i, str)][:KEEP] if isinstance(ids, list) else []


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
