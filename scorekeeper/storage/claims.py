"""A change claims the row it changes — a game, a night — by moving the row's time stamp
on the condition that it is still the one the request read: the first write of the
change, which from there to the commit holds the row (SQLite's write lock, PostgreSQL's
row lock). A concurrent change of the same row waits, then finds the stamp moved, and
changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import cast

from sqlalchemy import CursorResult, Table, Update, bindparam, update
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import Game, Night
from .versions import TICK, as_utc

# Built once per table, as every change runs one (a statement costs more to build than
# to run).
_CLAIMS: dict[type[Game] | type[Night], Update] = {
    model: (update(cast(Table, model.__table__))
            .where(model.id == bindparam("claimed"), model.updated_at == bindparam("seen"))
            .values(updated_at=bindparam("stamp")))
    for model in (Game, Night)}


def claimed(row: Game | Night) -> bool:
    """Whether *row* was claimed; when not (another change moved its stamp first), the
    transaction is rolled back and nothing is changed."""
    seen = row.updated_at
    # Never the same stamp twice, so every change moves the version.
    stamp = max(datetime.now(UTC), (as_utc(seen) + TICK).replace(tzinfo=UTC))
    result = cast(CursorResult[tuple[()]], db.session.execute(
        _CLAIMS[type(row)], {"claimed": row.id, "seen": seen, "stamp": stamp}))
    if result.rowcount != 1:
        db.session.rollback()
        return False
    # The new stamp tells watchers (and the cache of states) that the row changed.
    set_committed_value(row, "updated_at", stamp)
    return True
