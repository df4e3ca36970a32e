"""Reading a game: its row becomes its game's table and its deal rows a log of that
game's deals, and replaying the log gives the state, kept in a cache by (game, version) so
a page read between changes replays nothing. Which game a row holds, and how its deals
read, its game's kind says (:func:`scorekeeper.games.kind_of`)."""

from __future__ import annotations

from collections import OrderedDict
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import Select, Text, bindparam, func, inspect, select
from sqlalchemy import cast as cast_to
from sqlalchemy.orm import aliased, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from ..deal_fields import Typed, of_record
from ..extensions import db
from ..games import kind_of, kind_of_game
from ..games.kind import Deal, State
from ..games.kind import Table as GameTable
from ..models import AuditEntry, Game, Group, RulingRecord
from .versions import as_utc, version_at, version_of


def new_game(rules_spec: object, players: list[str], first_dealer: str,
             partnerships: bool = False, teams: object = None) -> Game:
    """A validated, not yet saved game of the game *rules_spec* names; the names are kept
    in normal form (:func:`~scorekeeper.rulekit.new_names`). *partnerships* seats partners
    opposite; *teams* names other sides (lists of names), where the game has them."""
    kind = kind_of(rules_spec)
    game = kind.new_game(rules_spec, players, first_dealer, partnerships=partnerships,
                         teams=teams)
    game.kind = kind.info.name
    return game


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


# Any: an id, or the games' own id column (a correlated subquery)
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
    return PageName(version_at(at), (bool(pin), bool(group_pin)), group, stamp, rulings, rematch)


def load_page(game_id: str, name: PageName) -> Game | None:
    """The game, read to render its page anew, in no more statements than the page needs
    (issue 24): its seats and deals come with its row when no state is kept at the page's
    version (the replay then reads nothing more), and its rulings are not asked for when
    the page's name counts none."""
    whole = (game_id, name.version) not in STATES
    game = db.session.get(Game, game_id, options=WHOLE if whole else ())
    if game is not None and not name.rulings:
        set_committed_value(game, "rulings", [])
    return game


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
    return kind_of_game(game).table_of(game)


def log_of(game: Game) -> list[Deal]:
    """The game's deals, as its game's engine has them, in order."""
    kind = kind_of_game(game)
    players = tuple(seat.name for seat in game.seats)
    return [kind.deal_from_report(record.number, record.report, players)
            for record in game.deals]


# A whole game in three statements: the game, then its seats, then its deals.
WHOLE = (selectinload(Game.seats), selectinload(Game.deals))


def load(game_id: str) -> Game | None:
    """The game's row alone, in one statement: its seats and deals are read when asked
    for, which a page whose sheet is in the cache of states never does."""
    return db.session.get(Game, game_id)


# Replayed states, with the log of deals each was replayed from, by (game, version): a
# cache, never the truth — every change to a game moves its version, so a stale entry is
# simply never asked for again.
class Sheet(NamedTuple):
    state: State
    log: tuple[Deal, ...]
    #: What the table typed on each deal besides its report (scorekeeper/deal_fields.py).
    typed: tuple[Typed, ...]



STATES: OrderedDict[tuple[str, str], Sheet] = OrderedDict()
_KEEP = 1024


def keep_sheet(game: Game, state: State, log: tuple[Deal, ...],
               typed: tuple[Typed, ...]) -> None:
    STATES[(game.id, version_of(game))] = Sheet(state, log, typed)
    if len(STATES) > _KEEP:
        STATES.popitem(last=False)


def kept_sheet(game: Game) -> Sheet | None:
    key = (game.id, version_of(game))
    sheet = STATES.get(key)
    if sheet is not None:
        STATES.move_to_end(key)
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
        sheets[game.id] = Sheet(kind_of_game(game).replay(table_of(game), list(log)), log,
                                typed_of_records(game))
    now = {row.id: row.updated_at for row in db.session.execute(
        select(Game.id, Game.updated_at).where(Game.id.in_(ids)))}
    for game in games:
        if game.id in now and as_utc(now[game.id]) == as_utc(game.updated_at):
            keep_sheet(game, *sheets[game.id])
    return sheets


def states_of(ids: list[str]) -> list[tuple[Game, State]]:
    """The games *ids* that exist, in that order, with their states, in a handful of
    statements however many there are: the rows, and only the games not in the cache
    read whole."""
    games = {g.id: g for g in db.session.scalars(select(Game).where(Game.id.in_(ids)))}
    sheets = {g.id: sheet for g in games.values() if (sheet := kept_sheet(g)) is not None}
    if missing := [g for g in games.values() if g.id not in sheets]:
        sheets |= _replay_and_keep(missing)
    return [(games[i], sheets[i].state) for i in ids if i in games]


def state_of(game: Game) -> State:
    """The game's state at the version its row was read at, replayed from its deals unless
    the cache holds it."""
    return state_and_log(game)[0]


def state_and_log(game: Game) -> tuple[State, list[Deal]]:
    """The game's state with the log of deals it was replayed from, for answers that show
    both: from the cache, or from one consistent read of the game's deals."""
    sheet = kept_sheet(game) or _replay_and_keep([game])[game.id]
    return sheet.state, list(sheet.log)


def typed_of(game: Game) -> tuple[Typed, ...]:
    """What the table typed on each deal besides its report, in order: from the cache,
    or read with the game's deals."""
    return (kept_sheet(game) or _replay_and_keep([game])[game.id]).typed


def typed_of_records(game: Game) -> tuple[Typed, ...]:
    return tuple(of_record(record) for record in game.deals)


def kept_table(game: Game) -> GameTable:
    """The game's table: the kept state's when there is one (a save of a game being played
    reads no seat), else from the game's rows."""
    sheet = kept_sheet(game)
    return sheet.state.table if sheet is not None else table_of(game)
