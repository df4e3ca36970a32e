"""A Hand game as the group's league reads it: each seat's place and the counts only a
keeper who knows the rules can give — deals won, full hands, bonus (special) hands, deals
ended without having melded, and the penalty paid in the deals lost (docs/league.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from scorekeeper.league.engine import Place, Result, ranks

from .rules import Deal, GameState, Outcome
from .rules.hand import Finish
from .rules.options import Scoring

#: The counts one game gives each seat, which standings add up.
COUNTS = ("deals_won", "full_hands", "bonus_hands", "never_melded", "deals_lost",
          "penalty")


def result(state: GameState, log: list[Deal]) -> Result:
    table = state.table
    players = table.players
    teams = table.teams
    side_of = {p: i for i, p in enumerate(players)} if teams is None else {
        p: i for i, team in enumerate(teams) for p in team}
    if table.rules.scoring is Scoring.HAREEQA:
        # Hareeqa is won on points, the most (seed 002, "Hareeqa").
        totals = [(state.points or {}).get(p, 0) for p in players]
        side_totals, higher_wins = totals, True
    else:
        side_totals = list(state.team_totals or [state.totals[p] for p in players])
        higher_wins = False
    side_ranks = ranks(side_totals, higher_wins)
    counts = _counts(state, log, side_of)
    return Result(state.finished, tuple(
        Place(seat, side_of[p], side_totals[side_of[p]], side_ranks[side_of[p]],
              p in state.winners, counts[p])
        for seat, p in enumerate(players)))


def _counts(state: GameState, log: list[Deal],
            side_of: Mapping[str, int]) -> dict[str, Counter[str]]:
    counts = {p: Counter[str]() for p in state.table.players}
    for deal, line in zip(log, state.deals, strict=True):
        if deal.outcome is not Outcome.SCORED or deal.result is None or line.scores is None:
            continue
        round_ = deal.result
        winner = round_.winner
        won = counts[winner]
        won["deals_won"] += 1
        if round_.finish is Finish.FULL:
            won["full_hands"] += 1
            won["bonus_hands"] += bool(round_.bonuses)
        for player, hand in round_.hands.items():
            if side_of[player] == side_of[winner]:
                continue  # the winner's partner loses nothing: their cards do not count
            counts[player]["deals_lost"] += 1
            counts[player]["penalty"] += line.scores[player]
            counts[player]["never_melded"] += not hand.melded
    return counts


def figures(sums: Mapping[str, int]) -> dict[str, Any]:
    """A member's season's counts as the standings give them (docs/api.md, "Groups")."""
    lost = sums.get("deals_lost", 0)
    return {"deals_won": sums.get("deals_won", 0), "full_hands": sums.get("full_hands", 0),
            "bonus_hands": sums.get("bonus_hands", 0),
            "never_melded": sums.get("never_melded", 0),
            "average_penalty": round(sums.get("penalty", 0) / lost, 1) if lost else None}
