"""Changing a game: a deal recorded, corrected or the last one undone, each one
transaction with its audit entry and the kept result, claimed on the game's version so a
concurrent change waits, then fails (:class:`~scorekeeper.storage.versions.GameChanged`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, cast

from sqlalchemy import Table, insert
from sqlalchemy.exc import IntegrityError

from .. import deal_fields
from ..deal_fields import Typed
from ..extensions import db
from ..games import kind_of_game
from ..games.kind import Deal, State
from ..games.snapshot import KeptDeal
from ..league.results import keep_result
from ..models import AuditEntry, DealRecord, Game
from .claims import claimed
from .reading import (
    keep_sheet,
    kept_sheet,
    load,
    log_of,
    state_of,
    table_of,
    typed_of_records,
)
from .versions import DealConflict, GameChanged, check_version


class Marks(NamedTuple):
    """What a change writes besides the deal, in its transaction: more of the deal row's
    columns (who recorded it, scorekeeper/trust.py; what the table typed on it,
    scorekeeper/deal_fields.py), and a step run before the commit."""

    columns: tuple[tuple[str, object], ...] = ()
    then: Callable[[Game], None] = lambda game: None

    def plus(self, columns: tuple[tuple[str, object], ...]) -> Marks:
        """These marks writing *columns* too."""
        return self if not columns else Marks(self.columns + columns, self.then)

    def typed(self) -> Typed:
        """The fields typed on the deal that these marks write."""
        fields = deal_fields.names()
        # A typed field's column holds text (scorekeeper/deal_fields.py).
        return {column: cast(str | None, value) for column, value in self.columns
                if column in fields}


NO_MARKS = Marks()
#: How often a deal is tried again after another phone's change left its number free.
RETRIES = 3


def add_deal(game: Game, deal: Deal, marks: Marks = NO_MARKS) -> State:
    """Record *deal* as the game's next deal; :class:`RulesError` if it cannot be, and
    :class:`DealConflict` if its number is not the next one — then ``repeat`` says whether
    this very deal is already recorded under that number. A change by another phone in
    between (a correction, say) that leaves its number free is no conflict: the deal is
    recorded after it. *marks*: what the change writes besides (scorekeeper/trust.py)."""
    for _attempt in range(RETRIES):
        try:
            return _add(game, deal, marks)
        except DealConflict:
            raise
        except GameChanged:
            game = _reread(game)
            log = log_of(game)
            if deal.number != len(log) + 1:
                raise _conflict(log, deal) from None
    raise _conflict(log_of(game), deal)


def _add(game: Game, deal: Deal, marks: Marks) -> State:
    kind = kind_of_game(game)
    before = kept_sheet(game)
    typed = deal_fields.of_record(None) | marks.typed()
    if before is not None and deal.number == before.state.next_deal:
        # The sheet as this version left it, one deal longer: no deal is read or replayed,
        # so a save costs the same however long the game.
        state, log = kind.extend(before.state, deal), (*before.log, deal)
        all_typed = (*before.typed, typed)
    elif before is not None:
        # The kept log is this version's: the other phone's deal is told apart from this
        # one's without reading the game's deals back.
        raise _conflict(list(before.log), deal)
    else:
        old = log_of(game)
        if deal.number != len(old) + 1:
            raise _conflict(old, deal)
        log = (*old, deal)
        state = kind.replay(table_of(game), list(log))
        all_typed = (*typed_of_records(game), typed)
    claim(game)
    try:
        # Written beside the game's deals, not appended to them, which would read them all
        # first; and as rows, not through the session's unit of work (the new deal's
        # objects are used for nothing else, and flushing them cost a third of a save).
        db.session.execute(_INSERT_DEAL, dict(
            marks.columns, game_id=game.id, number=deal.number,
            report=kind.report_of(deal, state.table.players)))
        _audit(game, "record", deal.number, None,
               deal_fields.kept(kind.snapshot(deal, state.deals[-1]), typed))
        marks.then(game)
        keep_result(game, state, list(log))
        db.session.commit()
    except IntegrityError:
        # The database's own guard (one deal per number): another phone got in first.
        db.session.rollback()
        raise _conflict(log_of(_reread(game)), deal) from None
    keep_sheet(game, state, log, all_typed)  # the next page of this game replays nothing
    return state


def correct_deal(game: Game, deal: Deal, seen: str, marks: Marks = NO_MARKS) -> State:
    """Replace deal *deal.number*, from a phone that saw the game at version *seen*
    (:class:`Stale` if it changed since); every later dealer and total follows from the
    replay. :class:`RulesError` when the corrected log no longer holds (say the correction
    ends the game before deals that follow it). The same deal again changes nothing."""
    check_version(game, seen)
    kind = kind_of_game(game)
    table, log = table_of(game), log_of(game)
    before, previous = state_of(game), log[deal.number - 1]
    log[deal.number - 1] = deal
    state = kind.replay(table, log)
    record = game.deals[deal.number - 1]
    typed = marks.typed()
    if deal == previous and not deal_fields.changed(record, typed):
        return state  # a second tap on "save": nothing to change, nothing to audit
    claim(game)
    marks.then(game)  # before the deal changes: a history entry names what it was
    was = deal_fields.of_record(record)
    record.report = dict(kind.report_of(deal, table.players))
    for column, value in marks.columns:
        setattr(record, column, value)
    _audit(game, "correct", deal.number,
           deal_fields.kept(kind.snapshot(previous, before.deals[deal.number - 1]), was),
           deal_fields.kept(kind.snapshot(deal, state.deals[deal.number - 1]),
                            deal_fields.of_record(record)))
    keep_result(game, state, log)
    db.session.commit()
    keep_sheet(game, state, tuple(log), typed_of_records(game))
    return state


def remove_last_deal(game: Game, seen: str, marks: Marks = NO_MARKS) -> State:
    """Undo the last deal, for a phone that saw the game at version *seen* (:class:`Stale`
    if it changed since)."""
    check_version(game, seen)
    kind = kind_of_game(game)
    log, before = log_of(game), state_of(game)
    state = kind.replay(table_of(game), log[:-1])
    claim(game)
    marks.then(game)
    removed = game.deals.pop()
    _audit(game, "undo", len(log), deal_fields.kept(
        kind.snapshot(log[-1], before.deals[-1]), deal_fields.of_record(removed)), None)
    keep_result(game, state, log[:-1])
    db.session.commit()
    keep_sheet(game, state, tuple(log[:-1]), typed_of_records(game))
    return state


def _audit(game: Game, action: str, number: int, before: KeptDeal | None,
           after: KeptDeal | None) -> None:
    # Part of the change's own transaction: a change is never saved without its entry.
    # Written as a row, not added to ``game.audit``, which would read the whole trail first.
    db.session.execute(_INSERT_AUDIT, dict(game_id=game.id, action=action, deal_number=number,
                                           before=before, after=after, at=game.updated_at))


# Built once, as every change runs them (a statement costs more to build than to run).
_INSERT_DEAL = insert(cast(Table, DealRecord.__table__))
_INSERT_AUDIT = insert(cast(Table, AuditEntry.__table__))

def claim(game: Game) -> None:
    """Claim the game (:mod:`.claims`): the first write of every change, so what the
    request read is what it changes; :class:`GameChanged` where another change got there
    first."""
    if not claimed(game):
        raise GameChanged


def _reread(game: Game) -> Game:
    db.session.rollback()
    db.session.expire_all()
    again = load(game.id)
    if again is None:  # games are never deleted; should one be, the change is stale too
        raise GameChanged
    return again


def _conflict(log: list[Deal], deal: Deal) -> DealConflict:
    repeat = 1 <= deal.number <= len(log) and log[deal.number - 1] == deal
    return DealConflict(deal.number, len(log) + 1, repeat)
