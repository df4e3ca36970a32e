"""The group's ratings, kept: every member's move in every finished game
(:class:`~scorekeeper.models.RatingMove`), rewritten in the same transaction as a change
to a game's ranking — from that game on, the games before it standing as they were — so
the ratings are never behind the games and a page reads them without rating a game
(docs/league.md, "The rating"). The rating itself is :mod:`scorekeeper.league.engine.rating`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, delete, func, insert, select, tuple_

from ..extensions import db
from ..models import Game, GameResult, RatingMove
from ..rulekit.messages import Message
from .engine import Place
from .engine.rating import NEW, Move, Rated, Skill, balanced, reason, replay
from .engine.standings import Played

#: A game's place in its group's order: the day it counts for, then its id.
Key = tuple[datetime, str]


def rerate(group_id: str, kind: str, start: Key | None = None) -> None:
    """Rate *group_id*'s finished games of *kind* again from the game at *start* on (all
    of them if None), from the ratings the games before it left; part of the caller's
    transaction."""
    db.session.flush()  # the results as this change wrote them
    moves = delete(RatingMove).where(RatingMove.group_id == group_id,
                                     RatingMove.kind == kind)
    games = select(GameResult.game_id, GameResult.played_at, GameResult.places).where(
        GameResult.group_id == group_id, GameResult.kind == kind,
        GameResult.finished.is_(True))
    if start is not None:
        moves = moves.where(tuple_(RatingMove.played_at, RatingMove.game_id) >= start)
        games = games.where(tuple_(GameResult.played_at, GameResult.game_id) >= start)
    db.session.execute(moves)
    skills = _latest(group_id, kind) if start is not None else {}
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
    return _latest(group_id, kind)


def _latest(group_id: str, kind: str) -> dict[int, Skill]:
    # A member's latest move is the one with the most games rated: read those rows alone,
    # not every move of the group.
    where = (RatingMove.group_id == group_id, RatingMove.kind == kind)
    most = select(RatingMove.member_id, func.max(RatingMove.games).label("most")).where(
        *where).group_by(RatingMove.member_id).subquery()
    rows = db.session.execute(
        select(RatingMove.member_id, RatingMove.mu, RatingMove.sigma, RatingMove.games,
               RatingMove.shown)
        .join(most, and_(RatingMove.member_id == most.c.member_id,
                         RatingMove.games == most.c.most))
        .where(*where))
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


@dataclass(frozen=True)
class Change:
    """One member's move in one game, as a game's page and state say it: who, the number
    before and after, and why (a sentence to translate)."""

    member: int
    name: str
    move: Move
    reason: Message


def changes_of(game: Game) -> list[Change] | None:
    """How each member's rating moved in *game*, a finished group game (None for any
    other: no rating reads it); an empty list when the game moved none, its sides all
    tied."""
    if game.group_id is None:
        return None
    row = db.session.get(GameResult, game.id)
    if row is None or not row.finished:
        return None
    names = {seat.member_id: seat.name for seat in game.seats if seat.member_id is not None}
    return _changes(row, [k.move for k in moves_of(game.group_id, row.kind, game.id)], names)


def recent_changes(group_id: str, kind: str, names: dict[int, str], count: int
                   ) -> list[tuple[GameResult, list[Change]]]:
    """The moves of the group's last *count* finished games of *kind*, newest first."""
    rows = list(db.session.scalars(
        select(GameResult).where(GameResult.group_id == group_id, GameResult.kind == kind,
                                 GameResult.finished.is_(True))
        .order_by(GameResult.played_at.desc(), GameResult.game_id.desc()).limit(count)))
    moves: dict[str, list[Move]] = {row.game_id: [] for row in rows}
    for kept in db.session.scalars(select(RatingMove).where(
            RatingMove.game_id.in_(list(moves)), RatingMove.group_id == group_id)):
        moves[kept.game_id].append(_move(kept))
    return [(row, _changes(row, moves[row.game_id], names)) for row in rows]


def _changes(row: GameResult, moves: list[Move], names: Mapping[int, str]) -> list[Change]:
    played = Played(row.game_id, row.played_at, tuple(Place.from_json(p) for p in row.places))
    order = {p.member: p.seat for p in played.places}
    return [Change(move.member, names.get(move.member, "?"), move,
                   reason(move, played, names))
            for move in sorted(moves, key=lambda m: order.get(m.member, 0))]


def chances_of(group_id: str, kind: str) -> dict[tuple[str, int], float]:
    """The chance the model gave each member's side in each rated game, by (game,
    member): what a pair was expected to win."""
    return {(game_id, member): chance for game_id, member, chance in db.session.execute(
        select(RatingMove.game_id, RatingMove.member_id, RatingMove.chance).where(
            RatingMove.group_id == group_id, RatingMove.kind == kind))}


def balanced_seats(group_id: str, kind: str, seats: Sequence[str],
                   members: Sequence[int | None], units: Sequence[Sequence[str]]
                   ) -> tuple[list[str], float]:
    """*seats* (names in seating order, each the group's member in *members* or None)
    seated again so that the sides (*units*, the sides these seats make now: each its
    names) are the fairest the group's ratings of *kind* allow: every side's seats kept,
    their players changed. The first player keeps the first seat. Also the chance of the
    first player's side. :class:`ValueError` when the seats make no sides of two or more
    of equal size."""
    if len(units) < 2 or len({len(u) for u in units}) > 1 or len(units[0]) < 2:
        raise ValueError("no equal sides of two or more")
    now = ratings(group_id, kind)
    skills = [NEW if m is None else now.get(m, NEW) for m in members]
    split, chance = balanced(skills, len(units))
    places = sorted(([seats.index(name) for name in unit] for unit in units),
                    key=lambda unit: min(unit))
    new = list(seats)
    for side, unit in zip(split, places, strict=True):
        for player, seat in zip(side, sorted(unit), strict=True):
            new[seat] = seats[player]
    return new, chance
