"""Stored games to and from the rules engine: a game row becomes a :class:`Table` and its
deal rows a log of :class:`Deal`; replaying the log gives the state. Used by the JSON API
and the pages alike, so neither decides a rule."""

from __future__ import annotations

from collections import OrderedDict
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .extensions import db
from .models import DealRecord, Game, HandRecord, Seat
from .rules import (
    Bonus,
    Card,
    Deal,
    Finish,
    GameState,
    Outcome,
    PlayerHand,
    RoundResult,
    Rules,
    Table,
    replay,
)


class DealConflict(Exception):
    """The deal number is not the next one: a repeated or concurrent submit."""

    def __init__(self, expected: int) -> None:
        super().__init__(expected)
        self.expected = expected


def new_game(rules_spec: object, players: list[str], first_dealer: str,
             partnerships: bool = False) -> Game:
    """A validated, not yet saved game."""
    rules = Rules.for_table(rules_spec, len(players))
    table = Table(rules, tuple(players), first_dealer, partnerships)
    return Game(rules=rules.to_dict(), partnerships=partnerships,
                first_dealer=table.players.index(first_dealer),
                seats=[Seat(position=i, name=n) for i, n in enumerate(table.players)])


def table_of(game: Game) -> Table:
    players = tuple(seat.name for seat in game.seats)
    return Table(Rules.from_spec(game.rules), players, players[game.first_dealer],
                 game.partnerships)


def deal_of(record: DealRecord, players: tuple[str, ...]) -> Deal:
    result = None
    if record.outcome == Outcome.SCORED.value:
        result = RoundResult(
            winner=players[record.winner],
            finish=Finish(record.finish),
            hands={players[h.position]: PlayerHand(
                h.melded, h.points,
                None if h.cards is None else tuple(Card.parse(c) for c in h.cards),
                h.mistake) for h in record.hands},
            bonuses=tuple(Bonus(b) for b in record.bonuses),
            indicator=None if record.indicator is None else Card.parse(record.indicator),
        )
    melds = tuple((players[p], v) for p, v in record.first_melds)
    return Deal(record.number, Outcome(record.outcome), result, melds)


def log_of(game: Game) -> list[Deal]:
    players = tuple(seat.name for seat in game.seats)
    return [deal_of(record, players) for record in game.deals]


# A whole game in four statements: the game, then its seats, deals and hands.
WHOLE = (selectinload(Game.seats), selectinload(Game.deals).selectinload(DealRecord.hands))


def load(game_id: str) -> Game | None:
    return db.session.scalars(select(Game).where(Game.id == game_id).options(*WHOLE)).first()


# Replayed states by (game, last change): a cache, never the truth — every change to a
# game moves its time stamp, so a stale entry is simply never asked for again.
_STATES: OrderedDict[tuple, GameState] = OrderedDict()
_KEEP = 1024


def states_of(ids: list[str]) -> list[tuple[Game, GameState]]:
    """The games *ids* that exist, in that order, with their states; only games not in
    the cache are read whole, so a long list costs a handful of statements."""
    games = {g.id: g for g in db.session.scalars(select(Game).where(Game.id.in_(ids)))}
    missing = [i for i, g in games.items() if (i, g.updated_at) not in _STATES]
    if missing:
        db.session.scalars(select(Game).where(Game.id.in_(missing)).options(*WHOLE)).all()
    return [(games[i], state_of(games[i])) for i in ids if i in games]


def state_of(game: Game) -> GameState:
    key = (game.id, game.updated_at)
    state = _STATES.get(key)
    if state is None:
        state = replay(table_of(game), log_of(game))
        _STATES[key] = state
        if len(_STATES) > _KEEP:
            _STATES.popitem(last=False)
    return state


def _fill(record: DealRecord, deal: Deal, players: tuple[str, ...]) -> DealRecord:
    result = deal.result
    record.number = deal.number
    record.outcome = deal.outcome.value
    record.first_melds = [[players.index(n), v] for n, v in deal.first_melds]
    record.winner = None if result is None else players.index(result.winner)
    record.finish = None if result is None else result.finish.value
    record.bonuses = [] if result is None else [b.value for b in result.bonuses]
    record.indicator = None if result is None or result.indicator is None else str(
        result.indicator)
    record.hands = [] if result is None else [
        HandRecord(position=players.index(name), melded=hand.melded, points=hand.points,
                   cards=None if hand.cards is None else [str(c) for c in hand.cards],
                   mistake=hand.mistake)
        for name, hand in result.hands.items()]
    return record


def add_deal(game: Game, deal: Deal) -> GameState:
    """Record *deal* as the game's next deal; :class:`RulesError` if it cannot be, and
    :class:`DealConflict` if its number is not the next one."""
    table, log = table_of(game), log_of(game)
    if deal.number != len(log) + 1:
        raise DealConflict(len(log) + 1)
    state = replay(table, [*log, deal])
    game.deals.append(_fill(DealRecord(), deal, table.players))
    _commit(game, len(log) + 1)
    return state


def correct_deal(game: Game, deal: Deal) -> GameState:
    """Replace deal *deal.number*; every later dealer and total follows from the replay.
    :class:`RulesError` when the corrected log no longer holds (say the correction ends
    the game before deals that follow it)."""
    table, log = table_of(game), log_of(game)
    log[deal.number - 1] = deal
    state = replay(table, log)
    _fill(game.deals[deal.number - 1], deal, table.players)
    _commit(game, len(log) + 1)
    return state


def remove_last_deal(game: Game) -> GameState:
    game.deals.pop()
    _commit(game, len(game.deals) + 1)
    return state_of(game)


def _commit(game: Game, expected: int) -> None:
    # A deal changes the game: its time stamp tells watchers the sheet changed.
    game.updated_at = datetime.now(UTC)
    try:
        db.session.commit()
    except IntegrityError as error:
        # Another phone recorded this deal number first.
        db.session.rollback()
        raise DealConflict(expected) from error
