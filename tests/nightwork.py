"""A night's standing counted again, independently of scorekeeper/night/engine/standing.py, from
the games' own states as the API gives them (issue 36's check): at each table the side
with the lower total (Hand) places first — a point at a table of two sides — and its
margin is the gap; a round sat out scores the round's average; a game yet to deal counts
nothing."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable


def independent_standing(night: dict, state_of: Callable[[str], dict]
                         ) -> dict[str, tuple[float, int]]:
    """Each player's placement points and margins; *state_of* reads a game's state."""
    points: dict[str, float] = defaultdict(float)
    margins: dict[str, int] = defaultdict(int)
    for seated in night["rounds"]:
        placed = {}
        for table in seated["tables"]:
            if table["game"] is None:
                continue
            state = state_of(table["game"]["id"])
            if not state["deals"]:
                continue
            # A side's total: its team's, where partners score together.
            teams = [set(team) for team in state["teams"] or []]
            totals = [state["team_totals"][teams.index(set(side))] if teams
                      else state["totals"][side[0]] for side in table["sides"]]
            for i, side in enumerate(table["sides"]):
                others = [t for j, t in enumerate(totals) if j != i]
                for name in side:
                    placed[name] = (sum(totals[i] < t for t in others),
                                    sum(t - totals[i] for t in others))
        if not placed:
            continue
        average = sum(p for p, _ in placed.values()) / len(placed)
        for name, (got, margin) in placed.items():
            points[name] += got
            margins[name] += margin
        for name in seated["sitting_out"]:
            points[name] += average
    return {name: (points[name], margins[name]) for name in set(points) | set(margins)}
