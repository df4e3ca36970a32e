"""A points sheet's JSON (docs/api.md, "A plain points sheet"): a deal read into the
engine's values and written back, and a game's state as the API answers it, in the shape
of the other games' where the fields mean the same. It only translates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from scorekeeper.codec import PayloadError
from scorekeeper.i18n import say
from scorekeeper.rulekit import normal_name
from scorekeeper.rulekit.messages import N_, msg

from .rules import PointsDeal, PointsState

#: Every field a deal's body may hold at its top level.
DEAL_FIELDS = frozenset({"deal", "outcome", "version", "points"})


def deal_from_json(data: Mapping[str, Any], number: int) -> PointsDeal:
    """Deal *number* as a body reports it: ``points`` by player, or by side (named by its
    name or by any one of its players); the engine checks the names against the table."""
    if data.get("outcome", "scored") != "scored":
        raise PayloadError(msg(N_("Every deal of a points sheet is scored: leave "
                                  "“outcome” out, or send \"scored\".")))
    points = data.get("points")
    if not isinstance(points, dict) or not points:
        raise PayloadError(msg(N_("The field “points” must give each side's points, like "
                                  "{\"Ann\": 16, \"Bob\": -16}.")))
    pairs: list[tuple[str, int]] = []
    for key, value in points.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise PayloadError(msg(N_("The points of “%(name)s” must be a whole number."),
                                   name=str(key)[:40]))
        pairs.append((normal_name(str(key)), value))
    return PointsDeal(number, tuple(pairs))


class PointsBody(TypedDict):
    """A deal's body: each side's points, by the name the table gave it."""

    points: dict[str, int]


def deal_to_json(deal: PointsDeal) -> PointsBody:
    """The deal's ``points``, as the table gave them."""
    return {"points": dict(deal.points)}


def state_to_json(game_id: str, state: PointsState, log: list[PointsDeal], version: str,
                  url: str) -> dict[str, Any]:
    """The game's state as the API answers it."""
    table = state.table
    rules = table.rules
    units = table.units
    out: dict[str, Any] = {
        "id": game_id, "version": version, "url": url, "rules": rules.to_dict(),
        "players": list(table.players),
        "teams": None if table.sides is None else [list(s) for s in table.sides],
        "first_dealer": table.first_dealer,
        "deals": [{
            "number": line.number, "outcome": "scored", "dealer": line.dealer,
            "round": line.number,
            # Each player's side's points, so a sheet by player reads as in the others.
            "scores": {p: line.points[i] for i, unit in enumerate(units) for p in unit},
            "team_scores": list(line.points),
            **deal_to_json(deal),
        } for line, deal in zip(state.deals, log, strict=True)],
        "totals": dict(state.totals),
        "dealer": state.dealer, "starter": state.starter,
        "next_deal": None if state.finished else state.next_deal,
        "round": None if state.finished else state.next_deal,
        "attempt": None if state.finished else 1,
        "target": rules.target,
        "scored_rounds": state.scored_rounds, "rounds_to_play": state.rounds_to_play,
        "tie_break": False, "finished": state.finished, "winners": list(state.winners),
        "notices": [say(msg(N_("Game over: %(names)s won."),
                            names=" & ".join(state.winners)))] if state.finished else [],
    }
    if table.sides is not None:
        out["team_totals"] = list(state.team_totals)
    return out
