"""The group's ratings, kept: every member's move in every finished game
(:class:`~scorekeeper.models.RatingMove`), rewritten in the same transaction as a change
to a game's ranking — from that game on, the games before it standing as they were — so
the ratings are never behind the games and a page reads them without rating a game
(docs/league.md, "The rating"). The rating itself is :mod:`scorekeeper.league.rating`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, insert, select, tuple_

from .extensions import db
from .league import Place
from .league.rating import Move, Rated, Skill, replay
from .league.standings import Played
from .models import GameResult, RatingMove

#: A game's place in its group's order: the day it counts for, then its id.
Key = tuple[datetime, str]


def rerate(group_id: str, kind: str, start: Key | None = None) -> None:
    """Rate *group_id*'s finished games of *kind* again from the game at *start* on (all
    of them if None), from the ratings the games before it left; part of the caller's
    transaction."""
    db.session.flush()  # the results as this change wrote them
    moves = delete(RatingMove).where(RatingMove.group_id == group_id,
                                     RatingMove.kind == kind)
    earlier = select(RatingMove.member_id, RatingMove.mu, RatingMove.sigma,
                     RatingMove.games, RatingMove.shown).where(
        RatingMove.group_id == group_id, RatingMove.kind == kind)
    games = select(GameResult.game_id, GameResult.played_at, GameResult.places).where(
        GameResult.group_id == group_id, GameResult.kind == kind,
        GameResult.finished.is_(True))
    if start is not None:
        moves = moves.where(tuple_(RatingMove.played_at, RatingMove.game_id) >= start)
        earlier = earlier.where(tuple_(RatingMove.played_at, RatingMove.game_id) < start)
        games = games.where(tuple_(GameResult.played_at, GameResult.game_id) >= start)
    db.session.execute(moves)
    skills = {member: Skill(mu, sigma, count, shown) for member, mu, sigma, count, shown
              in db.session.execute(earlier.order_by(RatingMove.played_at,
                                                     RatingMove.game_id))}
    season = [Played(game_id, at, tuple(Place.from_json(p) for p in places))
              for game_id, at, places in db.session.execute(
                  games.order_by(GameResult.played_at, GameResult.game_id))]
    _, rated = replay(season, skills)
    rows = [_row(group_id, kind, one, move) for one in rated for move in one.moves]
    if rows:
        db.session.execute(insert(RatingMove), rows)


def _row(group_id: str, kind: str, one: Rated, move: Move) -> dict[str, object]:
    return {"game_id": one.game.game_id, "member_id": move.member, "group_id": group_id,
            "kind": kind, "played_at": one.game.at,
            "mu_before": move.before.mu, "sigma_before": move.before.sigma,
            "shown_before": move.before.shown, "mu": move.after.mu,
            "sigma": move.after.sigma, "shown": move.after.shown,
            "games": move.after.games, "chance": move.chance, "won": move.won}


def ratings(group_id: str, kind: str) -> dict[int, Skill]:
    """Every rated member's rating now: their latest move's."""
    rows = db.session.execute(
        select(RatingMove.member_id, RatingMove.mu, RatingMove.sigma, RatingMove.games,
               RatingMove.shown)
        .where(RatingMove.group_id == group_id, RatingMove.kind == kind)
        .order_by(RatingMove.played_at, RatingMove.game_id))
    return {member: Skill(mu, sigma, count, shown)
            for member, mu, sigma, count, shown in rows}


@dataclass(frozen=True)
class Kept:
    """A stored move, as the pages and the API read it."""

    game_id: str
    at: datetime
    move: Move


def moves_of(group_id: str, kind: str, game_id: str | None = None) -> list[Kept]:
    """The group's moves of *kind*, oldest game first (one game's if *game_id*)."""
    query = select(RatingMove).where(RatingMove.group_id == group_id,
                                     RatingMove.kind == kind)
    if game_id is not None:
        query = query.where(RatingMove.game_id == game_id)
    return [Kept(row.game_id, row.played_at, _move(row)) for row in db.session.scalars(
        query.order_by(RatingMove.played_at, RatingMove.game_id, RatingMove.member_id))]


def _move(row: RatingMove) -> Move:
    return Move(row.member_id,
                Skill(row.mu_before, row.sigma_before, row.games - 1, row.shown_before),
                Skill(row.mu, row.sigma, row.games, row.shown), row.chance, row.won)
