"""A group's ratings in a backup (format version 4): each game's ratings as they stood
when the file was written — every rated member by their place in the group, the model's
mean and uncertainty, the number shown and the games rated. They are derived from the
group's games, so an import works them out again from the games it adds, as every change
does (scorekeeper/ratings.py), and says so if they come out otherwise than the file's
(docs/durability.md)."""

from __future__ import annotations

from ..games import games, kind_named
from ..games.kind import brief
from ..jsontypes import JSONObject
from ..league.engine.rating import Skill, replay
from ..league.ratings import ratings, rerate
from ..league.results import season
from ..models import Game, Group
from .columns import BadFile

RATINGS = "ratings"
FIELDS = ("member", "mu", "sigma", "shown", "games")


def ratings_json(group: Group) -> dict[str, list[JSONObject]]:
    """The group's ratings of each game it has rated, by member's place: worked out from
    the results the file's games give (a full replay), as an import will."""
    place = {m.id: m.position for m in group.members}
    out: dict[str, list[JSONObject]] = {}
    for kind in (each.info.name for each in games()):
        now, _ = replay(season(group.id, kind))
        if now:
            out[kind] = [{"member": place[member], "mu": s.mu, "sigma": s.sigma,
                          "shown": s.shown, "games": s.games}
                         for member, s in sorted(now.items(), key=lambda i: place[i[0]])
                         if member in place]
    return out


def file_ratings(item: object, where: str, members: int) -> dict[str, dict[int, Skill]]:
    """A group's ``ratings`` as the file gives them, checked: by game, by member's place."""
    if not isinstance(item, dict):
        raise BadFile(where, "\"ratings\" must be an object of games")
    out: dict[str, dict[int, Skill]] = {}
    for kind, rows in item.items():
        if kind_named(kind) is None:
            raise BadFile(where, f"\"ratings\" names no game {brief(kind)}")
        if not isinstance(rows, list):
            raise BadFile(where, f"\"ratings\" of {kind} must be a list")
        out[kind] = {}
        for row in rows:
            if not isinstance(row, dict) or sorted(row) != sorted(FIELDS) or not all(
                    isinstance(row[f], int | float) and not isinstance(row[f], bool)
                    for f in FIELDS) or not all(
                    isinstance(row[f], int) for f in ("member", "shown", "games")):
                raise BadFile(where, f"each rating of {kind} holds {', '.join(FIELDS)} as "
                                     f"numbers, not {brief(row)}")
            if not 0 <= row["member"] < members or row["member"] in out[kind]:
                raise BadFile(where, f"a rating of {kind} names member {row['member']}, "
                                     "not a member of the group or named twice")
            out[kind][row["member"]] = Skill(row["mu"], row["sigma"], row["games"],
                                             row["shown"])
    return out


def rate_imported(games: list[Game], groups: list[tuple[Group, dict[str, dict[int, Skill]] | None]]
                  ) -> list[str]:
    """Rate again every group that gained *games* (their results kept), then compare the
    new *groups*' ratings with the file's (each group with the ratings the file gives it):
    the sentences saying where they differ."""
    for group_id, kind in sorted({(g.group_id, g.kind) for g in games
                                  if g.group_id is not None}):
        rerate(group_id, kind)
    return [f"Group {group.id} ({group.name}): its ratings were worked out again from the "
            "games imported, and they differ from the file's."
            for group, given in groups if given is not None and _differ(group, given)]


def _differ(group: Group, given: dict[str, dict[int, Skill]]) -> bool:
    """Whether the ratings worked out from the games imported differ from the file's."""
    place = {m.id: m.position for m in group.members}
    for kind in (each.info.name for each in games()):
        now = {place[m]: s for m, s in ratings(group.id, kind).items() if m in place}
        theirs = given.get(kind, {})
        if set(now) != set(theirs) or any(
                (s.shown, s.games) != (theirs[p].shown, theirs[p].games)
                or abs(s.mu - theirs[p].mu) > 1e-9 or abs(s.sigma - theirs[p].sigma) > 1e-9
                for p, s in now.items()):
            return True
    return False

