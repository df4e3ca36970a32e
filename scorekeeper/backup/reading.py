"""A backup read back (``flask import-games FILE``, docs/durability.md, "Restore"): the
file's groups, nights and games that this database lacks, each checked, added in one
transaction. What cannot be imported is named and left out whole, with whatever leans on
it: a night with its games, a game with the night it plays for, until what is left holds
together; the rest is imported. Rows are written parents first (groups, then nights, then
games, each game after the one it is a rematch of), since PostgreSQL checks each link
between tables as the row is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from flask.cli import with_appcontext
from sqlalchemy import or_, select
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from ..games.kind import brief
from ..league.results import keep_result
from ..models import Game, GameResult
from .columns import BadFile, each_once
from .game import FileGame, game_of
from .groups import FileGroup, groups_of, link_game
from .nights import FileNight, check_started, link_night, nights_of
from .ratings import rate_imported
from .writing import FORMAT

#: The versions of the format this app reads: 1 held no groups, 2 no nights, 3 no
#: groups' ratings, 4 kept Hand's columns on every deal (scorekeeper/backup/legacy.py).
READS = (1, 2, 3, 4, 5)
# The parts of the file, by the first version that holds each.
PARTS = {"format": 1, "version": 1, "games": 1, "groups": 2, "nights": 3}


def import_games(data: object) -> tuple[list[str], list[str]]:
    """Add the groups, nights and games in *data* that this database lacks, in one
    transaction: the ids of the games added and the sentences saying what was skipped —
    already here, or holding a value the app refuses (named; everything else is
    imported). :class:`BadFile` (nothing added) when the file itself is wrong: not an
    export, a part it should not hold, or two games (or groups, or nights) claiming one
    id."""
    data = _parts(data)
    version = data["version"]
    groups, refused = groups_of(data.get("groups", []), version)
    nights, refused_nights = nights_of(data.get("nights", []), groups)
    refused += refused_nights
    games: list[FileGame] = []
    for i, item in enumerate(data["games"]):
        try:
            games.append(game_of(item, i, version))
        except BadFile as bad:
            db.session.rollback()
            refused.append(f"Not imported: {bad.reason}.")
    each_once([g[0] for g in games])
    here = db.session.execute(select(Game.id, Game.view_id).where(or_(
        Game.id.in_([g.id for g, *_rest in games]),
        Game.view_id.in_([g.view_id for g, *_rest in games])))).all()
    taken = {value for row in here for value in row}
    for group in groups.values():
        if not group.new:
            refused.append(f"Skipped group {group.row.id} ({group.row.name}): it is "
                           "already in this database.")
    fresh = []
    for item in games:
        game = item[0]
        if game.id in taken or game.view_id in taken:
            names = ", ".join(seat.name for seat in game.seats)
            refused.append(f"Skipped game {game.id} ({names}): it is already in this "
                           "database.")
        else:
            fresh.append(item)
    try:
        kept = _save(groups, nights, fresh, _ids(data), refused)
        db.session.commit()
    except SQLAlchemyError as error:
        # Every value was checked against its column above; should a database still
        # refuse one, say so rather than show a traceback.
        db.session.rollback()
        raise BadFile("the file", f"the database refused it "
                                  f"({getattr(error, 'orig', None) or error})") from None
    return [game.id for game in kept], refused


# Any: the file's parts, each checked item by item by its reader (groups_of, game_of …)
def _parts(data: object) -> dict[str, Any]:
    """*data*, once it is known to be an export in a version of the format this app
    reads, holding the parts of that version and no other; :class:`BadFile` otherwise."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadFile("the file", f"not an export of Hand Scorekeeper games (no \"format\": "
                                  f"\"{FORMAT}\")")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version not in READS:
        raise BadFile("the file", f"version {brief(version)} of the format; this app "
                                  f"reads versions {', '.join(map(str, READS))}")
    if not isinstance(data.get("games"), list):
        raise BadFile("the file", "\"games\" must be a list")
    for key in data:
        if key not in PARTS:
            raise BadFile("the file", f"unknown key {brief(key)}")
        if PARTS[key] > version:
            raise BadFile("the file", f"version {version} of the format holds no "
                                      f"\"{key}\"")
    return data


# Any: as _parts gives it
def _ids(data: dict[str, Any]) -> dict[str, set[str]]:
    """The ids the file gives its games and its nights, whether or not they import."""
    return {part: {item["id"] for item in data.get(part, [])
                   if isinstance(item, dict) and isinstance(item.get("id"), str)}
            for part in ("games", "nights")}


def _save(groups: dict[str, FileGroup], nights: dict[str, FileNight], games: list[FileGame],
          in_file: dict[str, set[str]], refused: list[str]) -> list[Game]:
    """Write what holds together, parents first, with each group game's result and its
    group's ratings; say what is left out in *refused*. The games written."""
    new_groups = [g for g in groups.values() if g.new]
    db.session.add_all(g.row for g in new_groups)
    db.session.flush()  # the members' ids, which seats name
    kept = _settle(groups, nights, games, in_file, refused)
    db.session.add_all(n.row for n in nights.values() if n.new)
    db.session.flush()  # the nights the games play for
    for game, *_rest in kept:
        db.session.add(game)  # in the file's order: a rematch after its game
    db.session.flush()
    for game, state, log, _members, played_at in kept:
        # A group game's result is worked out again from its deals, as every change
        # keeps it; it counts for the day the file says. The group's ratings follow,
        # once the results of all its games are in.
        keep_result(game, state, log, rerating=False)
        if game.group_id is not None and played_at is not None:
            result = db.session.get(GameResult, game.id)
            assert result is not None
            result.played_at = played_at
    refused += rate_imported([game for game, *_rest in kept],
                             [(g.row, g.ratings) for g in new_groups])
    return [game for game, *_rest in kept]


def _settle(groups: dict[str, FileGroup], nights: dict[str, FileNight],
            games: list[FileGame], in_file: dict[str, set[str]], refused: list[str]
            ) -> list[FileGame]:
    """The games that hold together with the nights left in *nights* (those that do not
    are taken out of it): each game's group, night and the game it is a rematch of
    imported or here, and each new night's rounds seated at games imported now. A night
    left out takes out the games that play for it, which may take out a rematch, and so
    on, until nothing more goes; *refused* says why each went."""
    left_out = in_file["nights"] - set(nights)  # refused as the file was read
    while True:
        kept, reasons, earlier = [], [], set[str]()
        for item in games:
            game, _state, _log, members, _played = item
            try:
                link_game(game, members, groups, earlier)
                link_night(game, nights, left_out)
            except BadFile as bad:
                reasons.append(f"Not imported: {bad.reason}.")
                continue
            earlier.add(game.id)
            kept.append(item)
        by_id = {item[0].id: item[0] for item in kept}
        gone = []
        for night in (n for n in nights.values() if n.new):
            try:
                check_started(night.row, by_id, in_file["games"])
            except BadFile as bad:
                refused.append(f"Not imported: {bad.reason}.")
                gone.append(night.row.id)
        if not gone:
            refused += reasons
            return kept
        for night_id in gone:
            del nights[night_id]
            left_out.add(night_id)


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
    click.echo(f"Imported {len(added)} game{'' if len(added) == 1 else 's'} from {path}.")
    if any(line.startswith("Not imported") for line in skipped):
        raise SystemExit(1)  # a game left out: say so to whoever scripted the import
