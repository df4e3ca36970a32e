"""A group's ratings (docs/api.md, "Ratings"): each member's rating of one game, the
moves that made it, and the fairest sides for a partnership game. The ratings are kept
with every change to a game's ranking (scorekeeper/league/ratings.py); these routes only read
them."""

from __future__ import annotations

from flask import Response, jsonify, request

from ..codec import PayloadError
from ..jsontypes import JSONObject
from ..league import groups
from ..league.engine.rating import MODEL_NAME, NEW, Skill, balanced, best_first
from ..league.engine.standings import partners
from ..league.ratings import chances_of, moves_of, ratings
from ..league.results import season
from ..models import Group
from ..rulekit.messages import N_, msg
from .blueprint import bp
from .groups import kind_asked, load_group, refuse_unknown_parameters


def skill_json(skill: Skill) -> JSONObject:
    return {"mu": skill.mu, "sigma": skill.sigma, "shown": skill.shown, "band": skill.band,
            "games": skill.games, "provisional": skill.provisional}


@bp.get("/groups/<group_id>/ratings")
def group_ratings(group_id: str) -> Response:
    group = load_group(group_id)
    refuse_unknown_parameters("game")
    kind = kind_asked(group)
    names = {m.id: m.name for m in group.members}
    rows = [{"player": names[member], **skill_json(skill)}
            for member, skill in best_first(ratings(group.id, kind.info.name))
            if member in names]
    together = partners(season(group.id, kind.info.name),
                        chances_of(group.id, kind.info.name))
    pairs = [{"players": [names[a], names[b]], "games": pair.games, "wins": pair.wins,
              "expected_wins": round(pair.expected or 0.0, 2)}
             for pair in sorted(together, key=lambda p: -(p.wins - (p.expected or 0.0)))
             for a, b in (pair.members,) if a in names and b in names]
    return jsonify({"game": kind.info.api_name, "model": MODEL_NAME, "rows": rows,
                    "pairs": pairs})


@bp.get("/groups/<group_id>/ratings/history")
def group_rating_history(group_id: str) -> Response:
    """Every move of every member (or of one, ``player``), oldest game first."""
    group = load_group(group_id)
    refuse_unknown_parameters("game", "player")
    kind = kind_asked(group)
    names = {m.id: m.name for m in group.members}
    only = _members(group, request.args["player"])[0] if "player" in request.args else None
    moves = [{"game": kept.game_id, "player": names[kept.move.member],
              "before": kept.move.before.shown, "after": kept.move.after.shown,
              "mu": kept.move.after.mu, "sigma": kept.move.after.sigma,
              "chance": round(kept.move.chance, 4), "won": kept.move.won}
             for kept in moves_of(group.id, kind.info.name)
             if kept.move.member in names and only in (None, kept.move.member)]
    return jsonify({"game": kind.info.api_name, "model": MODEL_NAME, "moves": moves})


@bp.get("/groups/<group_id>/balanced-sides")
def group_balanced_sides(group_id: str) -> Response:
    group = load_group(group_id)
    refuse_unknown_parameters("game", "players", "sides")
    kind = kind_asked(group)
    members = _members(group, request.args.get("players", ""))
    count = _side_count(len(members))
    now = ratings(group.id, kind.info.name)
    split, chance = balanced([now.get(m, NEW) for m in members], count)
    names = {m.id: m.name for m in group.members}
    return jsonify({"game": kind.info.api_name, "chance": round(chance, 4),
                    "sides": [[names[members[i]] for i in side] for side in split]})


def _members(group: Group, given: str) -> list[int]:
    """The members a comma-separated list names, each once."""
    wanted = [name.strip() for name in given.split(",") if name.strip()]
    if not wanted:
        raise PayloadError(msg(N_("Name the players in “players”, separated by commas.")))
    members: list[int] = []
    for name in wanted:
        member = groups.member_named(group, name)
        if member is None:
            raise PayloadError(msg(N_("“%(name)s” is not a member of the group."),
                                   name=name[:60]))
        if member.id in members:
            raise PayloadError(msg(N_("“%(name)s” is named twice."), name=name[:60]))
        members.append(member.id)
    return members


def _side_count(players: int) -> int:
    """How many sides *players* split into: ``sides`` if given, else pairs."""
    given = request.args.get("sides")
    if given is None:
        count = players // 2
    elif given.isdigit() and len(given) < 3:
        count = int(given)
    else:
        raise PayloadError(msg(N_("“sides” must be a whole number of sides, like 2.")))
    if count < 2 or players % count or players // count < 1 or players > 8:
        raise PayloadError(msg(
            N_("%(players)s players do not split into %(sides)s equal sides (two to eight "
               "players, two sides or more)."), players=players, sides=count))
    return count
