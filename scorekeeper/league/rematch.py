"""A rematch ("Play again"): a new game of a finished one's table — the same players in the
same seats, the same sides, the same rules, the same group and the same table PIN — whose
first dealer is whoever would have dealt next had the game gone on (each game's kind says
who: ``rematch_dealer``). Used by the JSON API (``POST /api/v1/games/<id>/rematch``) and
the pages' "Play again" button alike; docs/api.md, "Rematch".

A game has at most one rematch: asking again (a double tap, a second phone) gives the
rematch already made, so a table never finds itself with two new games. The older game's
version moves when its rematch is made, so every phone showing it sees the link appear;
the rematch of a rematch makes a chain, one game after another.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.orm.attributes import set_committed_value

from .. import storage
from ..extensions import db
from ..games import kind_of_game
from ..models import Game
from ..rulekit.messages import N_, fail
from . import groups
from .results import awaiting


def rematch_of(game: Game) -> Game | None:
    """The rematch made of *game*, if there is one (the newest, should there be more)."""
    return db.session.scalars(select(Game).where(
        Game.id == storage.newest_rematch(game.id).scalar_subquery())).first()


def rematch_id(game_id: str) -> str | None:
    """The id of the rematch made of the game *game_id*, in one small query."""
    return db.session.scalars(storage.newest_rematch(game_id)).first()


def rematch(game: Game) -> Game:
    """The rematch of the finished *game*: made now, or the one made already. A new one is
    added to the session and flushed (it has its id, its seats are the group's members and
    its result is kept), in the same transaction as the move of the older game's version:
    the caller commits. :class:`~scorekeeper.rulekit.RulesError` when the game is not over;
    :class:`~scorekeeper.storage.GameChanged` when another phone changed the game at that
    very moment (and made no rematch of it)."""
    kind = kind_of_game(game)
    state = storage.state_of(game)
    # Not over — yet, again (reopened by an undo) or until the other side confirms its
    # deals — is no game to play again, even one played again before.
    if not state.finished or awaiting(game):
        raise fail(N_("Only a finished game can be played again."))
    if game.night is not None:
        # The night's next round is its tables' next game; a rematch would be a game of
        # the night's group made from one table's link (docs/security.md, "Links").
        raise fail(N_("This game is a table of the night “%(night)s”: its next game is the "
                      "night's next round, which the organiser starts."),
                   night=game.night.name)
    made = rematch_of(game)
    if made is not None:
        return made
    if not _claim(game):
        # Another phone got there first: its rematch is the table's.
        made = rematch_of(game)
        if made is None:
            raise storage.GameChanged
        return made
    players = [seat.name for seat in game.seats]
    teams = None if game.teams is None else [[players[i] for i in side]
                                              for side in game.teams]
    new = storage.new_game(game.rules, players, kind.rematch_dealer(state),
                           game.partnerships, teams)
    # The same table keeps its PIN: a rematch is no more open than the game it follows.
    new.pin_hash = game.pin_hash
    new.rematch_of = game.id
    db.session.add(new)
    group = game.group
    if group is not None:
        groups.start_game(group, new)
    db.session.flush()
    return new


def follow(game: Game) -> None:
    """After a change to *game*: its rematch, while no deal of it is recorded, follows
    it — its first dealer is whoever *game*, as it now stands, gives (a correction can
    change who scored worst). Its own transaction, after the change's."""
    made = rematch_of(game)
    if made is None or made.deals:
        return
    state = storage.state_of(game)
    if not state.finished:
        return  # reopened by an undo: the rematch waits for the game to end again
    seat = [s.name for s in made.seats].index(kind_of_game(game).rematch_dealer(state))
    if made.first_dealer != seat:
        made.first_dealer = seat  # its time stamp, and so its version, moves too
        db.session.commit()


def _claim(game: Game) -> bool:
    """Move the older game's time stamp (its version), on the condition that it is still
    the one this request read: from here to the commit the request holds the game, so two
    phones asking at once make one rematch. False when another change got there first."""
    seen = game.updated_at
    at = seen if seen.tzinfo is not None else seen.replace(tzinfo=UTC)
    now = max(datetime.now(UTC), at + timedelta(microseconds=1))
    claimed = cast(CursorResult[tuple[()]], db.session.execute(
        update(Game).where(Game.id == game.id, Game.updated_at == seen)
        .values(updated_at=now).execution_options(synchronize_session=False)))
    if claimed.rowcount != 1:
        return False
    set_committed_value(game, "updated_at", now)
    return True
