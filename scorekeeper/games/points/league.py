"""A points sheet as the group's league reads it: each seat's place (its side's, by the
game's own measure: the highest total best, or the lowest) and the side's counts — the
deals played and the points made — which every player of the side shares
(docs/league.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.league.engine import Place, Result, ranks

from .rules import PointsDeal, PointsState


def result(state: PointsState, log: list[PointsDeal]) -> Result:
    table = state.table
    side_ranks = ranks(list(state.team_totals), higher_wins=not table.rules.lowest_wins)
    return Result(state.finished, tuple(
        Place(seat, side, state.team_totals[side], side_ranks[side],
              player in state.winners,
              {"games": 1, "deals": len(state.deals), "points": state.team_totals[side]})
        for seat, player in enumerate(table.players)
        for side in (table.side_of(player),)))


def figures(sums: Mapping[str, int]) -> dict[str, Any]:
    """A member's season's counts as the standings give them: the deals played, and the
    points a game and a deal on average (none until there is something to average)."""
    games, deals, points = sums.get("games", 0), sums.get("deals", 0), sums.get("points", 0)
    return {"deals": deals,
            "average_points": round(points / games, 1) if games else None,
            "average_deal_points": round(points / deals, 1) if deals else None}
