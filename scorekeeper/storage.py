"""The storage layer: a game row becomes the engine's :class:`Table` and its deal rows a
log of :class:`Deal` (Hand and Foot's :class:`FootTable` and :class:`FootDeal` for a game
of that preset); replaying the log gives the state. Every change (record, correct,
undo) is one transaction with its audit entry. Used by the JSON API and the pages alike,
so neither decides a rule."""

from __future__ import annotations

from collections import OrderedDict
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.attributes import set_committed_value

from .codec import deal_to_json
from .extensions import db
from .footcodec import foot_deal_from_json, foot_deal_to_json, is_foot, side_to_json
from .models import AuditEntry, DealRecord, Game, HandRecord, Seat
from .rules import (
    Bonus,
    Card,
    Deal,
    DealLine,
    Finish,
    FirstMeld,
    GameState,
    Outcome,
    PlayerHand,
    RoundResult,
    Rules,
    Table,
    extend,
    new_names,
    normal_name,
    replay,
)
from .rules.handfoot import FootDeal, FootLine, FootRules, FootState, FootTable
from .rules.handfoot import extend as foot_extend
from .rules.handfoot import replay as foot_replay

#: Either game's table, log entry, replayed line and state.
AnyTable = Table | FootTable
AnyDeal = Deal | FootDeal
AnyState = GameState | FootState


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
             partnerships: bool = False, teams: list[list[str]] | None = None) -> Game:
    """A validated, not yet saved game; the names are kept in normal form
    (:func:`~scorekeeper.rules.new_names`). *teams* are Hand and Foot's sides."""
    if is_foot(rules_spec):
        return _new_foot_game(rules_spec, players, first_dealer, teams)
    rules = Rules.for_table(rules_spec, len(players))
    table = Table(rules, new_names(tuple(players)), normal_name(first_dealer), partnerships)
    return Game(rules=rules.to_dict(), partnerships=partnerships,
                first_dealer=table.players.index(table.first_dealer),
                seats=[Seat(position=i, name=n) for i, n in enumerate(table.players)])


def _new_foot_game(rules_spec: object, players: list[str], first_dealer: str,
                   teams: list[list[str]] | None) -> Game:
    rules = FootRules.from_spec(rules_spec)
    names = new_names(tuple(players))
    sides = None if teams is None else tuple(tuple(normal_name(n) for n in t) for t in teams)
    table = FootTable(rules, names, normal_name(first_dealer), sides)
    return Game(rules=rules.to_dict(), partnerships=False,
                teams=None if sides is None else [[names.index(n) for n in s] for s in sides],
                first_dealer=names.index(table.first_dealer),
                seats=[Seat(position=i, name=n) for i, n in enumerate(names)])


# --- versions: what a phone saw ------------------------------------------------------

_EPOCH = datetime(1970, 1, 1)
_TICK = timedelta(microseconds=1)


def _utc(at: datetime) -> datetime:
    # SQLite gives back naive times, and a game just saved holds an aware one: both UTC.
    return at if at.tzinfo is None else at.astimezone(UTC).replace(tzinfo=None)


def version_of(game: Game) -> str:
    """The game's version (shared/API.md, "Versions"): an opaque string that changes with
    every change to the game, as each change moves its time stamp (:func:`_claim`). It is
    that time stamp, in microseconds, written in hexadecimal."""
    return format((_utc(game.updated_at) - _EPOCH) // _TICK, "x")


def time_of(version: str) -> datetime | None:
    """When the game stood at *version* (UTC), or None if it is not a version this app
    writes."""
    if not 1 <= len(version) <= 16 or any(c not in "0123456789abcdef" for c in version):
        return None
    return _EPOCH + int(version, 16) * _TICK


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


def table_of(game: Game) -> Any:
    """The game's :class:`Table` (a :class:`FootTable` for Hand and Foot)."""
    players = tuple(seat.name for seat in game.seats)
    if is_foot(game.rules):
        sides = None if game.teams is None else tuple(
            tuple(players[i] for i in side) for side in game.teams)
        return FootTable(FootRules.from_spec(game.rules), players,
                         players[game.first_dealer], sides)
    return Table(Rules.from_spec(game.rules), players, players[game.first_dealer],
                 game.partnerships)


def deal_from_record(record: DealRecord, players: tuple[str, ...]) -> Any:
    """The deal a stored row describes (the reverse of :func:`_fill`)."""
    if record.sides is not None:
        return foot_deal_from_json({"went_out": None if record.winner is None
                                    else players[record.winner], "sides": record.sides},
                                   record.number)
    result = None
    if record.outcome == Outcome.SCORED.value:
        if record.winner is None or record.finish is None:
            raise ValueError(f"deal {record.number} is scored but names no winner or finish")
        result = RoundResult(
            winner=players[record.winner],
            finish=Finish(record.finish),
            hands={players[h.position]: PlayerHand(
                h.melded, h.points,
                None if h.cards is None else tuple(Card.parse(c) for c in h.cards),
                h.mistake) for h in record.hands},
            bonuses=tuple(Bonus(b) for b in record.bonuses),
            indicator=None if record.indicator is None else Card.parse(record.indicator),
            **_evidence(record.winner_hand),
        )
    melds = tuple(FirstMeld(players[m[0]], m[1], *(
        (tuple(tuple(Card.parse(c) for c in laid) for laid in m[2]),) if len(m) > 2 else ()))
        for m in record.first_melds)
    return Deal(record.number, Outcome(record.outcome), result, melds)


def _evidence(stored: dict | None) -> dict[str, Any]:
    if stored is None:
        return {}
    return {"winner_melds": tuple(tuple(Card.parse(c) for c in m) for m in stored["melds"]),
            "winner_discard": tuple(Card.parse(c) for c in stored["discard"])}


def log_of(game: Game) -> list[Any]:
    players = tuple(seat.name for seat in game.seats)
    return [deal_from_record(record, players) for record in game.deals]


# A whole game in four statements: the game, then its seats, deals and hands.
WHOLE = (selectinload(Game.seats), selectinload(Game.deals).selectinload(DealRecord.hands))


def load(game_id: str) -> Game | None:
    """The game's row alone, in one statement: its seats and deals are read when asked
    for, which a page whose sheet is in the cache of states never does."""
    return db.session.get(Game, game_id)


# Replayed states, with the log of deals each was replayed from, by (game, version): a
# cache, never the truth — every change to a game moves its version, so a stale entry is
# simply never asked for again.
Sheet = tuple[Any, tuple[Any, ...]]
_STATES: OrderedDict[tuple[str, str], Sheet] = OrderedDict()
_KEEP = 1024


def _keep(game: Game, state: AnyState, log: tuple[AnyDeal, ...]) -> None:
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
    db.session.scalars(select(Game).where(Game.id.in_(ids)).options(*WHOLE)).all()
    sheets: dict[str, Sheet] = {}
    for game in games:
        log = tuple(log_of(game))
        sheets[game.id] = (replay_any(table_of(game), list(log)), log)
    now = {row.id: row.updated_at for row in db.session.execute(
        select(Game.id, Game.updated_at).where(Game.id.in_(ids)))}
    for game in games:
        if game.id in now and _utc(now[game.id]) == _utc(game.updated_at):
            _keep(game, *sheets[game.id])
    return sheets


def states_of(ids: list[str]) -> list[tuple[Game, Any]]:
    """The games *ids* that exist, in that order, with their states, in a handful of
    statements however many there are: the rows, and only the games not in the cache
    read whole."""
    games = {g.id: g for g in db.session.scalars(select(Game).where(Game.id.in_(ids)))}
    sheets = {g.id: sheet for g in games.values() if (sheet := _cached(g)) is not None}
    if missing := [g for g in games.values() if g.id not in sheets]:
        sheets |= _replay_and_keep(missing)
    return [(games[i], sheets[i][0]) for i in ids if i in games]


def state_of(game: Game) -> Any:
    """The game's state at the version its row was read at, replayed from its deals unless
    the cache holds it."""
    return state_and_log(game)[0]


def state_and_log(game: Game) -> tuple[Any, list[Any]]:
    """The game's state with the log of deals it was replayed from, for answers that show
    both: from the cache, or from one consistent read of the game's deals."""
    state, log = _cached(game) or _replay_and_keep([game])[game.id]
    return state, list(log)


def replay_any(table: AnyTable, log: list[Any]) -> Any:
    """*log* replayed by its game's engine."""
    if isinstance(table, FootTable):
        return foot_replay(table, log)
    return replay(table, log)


def _extend(state: AnyState, deal: Any) -> Any:
    if isinstance(state, FootState):
        return foot_extend(state, deal)
    return extend(state, deal)


def _fill(record: DealRecord, deal: AnyDeal, players: tuple[str, ...]) -> DealRecord:
    if isinstance(deal, FootDeal):
        return _fill_foot(record, deal, players)
    result = deal.result
    record.number = deal.number
    record.outcome = deal.outcome.value
    # A first meld given as cards keeps them: [seat, worth, [[card, ..], ..]].
    record.first_melds = [[players.index(m.player), m.value, *(
        ([[str(c) for c in laid] for laid in m.melds],) if m.melds else ())]
        for m in deal.first_melds]
    record.winner = None if result is None else players.index(result.winner)
    record.finish = None if result is None else result.finish.value
    record.bonuses = [] if result is None else [b.value for b in result.bonuses]
    record.indicator = None if result is None or result.indicator is None else str(
        result.indicator)
    record.winner_hand = None if result is None or not result.winner_melds else {
        "melds": [[str(c) for c in m] for m in result.winner_melds],
        "discard": [str(c) for c in result.winner_discard]}
    record.hands = [] if result is None else [
        HandRecord(position=players.index(name), melded=hand.melded, points=hand.points,
                   cards=None if hand.cards is None else [str(c) for c in hand.cards],
                   mistake=hand.mistake)
        for name, hand in result.hands.items()]
    return record


def _fill_foot(record: DealRecord, deal: FootDeal, players: tuple[str, ...]) -> DealRecord:
    record.number = deal.number
    record.outcome = Outcome.SCORED.value
    record.winner = None if deal.went_out is None else players.index(deal.went_out)
    record.sides = [side_to_json(side) for side in deal.sides]
    record.first_melds, record.bonuses, record.hands = [], [], []
    record.finish = record.indicator = record.winner_hand = None
    return record


def snapshot(deal: AnyDeal, line: DealLine | FootLine) -> dict[str, Any]:
    """A deal for the audit trail: the body that would record it again through the API
    (``deal``, ``outcome`` and what the table reported), with the scores it gave."""
    if isinstance(deal, FootDeal):
        assert isinstance(line, FootLine)
        return {"deal": deal.number, "outcome": Outcome.SCORED.value,
                **foot_deal_to_json(deal),
                "scores": {name: s.total for name, s in zip(line.names, line.scores,
                                                            strict=True)}}
    assert isinstance(line, DealLine)
    out = {"deal": deal.number, "outcome": deal.outcome.value, **deal_to_json(deal)}
    if line.scores is not None:
        out["scores"] = dict(line.scores)
    return out


def add_deal(game: Game, deal: AnyDeal) -> Any:
    """Record *deal* as the game's next deal; :class:`RulesError` if it cannot be, and
    :class:`DealConflict` if its number is not the next one — then ``repeat`` says whether
    this very deal is already recorded under that number."""
    before = _cached(game)
    if before is not None and deal.number == before[0].next_deal:
        # The sheet as this version left it, one deal longer: no deal is read or replayed,
        # so a save costs the same however long the game.
        state, log = _extend(before[0], deal), (*before[1], deal)
    else:
        old = log_of(game)
        if deal.number != len(old) + 1:
            raise _conflict(old, deal)
        log = (*old, deal)
        state = replay_any(table_of(game), list(log))
    try:
        _claim(game)
    except GameChanged:
        raise _conflict(log_of(_reread(game)), deal) from None
    # Added beside the game's deals, not appended to them, which would read them all first.
    db.session.add(_fill(DealRecord(game_id=game.id), deal, state.table.players))
    _audit(game, "record", deal.number, None, snapshot(deal, state.deals[-1]))
    try:
        db.session.commit()
    except IntegrityError:
        # The database's own guard (one deal per number): another phone got in first.
        db.session.rollback()
        raise _conflict(log_of(_reread(game)), deal) from None
    _keep(game, state, log)  # the next page of this game replays nothing
    return state


def correct_deal(game: Game, deal: AnyDeal, seen: str) -> Any:
    """Replace deal *deal.number*, from a phone that saw the game at version *seen*
    (:class:`Stale` if it changed since); every later dealer and total follows from the
    replay. :class:`RulesError` when the corrected log no longer holds (say the correction
    ends the game before deals that follow it). The same deal again changes nothing."""
    check_version(game, seen)
    table, log = table_of(game), log_of(game)
    before, previous = state_of(game), log[deal.number - 1]
    log[deal.number - 1] = deal
    state = replay_any(table, log)
    if deal == previous:
        return state  # a second tap on "save": nothing to change, nothing to audit
    _claim(game)
    _fill(game.deals[deal.number - 1], deal, table.players)
    _audit(game, "correct", deal.number, snapshot(previous, before.deals[deal.number - 1]),
           snapshot(deal, state.deals[deal.number - 1]))
    db.session.commit()
    _keep(game, state, tuple(log))
    return state


def remove_last_deal(game: Game, seen: str) -> Any:
    """Undo the last deal, for a phone that saw the game at version *seen* (:class:`Stale`
    if it changed since)."""
    check_version(game, seen)
    log, before = log_of(game), state_of(game)
    state = replay_any(table_of(game), log[:-1])
    _claim(game)
    game.deals.pop()
    _audit(game, "undo", len(log), snapshot(log[-1], before.deals[-1]), None)
    db.session.commit()
    _keep(game, state, tuple(log[:-1]))
    return state


def _audit(game: Game, action: str, number: int, before: dict | None,
           after: dict | None) -> None:
    # Part of the change's own transaction: a change is never saved without its entry.
    # Added to the session, not to ``game.audit``, which would read the whole trail first.
    db.session.add(AuditEntry(game_id=game.id, action=action, deal_number=number,
                              before=before, after=after, at=game.updated_at))


def _claim(game: Game) -> None:
    """Move the game's time stamp, on the condition that it is still the one this request
    read; :class:`GameChanged` otherwise. The first write of every change: from here to the
    commit the change holds the game (SQLite's write lock; PostgreSQL's row lock), so what
    the request read is what it changes, and a concurrent change waits, then fails here."""
    seen = game.updated_at
    # Never the same stamp twice, so every change moves the version.
    now = max(datetime.now(UTC), (_utc(seen) + _TICK).replace(tzinfo=UTC))
    claimed = cast(CursorResult[Any], db.session.execute(
        update(Game).where(Game.id == game.id, Game.updated_at == seen)
        .values(updated_at=now).execution_options(synchronize_session=False)))
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


def _conflict(log: list[Any], deal: AnyDeal) -> DealConflict:
    repeat = 1 <= deal.number <= len(log) and log[deal.number - 1] == deal
    return DealConflict(deal.number, len(log) + 1, repeat)
