"""A night's rounds started and taken back (docs/night.md, "Starting a round"): a start
names the round it starts, so a repeat — a second tap, a retry after a lost answer, another
phone at the same moment — starts nothing and says so instead of starting the round after
it; a round started by mistake is taken back, its games with it, while none of its tables
has dealt. Who may do either is the night's PIN's, or its group's (:func:`guard`). Each
change is written to the night's history; this module names no game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import cast

from sqlalchemy import CursorResult, Table, bindparam, delete, update
from sqlalchemy.orm.attributes import set_committed_value

from .. import storage
from ..extensions import db
from ..league.groups import start_game
from ..models import GameResult, Group, Night, NightRound, PinAttempt
from ..pins import Holder
from ..rulekit.messages import N_, Message, fail, msg
from .engine.schedule import Format
from .store import note, results_of, schedule, table_game


class TablesPlaying(Exception):
    """A round cannot start while a table of the current one still plays (unless forced)."""

    def __init__(self, tables: list[int]) -> None:
        super().__init__(tables)
        self.tables = tables


class NightChanged(Exception):
    """Another change of the night (a take-back) was made at that very moment: nothing
    was changed by this one."""


class RoundTaken(Exception):
    """The round asked for is not the night's next one: started already (by this phone a
    moment ago, or by another), or not yet due. Nothing was changed."""

    def __init__(self, asked: int, started: int) -> None:
        super().__init__(asked, started)
        self.asked, self.started = asked, started


def round_refusal(refusal: RoundTaken | NightChanged) -> Message:
    """Why a start or a take-back changed nothing, as the organiser reads it."""
    if isinstance(refusal, NightChanged):
        return msg(N_("The night changed at that very moment, so nothing was done: look at "
                      "it again as it stands now."))
    if refusal.asked <= refusal.started:
        return msg(N_("Round %(n)d has already started: nothing was changed."),
                   n=refusal.asked)
    return msg(N_("Round %(n)d cannot start yet: round %(next)d is next."),
               n=refusal.asked, next=refusal.started + 1)


def guard(night: Night) -> Holder | None:
    """Whose PIN guards the night's changes: its own, or else its group's (a group's PIN
    guards the games the night makes in it), or nobody's."""
    if night.pin_hash is not None:
        return night
    group = db.session.get(Group, night.group_id) if night.group_id else None
    return group if group is not None and group.pin_hash is not None else None


def next_number(night: Night) -> int:
    return len(night.started) + 1


def start_round(night: Night, number: int | None = None, force: bool = False) -> NightRound:
    """Start round *number* (the next one; None: whichever is next): a game at each table,
    made now, not yet committed. :class:`RoundTaken` when *number* is not next or another
    start got there first; :class:`TablesPlaying` while a table of the current round
    plays and *force* is not given; :class:`RulesError` when every round is played."""
    if number is not None and number != next_number(night):
        raise RoundTaken(number, len(night.started))
    if night.started:
        playing = [i + 1 for i, r in enumerate(results_of(night.started[-1]))
                   if r is not None and not r.finished]
        if playing and not force:
            raise TablesPlaying(playing)
        _claim_for(night, next_number(night))
        if playing:
            note(night, "forced", {"round": night.started[-1].number, "tables": playing})
    rounds = schedule(night, force)
    if len(rounds) <= len(night.started):
        raise fail(N_("Every round of the night is played."))
    if not night.started:
        _claim_for(night, 1)
    seated = rounds[len(night.started)]
    fmt = Format(night.format)
    group = db.session.get(Group, night.group_id) if night.group_id else None
    games: list[str] = []
    for table in seated.tables:
        game = table_game(night.rules, list(table.players), fmt, night.table_size,
                          table.sides)
        game.night_id, game.confirm = night.id, night.confirm
        db.session.add(game)
        if group is not None:
            start_game(group, game)
        db.session.flush()
        games.append(game.id)
    started = NightRound(number=seated.number, games=games, seating={
        "tables": [[list(side) for side in t.sides] for t in seated.tables],
        "sitting_out": list(seated.sitting_out)})
    night.started.append(started)
    note(night, "round", {"round": seated.number, "games": games})
    return started


def undo_round(night: Night, number: int) -> None:
    """Take back round *number*, the round playing, while none of its tables has a deal:
    its games go, and the round is planned again as if never started. :class:`RulesError`
    says why not otherwise."""
    if not night.started:
        raise fail(N_("No round has started yet."))
    current = night.started[-1]
    if number != current.number:
        raise fail(N_("Only the round playing, round %(n)d, can be taken back."),
                   n=current.number)
    made = [g for g in (storage.load(game_id) for game_id in current.games) if g is not None]
    dealt = [i + 1 for i, game in enumerate(made) if storage.log_of(game)]
    if dealt:
        raise fail(N_("Table %(tables)s has dealt: a round with a deal recorded cannot be "
                      "taken back."), tables=", ".join(map(str, dealt)))
    if not _claim(night):
        raise NightChanged
    ids = [game.id for game in made]
    # Rows the database would cascade, removed by hand: SQLite, as the app opens it,
    # enforces no foreign keys.
    db.session.execute(delete(GameResult).where(GameResult.game_id.in_(ids)))
    db.session.execute(delete(PinAttempt).where(PinAttempt.game_id.in_(ids)))
    for game in made:
        db.session.delete(game)
    night.started.remove(current)
    note(night, "undo", {"round": number, "games": ids})


_CLAIM = (update(cast(Table, Night.__table__))
          .where(Night.id == bindparam("claimed"), Night.updated_at == bindparam("seen"))
          .values(updated_at=bindparam("stamp")))


def _claim_for(night: Night, number: int) -> None:
    """Claim the night to start round *number*: :class:`RoundTaken` where another start
    got there first (read again after the rollback), :class:`NightChanged` where some
    other change did."""
    if not _claim(night):
        if len(night.started) >= number:
            raise RoundTaken(number, len(night.started))
        raise NightChanged


def _claim(night: Night) -> bool:
    """Move the night's time stamp on the condition that it is still the one this request
    read: the first write of a start or a take-back, which from there to the commit holds
    the night (SQLite's write lock, PostgreSQL's row lock). A second start at the same
    moment waits, then finds the stamp moved: False, and nothing changed."""
    seen = night.updated_at
    aware = seen if seen.tzinfo else seen.replace(tzinfo=UTC)
    stamp = max(datetime.now(UTC), aware + timedelta(microseconds=1))
    claimed = cast(CursorResult[tuple[()]], db.session.execute(
        _CLAIM, {"claimed": night.id, "seen": seen, "stamp": stamp}))
    if claimed.rowcount != 1:
        db.session.rollback()
        return False
    set_committed_value(night, "updated_at", stamp)
    return True
