"""Groups in a backup (the table's league): each group whole — its link, name, PIN hash,
view-only link, usual rules by game, time stamps — with its members in the order they
joined; and the link of each game to its group, its members and the game it is a rematch
of, checked on import as strictly as the rest (docs/durability.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..games import kind_named
from ..games.kind import brief
from ..jsontypes import JSONObject
from ..league.engine.rating import Skill
from ..league.groups import MOST_MEMBERS, TABLE, group_name
from ..models import Game, Group, Member, fits_integer_column
from ..rulekit import RulesError
from ..rulekit.names import check_names, new_names, normal_name
from ..trust.confirmations import MODES
from .columns import TOKEN, BadFile, check_pin_hash, row_of, values_of
from .ratings import RATINGS, file_ratings, ratings_json

MEMBERS = ("members", Member, {"id", "group_id"})
# The players a group's usual rules are tried with: every game seats two to four.
TRIAL_TABLES = (["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"])


def group_json(group: Group) -> JSONObject:
    out = row_of(group, set())
    out[MEMBERS[0]] = [row_of(m, MEMBERS[2]) for m in group.members]
    out[RATINGS] = ratings_json(group)
    return out


@dataclass
class FileGroup:
    """A group of the file: its row (or the one already in this database, which the file's
    games then join), and whether it is new here."""

    row: Group
    new: bool
    #: The ratings the file gives the group (version 4 on), to check the import's by.
    ratings: dict[str, dict[int, Skill]] | None = None


def groups_of(items: object, version: int) -> tuple[dict[str, FileGroup], list[str]]:
    """The file's groups by id, each checked, and the sentences naming those left out;
    :class:`BadFile` (nothing imported) for two groups claiming one id or link."""
    if not isinstance(items, list):
        raise BadFile("the file", "\"groups\" must be a list")
    read: list[Group] = []
    given: dict[str, dict[str, dict[int, Skill]]] = {}
    refused = []
    for i, item in enumerate(items):
        try:
            group, rated = _group_of(item, i, version)
            read.append(group)
            if rated is not None:
                given[group.id] = rated
        except BadFile as bad:
            refused.append(f"Not imported: {bad.reason}.")
    ids: set[str] = set()
    views: set[str] = set()
    for group in read:
        if group.id in ids or group.view_id in views:
            raise BadFile(f"group {group.id}", "its id or view id is another group's in "
                                               "the file")
        ids.add(group.id)
        views.add(group.view_id)
    here = {g.id: g for g in db.session.scalars(
        select(Group).where(or_(Group.id.in_(ids), Group.view_id.in_(views)))
        .options(selectinload(Group.members)))}
    taken = {value for g in here.values() for value in (g.id, g.view_id)}
    found = {}
    for group in read:
        if group.id in taken or group.view_id in taken:
            # Already here: the file's games join the group as this database has it.
            there = here.get(group.id)
            if there is not None:
                found[group.id] = FileGroup(there, False)
            else:
                refused.append(f"Not imported: group {group.id}: its view id is another "
                               "group's in this database.")
        else:
            found[group.id] = FileGroup(group, True, given.get(group.id))
    return found, refused


def _group_of(item: object, index: int, version: int
              ) -> tuple[Group, dict[str, dict[int, Skill]] | None]:
    where = f"group {index + 1}"
    if not isinstance(item, dict):
        raise BadFile(where, "must be an object")
    given = item.get("id")
    if not isinstance(given, str) or not TOKEN.fullmatch(given):
        raise BadFile(where, f"'id' must be a token of 16 to 32 letters, digits, - and _, "
                             f"not {brief(given)}")
    where = f"group {given}"
    parts = [MEMBERS[0], RATINGS] if version > 3 else [MEMBERS[0]]
    group = Group(**values_of(item, Group, set(), where, parts))
    if not TOKEN.fullmatch(group.view_id):
        raise BadFile(where, "'view_id' must be a token of 16 to 32 letters, digits, - and _")
    try:
        if group_name(group.name) != group.name:
            raise BadFile(f"{where}, 'name'", "must be written as the app keeps it "
                                              f"({brief(group_name(group.name))})")
    except RulesError as refusal:
        raise BadFile(f"{where}, 'name'", str(refusal.message)) from None
    check_pin_hash(group.pin_hash, where)
    _check_house_rules(group.house_rules, f"{where}, 'house_rules'")
    members = item[MEMBERS[0]]
    if not isinstance(members, list):
        raise BadFile(where, "\"members\" must be a list")
    if len(members) > MOST_MEMBERS:
        raise BadFile(where, f"a group holds at most {MOST_MEMBERS} members")
    for i, child in enumerate(members):
        group.members.append(Member(**values_of(child, Member, MEMBERS[2],
                                                f"{where}, members[{i}]", [])))
    if [m.position for m in group.members] != list(range(len(group.members))):
        raise BadFile(where, "its members must be numbered 0, 1, 2… in order")
    names = [m.name for m in group.members]
    try:
        check_names(names)
        new_names(tuple(names))
    except RulesError as refusal:
        raise BadFile(f"{where}, 'members'", str(refusal.message)) from None
    if any(normal_name(n) != n for n in names):
        raise BadFile(f"{where}, 'members'", "each name must be written as the app keeps "
                                             "it (spaces trimmed, one between words)")
    rated = (file_ratings(item[RATINGS], where, len(group.members)) if version > 3
             else None)
    return group, rated


def _check_house_rules(rules: object, where: str) -> None:
    """The group's usual rules: by game, every option as a game of that game stores
    them, which its engine accepts."""
    if not isinstance(rules, dict):
        raise BadFile(where, "must map games to their rules")
    for name, spec in rules.items():
        if name == TABLE:  # the table's own settings: who confirms the deals
            if not (isinstance(spec, dict) and set(spec) == {"confirm", "auto_confirm"}
                    and spec["confirm"] in MODES
                    and isinstance(spec["auto_confirm"], bool)):
                raise BadFile(f"{where}, {name!r}", "must be {\"confirm\": \"off\" or "
                              "\"other_side\", \"auto_confirm\": true or false}")
            continue
        kind = kind_named(name)
        if kind is None:
            raise BadFile(where, f"unknown game {brief(name)}")
        if not isinstance(spec, dict) or spec.get("preset") not in kind.info.presets:
            raise BadFile(f"{where}, {name!r}", f"must be rules of {name}, with a preset")
        if not any(_seats(kind, spec, players) for players in TRIAL_TABLES):
            raise BadFile(f"{where}, {name!r}", "the rules engine refuses them")


# Any: a file's game spec, its values checked by the game's new_game
def _seats(kind: Any, spec: dict[str, Any], players: list[str]) -> bool:
    """Whether a game of *kind* under *spec* seats *players*."""
    try:
        kind.new_game(spec, players, players[0], partnerships=False, teams=None)
    except Exception:  # the rules' own refusal, or a value they cannot read at all
        return False
    return True


def link_game(game: Game, members: list[int | None], groups: dict[str, FileGroup],
              earlier: set[str]) -> None:
    """Join *game* to its group's members, each seat by its member's place; check the
    game it is a rematch of is one before it (of the file or this database)."""
    where = f"game {game.id}"
    if game.rematch_of is not None:
        if game.rematch_of == game.id:
            raise BadFile(f"{where}, 'rematch_of'", "must name another game")
        if game.rematch_of not in earlier and db.session.get(Game, game.rematch_of) is None:
            raise BadFile(f"{where}, 'rematch_of'", "must name a game before it in the "
                                                    "file, or in this database")
    if game.group_id is None:
        for i, member in enumerate(members):
            if member is not None:
                raise BadFile(f"{where}, seats[{i}], 'member'",
                              "must be null in a game of no group")
        return
    group = groups.get(game.group_id)
    if group is None:
        known = db.session.get(Group, game.group_id)
        if known is None:
            raise BadFile(f"{where}, 'group_id'", "names no group of the file, nor of this "
                                                  "database")
        group = groups[known.id] = FileGroup(known, False)
    people = group.row.members
    for i, (seat, member) in enumerate(zip(game.seats, members, strict=True)):
        place = f"{where}, seats[{i}], 'member'"
        if member is None or not fits_integer_column(member) or member >= len(people):
            raise BadFile(place, f"must be a member's place in group {group.row.id} (0 to "
                                 f"{len(people) - 1}): every seat of a group's game is one "
                                 "of its members")
        if people[member].name != seat.name:
            raise BadFile(place, f"names {brief(people[member].name)}, not the seat's "
                                 f"{brief(seat.name)}")
        if any(m == member for m in members[:i]):
            raise BadFile(place, "names a member seated twice")
        seat.member_id = people[member].id

