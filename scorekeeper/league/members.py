"""A group's members put right (issue 39, point 21): two members who are one person —
split in two by a typo before look-alike names were caught — merged, their games following
the one kept; and a member who never played removed. Used by the JSON API and the pages
alike; each is part of the caller's transaction, which commits it."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select, update

from .. import storage
from ..extensions import db
from ..models import Game, GameResult, Group, Member, Seat
from ..rulekit.messages import N_, fail
from .ratings import rerate
from .renames import rename_in_nights
from .results import keep_result


def merge(group: Group, gone: Member, into: Member) -> None:
    """*gone* and *into* are one person: every seat of *gone*'s becomes *into*'s, under
    *into*'s name (those games' versions move, so every phone's sheet follows), their
    results and the group's ratings are kept again, and *gone* leaves the group. Refused
    when both sat in one game: two people, then."""
    if gone is into:
        raise fail(N_("Choose two different members to merge."))
    seats = list(db.session.scalars(select(Seat).where(Seat.member_id == gone.id)))
    games = {seat.game_id for seat in seats}
    shared = db.session.scalar(select(Seat.game_id).where(
        Seat.member_id == into.id, Seat.game_id.in_(games)).limit(1))
    if shared is not None:
        raise fail(N_("“%(gone)s” and “%(into)s” played in the same game: they are two "
                      "people, not one."), gone=gone.name, into=into.name)
    for seat in seats:
        seat.member_id, seat.name = into.id, into.name
    rename_in_nights(group.id, gone.name, into.name, merging=True)
    kinds = set()
    for game in db.session.scalars(select(Game).where(Game.id.in_(games))):
        state, log = storage.state_and_log(game)
        keep_result(game, state, log, rerating=False)
        result = db.session.get(GameResult, game.id)
        if result is not None:  # a group's game always has one
            kinds.add(result.kind)
    if games:
        db.session.execute(update(Game).where(Game.id.in_(games))
                           .values(updated_at=datetime.now(UTC))
                           .execution_options(synchronize_session=False))
    # Rare and whole: the ratings of each game played are rated again from the first game
    # (a group of 1,000 games takes under a second, docs/performance.md).
    for kind in sorted(kinds):
        rerate(group.id, kind)
    _leave(group, gone)


def remove(group: Group, member: Member) -> None:
    """*member* leaves the group: only one who never played in it (one who did is merged
    into another member instead, so no game loses a player)."""
    if db.session.scalar(select(Seat.game_id).where(Seat.member_id == member.id)
                         .limit(1)) is not None:
        raise fail(N_("“%(name)s” has played in the group's games: merge them into "
                      "another member instead."), name=member.name)
    _leave(group, member)


def _leave(group: Group, member: Member) -> None:
    # The members stay numbered 0, 1, 2… in the order they joined (backups check it):
    # the one leaving is deleted first, so the others can move down into its place.
    group.members.remove(member)
    db.session.delete(member)
    db.session.flush()
    for position, kept in enumerate(group.members):
        kept.position = position
    group.updated_at = datetime.now(UTC)
