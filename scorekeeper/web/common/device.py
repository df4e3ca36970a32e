"""What this device holds: the games and the groups it has opened, each kept in a cookie —
home and history list only these, so a game's or a group's link is never shown to anyone
who was not given it — and the games and groups whose PIN it entered, kept in the signed
session cookie."""

from __future__ import annotations

import json
from typing import TypeVar

from flask import Flask, g, request, session
from werkzeug.wrappers import Response

from ...models import Game, Group

COOKIE = "hand_games"
GROUPS_COOKIE = "hand_groups"
NIGHTS_COOKIE = "hand_nights"
KEEP = 50
SESSION_KEY = "unlocked"
GROUPS_SESSION_KEY = "unlocked_groups"
# Game and group ids the session cookie keeps (it must stay under the browsers' 4 kB).
KEEP_UNLOCKED = 50
KEEP_UNLOCKED_GROUPS = 20
YEAR = 365 * 24 * 3600
# Any response (a page's, or a redirect's): it is handed back as it came.
Answer = TypeVar("Answer", bound=Response)


#: A game id is 24 characters; anything much longer in the cookie was not written here.
LONGEST_ID = 64


def opened(cookie: str = COOKIE) -> list[str]:
    """Ids of the games (or, with :data:`GROUPS_COOKIE`, the groups) opened here, most
    recent first; a cookie this app did not write (not a list of ids, or nested too deep
    to read) counts as none and is replaced."""
    try:
        ids = json.loads(request.cookies.get(cookie, "[]"))
    except (ValueError, RecursionError):
        ids = None
    if not isinstance(ids, list) or not all(
            isinstance(i, str) and len(i) <= LONGEST_ID for i in ids):
        g.setdefault("bad_device_cookies", set()).add(cookie)
        return []
    return ids[:KEEP]


def opened_groups() -> list[str]:
    """Ids of the groups opened here, most recent first."""
    return opened(GROUPS_COOKIE)


def opened_nights() -> list[str]:
    """Ids of the nights whose organiser's page was opened here, most recent first."""
    return opened(NIGHTS_COOKIE)


def remember_night(response: Answer, night_id: str) -> Answer:
    """Keep *night_id* first among the nights opened here (home lists them)."""
    return remember(response, night_id, NIGHTS_COOKIE)


def _replace_bad_cookie(response: Response) -> Response:
    """A cookie :func:`opened` could not read is dropped, unless this answer wrote a new
    one (as a game's page does)."""
    written = response.headers.getlist("Set-Cookie")
    for cookie in g.get("bad_device_cookies", ()):
        if not any(header.startswith(f"{cookie}=") for header in written):
            response.delete_cookie(cookie, httponly=True, samesite="Lax")
    return response


def init_app(app: Flask) -> None:
    app.after_request(_replace_bad_cookie)


def remember(response: Answer, game_id: str, cookie: str = COOKIE) -> Answer:
    """Keep *game_id* first among those opened here. Written only when that changes the
    list: fifty games' ids are 1.7 KB, which every page view and save of the game in front
    sent again (issue 40). The year it is kept counts from its last change."""
    before = opened(cookie)
    ids = ([game_id] + [i for i in before if i != game_id])[:KEEP]
    if ids != before:
        response.set_cookie(cookie, json.dumps(ids), max_age=YEAR, httponly=True,
                            samesite="Lax")
    return response


def remember_group(response: Answer, group_id: str) -> Answer:
    """Keep *group_id* first among the groups opened here (home lists them)."""
    return remember(response, group_id, GROUPS_COOKIE)


def unlock(game_id: str, key: str = SESSION_KEY, keep: int = KEEP_UNLOCKED) -> None:
    """Let this device change *game_id* (or, with :data:`GROUPS_SESSION_KEY`, the group)
    from now on."""
    kept = [game_id] + [i for i in session.get(key, []) if i != game_id]
    session[key] = kept[:keep]
    # Kept across browser restarts (PERMANENT_SESSION_LIFETIME, a month by default).
    session.permanent = True


def unlock_group(group_id: str) -> None:
    """Let this device change the group *group_id* from now on."""
    unlock(group_id, GROUPS_SESSION_KEY, KEEP_UNLOCKED_GROUPS)


def locked(game: Game) -> bool:
    """Whether this device may only look at *game*."""
    group = game.group if game.group_id is not None else None
    return locked_out(game.id, game.pin_hash is not None, game.group_id,
                      group is not None and group.pin_hash is not None)


def locked_out(game_id: str, pin: bool, group_id: str | None = None,
               group_pin: bool = False) -> bool:
    """Whether this device may only look at the game *game_id*, which has a PIN if *pin*,
    and counts for the group *group_id*, which has one if *group_pin*. A group's PIN
    guards its games as its own changes: one unlock for the table (issue 39, point 14)."""
    if pin and game_id in session.get(SESSION_KEY, []):
        return False
    return (pin or group_pin) and not (
        group_pin and group_id in session.get(GROUPS_SESSION_KEY, []))



def group_locked(group: Group) -> bool:
    """Whether this device may only look at *group* (its standings), not change it."""
    return group.pin_hash is not None and group.id not in session.get(
        GROUPS_SESSION_KEY, [])
