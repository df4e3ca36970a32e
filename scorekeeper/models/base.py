"""What every stored table shares: the declarative base, the integer columns' range, the
ids, the mark of a column added after the first backups, a deal's typed column and the
JSON columns' types."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..extensions import db

if TYPE_CHECKING:
    # Flask-SQLAlchemy makes db.Model at run time; a type checker sees it as SQLAlchemy's
    # declarative base, which it is.
    from sqlalchemy.orm import DeclarativeBase as Model
else:
    Model = db.Model


# Every integer column is an INTEGER, 32 bits on PostgreSQL; none is ever below 0
# (positions, numbers and points).
INT_MAX = 2**31 - 1


def fits_integer_column(value: object) -> bool:
    """Whether *value* is a whole number an integer column holds (a backup's, say)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= INT_MAX


def new_game_id() -> str:
    """An unguessable game id: 144 random bits, URL-safe (24 characters)."""
    return secrets.token_urlsafe(18)


# A column added after the first backups were written (it may be null): a backup written
# before it lacks the field, read as null (scorekeeper/backup/columns.py). A column added
# later is marked so where it is declared.
ADDED_LATER = {"added_later": True}


def typed(label: str, hint: str) -> dict[str, object]:
    """A deal record's column the table types on any deal, with its label and hint for
    people (``N_`` strings): the column is then the whole of the field's declaration
    (scorekeeper/deal_fields.py)."""
    return {"typed": (label, hint)}


# What a JSON column holds: each reader knows the shape it wrote there (the rules its game
# resolved, a night's seating …), and a backup's reader checks a file's before storing it.
# Any: SQLAlchemy gives a JSON column back as whatever was stored, unchecked.
Stored = dict[str, Any]
# Any: the same, for a column holding a list.
StoredList = list[Any]


def _now() -> datetime:
    return datetime.now(UTC)


__all__ = ["ADDED_LATER", "INT_MAX", "Model", "Stored", "StoredList", "_now",
           "fits_integer_column", "new_game_id", "typed"]
