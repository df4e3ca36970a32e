"""A backup's values checked column by column, as the database would hold them and the app
would write them: whole numbers in range, text of the column's length, time stamps the
app can show, JSON no deeper or longer than anything the app writes. Anything else is a
:class:`BadFile` naming where it is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import click
from sqlalchemy import Boolean, ColumnElement, DateTime, Integer, String, inspect

from ..games.kind import brief
from ..models import INT_MAX, Game, Night, fits_integer_column
from ..trust.confirmations import MODES


class BadFile(click.ClickException):
    """The file, or one game of it (*where* says which), cannot be imported. A game that
    cannot be is left out and named while the others are imported; a file that cannot
    be imports nothing."""

    def __init__(self, where: str, message: str) -> None:
        self.reason = f"{where}: {message.rstrip('.')}"
        super().__init__(f"{self.reason}. Nothing was imported.")


# Ids are the app's own tokens (secrets.token_urlsafe): they go into addresses as they are.
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,32}")
# The PIN hashes Werkzeug writes (method$salt$hash), with the cost the app uses: a hash
# claiming a far higher cost would make every PIN check take the server's memory or time.
PIN_HASH = re.compile(r"(?:scrypt:32768:8:1\$[A-Za-z0-9]{8,64}\$[0-9a-f]{128})"
                      r"|(?:pbkdf2:sha256:([1-9][0-9]{0,6})\$[A-Za-z0-9]{8,64}\$[0-9a-f]{64})")
MOST_ROUNDS_OF_PBKDF2 = 2_000_000


def check_pin_hash(pin_hash: str | None, where: str) -> None:
    """A game's or group's PIN hash is one this app writes, or none."""
    if pin_hash is not None:
        match = PIN_HASH.fullmatch(pin_hash)
        if match is None or int(match.group(1) or 0) > MOST_ROUNDS_OF_PBKDF2:
            raise BadFile(where, "'pin_hash' is not a PIN hash this app writes")


def check_settings(holder: Game | Night, where: str) -> None:
    """A game's or night's PIN hash and who confirms its deals (scorekeeper/trust.py) are
    what this app writes: a file with another is refused, not served."""
    check_pin_hash(holder.pin_hash, where)
    if holder.confirm is not None and holder.confirm not in MODES:
        raise BadFile(f"{where}, 'confirm'", "must be \"off\", \"other_side\" or null")


# Inside a JSON column: numbers as a 64-bit integer holds them, and no text or list longer
# than anything the app writes there (names of 40 characters, card codes, at most the 108
# cards of two packs).
JSON_INT = 2**63 - 1
JSON_TEXT = 100
JSON_ITEMS = 200
JSON_DEPTH = 10
# Time stamps the app can write and show: from the epoch (a machine whose clock was never
# set) to well before the last year Python's dates hold.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9999, 1, 1, tzinfo=UTC)


# Any: a row's columns, each value of its column's Python type (text, number, time)
def row_of(obj: object, skip: set[str]) -> dict[str, Any]:
    """*obj*'s columns but *skip*, as the file holds them (time stamps in UTC)."""
    out = {}
    for attr in inspect(type(obj)).column_attrs:
        if attr.key not in skip:
            value = getattr(obj, attr.key)
            out[attr.key] = stamp(value) if isinstance(value, datetime) else value
    return out


def stamp(at: datetime) -> str:
    # SQLite gives back naive times, PostgreSQL aware ones; both are UTC.
    return (at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)).isoformat()


# Any: any model class; its columns' values are of their own Python types
def values_of(item: object, model: type[Any], skip: set[str], where: str,
              parts: list[str]) -> dict[str, Any]:  # Any: as row_of's
    """The columns of *model* from *item*, each checked against its column's type."""
    return checked(item, {a.key: a.columns[0] for a in inspect(model).column_attrs
                          if a.key not in skip}, where, parts)


# Any: columns of any Python type, their values as row_of's
def checked(item: object, columns: Mapping[str, ColumnElement[Any]], where: str,
            parts: list[str]) -> dict[str, Any]:  # Any: as above
    """*columns* from *item*, each checked against its type; *parts*, the item's nested
    lists, are read by the caller."""
    if not isinstance(item, dict):
        raise BadFile(where, "must be an object")
    unknown = set(item) - set(columns) - set(parts)
    # A column added after the first backups may be missing, read as null (models.py).
    later = {key for key, column in columns.items() if column.info.get("added_later")}
    missing = (set(columns) | set(parts)) - set(item) - later
    if unknown or missing:
        what = [f"unknown field {brief(k)}" for k in sorted(unknown)] + [
            f"missing field {k!r}" for k in sorted(missing)]
        raise BadFile(where, "; ".join(what))
    return {key: value_of(item.get(key), column, f"{where}, {key!r}")
            for key, column in columns.items()}


# Any: a column of any Python type
def value_of(value: object, column: ColumnElement[Any], where: str) -> object:
    kind = column.type
    if value is None:
        if column.nullable and not column.primary_key:
            return None
        raise BadFile(where, "must not be null")
    if isinstance(kind, DateTime):
        at = _time(value)
        if at is None:
            raise BadFile(where, "must be a date and time like \"2026-11-23T21:14:00+00:00\", "
                                 "from 1970 to 9998")
        return at
    if isinstance(kind, Boolean):
        if isinstance(value, bool):
            return value
        raise BadFile(where, "must be true or false")
    if isinstance(kind, Integer):
        if fits_integer_column(value):
            return value
        raise BadFile(where, f"must be a whole number from 0 to {INT_MAX}")
    if isinstance(kind, String):
        if isinstance(value, str) and (kind.length is None or len(value) <= kind.length):
            return _text(value, where)
        raise BadFile(where, f"must be text of at most {kind.length} characters")
    # JSON: any JSON value every database stores as it is; the checks after the replay
    # judge what it means.
    _json_value(value, where)
    return value


def _time(value: object) -> datetime | None:
    """The time stamp *value* writes, in UTC (a time without an offset is UTC, as the app
    writes them), or None."""
    if not isinstance(value, str):
        return None
    try:
        at = datetime.fromisoformat(value)
        at = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
    except (ValueError, OverflowError):
        return None
    return at if EARLIEST <= at < LATEST else None


def _text(value: str, where: str) -> str:
    # PostgreSQL refuses a NUL in text, and no database stores half a UTF-16 pair.
    if "\x00" in value or any("\ud800" <= c <= "\udfff" for c in value):
        raise BadFile(where, "must not hold a NUL character or half a UTF-16 pair")
    return value


def _json_value(value: object, where: str, depth: int = 0) -> None:
    if depth > JSON_DEPTH:
        raise BadFile(where, "is nested too deeply")
    if isinstance(value, str):
        if len(value) > JSON_TEXT:
            raise BadFile(where, f"holds a text longer than {JSON_TEXT} characters")
        _text(value, where)
    elif isinstance(value, dict | list):
        if len(value) > JSON_ITEMS:
            raise BadFile(where, f"holds a list or object of more than {JSON_ITEMS} items")
        if isinstance(value, dict):
            for key in value:
                _json_value(key, where, depth + 1)
        for item in value.values() if isinstance(value, dict) else value:
            _json_value(item, where, depth + 1)
    elif isinstance(value, float):
        raise BadFile(where, "holds a number with a fraction; the app writes none")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > JSON_INT:
        raise BadFile(where, "holds a number too large to store")


# Any: games, groups or nights alike: any row with an id
def each_once(games: list[Any]) -> None:
    """No two games of a file share an id or a view-only link."""
    ids: set[str] = set()
    views: set[str] = set()
    for game in games:
        if game.id in ids:
            raise BadFile(f"game {game.id}", "appears twice in the file")
        if game.view_id in views:
            raise BadFile(f"game {game.id}", "its view id is another game's in the file")
        ids.add(game.id)
        views.add(game.view_id)
