"""Each group game's result, kept beside the game (:class:`~scorekeeper.models.GameResult`)
and rewritten in the same transaction as every change to it, so a group's standings add
up stored rows — a thousand games answer without replaying one (docs/league.md). Read by
the group pages and the JSON API through :func:`season`."""

from __future__ import annotations

from collections import OrderedDict
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import Select, select

from ..extensions import db
from ..games import kind_of_game
from ..games.kind import Deal, State
from ..models import DealRecord, Game, GameResult
from .engine import Place
from .engine.standings import Played
from .ratings import Key, rerate


def keep_result(game: Game, state: State, log: list[Deal], rerating: bool = True) -> None:
    """Write *game*'s result as *state* (replayed from *log*) has it, if the game is a
    group's, and rate the group's games again from this one on if its ranking changed
    (unless *rerating* is false: the caller rerates once for many games); part of the
    caller's transaction, which commits it."""
    if game.group_id is None:
        return
    kind = kind_of_game(game)
    outcome = kind.result(state, log)
    finished = outcome.finished and not awaiting(game)
    members = {seat.position: seat.member_id for seat in game.seats}
    places = [Place(p.seat, p.side, p.total, p.rank, p.won, p.figures,
                    members.get(p.seat)).to_json() for p in outcome.places]
    row = db.session.get(GameResult, game.id)
    if row is None:
        row = GameResult(game_id=game.id)
        db.session.add(row)
        before = None
    else:
        before = _rated(row)
    # A game counts for the day it ended: correcting a deal later keeps its day.
    if not (row.finished and finished and row.played_at is not None):
        row.played_at = game.updated_at
    row.group_id = game.group_id
    row.kind = kind.info.name
    row.finished = finished
    row.places = places
    after = _rated(row)
    if rerating and before != after:
        rerate(row.group_id, row.kind, min(k[0] for k in (before, after) if k is not None))


def awaiting(game: Game) -> bool:
    """Whether *game* waits for the other side to confirm a deal (scorekeeper/trust.py):
    until none does, it is not over for the league."""
    return game.confirm == "other_side" and db.session.scalar(
        select(DealRecord.id).where(DealRecord.game_id == game.id,
                                    DealRecord.confirmed_by.is_(None)).limit(1)) is not None


def forget_result(game: Game) -> None:
    """The game no longer counts for a group (nor for its ratings)."""
    row = db.session.get(GameResult, game.id)
    if row is not None:
        before = _rated(row)
        db.session.delete(row)
        if before is not None:
            rerate(row.group_id, row.kind, before[0])


def _rated(row: GameResult) -> tuple[Key, tuple[object, ...]] | None:
    """What of a result the ratings read — its place in the group's order and who ranked
    where — or None for a game not finished, which no rating reads."""
    if not row.finished:
        return None
    at = row.played_at if row.played_at.tzinfo else row.played_at.replace(tzinfo=UTC)
    return (at, row.game_id), tuple((p["member"], p["side"], p["rank"], p["won"])
                                    for p in row.places)


def season(group_id: str, kind: str, since: date | None = None,
           until: date | None = None) -> list[Played]:
    """The group's finished games of the game *kind* (its kind's name), played from
    *since* to *until* (both days included, in UTC), oldest first.

    Each game's places are read and decoded once per server process, then kept under the
    game's last change (its version, as the storage keeps replayed sheets) and the day it
    counts for: an answer reads one small row per game and decodes only the results
    changed since the last answer (docs/league.md)."""
    query = select(GameResult.game_id, GameResult.played_at, Game.updated_at).join(
        Game, Game.id == GameResult.game_id).where(
        GameResult.group_id == group_id, GameResult.kind == kind,
        GameResult.finished.is_(True))
    if since is not None:
        query = query.where(GameResult.played_at >= datetime.combine(since, time(), UTC))
    if until is not None:
        query = query.where(GameResult.played_at < datetime.combine(
            until + timedelta(days=1), time(), UTC))
    rows = db.session.execute(query.order_by(GameResult.played_at, GameResult.game_id)).all()
    keys = {game_id: (group_id, game_id, at, changed) for game_id, at, changed in rows}
    missing = [game_id for game_id, key in keys.items() if key not in _PLAYED]
    for start in range(0, len(missing), _CHUNK):
        chunk = missing[start:start + _CHUNK]
        for game_id, places in db.session.execute(
                select(GameResult.game_id, GameResult.places)
                .where(GameResult.game_id.in_(chunk))):
            key = keys[game_id]
            _PLAYED[key] = Played(game_id, key[2],
                                  tuple(Place.from_json(p) for p in places))
    out = []
    for key in keys.values():
        played = _PLAYED.get(key)
        if played is None:  # changed between the two reads: read it again next time
            return _uncached(query)
        _PLAYED.move_to_end(key)
        out.append(played)
    while len(_PLAYED) > _KEEP:
        _PLAYED.popitem(last=False)
    return out


# Decoded results, by (group, game, the day it counts for, the game's last change): a
# cache, never the truth — every change to a game moves its version, so a stale entry is
# never asked for again. Enough for a few groups of thousands of games each.
_PLAYED: OrderedDict[tuple[str, str, datetime, datetime], Played] = OrderedDict()
_KEEP = 20_000
_CHUNK = 500  # ids in one IN list


def _uncached(query: Select[str, datetime, datetime]) -> list[Played]:
    rows = db.session.execute(query.add_columns(GameResult.places)
                              .order_by(GameResult.played_at, GameResult.game_id))
    return [Played(game_id, at, tuple(Place.from_json(p) for p in places))
            for game_id, at, _changed, places in rows]
