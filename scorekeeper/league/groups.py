"""The storage of groups (the table's league): a group and its members, the games that
count for it, and a member's rename, which follows into every game they sat in. Used by
the JSON API and the pages alike; what a game's result is, its kind says
(:mod:`scorekeeper.league.results`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from sqlalchemy import select, update

from .. import storage
from ..extensions import db
from ..games import kind_of_game
from ..models import Game, Group, Member, Seat
from ..rulekit.messages import N_, fail
from ..rulekit.names import check_names, look_alike, new_names, normal_name, shown_name
from .renames import rename_in_nights
from .results import forget_result, keep_result

LONGEST_GROUP_NAME = 60
MOST_MEMBERS = 60


def group_name(given: object) -> str:
    """A group's name in normal form; :class:`RulesError` says what is wrong with it."""
    if not isinstance(given, str) or not (name := normal_name(given)):
        raise fail(N_("Give the group a name."))
    if len(name) > LONGEST_GROUP_NAME:
        raise fail(N_("Keep the group's name to %(count)d characters."),
                   count=LONGEST_GROUP_NAME)
    shown_name(name)
    return name


def new_group(name: object, members: Sequence[str]) -> Group:
    """A validated, not yet saved group of *members* (names, in the order given)."""
    group = Group(name=group_name(name), house_rules={})
    add_members(group, members)
    return group


def add_members(group: Group, names: Iterable[str]) -> list[Member]:
    """Add the people *names* holds who are not members yet (the same name twice is one
    person); :class:`RulesError` for a name the sheet cannot show, or two people whose
    names look the same."""
    given = [normal_name(n) for n in names]
    if not given:
        # Nothing to add: members who look alike, kept from before look-alikes were
        # refused, are left for a merge (scorekeeper.league.members), not refused again here.
        return []
    check_names(list({n.casefold(): n for n in given}.values()))
    new_names((*(m.name for m in group.members), *given))
    known = {m.name.casefold() for m in group.members}
    added: list[Member] = []
    for name in given:
        if name.casefold() in known:
            continue
        known.add(name.casefold())
        added.append(Member(name=name, position=len(group.members)))
        group.members.append(added[-1])
    if len(group.members) > MOST_MEMBERS:
        raise fail(N_("A group holds at most %(count)d members."), count=MOST_MEMBERS)
    return added


def member_named(group: Group, name: str) -> Member | None:
    """The member called *name* (letter case and look-alike letters aside)."""
    return next((m for m in group.members if look_alike(m.name, name)), None)


def rename(group: Group, member: Member, new: object) -> None:
    """Call *member* *new* from now on, in the group and in every game they sat in: those
    games change (their version moves, so every phone's sheet follows)."""
    if not isinstance(new, str):
        raise fail(N_("Every player needs a name."))
    name = normal_name(new)
    check_names([name])
    others = [m.name for m in group.members if m is not member]
    new_names((*others, name))
    if name.casefold() in {o.casefold() for o in others}:
        raise fail(N_("“%(name)s” is already a member of the group."), name=name)
    seats = list(db.session.scalars(select(Seat).where(Seat.member_id == member.id)))
    games = {seat.game_id for seat in seats}
    mine = {(seat.game_id, seat.position) for seat in seats}
    beside = db.session.execute(select(Seat.game_id, Seat.position, Seat.name)
                                .where(Seat.game_id.in_(games))).all()
    if any(look_alike(n, name) for g, p, n in beside if (g, p) not in mine):
        raise fail(N_("“%(name)s” already plays in one of this member's games."),
                   name=name)
    rename_in_nights(group.id, member.name, name)
    member.name = name
    for seat in seats:
        seat.name = name
    if games:
        db.session.execute(update(Game).where(Game.id.in_(games))
                           .values(updated_at=datetime.now(UTC))
                           .execution_options(synchronize_session=False))


def seat_members(group: Group, game: Game) -> None:
    """Make *game* one of *group*'s: each seat becomes the member of its name (a new name
    becomes a member), and its result is kept from now on."""
    add_members(group, [seat.name for seat in game.seats])
    db.session.flush()  # the new members' ids
    for seat in game.seats:
        member = member_named(group, seat.name)
        assert member is not None  # add_members made every name a member
        seat.member_id = member.id
        seat.name = member.name
    game.group = group
    game.group_id = group.id


#: The key of the group's usual rules that holds the table's own settings, not a game's.
TABLE = "table"


def start_game(group: Group, game: Game) -> None:
    """A new game (not yet saved) of *group*'s: its players become members (a new name
    becomes one), and its rules become the group's usual rules for that game, offered
    again next time."""
    seat_members(group, game)
    group.house_rules = {**group.house_rules, kind_of_game(game).info.name: dict(game.rules),
                         # Who confirms the deals (scorekeeper/trust/confirmations.py),
                         # offered again too.
                         TABLE: {"confirm": game.confirm or "off",
                                 "auto_confirm": bool(game.auto_confirm)}}
    db.session.flush()
    keep_result(game, kind_of_game(game).replay(storage.table_of(game), []), [])


def count_game(group: Group, game: Game) -> None:
    """Add a stored game to *group*: only a game whose players are all members already
    (so no typo becomes a new person), and not another group's."""
    if game.group_id is not None and game.group_id != group.id:
        raise fail(N_("This game already counts for another group."))
    missing = [s.name for s in game.seats if member_named(group, s.name) is None]
    if missing:
        raise fail(N_("“%(name)s” is not a member of the group."), name=missing[0])
    seat_members(group, game)
    state, log = storage.state_and_log(game)
    keep_result(game, state, log)


def leave(game: Game) -> None:
    """The game no longer counts for its group; its players keep their names."""
    forget_result(game)
    for seat in game.seats:
        seat.member_id = None
    game.group_id = None


def games_of(group: Group) -> list[Game]:
    """The group's games, newest first."""
    return list(db.session.scalars(select(Game).where(Game.group_id == group.id)
                                   .order_by(Game.created_at.desc(), Game.id)))
