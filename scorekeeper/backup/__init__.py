"""Every game to a JSON file and back: ``flask export-games FILE`` and ``flask import-games
FILE`` (docs/durability.md says when to use them).

The file holds each game whole, column by column: the table (rules, seats, first dealer,
PIN hash, view-only link, time stamps), its deals with each player's hand, its kept rulings
and its audit trail. Row ids are left out (a deal is known by its number, an entry by its
place in the list), so a file imports into any database, and export → import into an empty
database → export gives the same file.

Importing is all or nothing: the whole file is checked — each value against its column,
each game replayed by the rules engine — and saved in one transaction. A game already in the
database is skipped, and said so; it is never duplicated nor merged.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import inspect, or_, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import selectinload

from ..codec import PayloadError
from ..extensions import db
from ..games import kind_of
from ..games.kind import Unfit, brief
from ..models import (
    AuditEntry,
    DealRecord,
    Game,
    HandRecord,
    RulingRecord,
    Seat,
    fits_integer_column,
)
from ..rules import RulesError
from ..storage import log_of, table_of
from .columns import BadFile, value_of, values_of

FORMAT = "hand-scorekeeper-games"
VERSION = 1

# Each part of a game: the list's name in the file, its model, and the columns left out
# (row ids and the links to the parent, which the nesting gives).
PARTS = (("seats", Seat, {"game_id"}), ("deals", DealRecord, {"id", "game_id"}),
         ("rulings", RulingRecord, {"id", "game_id"}), ("audit", AuditEntry, {"id", "game_id"}))
HANDS = ("hands", HandRecord, {"deal_id"})


def init_app(app: Flask) -> None:
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)


# --- export ------------------------------------------------------------------------------

def export_games() -> dict[str, Any]:
    """Every game, as the file holds them."""
    _read_one_moment()
    games = db.session.scalars(select(Game).order_by(Game.created_at, Game.id).options(
        selectinload(Game.seats), selectinload(Game.deals).selectinload(DealRecord.hands),
        selectinload(Game.rulings), selectinload(Game.audit)))
    return {"format": FORMAT, "version": VERSION, "games": [_game_json(g) for g in games]}


def _read_one_moment() -> None:
    """Read every table as it stood at one moment, even while phones keep saving."""
    if db.engine.dialect.name == "sqlite":
        # Python's sqlite3 starts no transaction for reads: a snapshot needs one.
        db.session.connection().exec_driver_sql("BEGIN")
    else:
        db.session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


def _game_json(game: Game) -> dict[str, Any]:
    out = _row(game, set())
    for name, _model, skip in PARTS:
        out[name] = [_row(child, skip) for child in getattr(game, name)]
    for deal, record in zip(out["deals"], game.deals, strict=True):
        deal[HANDS[0]] = [_row(hand, HANDS[2]) for hand in record.hands]
    return out


def _row(obj: object, skip: set[str]) -> dict[str, Any]:
    out = {}
    for attr in inspect(type(obj)).column_attrs:
        if attr.key not in skip:
            value = getattr(obj, attr.key)
            out[attr.key] = _stamp(value) if isinstance(value, datetime) else value
    return out


def _stamp(at: datetime) -> str:
    # SQLite gives back naive times, PostgreSQL aware ones; both are UTC.
    return (at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)).isoformat()


@click.command("export-games")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, writable=True, path_type=Path))
def export_command(path: Path) -> None:
    """Write every game to PATH (JSON), to keep or to import elsewhere."""
    data = export_games()
    db.session.rollback()  # ends the reading transaction
    # Written beside the target and then renamed: a crash never leaves half a backup.
    handle, temporary = tempfile.mkstemp(dir=path.resolve().parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=1)
            out.write("\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    click.echo(f"Exported {len(data['games'])} games to {path}.")


# --- import ------------------------------------------------------------------------------

def import_games(data: object) -> tuple[list[str], list[str]]:
    """Add the games in *data* that this database lacks, in one transaction: the ids added
    and the sentences saying which were skipped — already here, or holding a value the
    app refuses (named; every other game is imported). :class:`BadFile` (nothing added)
    when the file itself is wrong: not an export, or two games claiming one id."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadFile("the file", f"not an export of Hand Scorekeeper games (no \"format\": "
                                  f"\"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise BadFile("the file", f"version {brief(data.get('version'))} of the format; "
                                  f"this app reads version {VERSION}")
    if not isinstance(data.get("games"), list):
        raise BadFile("the file", "\"games\" must be a list")
    games, refused = [], []
    for i, item in enumerate(data["games"]):
        try:
            games.append(_game_of(item, i))
        except BadFile as bad:
            db.session.rollback()
            refused.append(f"Not imported: {bad.reason}.")
    _each_once(games)
    ids = [g.id for g in games]
    here = db.session.execute(select(Game.id, Game.view_id).where(or_(
        Game.id.in_(ids), Game.view_id.in_([g.view_id for g in games])))).all()
    taken = {value for row in here for value in row}
    added, skipped = [], refused
    for game in games:
        if game.id in taken or game.view_id in taken:
            names = ", ".join(seat.name for seat in game.seats)
            skipped.append(f"Skipped game {game.id} ({names}): it is already in this "
                           "database.")
        else:
            db.session.add(game)
            added.append(game.id)
    try:
        db.session.commit()
    except SQLAlchemyError as error:
        # Every value was checked against its column above; should a database still
        # refuse one, say so rather than show a traceback.
        db.session.rollback()
        raise BadFile("the file", f"the database refused it "
                                  f"({getattr(error, 'orig', None) or error})") from None
    return added, skipped


def _each_once(games: list[Game]) -> None:
    """No two games of the file share an id or a view-only link."""
    ids: set[str] = set()
    views: set[str] = set()
    for game in games:
        if game.id in ids:
            raise BadFile(f"game {game.id}", "appears twice in the file")
        if game.view_id in views:
            raise BadFile(f"game {game.id}", "its view id is another game's in the file")
        ids.add(game.id)
        views.add(game.view_id)


def _game_of(item: object, index: int) -> Game:
    """The game *item* describes, every value checked; :class:`BadFile` naming the game
    (by its place in the file until its id is known to be sound) and the field."""
    where = f"game {index + 1}"
    if not isinstance(item, dict):
        raise BadFile(where, "must be an object")
    given = item.get("id")
    if not isinstance(given, str) or not TOKEN.fullmatch(given):
        value_of(given, Game.__table__.c.id, f"{where}, 'id'")  # says what is wrong if it can
        raise BadFile(where, f"'id' must be a token of 16 to 32 letters, digits, - and _, "
                             f"not {brief(given)}")
    where = f"game {given}"
    game = Game(**values_of(item, Game, set(), where, [name for name, _m, _s in PARTS]))
    if not TOKEN.fullmatch(game.view_id):
        raise BadFile(where, "'view_id' must be a token of 16 to 32 letters, digits, - and _")
    for name, model, skip in PARTS:
        children = item[name]
        if not isinstance(children, list):
            raise BadFile(where, f"\"{name}\" must be a list")
        for i, child in enumerate(children):
            place = f"{where}, {name}[{i}]"
            extra = [HANDS[0]] if model is DealRecord else []
            record = model(**values_of(child, model, skip, place, extra))
            if isinstance(record, DealRecord):
                hands = child[HANDS[0]]
                if not isinstance(hands, list):
                    raise BadFile(place, "\"hands\" must be a list")
                record.hands = [HandRecord(**values_of(h, HandRecord, HANDS[2],
                                                     f"{place}, hands[{j}]", []))
                                for j, h in enumerate(hands)]
            getattr(game, name).append(record)
    if [seat.position for seat in game.seats] != list(range(len(game.seats))):
        raise BadFile(where, "its seats must be numbered 0, 1, 2… in order")
    kind = kind_of(game.rules)
    try:
        # The engine must accept the game as it would from the phones.
        table = table_of(game)
        log = log_of(game)
        kind.replay(table, log)
    except RulesError as refusal:
        # The command speaks English, like the rest of the flask commands.
        raise BadFile(where, f"the rules engine refuses it: {refusal.message}") from None
    except Exception as error:  # whatever else a stored deal could not be read for
        raise BadFile(where, f"its deals do not fit its table ({brief(error)})") from None
    _check_table(game, table, where)
    _check_deals(game, table, log, where)
    try:
        kind.check_stored(game, table)
    except Unfit as unfit:
        raise BadFile(f"{where}, {unfit.field}", unfit.reason) from None
    _check_audit(game, where)
    return game


# Ids are the app's own tokens (secrets.token_urlsafe): they go into addresses as they are.
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,32}")
# The PIN hashes Werkzeug writes (method$salt$hash), with the cost the app uses: a hash
# claiming a far higher cost would make every PIN check take the server's memory or time.
PIN_HASH = re.compile(r"(?:scrypt:32768:8:1\$[A-Za-z0-9]{8,64}\$[0-9a-f]{128})"
                      r"|(?:pbkdf2:sha256:([1-9][0-9]{0,6})\$[A-Za-z0-9]{8,64}\$[0-9a-f]{64})")
MOST_ROUNDS_OF_PBKDF2 = 2_000_000


def _check_table(game: Game, table: Any, where: str) -> None:
    if game.pin_hash is not None:
        match = PIN_HASH.fullmatch(game.pin_hash)
        if match is None or int(match.group(1) or 0) > MOST_ROUNDS_OF_PBKDF2:
            raise BadFile(where, "'pin_hash' is not a PIN hash this app writes")
    # The engine has read the rules (and refused unknown or mistyped options); a file
    # written before an option existed lacks it, and the preset's value fills it in.
    game.rules = table.rules.to_dict()


# A deal's columns as storage writes them, in the order they are compared.
DEAL_COLUMNS = ("number", "outcome", "winner", "finish", "bonuses", "indicator",
                "first_melds", "winner_hand", "sides")
HAND_COLUMNS = ("position", "melded", "points", "cards", "mistake")


def _check_deals(game: Game, table: Any, log: list[Any], where: str) -> None:
    """Each deal is stored exactly as the app stores the deal it describes: nothing the
    replay passes over (a winner on a redeal, a seat written -1 or true) is let in."""
    for i, (record, deal) in enumerate(zip(game.deals, log, strict=True)):
        expected = kind_of(game.rules).fill(DealRecord(), deal, table.players)
        for column in DEAL_COLUMNS:
            if _same(getattr(record, column), getattr(expected, column)):
                continue
            raise BadFile(f"{where}, deals[{i}], {column!r}",
                          f"must be {json.dumps(getattr(expected, column))} for the deal "
                          f"it describes")
        rows = [[getattr(h, c) for c in HAND_COLUMNS]
                for h in sorted(record.hands, key=lambda h: h.position)]
        wanted = [[getattr(h, c) for c in HAND_COLUMNS]
                  for h in sorted(expected.hands, key=lambda h: h.position)]
        if not _same(rows, wanted):
            raise BadFile(f"{where}, deals[{i}], 'hands'",
                          "must hold one entry for each player who did not go out, as the "
                          "app writes them")


def _same(one: object, other: object) -> bool:
    # JSON's view: true is not 1, nor [0, 1] the same as [false, true].
    return json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)


# Which sides of a change the audit trail holds (storage._audit): the deal before, the
# deal after.
AUDIT_SIDES = {"record": (False, True), "correct": (True, True), "undo": (True, False)}


def _check_audit(game: Game, where: str) -> None:
    for i, entry in enumerate(game.audit):
        place = f"{where}, audit[{i}]"
        if entry.action not in AUDIT_SIDES:
            raise BadFile(f"{place}, 'action'", "must be record, correct or undo")
        if entry.deal_number < 1:
            raise BadFile(f"{place}, 'deal_number'", "must be 1 or more")
        for side, value, kept in zip(("before", "after"), (entry.before, entry.after),
                                     AUDIT_SIDES[entry.action], strict=True):
            if not kept and value is not None:
                raise BadFile(f"{place}, {side!r}", f"must be null for a {entry.action}")
            if kept:
                _check_snapshot(value, entry.deal_number, f"{place}, {side!r}", game)


def _check_snapshot(snapshot: object, number: int, where: str, game: Game) -> None:
    """A deal as the audit trail keeps it (its game's ``snapshot``): its body and its
    scores."""
    kind = kind_of(game.rules)
    if not isinstance(snapshot, dict):
        raise BadFile(where, "must be the deal as the app wrote it: an object with its "
                             "\"deal\" and \"outcome\"")
    if unknown := set(snapshot) - kind.snapshot_fields:
        raise BadFile(where, f"unknown field {brief(sorted(unknown)[0])}")
    deal = snapshot.get("deal")
    if not fits_integer_column(deal) or deal != number:
        raise BadFile(f"{where}, 'deal'", f"must be {number}, the entry's deal number")
    scores = snapshot.get("scores")
    if scores is not None and not (isinstance(scores, dict) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in scores.values())):
        raise BadFile(f"{where}, 'scores'", "must map names to whole numbers")
    body = {k: v for k, v in snapshot.items() if k not in ("deal", "scores")}
    try:
        kind.deal_from_json(body, number, None)
    except (RulesError, PayloadError) as refusal:
        raise BadFile(where, f"the deal cannot be read: {refusal.message}") from None
    except Exception as error:
        raise BadFile(where, f"the deal cannot be read ({brief(error)})") from None


@click.command("import-games")
@with_appcontext
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_command(path: Path) -> None:
    """Add the games in PATH (made by export-games) that this database lacks."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BadFile(str(path), f"cannot be read ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise BadFile(str(path), "not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise BadFile(str(path), f"not JSON ({error})") from None
    except (ValueError, RecursionError) as error:
        # A number of thousands of digits, or lists nested thousands deep: no export.
        raise BadFile(str(path), f"not an export this app wrote ({brief(error)})") from None
    try:
        added, skipped = import_games(data)
    except BadFile:
        db.session.rollback()
        raise
    for line in skipped:
        click.echo(line)
    click.echo(f"Imported {len(added)} games from {path}.")
    if any(line.startswith("Not imported") for line in skipped):
        raise SystemExit(1)  # a game left out: say so to whoever scripted the import
