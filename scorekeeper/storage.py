"""The storage layer: a game row becomes its game's table and its deal rows a log of that
game's deals; replaying the log gives the state. Which game a row holds, and how its
deals fill and read a row, its game's kind says (:func:`scorekeeper.games.kind_of`).
Every change (record, correct, undo) is one transaction with its audit entry. Used by the
JSON API and the pages alike, so neither decides a rule."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple, cast

from sqlalchemy import (
    CursorResult,
    Select,
    Table,
    Text,
    bindparam,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy import cast as cast_to
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from .extensions import db
from .games import kind_of
from .games.kind import Deal, State
from .games.kind import Table as GameTable
from .models import AuditEntry, DealRecord, Game, Group, HandRecord, RulingRecord
from .results import keep_result


class GameChanged(Exception):
    """Another phone changed the game between this request reading it and saving: nothing
    was saved, and the change should be judged again against the game as it now stands."""


class Stale(GameChanged):
    """A correction or undo made from a view of the game older than the game: another
    phone changed it since. *since* is when the phone's view was current (None when the
    version it sent is not one this app writes)."""

    def __init__(self, since: datetime | None) -> None:
        super().__init__(since)
        self.since = since


class DealConflict(GameChanged):
    """The deal number is not the next one: a repeated or concurrent submit. *repeat* when
    the deal sent is exactly the one already recorded under its number (a double tap, or a
    retry after a lost answer), so the table's entry is safely in."""

    def __init__(self, number: int, expected: int, repeat: bool = False) -> None:
        super().__init__(number, expected, repeat)
        self.number = number  # the deal number sent
        self.expected = expected  # the next one
        self.repeat = repeat


def new_game(rules_spec: object, players: list[str], first_dealer: str,
             partnerships: bool = False, teams: object = None) -> Game:
    """A validated, not yet saved game of the game *rules_spec* names; the names are kept
    in normal form (:func:`~scorekeeper.rulekit.new_names`). *partnerships* seats partners
    opposite; *teams* names other sides (lists of names), where the game has them."""
    return kind_of(rules_spec).new_game(rules_spec, players, first_dealer,
                                        partnerships=partnerships, teams=teams)


# --- versions: what a phone saw ------------------------------------------------------

_EPOCH = datetime(1970, 1, 1)
_TICK = timedelta(microseconds=1)


def _utc(at: datetime) -> datetime:
    # SQLite gives back naive times, and a game just saved holds an aware one: both UTC.
    return at if at.tzinfo is None else at.astimezone(UTC).replace(tzinfo=None)


def version_of(game: Game) -> str:
    """The game's version (docs/api.md, "Versions"): an opaque string that changes with
    every change to the game, as each change moves its time stamp (:func:`_claim`). It is
    that time stamp, in microseconds, written in hexadecimal."""
    return _version(game.updated_at)


def _version(updated_at: datetime) -> str:
    return format((_utc(updated_at) - _EPOCH) // _TICK, "x")


def time_of(version: str) -> datetime | None:
    """When the game stood at *version* (UTC), or None if it is not a version this app
    writes."""
    if not 1 <= len(version) <= 16 or any(c not in "0123456789abcdef" for c in version):
        return None
    return _EPOCH + int(version, 16) * _TICK


class PageName(NamedTuple):
    """What names a game's page as rendered (scorekeeper.web.games) beside what differs
    between phones: its version, the PINs guarding it (its own, its group's), and what
    changes without moving the version: rulings kept, its group's name and usual rules."""

    version: str
    pin: tuple[bool, bool]
    group: str | None
    stamp: tuple[str, ...]
    rulings: int
    rematch: str | None


def newest_rematch(of: Any) -> Select[str]:
    """The id of the game played after the game *of* (an id, or the games' own column):
    the newest made as its rematch, should there be more (scorekeeper.rematch)."""
    after = aliased(Game)
    return (select(after.id).where(after.rematch_of == of)
            .order_by(after.created_at.desc(), after.id).limit(1))


# Built once: every page read asks it, and building it cost more than running it. The
# group's usual rules are compared as stored, not decoded.
_PAGE_NAME = (select(Game.updated_at, Game.pin_hash.is_not(None), Game.group_id,
                     Group.pin_hash.is_not(None), Group.name, Group.updated_at,
                     cast_to(Group.house_rules, Text),
                     *(select(kept(RulingRecord.id)).where(RulingRecord.game_id == Game.id)
                       .scalar_subquery() for kept in (func.count, func.max)),
                     newest_rematch(Game.id).scalar_subquery())
              .outerjoin(Group, Group.id == Game.group_id)
              .where(Game.id == bindparam("game")))


def page_name(game_id: str) -> PageName | None:
    """The name of the game's page as it now stands (None: no such game), in one
    statement and no game object: a page kept rendered is then sent for that alone."""
    row = db.session.execute(_PAGE_NAME, {"game": game_id}).one_or_none()
    if row is None:
        return None
    at, pin, group, group_pin, name, changed, house_rules, rulings, last, rematch = row
    stamp: tuple[str, ...] = (str(group), str(rulings), str(last))
    if group is not None:
        stamp += (name, str(changed), house_rules)
    # A rematch made moves the game's version: it names the page already.
    return PageName(_version(at), (bool(pin), bool(group_pin)), group, stamp, rulings, rematch)


def load_page(game_id: str, name: PageName) -> Game | None:
    """The game, read to render its page anew, in no more statements than the page needs
    (issue 24): its seats and deals come with its row when no state is kept at the page's
    version (the replay then reads nothing more), and its rulings are not asked for when
    the page's name counts none."""
    whole = (game_id, name.version) not in _STATES
    game = db.session.get(Game, game_id, options=WHOLE if whole else ())
    if game is not None and not name.rulings:
        set_committed_value(game, "rulings", [])
    return game


def check_version(game: Game, seen: str) -> None:
    """Raise :class:`Stale` unless *seen* is the game's version."""
    if seen != version_of(game):
        raise Stale(time_of(seen))


def changes_since(game: Game, since: datetime) -> list[tuple[str, int]]:
    """The changes made to *game* after *since* (UTC), oldest first: each an action
    ("record", "correct", "undo") and its deal number, from the audit trail."""
    rows = db.session.execute(
        select(AuditEntry.action, AuditEntry.deal_number)
        .where(AuditEntry.game_id == game.id, AuditEntry.at > since.replace(tzinfo=UTC))
        .order_by(AuditEntry.id)).all()
    return [(action, number) for action, number in rows]


def table_of(game: Game) -> GameTable:
    """The game's table, as its game's engine has it."""
    return kind_of(game.rules).table_of(game)


def log_of(game: Game) -> list[Deal]:
    """The game's deals, as its game's engine has them, in order."""
    kind = kind_of(game.rules)
    players = tuple(seat.name for seat in game.seats)
    return [kind.deal_from_record(record, players) for record in game.deals]


# A whole game in three statements: the game, then its seats, then its deals with their
# hands joined.
WHOLE = (selectinload(Game.seats), selectinload(Game.deals).joinedload(DealRecord.hands))


def load(game_id: str) -> Game | None:
    """The game's row alone, in one statement: its seats and deals are read when asked
    for, which a page whose sheet is in the cache of states never does."""
    return db.session.get(Game, game_id)


# Replayed states, with the log of deals each was replayed from, by (game, version): a
# cache, never the truth — every change to a game moves its version, so a stale entry is
# simply never asked for again.
Sheet = tuple[State, tuple[Deal, ...]]
_STATES: OrderedDict[tuple[str, str], Sheet] = OrderedDict()
_KEEP = 1024


def _keep(game: Game, state: State, log: tuple[Deal, ...]) -> None:
    _STATES[(game.id, version_of(game))] = (state, log)
    if len(_STATES) > _KEEP:
        _STATES.popitem(last=False)


def _cached(game: Game) -> Sheet | None:
    key = (game.id, version_of(game))
    sheet = _STATES.get(key)
    if sheet is not None:
        _STATES.move_to_end(key)
    return sheet


def _replay_and_keep(games: list[Game]) -> dict[str, Sheet]:
    """*games* replayed from their deals, read whole; each sheet that a consistent read
    stands behind is kept. Another phone's deal can be committed between reading a game's
    row and its deals (SQLite reads them in separate statements): a state replayed from
    such a read serves this request only, never kept under the row's version."""
    ids = [g.id for g in games]
    # Those read whole already (load_page) are not read again.
    if unread := [g.id for g in games if {"seats", "deals"} & inspect(g).unloaded]:
        db.session.scalars(select(Game).where(Game.id.in_(unread)).options(*WHOLE)).all()
    sheets: dict[str, Sheet] = {}
    for game in games:
        log = tuple(log_of(game))
        sheets[game.id] = (kind_of(game.rules).replay(table_of(game), list(log)), log)
    now = {row.id: row.updated_at for row in db.session.execute(
        select(Game.id, Game.updated_at).where(Game.id.in_(ids)))}
    for game in games:
        if game.id in now and _utc(now[game.id]) == _utc(game.updated_at):
            _keep(game, *sheets[game.id])
    return sheets


def states_of(ids: list[str]) -> list[tuple[Game, State]]:
    """The games *ids* that exist, in that order, with their states, in a handful of
    statements however many there are: the rows, and only the games not in the cache
    read whole."""
    games = {g.id: g for g in db.session.scalars(select(Game).where(Game.id.in_(ids)))}
    sheets = {g.id: sheet for g in games.values() if (sheet := _cached(g)) is not None}
    if missing := [g for g in games.values() if g.id not in sheets]:
        sheets |= _replay_and_keep(missing)
    return [(games[i], sheets[i][0]) for i in ids if i in games]


def state_of(game: Game) -> State:
    """The game's state at the version its row was read at, replayed from its deals unless
    the cache holds it."""
    return state_and_log(game)[0]


def state_and_log(game: Game) -> tuple[State, list[Deal]]:
    """The game's state with the log of deals it was replayed from, for answers that show
    both: from the cache, or from one consistent read of the game's deals."""
    state, log = _cached(game) or _replay_and_keep([game])[game.id]
    return state, list(log)


def kept_table(game: Game) -> GameTable:
    """The game's table: the kept state's when there is one (a save of a game being played
    reads no seat), else from the game's rows."""
    sheet = _cached(game)
    return sheet[0].table if sheet is not None else table_of(game)


class Marks(NamedTuple):
    """What a change writes besides the deal, in its transaction (scorekeeper/trust.py):
    more of the deal row's columns, and a step run before the commit."""

    columns: tuple[tuple[str, Any], ...] = ()
    then: Callable[[Game], None] = lambda game: None


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
    kind = kind_of(game.rules)
    before = _cached(game)
    if before is not None and deal.number == before[0].next_deal:
        # The sheet as this version left it, one deal longer: no deal is read or replayed,
        # so a save costs the same however long the game.
        state, log = kind.extend(before[0], deal), (*before[1], deal)
    elif before is not None:
        # The kept log is this version's: the other phone's deal is told apart from this
        # one's without reading the game's deals back.
        raise _conflict(list(before[1]), deal)
    else:
        old = log_of(game)
        if deal.number != len(old) + 1:
            raise _conflict(old, deal)
        log = (*old, deal)
        state = kind.replay(table_of(game), list(log))
    _claim(game)
    try:
        # Written beside the game's deals, not appended to them, which would read them all
        # first; and as rows, not through the session's unit of work (the new deal's
        # objects are used for nothing else, and flushing them cost a third of a save).
        _insert_deal(kind.fill(DealRecord(game_id=game.id, **dict(marks.columns)), deal,
                               state.table.players))
        _audit(game, "record", deal.number, None, kind.snapshot(deal, state.deals[-1]))
        marks.then(game)
        keep_result(game, state, list(log))
        db.session.commit()
    except IntegrityError:
        # The database's own guard (one deal per number): another phone got in first.
        db.session.rollback()
        raise _conflict(log_of(_reread(game)), deal) from None
    _keep(game, state, log)  # the next page of this game replays nothing
    return state


def correct_deal(game: Game, deal: Deal, seen: str, marks: Marks = NO_MARKS) -> State:
    """Replace deal *deal.number*, from a phone that saw the game at version *seen*
    (:class:`Stale` if it changed since); every later dealer and total follows from the
    replay. :class:`RulesError` when the corrected log no longer holds (say the correction
    ends the game before deals that follow it). The same deal again changes nothing."""
    check_version(game, seen)
    kind = kind_of(game.rules)
    table, log = table_of(game), log_of(game)
    before, previous = state_of(game), log[deal.number - 1]
    log[deal.number - 1] = deal
    state = kind.replay(table, log)
    if deal == previous:
        return state  # a second tap on "save": nothing to change, nothing to audit
    _claim(game)
    marks.then(game)  # before the deal changes: a history entry names what it was
    record = kind.fill(game.deals[deal.number - 1], deal, table.players)
    for column, value in marks.columns:
        setattr(record, column, value)
    _audit(game, "correct", deal.number,
           kind.snapshot(previous, before.deals[deal.number - 1]),
           kind.snapshot(deal, state.deals[deal.number - 1]))
    keep_result(game, state, log)
    db.session.commit()
    _keep(game, state, tuple(log))
    return state


def remove_last_deal(game: Game, seen: str, marks: Marks = NO_MARKS) -> State:
    """Undo the last deal, for a phone that saw the game at version *seen* (:class:`Stale`
    if it changed since)."""
    check_version(game, seen)
    kind = kind_of(game.rules)
    log, before = log_of(game), state_of(game)
    state = kind.replay(table_of(game), log[:-1])
    _claim(game)
    marks.then(game)
    game.deals.pop()
    _audit(game, "undo", len(log), kind.snapshot(log[-1], before.deals[-1]), None)
    keep_result(game, state, log[:-1])
    db.session.commit()
    _keep(game, state, tuple(log[:-1]))
    return state


def _audit(game: Game, action: str, number: int, before: dict[str, Any] | None,
           after: dict[str, Any] | None) -> None:
    # Part of the change's own transaction: a change is never saved without its entry.
    # Written as a row, not added to ``game.audit``, which would read the whole trail first.
    db.session.execute(_INSERT_AUDIT, dict(game_id=game.id, action=action, deal_number=number,
                                           before=before, after=after, at=game.updated_at))


# Built once, as every change runs them (a statement costs more to build than to run).
_INSERT_DEAL = insert(cast(Table, DealRecord.__table__))
_INSERT_HAND = insert(cast(Table, HandRecord.__table__))
_INSERT_AUDIT = insert(cast(Table, AuditEntry.__table__))
_CLAIM = (update(cast(Table, Game.__table__))
          .where(Game.id == bindparam("claimed"), Game.updated_at == bindparam("seen"))
          .values(updated_at=bindparam("stamp")))


def _insert_deal(record: DealRecord) -> None:
    """Write a new deal's row, and its hands' rows, as its game's ``fill`` set them."""
    written = cast(CursorResult[Any], db.session.execute(_INSERT_DEAL, _values(record)))
    number = cast(Any, written.inserted_primary_key)[0]
    hands = [_values(hand) | {"deal_id": number} for hand in record.hands]
    if hands:
        db.session.execute(_INSERT_HAND, hands)


def _values(row: Any) -> dict[str, Any]:
    """The columns *row* was given a value for (the others take their defaults)."""
    given = inspect(row).dict
    return {column.key: given[column.key] for column in inspect(type(row)).column_attrs
            if column.key in given}


def _claim(game: Game) -> None:
    """Move the game's time stamp, on the condition that it is still the one this request
    read; :class:`GameChanged` otherwise. The first write of every change: from here to the
    commit the change holds the game (SQLite's write lock; PostgreSQL's row lock), so what
    the request read is what it changes, and a concurrent change waits, then fails here."""
    seen = game.updated_at
    # Never the same stamp twice, so every change moves the version.
    now = max(datetime.now(UTC), (_utc(seen) + _TICK).replace(tzinfo=UTC))
    claimed = cast(CursorResult[Any], db.session.execute(
        _CLAIM, {"claimed": game.id, "seen": seen, "stamp": now}))
    if claimed.rowcount != 1:
        db.session.rollback()
        raise GameChanged
    # The new time stamp tells watchers (and the cache of states) that the sheet changed.
    set_committed_value(game, "updated_at", now)


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
