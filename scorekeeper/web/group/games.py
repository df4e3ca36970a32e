"""A group's games as its pages list them (its own page and its view-only page), newest
first as :func:`scorekeeper.league.groups.games_of` orders them: the newest :data:`LISTED`, then
"Older games", which brings the next :data:`OLDER` — in place with htmx (the list's rows
alone), or on the page at ``?before=<view id>`` without script.

A page of older games is read from the place of the game it follows (keyset paging), not
by counting games off (OFFSET): the twentieth page of a season costs the same statements
as the first. It follows a game's view id, never the game's own id, which would let
whoever reads the view-only page record the game's deals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import request
from flask_babel import gettext as _
from sqlalchemy import and_, or_, select

from ...extensions import db
from ...models import Game, Group
from ..game.home import GAME_ID, listing

#: The group's games its page lists, newest first.
LISTED = 10
#: The older games each tap on "Older games" brings: whoever taps it is looking further
#: back than the evening's games, and each tap is a wait.
OLDER = 20
#: The id of the list's "Older games" item (templates/groups/_game_rows.html), the target
#: htmx names when it asks for the games after it.
OLDER_ID = "older-games"


@dataclass(frozen=True)
class Listed:
    """The games a list shows (as scorekeeper.web.game.home.listing gives them), the address
    of the games after them when there are more, the address of the newest when these are
    older ones, and why the games asked for could not be listed."""

    games: list[dict[str, object]]
    older: str | None = None
    newest: str | None = None
    error: str | None = None


def listed(group: Group, address: Callable[..., str], alone: bool = False) -> Listed:
    """The games of *group* the request asks for: the newest, or the older ones after the
    game whose view id is ``before``. *address* makes the page's address from its query
    (the season asked for is kept). *alone*: the games are to be added to a list already
    shown (htmx), so a game that is not the group's is said, without the newest again."""
    query = {key: values for key, values in request.args.lists() if key != "before"}
    before = request.args.get("before", "")
    games = select(Game.id, Game.view_id).where(Game.group_id == group.id)
    error = None
    if before:
        # Junk is not looked up (a NUL, say, which PostgreSQL refuses outright).
        mark = db.session.execute(select(Game.created_at, Game.id).where(
            Game.group_id == group.id, Game.view_id == before)).first() if GAME_ID.fullmatch(
            before) else None
        if mark is None:
            # A made-up address, or the game was taken out of the group since its page
            # was read.
            error = _("The older games cannot be listed from that one: it is not one of "
                      "the group's games (any more).")
            if alone:
                return Listed([], error=error)
            before = ""
        else:
            games = games.where(or_(Game.created_at < mark.created_at,
                                    and_(Game.created_at == mark.created_at,
                                         Game.id > mark.id)))
    count = OLDER if before else LISTED
    rows = db.session.execute(games.order_by(Game.created_at.desc(), Game.id)
                              .limit(count + 1)).all()
    shown = rows[:count]
    return Listed(listing([row.id for row in shown]),
                  older=address(**query, before=shown[-1].view_id)
                  if len(rows) > count else None,
                  newest=address(**query) if before else None, error=error)
