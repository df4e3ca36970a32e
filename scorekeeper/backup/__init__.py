"""Every game to a JSON file and back: ``flask export-games FILE`` and ``flask import-games
FILE`` (docs/durability.md says when to use them).

The file holds each game whole, column by column: the table (rules, seats, first dealer,
PIN hash, view-only link, time stamps, its group and the game it is a rematch of), its deals
with each player's hand, its kept rulings and its audit trail; and each group (the table's
league) with its members (:mod:`scorekeeper.backup.groups`). Row ids are left out (a deal
is known by its number, an entry by its place in the list, a member by their place in
their group, which a seat names as its ``member``), so a file imports into any database,
and export → import into an empty database → export gives the same file. A group game's
result, which the standings add up, is not in the file: it is worked out again from the
deals on import, and only the day it counts for (``played_at``) travels with the game.
Each night of several tables comes whole too, with its rounds and history
(:mod:`scorekeeper.backup.nights`), and each game names its night. Each group carries its
ratings as they stood (:mod:`scorekeeper.backup.ratings`), derived like the results: an
import works them out again from the games. Files of version 1 (before groups), 2 (before
nights) and 3 (before ratings) import as they did.

Importing is all or nothing: the whole file is checked — each value against its column,
each game replayed by the rules engine — and saved in one transaction. A game already in the
database is skipped, and said so; it is never duplicated nor merged.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any, cast

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import or_, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import selectinload

from ..codec import PayloadError
from ..extensions import db
from ..games import kind_of
from ..games.kind import Deal, Table, Unfit, brief
from ..models import (
    AuditEntry,
    DealRecord,
    Game,
    GameResult,
    Group,
    HandRecord,
    Night,
    RulingRecord,
    Seat,
    fits_integer_column,
)
from ..results import keep_result
from ..rulekit import RulesError
from ..storage import log_of, table_of
from .columns import TOKEN, BadFile, check_settings, each_once, row_of, stamp, value_of, values_of
from .groups import group_json, groups_of, link_game
from .nights import link_night, night_json, nights_of
from .ratings import rate_imported

FORMAT = "hand-scorekeeper-games"
VERSION = 4
#: The versions of the format this app reads: 1 held no groups, 2 no nights, 3 no
#: groups' ratings.
READS = (1, 2, 3, 4)

# Each part of a game: the list's name in the file, its model, and the columns left out
# (row ids and the links to the parent, which the nesting gives).
PARTS = (("seats", Seat, {"game_id", "member_id"}),
         ("deals", DealRecord, {"id", "game_id"}),
         ("rulings", RulingRecord, {"id", "game_id"}), ("audit", AuditEntry, {"id", "game_id"}))
HANDS = ("hands", HandRecord, {"deal_id"})
# A seat's member, by place in the game's group; a group game's day in the standings.
MEMBER = "member"
PLAYED_AT = "played_at"


def init_app(app: Flask) -> None:
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)


# --- export ------------------------------------------------------------------------------

def export_games() -> dict[str, Any]:
    """Every group and every game, as the file holds them."""
    _read_one_moment()
    groups = list(db.session.scalars(select(Group).order_by(Group.created_at, Group.id)
                                     .options(selectinload(Group.members))))
    places = {m.id: m.position for g in groups for m in g.members}
    played = dict(db.session.execute(select(GameResult.game_id, GameResult.played_at)).all())
    games = db.session.scalars(select(Game).order_by(Game.created_at, Game.id).options(
        selectinload(Game.seats), selectinload(Game.deals).selectinload(DealRecord.hands),
        selectinload(Game.rulings), selectinload(Game.audit)))
    nights = db.session.scalars(select(Night).order_by(Night.created_at, Night.id).options(
        selectinload(Night.started), selectinload(Night.changes)))
    return {"format": FORMAT, "version": VERSION,
            "groups": [group_json(g) for g in groups],
            "nights": [night_json(n) for n in nights],
            "games": [_game_json(g, places, played.get(g.id)) for g in games]}


def _read_one_moment() -> None:
    """Read every table as it stood at one moment, even while phones keep saving."""
    if db.engine.dialect.name == "sqlite":
        # Python's sqlite3 starts no transaction for reads: a snapshot needs one.
        db.session.connection().exec_driver_sql("BEGIN")
    else:
        db.session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


def _game_json(game: Game, places: dict[int, int], played_at: datetime | None
               ) -> dict[str, Any]:
    out = row_of(game, set())
    # The day a group game counts for in the standings (no deal records it).
    out[PLAYED_AT] = None if played_at is None or game.group_id is None else stamp(
        played_at)
    for name, _model, skip in PARTS:
        out[name] = [row_of(child, skip) for child in getattr(game, name)]
    for seat, sitting in zip(out["seats"], game.seats, strict=True):
        # A member by their place in the group: row ids stay in their database.
        seat[MEMBER] = None if sitting.member_id is None else places.get(sitting.member_id)
    for deal, record in zip(out["deals"], game.deals, strict=True):
        deal[HANDS[0]] = [row_of(hand, HANDS[2]) for hand in record.hands]
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


# --- import ------------------------------------------------------------------------------

def import_games(data: object) -> tuple[list[str], list[str]]:
    """Add the groups and games in *data* that this database lacks, in one transaction:
    the ids of the games added and the sentences saying what was skipped — already here,
    or holding a value the app refuses (named; everything else is imported).
    :class:`BadFile` (nothing added) when the file itself is wrong: not an export, or two
    games (or groups) claiming one id."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadFile("the file", f"not an export of Hand Scorekeeper games (no \"format\": "
                                  f"\"{FORMAT}\")")
    version = data.get("version")
    if version not in READS or isinstance(version, bool):
        raise BadFile("the file", f"version {brief(version)} of the format; this app "
                                  f"reads versions {', '.join(map(str, READS))}")
    if not isinstance(data.get("games"), list):
        raise BadFile("the file", "\"games\" must be a list")
    if version == 1 and "groups" in data:
        raise BadFile("the file", "version 1 of the format holds no \"groups\"")
    if version < 3 and "nights" in data:
        raise BadFile("the file", f"version {version} of the format holds no \"nights\"")
    groups, refused = groups_of(data.get("groups", []) if version > 1 else [], version)
    nights, refused_nights = nights_of(data.get("nights", []) if version > 2 else [], groups)
    refused += refused_nights
    games: list[tuple[Game, Any, list[Any], list[int | None], datetime | None]] = []
    for i, item in enumerate(data["games"]):
        try:
            games.append(_game_of(item, i, version))
        except BadFile as bad:
            db.session.rollback()
            refused.append(f"Not imported: {bad.reason}.")
    each_once([g[0] for g in games])
    ids = [g.id for g, *_rest in games]
    here = db.session.execute(select(Game.id, Game.view_id).where(or_(
        Game.id.in_(ids), Game.view_id.in_([g.view_id for g, *_rest in games])))).all()
    taken = {value for row in here for value in row}
    added, skipped = [], refused
    new_groups = [g for g in groups.values() if g.new]
    for group in groups.values():
        if not group.new:
            skipped.append(f"Skipped group {group.row.id} ({group.row.name}): it is "
                           "already in this database.")
    db.session.add_all(g.row for g in new_groups)
    db.session.flush()  # the members' ids, which seats name
    db.session.add_all(n.row for n in nights.values() if n.new)
    earlier: set[str] = set()
    kept = []
    for game, state, log, members, played_at in games:
        if game.id in taken or game.view_id in taken:
            names = ", ".join(seat.name for seat in game.seats)
            skipped.append(f"Skipped game {game.id} ({names}): it is already in this "
                           "database.")
            earlier.add(game.id)
            continue
        try:
            link_game(game, members, groups, earlier)
            link_night(game, nights)
        except BadFile as bad:
            skipped.append(f"Not imported: {bad.reason}.")
            continue
        earlier.add(game.id)
        db.session.add(game)
        added.append(game.id)
        kept.append((game, state, log, played_at))
    db.session.flush()
    for game, state, log, played_at in kept:
        # A group game's result is worked out again from its deals, as every change
        # keeps it; it counts for the day the file says. The group's ratings follow,
        # once the results of all its games are in.
        keep_result(game, state, log, rerating=False)
        if game.group_id is not None and played_at is not None:
            result = db.session.get(GameResult, game.id)
            assert result is not None
            result.played_at = played_at
    skipped += rate_imported([game for game, *_rest in kept],
                             [(g.row, g.ratings) for g in new_groups])
    try:
        db.session.commit()
    except SQLAlchemyError as error:
        # Every value was checked against its column above; should a database still
        # refuse one, say so rather than show a traceback.
        db.session.rollback()
        raise BadFile("the file", f"the database refused it "
                                  f"({getattr(error, 'orig', None) or error})") from None
    return added, skipped


def _game_of(item: object, index: int, version: int
             ) -> tuple[Game, Any, list[Any], list[int | None], datetime | None]:
    """The game *item* describes, every value checked, with its state and log replayed,
    each seat's member (by place in the group) and the day it counts for in its group's
    standings; :class:`BadFile` naming the game (by its place in the file until its id is
    known to be sound) and the field."""
    where = f"game {index + 1}"
    if not isinstance(item, dict):
        raise BadFile(where, "must be an object")
    given = item.get("id")
    if not isinstance(given, str) or not TOKEN.fullmatch(given):
        value_of(given, Game.__table__.c.id, f"{where}, 'id'")  # says what is wrong if it can
        raise BadFile(where, f"'id' must be a token of 16 to 32 letters, digits, - and _, "
                             f"not {brief(given)}")
    where = f"game {given}"
    extra_fields = [PLAYED_AT] if version > 1 else []
    game = Game(**values_of(item, Game, set(), where,
                            [name for name, _m, _s in PARTS] + extra_fields))
    if not TOKEN.fullmatch(game.view_id):
        raise BadFile(where, "'view_id' must be a token of 16 to 32 letters, digits, - and _")
    played_at = None
    if version > 1 and item[PLAYED_AT] is not None:
        played_at = cast(datetime, value_of(item[PLAYED_AT], GameResult.__table__.c.played_at,
                                            f"{where}, {PLAYED_AT!r}"))
    members: list[int | None] = []
    for name, model, skip in PARTS:
        children = item[name]
        if not isinstance(children, list):
            raise BadFile(where, f"\"{name}\" must be a list")
        for i, child in enumerate(children):
            place = f"{where}, {name}[{i}]"
            extra = [HANDS[0]] if model is DealRecord else []
            if model is Seat:
                # Version 1 wrote the member's row id, always null there.
                skip, extra = ({"game_id"}, []) if version == 1 else (skip, [MEMBER])
                members.append(_member_of(child, place, version))
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
    try:
        kind = kind_of(game.rules)
        # The engine must accept the game as it would from the phones.
        table = table_of(game)
        log = log_of(game)
        state = kind.replay(table, log)
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
    if version == 1 and game.group_id is not None:
        raise BadFile(f"{where}, 'group_id'", "must be null in version 1 of the format")
    if (game.group_id is None) != (played_at is None) and version > 1:
        raise BadFile(f"{where}, {PLAYED_AT!r}", "must be a date and time for a game of a "
                                                 "group, and null for any other")
    return game, state, log, members, played_at


def _member_of(seat: object, where: str, version: int) -> int | None:
    """The member a seat names: their place in the game's group, or None."""
    if not isinstance(seat, dict):
        return None  # values_of says what is wrong
    if version == 1:
        if seat.get("member_id") is not None:
            raise BadFile(f"{where}, 'member_id'", "must be null in version 1 of the format")
        return None
    given = seat.get(MEMBER)
    if given is None:
        return None
    if not isinstance(given, int) or not fits_integer_column(given):
        raise BadFile(f"{where}, {MEMBER!r}", "must be the member's place in the group (0 "
                                              "first), or null")
    return given


def _check_table(game: Game, table: Table, where: str) -> None:
    check_settings(game, where)
    # The engine has read the rules (and refused unknown or mistyped options); a file
    # written before an option existed lacks it, and the preset's value fills it in.
    game.rules = table.rules.to_dict()


# A deal's columns as storage writes them, in the order they are compared.
DEAL_COLUMNS = ("number", "outcome", "winner", "finish", "bonuses", "indicator",
                "first_melds", "winner_hand", "sides")
HAND_COLUMNS = ("position", "melded", "points", "cards", "mistake")


def _check_deals(game: Game, table: Table, log: list[Deal], where: str) -> None:
    """Each deal is stored exactly as the app stores the deal it describes: nothing the
    replay passes over (a winner on a redeal, a seat written -1 or true) is let in."""
    for i, (record, deal) in enumerate(zip(game.deals, log, strict=True)):
        expected = kind_of(game.rules).fill(DealRecord(), deal, table.players)
        # A game's own report of a deal is kept as the app writes it now: a file written
        # before a game changed how it keeps its report (a points sheet's points by name,
        # now by seat) reads as the same deal, and is stored anew.
        record.sides = expected.sides
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


# Which sides of a change the audit trail holds (storage.changes): the deal before, the
# deal after.
AUDIT_SIDES = {"record": (False, True), "correct": (True, True), "undo": (True, False),
               "confirm": (False, False), "dispute": (False, False), "unlock": (False, False)}


def _check_audit(game: Game, where: str) -> None:
    for i, entry in enumerate(game.audit):
        place = f"{where}, audit[{i}]"
        if entry.action not in AUDIT_SIDES:
            raise BadFile(f"{place}, 'action'", "must be record, correct or undo (or, where "
                                                "deals are confirmed, confirm, dispute or "
                                                "unlock)")
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
    click.echo(f"Imported {len(added)} game{'' if len(added) == 1 else 's'} from {path}.")
    if any(line.startswith("Not imported") for line in skipped):
        raise SystemExit(1)  # a game left out: say so to whoever scripted the import
