"""A night's first round balanced by the group's ratings (docs/night.md, "Balanced first
round"): the players are given the places of the night's list so that, at every table of
round 1, each side's chance to win is as close to even as the swaps can bring it. The
schedule seats places, not people, so the plan keeps every promise it makes (partners
once, fair sit-outs); only who holds which place changes, and only at the start.

Plain Python over the league's ratings (:mod:`scorekeeper.league.engine.rating`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...league.engine.rating import NEW, Skill, chances
from .schedule import Round

#: Rounds of swaps at most; each goes over every two seated places once.
PASSES = 20


def balanced_order(players: Sequence[str], first: Round, skills: Mapping[str, Skill]
                   ) -> list[str]:
    """*players* (the night's list, whose places *first* — round 1 as planned for that
    list — seats) reordered so round 1's sides are the most even the swaps find: players
    swap places while that brings the sum of each table's largest miss from an even
    chance down. The same players and ratings always give the same order."""
    place = {name: i for i, name in enumerate(players)}
    tables = [[[place[name] for name in side] for side in table.sides]
              for table in first.tables if len(table.sides) > 1]
    table_of = {p: t for t, table in enumerate(tables) for side in table for p in side}
    side_of = {p: (t, s) for t, table in enumerate(tables)
               for s, side in enumerate(table) for p in side}
    order = list(players)

    def miss(t: int) -> float:
        odds = chances([[skills.get(order[p], NEW) for p in side] for side in tables[t]])
        return max(abs(p - 1 / len(odds)) for p in odds)

    misses = [miss(t) for t in range(len(tables))]
    seated = sorted(table_of)
    for _ in range(PASSES):
        better = False
        for i, a in enumerate(seated):
            for b in seated[i + 1:]:
                if side_of[a] == side_of[b]:
                    continue
                touched = sorted({table_of[a], table_of[b]})
                before = sum(misses[t] for t in touched)
                order[a], order[b] = order[b], order[a]
                after = {t: miss(t) for t in touched}
                if sum(after.values()) < before - 1e-9:
                    for t, m in after.items():
                        misses[t] = m
                    better = True
                else:
                    order[a], order[b] = order[b], order[a]
        if not better:
            break
    return order
