"""Groups, the table's league (docs/api.md, "Groups"): make one, add and rename members,
read its games, its standings over a season, two members head to head. What a game's
result is, each game's kind says; the standings add up the results kept with every change
(scorekeeper/league/results.py, scorekeeper/league/engine/) and replay nothing."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

from flask import Response, jsonify, request, url_for
from sqlalchemy import select

from ..codec import PayloadError
from ..extensions import db
from ..games import games, home, kind_called, kind_named, kind_of
from ..games.kind import AnyKind
from ..jsontypes import JSONObject, Unchecked
from ..league import groups, members
from ..league.engine import Place, PlaceJSON
from ..league.engine.standings import Played, head_to_head, partners, standings, wins_over_time
from ..league.results import season
from ..models import Game, GameResult, Group, Member, Seat
from ..pins import normal_pin, remove_pin, set_pin
from ..rulekit.messages import N_, msg
from .blueprint import Missing, bp
from .payload import body, refuse_unknown

#: The group's pages, which the pages (scorekeeper/web) serve: the group, and its
#: view-only page (standings and games, nothing that changes them).
GROUP_PAGE = "/groups/{id}"
GROUP_VIEW_PAGE = "/groups/view/{view_id}"


def _page(path: str) -> str:
    return request.host_url.rstrip("/") + request.script_root + path


def load_group(group_id: str) -> Group:
    group = db.session.get(Group, group_id)
    if group is None:
        raise Missing(msg(N_("There is no group with that id; check the link.")))
    return group


# --- the group as the API answers it ----------------------------------------------------

def group_json(group: Group) -> JSONObject:
    """The group: its links, name, members, usual rules by game and games, newest first."""
    rules = {kind.info.api_name: group.house_rules[kind.info.name] for kind in games()
             if kind.info.name in group.house_rules}
    return {"id": group.id, "url": _page(GROUP_PAGE.format(id=group.id)),
            "view_url": _page(GROUP_VIEW_PAGE.format(view_id=group.view_id)),
            "name": group.name, "pin": group.pin_hash is not None,
            # Names, as a body gives them; each with the id that stays theirs in people.
            "members": [m.name for m in group.members],
            "people": [{"id": m.id, "name": m.name} for m in group.members],
            "house_rules": rules, "games": _games(group)}


def _games(group: Group) -> list[JSONObject]:
    """The group's games, newest first, read from their kept results (no game replayed)
    in two statements however many there are."""
    rows = db.session.execute(
        # The preset alone, not every option: the form and the game it names.
        select(Game.id, Game.created_at, Game.rules["preset"].as_string(),
               GameResult.finished,
               GameResult.played_at, GameResult.places)
        .outerjoin(GameResult, GameResult.game_id == Game.id)
        .where(Game.group_id == group.id)
        .order_by(Game.created_at.desc(), Game.id)).all()
    seated: dict[str, list[str]] = {}
    for game_id, name in db.session.execute(
            select(Seat.game_id, Seat.name).join(Game, Game.id == Seat.game_id)
            .where(Game.group_id == group.id).order_by(Seat.game_id, Seat.position)):
        seated.setdefault(game_id, []).append(name)
    # One address built, the others written from it: a group holds thousands of games.
    page = url_for("games.show", game_id=_ID, _external=True)
    return [_game_entry(game_id, page.replace(_ID, game_id), created, preset,
                        seated.get(game_id, []), finished, played, places)
            for game_id, created, preset, finished, played, places in rows]


_ID = "GAME-ID"


def _day(at: datetime) -> str:
    return (at if at.tzinfo is None else at.astimezone(UTC)).date().isoformat()


def _game_entry(game_id: str, url: str, created: datetime, preset: str,
                players: list[str], finished: bool | None, played: datetime | None,
                stored: list[PlaceJSON] | None) -> JSONObject:
    places = [Place.from_json(p) for p in stored or []]
    sides: dict[int, list[str]] = {}
    for place in places:
        sides.setdefault(place.side, []).append(players[place.seat])
    over = bool(finished)
    name = kind_of(preset).info.api_name
    return {"id": game_id, "url": url, "game": name, "kind": name, "form": preset,
            "players": players,
            "teams": list(sides.values()) if any(len(s) > 1 for s in sides.values())
            else None,
            "date": _day(created if played is None else played),
            "finished": over,
            "winners": [players[p.seat] for p in places if p.won] if over else []}


def _answer(group: Group, status: int = 200) -> Response:
    response = jsonify(group_json(group))
    response.status_code = status
    return response


# --- reading a body ---------------------------------------------------------------------

def _names(data: Unchecked, field: str) -> list[str]:
    given = data.get(field)
    if given is None:
        return []
    if not isinstance(given, list) or not all(isinstance(n, str) for n in given):
        raise PayloadError(msg(N_("The field “%(field)s” must list the members' names."),
                               field=field))
    return given


def _pin(data: Unchecked) -> str | None:
    # false is no PIN, as the group's answer says it (taken off by a change).
    if data.get("pin") is None or data.get("pin") is False:
        return None
    pin = normal_pin(data["pin"])
    if pin is None:
        raise PayloadError(msg(N_("The field “pin” must be a string of 4 to 8 digits.")))
    return pin


def group_of_body(data: Unchecked) -> Group | None:
    """The group a new game's body names in ``group``, if any (its PIN is checked by the
    caller)."""
    given = data.get("group")
    if given is None:
        return None
    if not isinstance(given, str):
        raise PayloadError(msg(N_("The field “group” must be a group's id, as the group's "
                                  "“id” gives it.")))
    return load_group(given)


# --- the routes -------------------------------------------------------------------------

CREATE_FIELDS = ("name", "members", "pin")


@bp.post("/groups")
def create_group() -> Response:
    data = body()
    refuse_unknown(data, CREATE_FIELDS)
    if "name" not in data:
        raise PayloadError(msg(N_("Give the group a name: the field “name”.")))
    group = groups.new_group(data["name"], _names(data, "members"))
    if (pin := _pin(data)) is not None:
        set_pin(group, pin)
    db.session.add(group)
    db.session.commit()
    response = _answer(group, 201)
    response.headers["Location"] = url_for("api.read_group", group_id=group.id)
    return response


@bp.get("/groups/<group_id>")
def read_group(group_id: str) -> Response:
    return _answer(load_group(group_id))


CHANGE_FIELDS = ("name", "add", "members", "rename", "merge", "remove", "games", "pin")


@bp.patch("/groups/<group_id>")
def change_group(group_id: str) -> Response:
    """Add members, count games already played, rename members (into every game they
    sat in), merge two members who are one person, remove members who never played,
    rename the group, set its PIN or take it off, in that order: all of it, or
    nothing."""
    group = load_group(group_id)
    data = body()
    refuse_unknown(data, CHANGE_FIELDS)
    renames = data.get("rename")
    if renames is not None and not (isinstance(renames, dict) and all(
            isinstance(new, str) for new in renames.values())):
        raise PayloadError(msg(N_("The field “rename” must map members' names to their new "
                                  "names, like {\"Ali\": \"Ali H.\"}.")))
    # Members added first, so a game of theirs may be counted; games counted next, so a
    # rename follows into them too.
    # "members" as a new group's body gives them: the names not yet members join.
    groups.add_members(group, [*_names(data, "add"), *_names(data, "members")])
    for game_id in _game_ids(data):
        game = db.session.get(Game, game_id)
        if game is None:
            raise PayloadError(msg(N_("There is no game “%(id)s”; check the link."),
                                   id=game_id[:40]))
        groups.count_game(group, game)
    db.session.flush()
    for old, new in (renames or {}).items():
        member = groups.member_named(group, old)
        if member is None:
            raise PayloadError(msg(N_("“%(name)s” is not a member of the group."),
                                   name=old[:60]))
        groups.rename(group, member, new)
    for gone, into in _merges(data).items():
        members.merge(group, _named(group, gone), _named(group, into))
    for name in _names(data, "remove"):
        members.remove(group, _named(group, name))
    if data.get("name") is not None:
        group.name = groups.group_name(data["name"])
    if data.get("pin") is False:
        remove_pin(group)
    elif (pin := _pin(data)) is not None:
        set_pin(group, pin)
    group.updated_at = datetime.now(UTC)
    db.session.commit()
    return _answer(group)


def _merges(data: Unchecked) -> dict[str, str]:
    given = data.get("merge")
    if given is None:
        return {}
    if not (isinstance(given, dict) and all(isinstance(v, str) for v in given.values())):
        raise PayloadError(msg(N_("The field “merge” must map each member to drop to the "
                                  "member they are, like {\"AIi\": \"Ali\"}.")))
    return given


def _named(group: Group, name: str) -> Member:
    member = groups.member_named(group, name)
    # Look-alikes are one member to member_named: the one named exactly comes first.
    exact = next((m for m in group.members if m.name == name), member)
    if exact is None:
        raise PayloadError(msg(N_("“%(name)s” is not a member of the group."),
                               name=name[:60]))
    return exact


def _game_ids(data: Unchecked) -> list[str]:
    given = data.get("games")
    if given is None:
        return []
    if not isinstance(given, list) or not all(isinstance(g, str) for g in given):
        raise PayloadError(msg(N_("The field “games” must list games' ids.")))
    return given


def refuse_unknown_parameters(*known: str) -> None:
    """A query parameter the answer does not read is refused by name, not ignored: a
    misspelt ``game`` would otherwise answer another game's standings. ``lang`` is every
    address's (the language of the error sentences)."""
    for name in request.args:
        if name not in known and name != "lang":
            raise PayloadError(msg(N_("Unknown parameter “%(field)s”; this address takes "
                                      "%(fields)s."), field=name[:40],
                                   fields=", ".join(known)))


def kind_asked(group: Group | None = None) -> AnyKind:
    """The game the query names; with none, the game of the *group*'s newest game (the
    one it plays now), or the game the app opens on for a group that has played none."""
    name = request.args.get("game")
    if name is None and group is not None:
        newest = db.session.scalar(select(Game.kind).where(Game.group_id == group.id)
                                   .order_by(Game.created_at.desc(), Game.id).limit(1))
        return (None if newest is None else kind_named(newest)) or home()
    kind = None if name is None else kind_called(name)
    if kind is None:
        raise PayloadError(msg(N_("Say which game: “game” is %(games)s."),
                               games=" or ".join(k.info.api_name for k in games())))
    return kind


def _date(field: str) -> date | None:
    given = request.args.get(field)
    if given is None or given == "":
        return None
    try:
        if not DATE.fullmatch(given):
            raise ValueError(given)
        day = date.fromisoformat(given)
        if not EARLIEST <= day <= LATEST:
            raise ValueError(given)
    except ValueError:
        raise PayloadError(msg(N_("The parameter “%(field)s” must be a date written "
                                  "YYYY-MM-DD, like 2026-11-26."), field=field)) from None
    return day


DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# The days a season may name: any the app's time stamps can be (scorekeeper/backup).
EARLIEST, LATEST = date(1970, 1, 1), date(9998, 12, 31)


def _dates() -> tuple[date | None, date | None]:
    since, until = _date("since"), _date("until")
    if since is not None and until is not None and since > until:
        raise PayloadError(msg(N_("The season must not end (“until”) before it begins "
                                  "(“since”).")))
    return since, until


@bp.get("/groups/<group_id>/standings")
def group_standings(group_id: str) -> Response:
    group = load_group(group_id)
    refuse_unknown_parameters("game", "since", "until")
    kind = kind_asked(group)
    since, until = _dates()
    return jsonify(standings_json(group, kind, season(group.id, kind.info.name, since, until),
                                  since, until))


def standings_json(group: Group, kind: AnyKind, played: list[Played],
                   since: date | None, until: date | None) -> JSONObject:
    """A season's standings, partners and wins over time, as the API answers them."""
    names = {m.id: m.name for m in group.members}
    rows: list[JSONObject] = [
        {"player": names[row.member], "member": row.member, "games": row.games,
         "wins": row.wins, "win_rate": row.win_rate, "streak": row.streak,
         "best_streak": row.best_streak, **kind.league_figures(row.figures)}
        for row in standings(played) if row.member in names]
    pairs: list[JSONObject] = [
        {"players": [names[a], names[b]], "games": pair.games, "wins": pair.wins,
         "win_rate": round(pair.wins / pair.games, 3)}
        for pair in partners(played) for a, b in (pair.members,)
        if a in names and b in names]
    series = wins_over_time(played)
    return {"game": kind.info.api_name,
            "since": None if since is None else since.isoformat(),
            "until": None if until is None else until.isoformat(), "games": len(played),
            "rows": rows,
            "partners": pairs,
            "wins_over_time": {"dates": [_day(game.at) for game in played],
                               "series": [{"player": names[m], "wins": wins}
                                          for m, wins in series.items() if m in names]}}


@bp.get("/groups/<group_id>/head-to-head")
def group_head_to_head(group_id: str) -> Response:
    group = load_group(group_id)
    refuse_unknown_parameters("a", "b", "game", "since", "until")
    a, b = _member("a", group), _member("b", group)
    if a.id == b.id:
        raise PayloadError(msg(N_("Name two different members in “a” and “b”.")))
    name = request.args.get("game")
    kinds = list(games()) if name is None else [kind_asked()]
    since, until = _dates()
    played = sorted((game for kind in kinds
                     for game in season(group.id, kind.info.name, since, until)),
                    key=lambda game: (game.at, game.game_id))
    meeting = head_to_head(played, a.id, b.id)
    return jsonify({"a": a.name, "b": b.name,
                    "game": None if name is None else kinds[0].info.api_name,
                    "games": meeting.games, "a_ahead": meeting.a_ahead,
                    "b_ahead": meeting.b_ahead, "ties": meeting.ties,
                    "as_partners": {"games": meeting.partner_games,
                                    "wins": meeting.partner_wins}})


def _member(field: str, group: Group) -> Member:
    given = request.args.get(field)
    if not given:
        raise PayloadError(msg(N_("Name a member of the group in “%(field)s”."),
                               field=field))
    member = groups.member_named(group, given)
    if member is None:
        raise PayloadError(msg(N_("“%(name)s” is not a member of the group."),
                               name=given[:60]))
    return member

