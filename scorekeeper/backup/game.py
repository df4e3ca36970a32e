"""One game of a backup read back (docs/durability.md, "Restore"): every value checked
against its column, the whole log replayed by the game's rules engine as if the phones sent
it again, each deal stored exactly as the app stores it, the kept rulings and the history
of changes as the app writes them. A game that fails is a :class:`BadFile` naming it and
the field; :mod:`scorekeeper.backup.reading` leaves it out and imports the rest."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, cast

from .. import deal_fields
from ..codec import PayloadError
from ..games import kind_of, kind_of_game
from ..games.kind import AnyKind, Deal, Table, Unfit, brief
from ..jsontypes import JSONObject
from ..models import (
    AuditEntry,
    DealRecord,
    Game,
    GameResult,
    RulingRecord,
    Seat,
    fits_integer_column,
)
from ..rulekit import RulesError
from ..storage import log_of, table_of
from .columns import TOKEN, BadFile, check_settings, value_of, values_of
from .legacy import check_old, old_columns, old_report

# Each part of a game: the list's name in the file, its model, and the columns left out
# (row ids and the links to the parent, which the nesting gives).
PARTS = (("seats", Seat, {"game_id", "member_id"}),
         ("deals", DealRecord, {"id", "game_id"}),
         ("rulings", RulingRecord, {"id", "game_id"}), ("audit", AuditEntry, {"id", "game_id"}))
#: The first version of the format whose deals keep their game's report (and whose
#: games name their game); before, :mod:`scorekeeper.backup.legacy`.
REPORTS = 5
# A seat's member, by place in the game's group; a group game's day in the standings.
MEMBER = "member"
PLAYED_AT = "played_at"

#: A game read from the file: the game (not yet in the session), its state and log as
#: replayed, each seat's member (by place in the group) and the day it counts for.
# Any: the table is the game's own; the old deals' rows as legacy.old_columns reads them
FileGame = tuple[Game, Any, list[Any], list[int | None], datetime | None]


def game_of(item: object, index: int, version: int) -> FileGame:
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
    game = Game(**values_of(item, Game, set() if version >= REPORTS else {"kind"}, where,
                            [name for name, _m, _s in PARTS] + extra_fields))
    if not TOKEN.fullmatch(game.view_id):
        raise BadFile(where, "'view_id' must be a token of 16 to 32 letters, digits, - and _")
    played_at = None
    if version > 1 and item[PLAYED_AT] is not None:
        played_at = cast(datetime, value_of(item[PLAYED_AT], GameResult.__table__.c.played_at,
                                            f"{where}, {PLAYED_AT!r}"))
    members: list[int | None] = []
    # A deal of an older file: its columns, read into its game's report once the game
    # is known.
    old: list[JSONObject] = []
    for name, model, skip in PARTS:
        children = item[name]
        if not isinstance(children, list):
            raise BadFile(where, f"\"{name}\" must be a list")
        for i, child in enumerate(children):
            place = f"{where}, {name}[{i}]"
            extra: list[str] = []
            if model is Seat:
                # Version 1 wrote the member's row id, always null there.
                skip, extra = ({"game_id"}, []) if version == 1 else (skip, [MEMBER])
                members.append(_member_of(child, place, version))
            if model is DealRecord and version < REPORTS:
                if not isinstance(child, dict):
                    raise BadFile(place, "must be an object")
                mine = {c.key for c in DealRecord.__table__.columns} - skip - {"report"}
                old.append(old_columns({k: v for k, v in child.items() if k not in mine},
                                       place))
                child = {k: v for k, v in child.items() if k in mine} | {"report": {}}
            getattr(game, name).append(model(**values_of(child, model, skip, place, extra)))
    if [seat.position for seat in game.seats] != list(range(len(game.seats))):
        raise BadFile(where, "its seats must be numbered 0, 1, 2… in order")
    try:
        # A file's game is known by its rules, as a new game's is; its row must say so.
        kind = kind_of(game.rules)
        if version < REPORTS:
            game.kind = kind.info.name
            for record, columns in zip(game.deals, old, strict=True):
                record.report = old_report(columns, kind)
        elif game.kind != kind.info.name:
            raise BadFile(f"{where}, 'kind'", f"must be {kind.info.name!r}, the game its "
                                              "rules are")
        # The engine must accept the game as it would from the phones.
        table = table_of(game)
        log = log_of(game)
        state = kind.replay(table, log)
    except BadFile:
        raise
    except RulesError as refusal:
        # The command speaks English, like the rest of the flask commands.
        raise BadFile(where, f"the rules engine refuses it: {refusal.message}") from None
    except Exception as error:  # whatever else a stored deal could not be read for
        raise BadFile(where, f"its deals do not fit its table ({brief(error)})") from None
    _check_table(game, table, where)
    _check_deals(game, kind, table, log, old, where)
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


def _check_deals(game: Game, kind: AnyKind, table: Table, log: list[Deal],
                 old: list[JSONObject], where: str) -> None:
    """Each deal is stored exactly as the app stores the deal it describes: nothing the
    replay passes over (a winner on a redeal, a seat written -1 or true) is let in. A
    deal of an older file (*old*, its columns) is stored as the app writes it now."""
    for i, (record, deal) in enumerate(zip(game.deals, log, strict=True)):
        expected = dict(kind.report_of(deal, table.players))
        place = f"{where}, deals[{i}]"
        if (field := deal_fields.as_written(record)) is not None:
            raise BadFile(f"{place}, {field!r}", "must be text on one line, without control "
                                                 "characters, as the app writes it")
        if old:
            check_old(old[i], kind, expected, place)
            record.report = expected
            continue
        if unknown := set(record.report) - set(expected):
            raise BadFile(place, f"unknown field {brief(sorted(unknown)[0])}")
        for field, value in expected.items():
            if not _same(record.report.get(field), value):
                raise BadFile(f"{place}, {field!r}",
                              f"must be {json.dumps(value)} for the deal it describes")


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
    kind = kind_of_game(game)
    if not isinstance(snapshot, dict):
        raise BadFile(where, "must be the deal as the app wrote it: an object with its "
                             "\"deal\" and \"outcome\"")
    if unknown := set(snapshot) - kind.snapshot_fields - deal_fields.names():
        raise BadFile(where, f"unknown field {brief(sorted(unknown)[0])}")
    try:
        deal_fields.from_body(dict(snapshot))
    except RulesError as refusal:
        raise BadFile(where, str(refusal.message)) from None
    deal = snapshot.get("deal")
    if not fits_integer_column(deal) or deal != number:
        raise BadFile(f"{where}, 'deal'", f"must be {number}, the entry's deal number")
    scores = snapshot.get("scores")
    if scores is not None and not (isinstance(scores, dict) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in scores.values())):
        raise BadFile(f"{where}, 'scores'", "must map names to whole numbers")
    body = {k: v for k, v in snapshot.items()
            if k not in ("deal", "scores") and k not in deal_fields.names()}
    try:
        kind.deal_from_json(body, number, None)
    except (RulesError, PayloadError) as refusal:
        raise BadFile(where, f"the deal cannot be read: {refusal.message}") from None
    except Exception as error:
        raise BadFile(where, f"the deal cannot be read ({brief(error)})") from None
