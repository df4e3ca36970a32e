"""The games this device has opened, kept in a cookie: home and history list only these,
so a game's link is never shown to anyone who was not given it."""

from __future__ import annotations

import json

from flask import Response, request

COOKIE = "hand_games"
KEEP = 50
YEAR = 365 * 24 * 3600


def opened() -> list[str]:
    """Ids of the games opened here, most recent first."""
    try:
        ids = json.loads(request.cookies.get(COOKIE, "[]"))
    except ValueError:
        return []
    return [i for i in ids if isinstance(i, str)][:KEEP] if isinstance(ids, list) else []


def remember(response: Response, game_id: str) -> Response:
    ids = [game_id] + [i for i in opened() if i != game_id]
    response.set_cookie(COOKIE, json.dumps(ids[:KEEP]), max_age=YEAR, httponly=True,
                        samesite="Lax")
    return response
