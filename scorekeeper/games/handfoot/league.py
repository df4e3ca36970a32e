"""A Hand and Foot game as the group's league reads it: each seat's place (its side's, the
highest total best) and its side's counts — piles by kind, red threes caught, the deal
scores — which every player of the side shares (docs/league.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from scorekeeper.league.engine import Place, Result, ranks

from .rules import HandFootDeal, HandFootState

#: The counts one game gives each seat (its side's), which standings add up.
COUNTS = ("clean_piles", "dirty_piles", "wild_piles", "red_threes_caught", "deals",
          "deal_points")


def result(state: HandFootState, log: list[HandFootDeal]) -> Result:
    table = state.table
    side_ranks = ranks(list(state.team_totals), higher_wins=True)
    sides = [Counter[str]() for _ in table.units]
    for deal, line in zip(log, state.deals, strict=True):
        for counts, report, score in zip(sides, deal.sides, line.scores, strict=True):
            counts["clean_piles"] += report.clean_piles
            counts["dirty_piles"] += report.dirty_piles
            counts["wild_piles"] += report.wild_piles
            counts["red_threes_caught"] += score.red_threes_caught
            counts["deals"] += 1
            counts["deal_points"] += score.total
    return Result(state.finished, tuple(
        Place(seat, side, state.team_totals[side], side_ranks[side],
              player in state.winners, sides[side])
        for seat, player in enumerate(table.players)
        for side in (table.side_of(player),)))


def figures(sums: Mapping[str, int]) -> dict[str, Any]:
    """A member's season's counts as the standings give them (docs/api.md, "Groups")."""
    deals = sums.get("deals", 0)
    return {"piles": {"clean": sums.get("clean_piles", 0),
                      "dirty": sums.get("dirty_piles", 0),
                      "wild": sums.get("wild_piles", 0)},
            "red_threes_caught": sums.get("red_threes_caught", 0),
            "average_deal_score": round(sums.get("deal_points", 0) / deals, 1)
            if deals else None}
