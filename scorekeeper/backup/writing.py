"""A backup written (``flask export-games FILE``, docs/durability.md): every group, night
and game, column by column, as :mod:`scorekeeper.backup` describes, read at one moment
while phones keep saving, and written beside the target before it takes its name."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import click
from flask.cli import with_appcontext
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Game, GameResult, Group, Night
from .columns import row_of, stamp
from .game import MEMBER, PARTS, PLAYED_AT, REPORTS
from .groups import group_json
from .nights import night_json

FORMAT = "hand-scorekeeper-games"
VERSION = REPORTS


# Any: the file's parts are rows as backup/columns.py writes them (Row)
def export_games() -> dict[str, Any]:
    """Every group and every game, as the file holds them."""
    _read_one_moment()
    groups = _in_order(db.session.scalars(select(Group).options(selectinload(Group.members))))
    places = {m.id: m.position for g in groups for m in g.members}
    played = dict(db.session.execute(select(GameResult.game_id, GameResult.played_at)).all())
    games = _in_order(db.session.scalars(select(Game).options(
        selectinload(Game.seats), selectinload(Game.deals),
        selectinload(Game.rulings), selectinload(Game.audit))))
    nights = _in_order(db.session.scalars(select(Night).options(
        selectinload(Night.started), selectinload(Night.changes))))
    return {"format": FORMAT, "version": VERSION,
            "groups": [group_json(g) for g in groups],
            "nights": [night_json(n) for n in nights],
            "games": [_game_json(g, places, played.get(g.id)) for g in games]}


Row = TypeVar("Row", Group, Game, Night)


def _in_order(rows: Iterable[Row]) -> list[Row]:
    """*rows* oldest first (a rematch after its game), those made at the same moment by
    id, compared as Python compares text: the same order whichever database wrote them
    (PostgreSQL's ORDER BY follows the database's collation, not SQLite's byte order)."""
    return sorted(rows, key=lambda row: (stamp(row.created_at), row.id))


def _read_one_moment() -> None:
    """Read every table as it stood at one moment, even while phones keep saving."""
    if db.engine.dialect.name == "sqlite":
        # Python's sqlite3 starts no transaction for reads: a snapshot needs one.
        db.session.connection().exec_driver_sql("BEGIN")
    else:
        db.session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


def _game_json(game: Game, places: dict[int, int], played_at: datetime | None
               ) -> dict[str, Any]:  # Any: a Row, amended
    out = row_of(game, set())
    # The day a group game counts for in the standings (no deal records it).
    out[PLAYED_AT] = None if played_at is None or game.group_id is None else stamp(
        played_at)
    for name, _model, skip in PARTS:
        out[name] = [row_of(child, skip) for child in getattr(game, name)]
    for seat, sitting in zip(out["seats"], game.seats, strict=True):
        # A member by their place in the group: row ids stay in their database.
        seat[MEMBER] = None if sitting.member_id is None else places.get(sitting.member_id)
    return out



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
    # "1 game", "18 games": the command speaks English, in its plurals.
    parts = [f"{len(data[name])} {name[:-1]}{'' if len(data[name]) == 1 else 's'}"
             for name in ("games", "groups", "nights") if data[name] or name == "games"]
    listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    click.echo(f"Exported {listed} to {path}.")
