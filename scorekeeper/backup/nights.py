"""Nights in a backup (docs/durability.md): each night whole — its link, name, the games'
rules, format, table size, rounds, seed (so its plan is the same plan after a restore),
players, pairs, PIN hash, view-only link, group and time stamps — with the rounds started
(their seating and games) and its history; and each game's link to its night, checked on
import as strictly as the rest. A new night's rounds must seat the games imported with it,
each table its game's own players: a night that does not is left out whole, with its
games (:mod:`scorekeeper.backup.reading`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import or_, select

from ..extensions import db
from ..games.kind import brief
from ..jsontypes import JSONObject
from ..models import Game, Group, Night, NightChange, NightRound
from ..night.engine.schedule import Format
from ..night.store import (
    MOST_MINUTES,
    MOST_PLAYERS,
    MOST_ROUNDS,
    SIT_OUTS,
    TABLE_SIZES,
    night_name,
    table_game,
)
from ..rulekit import RulesError
from ..rulekit.names import check_names, new_names, normal_name
from ..storage import table_of
from .columns import TOKEN, BadFile, check_settings, row_of, values_of
from .groups import FileGroup

STARTED = ("started", NightRound, {"night_id"})
CHANGES = ("changes", NightChange, {"id", "night_id"})
ACTIONS = ("created", "round", "forced", "add", "remove", "swap")


def night_json(night: Night) -> JSONObject:
    out = row_of(night, set())
    for name, _model, skip in (STARTED, CHANGES):
        out[name] = [row_of(child, skip) for child in getattr(night, name)]
    return out


@dataclass
class FileNight:
    row: Night
    new: bool


def nights_of(items: object, groups: dict[str, FileGroup]
              ) -> tuple[dict[str, FileNight], list[str]]:
    """The file's nights by id, each checked, and the sentences naming those left out;
    :class:`BadFile` (nothing imported) for two nights claiming one id or link."""
    if not isinstance(items, list):
        raise BadFile("the file", "\"nights\" must be a list")
    read: list[Night] = []
    refused = []
    for i, item in enumerate(items):
        try:
            read.append(_night_of(item, i, groups))
        except BadFile as bad:
            refused.append(f"Not imported: {bad.reason}.")
    ids: set[str] = set()
    views: set[str] = set()
    for night in read:
        if night.id in ids or night.view_id in views:
            raise BadFile(f"night {night.id}", "its id or view id is another night's in "
                                               "the file")
        ids.add(night.id)
        views.add(night.view_id)
    here = db.session.execute(select(Night.id, Night.view_id).where(
        or_(Night.id.in_(ids), Night.view_id.in_(views)))).all()
    taken = {value for row in here for value in row}
    found = {}
    for night in read:
        if night.id in taken:
            refused.append(f"Skipped night {night.id} ({night.name}): it is already in "
                           "this database.")
            found[night.id] = FileNight(night, False)
        elif night.view_id in taken:
            refused.append(f"Not imported: night {night.id}: its view id is another "
                           "night's in this database.")
        else:
            found[night.id] = FileNight(night, True)
    return found, refused


def _night_of(item: object, index: int, groups: dict[str, FileGroup]) -> Night:
    where = f"night {index + 1}"
    if not isinstance(item, dict):
        raise BadFile(where, "must be an object")
    given = item.get("id")
    if not isinstance(given, str) or not TOKEN.fullmatch(given):
        raise BadFile(where, f"'id' must be a token of 16 to 32 letters, digits, - and _, "
                             f"not {brief(given)}")
    where = f"night {given}"
    night = Night(**values_of(item, Night, set(), where, [STARTED[0], CHANGES[0]]))
    if not TOKEN.fullmatch(night.view_id):
        raise BadFile(where, "'view_id' must be a token of 16 to 32 letters, digits, - and _")
    check_settings(night, where)
    _check_night(night, where)
    if night.group_id is not None and night.group_id not in groups and db.session.get(
            Group, night.group_id) is None:
        raise BadFile(f"{where}, 'group_id'", "names no group of the file, nor of this "
                                              "database")
    for name, model, skip in (STARTED, CHANGES):
        children = item[name]
        if not isinstance(children, list):
            raise BadFile(where, f"\"{name}\" must be a list")
        for i, child in enumerate(children):
            getattr(night, name).append(
                model(**values_of(child, model, skip, f"{where}, {name}[{i}]", [])))
    _check_rounds(night, where)
    for i, change in enumerate(night.changes):
        if change.action not in ACTIONS or not isinstance(change.detail, dict):
            raise BadFile(f"{where}, changes[{i}]", f"must be one of {', '.join(ACTIONS)} "
                                                    "with its detail as an object")
    return night


def _check_night(night: Night, where: str) -> None:
    """The night's own values are ones the app writes."""
    try:
        if night_name(night.name) != night.name:
            raise BadFile(f"{where}, 'name'", "must be written as the app keeps it")
        fmt = Format(night.format)
    except (RulesError, ValueError):
        raise BadFile(f"{where}, 'name' or 'format'", "must be a name and a format the app "
                      "takes") from None
    if night.minutes is not None and not 5 <= night.minutes <= MOST_MINUTES:
        raise BadFile(f"{where}, 'minutes'", f"must be 5 to {MOST_MINUTES}, or null")
    if night.sit_out not in SIT_OUTS:
        raise BadFile(f"{where}, 'sit_out'", f"must be one of {', '.join(SIT_OUTS)}")
    if night.table_size not in TABLE_SIZES or not 1 <= night.rounds <= MOST_ROUNDS:
        raise BadFile(where, f"its table size must be one of {TABLE_SIZES} and its rounds "
                             f"1 to {MOST_ROUNDS}")
    names = night.players
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or not (
            night.table_size <= len(names) <= MOST_PLAYERS):
        raise BadFile(f"{where}, 'players'", "must list the names of a table's players "
                                             f"or more, up to {MOST_PLAYERS}")
    try:
        check_names(names)
        new_names(tuple(names))
        # The games' rules as the app keeps them, seating a table as the night does.
        trial = table_game(night.rules, [f"Seat {i + 1}" for i in range(night.table_size)],
                           fmt, night.table_size)
    except RulesError as refusal:
        raise BadFile(where, str(refusal.message)) from None
    if any(normal_name(n) != n for n in names) or trial.rules != night.rules:
        raise BadFile(where, "its players and rules must be written as the app keeps them")
    if (night.pairs is None) != (fmt is not Format.PAIRS) or night.pairs is not None and (
            sorted(n for p in night.pairs for n in p) != sorted(names)):
        raise BadFile(f"{where}, 'pairs'", "must pair the players of a night of fixed pairs, "
                                           "and be null for any other")


def _check_rounds(night: Night, where: str) -> None:
    if [r.number for r in night.started] != list(range(1, len(night.started) + 1)):
        raise BadFile(where, "its rounds must be numbered 1, 2, 3… in order")
    for started in night.started:
        place = f"{where}, round {started.number}"
        seating = started.seating
        tables = seating.get("tables") if isinstance(seating, dict) else None
        out = seating.get("sitting_out") if isinstance(seating, dict) else None
        if not isinstance(tables, list) or not isinstance(out, list) or not all(
                isinstance(t, list) and all(isinstance(s, list) and all(
                    isinstance(n, str) for n in s) for s in t) for t in tables) or not all(
                isinstance(n, str) for n in out):
            raise BadFile(place, "its seating must be tables of sides of names, and those "
                                 "sitting out")
        if not isinstance(started.games, list) or len(started.games) != len(tables) or not all(
                isinstance(g, str) and TOKEN.fullmatch(g) for g in started.games):
            raise BadFile(place, "must name one game for each table")


def link_night(game: Game, nights: dict[str, FileNight], left_out: set[str]) -> None:
    """Check the night *game* names is one of the file's being imported, or of this
    database's."""
    if game.night_id is None or game.night_id in nights:
        return
    where = f"game {game.id}, 'night_id'"
    if game.night_id in left_out:
        raise BadFile(where, f"names night {game.night_id}, which is left out")
    if db.session.get(Night, game.night_id) is None:
        raise BadFile(where, "names no night of the file, nor of this database")


def check_started(night: Night, games: dict[str, Game], in_file: set[str]) -> None:
    """Each table of each round started plays a game imported with the night (one of
    *games*, which name it), seating the sides of that game and no one else: a round
    whose game is missing, or that seats someone with no seat in it, has no page to
    show. Names are matched as the night's pages match them, letter case aside
    (scorekeeper/nights.py, ``results_of``)."""
    named: set[str] = set()
    for started in night.started:
        seen: set[str] = set()
        for number, (sides, game_id) in enumerate(
                zip(started.seating["tables"], started.games, strict=True), start=1):
            where = f"night {night.id}, round {started.number}, table {number}"
            game = games.get(game_id)
            if game_id in named:
                raise BadFile(where, f"its game {game_id} is another table's")
            named.add(game_id)
            if game is None:
                raise BadFile(where, f"its game {game_id} is " + (
                    "left out" if game_id in in_file else "not in the file"))
            if game.night_id != night.id:
                raise BadFile(where, f"its game {game_id} is not one of the night's")
            seats = {seat.name.casefold() for seat in game.seats}
            for name in (name for side in sides for name in side):
                if name.casefold() not in seats:
                    raise BadFile(where, f"it seats {brief(name)}, who is not a player of "
                                         f"its game {game_id}")
                if name.casefold() in seen:
                    raise BadFile(where, f"it seats {brief(name)} twice in the round")
                seen.add(name.casefold())
            if sorted(_folded(side) for side in sides) != sorted(
                    _folded(unit) for unit in table_of(game).units):
                raise BadFile(where, f"its sides must be the sides of its game {game_id}")
        for name in started.seating["sitting_out"]:
            if name.casefold() in seen:
                raise BadFile(f"night {night.id}, round {started.number}",
                              f"{brief(name)} both plays and sits out")


def _folded(names: Sequence[str]) -> list[str]:
    return sorted(name.casefold() for name in names)
