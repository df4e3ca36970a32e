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

import contextlib
import json
import os
import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from flask.cli import with_appcontext
from sqlalchemy import Boolean, DateTime, Integer, String, inspect, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .codec import PayloadError, deal_from_json
from .extensions import db
from .models import AuditEntry, DealRecord, Game, HandRecord, RulingRecord, Seat
from .referee import decide
from .rules import Check, Rules, RulesError, replay
from .storage import log_of, table_of

FORMAT = "hand-scorekeeper-games"
VERSION = 1

# Each part of a game: the list's name in the file, its model, and the columns left out
# (row ids and the links to the parent, which the nesting gives).
PARTS = (("seats", Seat, {"game_id"}), ("deals", DealRecord, {"id", "game_id"}),
         ("rulings", RulingRecord, {"id", "game_id"}), ("audit", AuditEntry, {"id", "game_id"}))
HANDS = ("hands", HandRecord, {"deal_id"})


class BadFile(click.ClickException):
    """The file cannot be imported; nothing was."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}. Nothing was imported.")


def init_app(app) -> None:
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


def _row(obj, skip: set[str]) -> dict[str, Any]:
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
    and the sentences saying which were skipped. :class:`BadFile` (nothing added) when
    anything in it is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadFile("the file", f"not an export of Hand Scorekeeper games (no \"format\": "
                                  f"\"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise BadFile("the file", f"version {data.get('version')!r} of the format; this app "
                                  f"reads version {VERSION}")
    if not isinstance(data.get("games"), list):
        raise BadFile("the file", "\"games\" must be a list")
    games = [_game_of(item, f"game {i + 1}") for i, item in enumerate(data["games"])]
    ids = [g.id for g in games]
    if len(set(ids)) != len(ids):
        raise BadFile("the file", "a game appears twice in it")
    here = db.session.execute(select(Game.id, Game.view_id).where(or_(
        Game.id.in_(ids), Game.view_id.in_([g.view_id for g in games])))).all()
    taken = {value for row in here for value in row}
    added, skipped = [], []
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
    except IntegrityError as error:
        db.session.rollback()
        raise BadFile("the file", f"the database refused it ({error.orig})") from None
    return added, skipped


def _game_of(item: object, where: str) -> Game:
    if not isinstance(item, dict):
        raise BadFile(where, "must be an object")
    game = Game(**_values(item, Game, set(), where, [name for name, _m, _s in PARTS]))
    where = f"game {game.id}"
    for name, model, skip in PARTS:
        children = item[name]
        if not isinstance(children, list):
            raise BadFile(where, f"\"{name}\" must be a list")
        for i, child in enumerate(children):
            place = f"{where}, {name}[{i}]"
            extra = [HANDS[0]] if model is DealRecord else []
            record = model(**_values(child, model, skip, place, extra))
            if isinstance(record, DealRecord):
                hands = child[HANDS[0]]
                if not isinstance(hands, list):
                    raise BadFile(place, "\"hands\" must be a list")
                record.hands = [HandRecord(**_values(h, HandRecord, HANDS[2],
                                                     f"{place}, hands[{j}]", []))
                                for j, h in enumerate(hands)]
            getattr(game, name).append(record)
    if [seat.position for seat in game.seats] != list(range(len(game.seats))):
        raise BadFile(where, "its seats must be numbered 0, 1, 2… in order")
    try:
        # The engine must accept the game as it would from the phones.
        replay(table_of(game), log_of(game))
    except RulesError as refusal:
        # The command speaks English, like the rest of the flask commands.
        raise BadFile(where, f"the rules engine refuses it: {refusal.message}") from None
    except (ValueError, LookupError, TypeError, AttributeError) as error:
        raise BadFile(where, f"its deals do not fit its table ({error})") from None
    _check_game(game, where)
    return game


# Ids are the app's own tokens (secrets.token_urlsafe): they go into addresses as they are.
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,32}")
# Werkzeug's password hashes: method$salt$hash.
PIN_HASH = re.compile(r"(scrypt|pbkdf2)[:0-9a-z]*\$[^$]{1,64}\$[0-9a-f]{32,256}")
AUDIT_ACTIONS = {"record", "correct", "undo"}


def _check_game(game: Game, where: str) -> None:
    """What the replay does not judge: the values the pages read as they are."""
    if not TOKEN.fullmatch(game.id) or not TOKEN.fullmatch(game.view_id):
        raise BadFile(where, "its id and view id must be tokens of 16 to 32 letters, digits, "
                             "- and _")
    if game.pin_hash is not None and not PIN_HASH.fullmatch(game.pin_hash):
        raise BadFile(where, "its PIN hash is not one this app writes")
    rules = Rules.from_spec(game.rules)
    # Files written before an option existed lack it, and the preset fills it in.
    if not isinstance(game.rules, dict) or "preset" not in game.rules:
        raise BadFile(where, "its rules must name their preset, as an export writes them")
    for i, ruling in enumerate(game.rulings):
        place = f"{where}, rulings[{i}]"
        if ruling.check not in {str(c) for c in Check}:
            raise BadFile(place, f"unknown check {ruling.check!r}")
        if ruling.deal_number < 1 or not _question(ruling.inputs):
            raise BadFile(place, "a ruling has a deal number from 1 and its question as the "
                                 "referee takes it (card lists, an indicator, flags)")
        # A question the rules refuse is shown with its reason, as on the phones; any other
        # failure would be a page that cannot be shown.
        with contextlib.suppress(RulesError, PayloadError):
            decide(ruling.check, rules, ruling.inputs)
    for i, entry in enumerate(game.audit):
        place = f"{where}, audit[{i}]"
        if entry.action not in AUDIT_ACTIONS or entry.deal_number < 1:
            raise BadFile(place, "an entry is a record, correct or undo of a deal from 1")
        for side in (entry.before, entry.after):
            if side is not None:
                _check_snapshot(side, place)


CARD_LISTS = {"cards", "meld", "add", "give"}


def _question(inputs: object) -> bool:
    """Whether *inputs* has the shape of a referee question as the pages keep it."""
    if not isinstance(inputs, dict):
        return False

    def texts(value: object) -> bool:
        return isinstance(value, list) and all(isinstance(t, str) for t in value)

    for key, value in inputs.items():
        fits = {
            **dict.fromkeys(CARD_LISTS, texts(value)),
            "melds": isinstance(value, list) and all(texts(m) for m in value),
            "indicator": isinstance(value, str),
            "minimum": isinstance(value, int) and not isinstance(value, bool),
            "end": value in ("low", "high"),
            "going_out": isinstance(value, bool), "one_card": isinstance(value, bool),
        }.get(key, False)
        if not fits:
            return False
    return True


def _check_snapshot(snapshot: object, where: str) -> None:
    """A deal as the audit trail keeps it (storage.snapshot): its body and its scores."""
    if not isinstance(snapshot, dict) or not isinstance(snapshot.get("deal"), int):
        raise BadFile(where, "a deal before or after must be an object with its \"deal\"")
    scores = snapshot.get("scores")
    if scores is not None and not (isinstance(scores, dict) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in scores.values())):
        raise BadFile(where, "its scores must map names to whole numbers")
    body = {k: v for k, v in snapshot.items() if k not in ("deal", "scores")}
    try:
        deal_from_json(body, max(snapshot["deal"], 1))
    except (RulesError, PayloadError) as refusal:
        raise BadFile(where, f"a deal in it cannot be read ({refusal})") from None


def _values(item: object, model, skip: set[str], where: str, parts: list[str]) -> dict:
    """The columns of *model* from *item*, each checked against its column's type."""
    if not isinstance(item, dict):
        raise BadFile(where, "must be an object")
    columns = {a.key: a.columns[0] for a in inspect(model).column_attrs if a.key not in skip}
    unknown = set(item) - set(columns) - set(parts)
    missing = (set(columns) | set(parts)) - set(item)
    if unknown or missing:
        what = [f"unknown field {k!r}" for k in sorted(unknown)] + [
            f"missing field {k!r}" for k in sorted(missing)]
        raise BadFile(where, "; ".join(what))
    return {key: _value(item[key], column, f"{where}, {key!r}")
            for key, column in columns.items()}


def _value(value: object, column, where: str) -> object:
    kind = column.type
    if value is None:
        if column.nullable and not column.primary_key:
            return None
        raise BadFile(where, "must not be null")
    if isinstance(kind, DateTime):
        if isinstance(value, str):
            try:
                at = datetime.fromisoformat(value)
            except ValueError:
                pass
            else:
                return at if at.tzinfo else at.replace(tzinfo=UTC)
        raise BadFile(where, "must be a date and time like \"2026-11-23T21:14:00+00:00\"")
    if isinstance(kind, Boolean):
        if isinstance(value, bool):
            return value
        raise BadFile(where, "must be true or false")
    if isinstance(kind, Integer):
        # Positions, numbers and points: none is ever below 0, nor beyond what every
        # database's INTEGER holds.
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= INT_MAX:
            return value
        raise BadFile(where, f"must be a whole number from 0 to {INT_MAX}")
    if isinstance(kind, String):
        if isinstance(value, str) and (kind.length is None or len(value) <= kind.length):
            return _text(value, where)
        raise BadFile(where, f"must be text of at most {kind.length} characters")
    # JSON: any JSON value the databases can hold; the replay judges what it means.
    _json_text(value, where)
    return value


INT_MAX = 2**31 - 1


def _text(value: str, where: str) -> str:
    # PostgreSQL refuses a NUL in text, and no database stores half a UTF-16 pair.
    if "\x00" in value or any("\ud800" <= c <= "\udfff" for c in value):
        raise BadFile(where, "must not hold a NUL character or half a UTF-16 pair")
    return value


def _json_text(value: object, where: str, depth: int = 0) -> None:
    if depth > 20:
        raise BadFile(where, "is nested too deeply")
    if isinstance(value, str):
        _text(value, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _text(key, where)
            _json_text(item, where, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _json_text(item, where, depth + 1)
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**63 - 1:
        raise BadFile(where, "holds a number too large to store")
    elif isinstance(value, float):
        raise BadFile(where, "holds a number with a fraction; the app writes none")


@click.command("import-games")
@with_appcontext
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_command(path: Path) -> None:
    """Add the games in PATH (made by export-games) that this database lacks."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise BadFile(str(path), "not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise BadFile(str(path), f"not JSON ({error})") from None
    try:
        added, skipped = import_games(data)
    except BadFile:
        db.session.rollback()
        raise
    for line in skipped:
        click.echo(line)
    click.echo(f"Imported {len(added)} games from {path}.")
