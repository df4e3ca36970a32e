"""The progressive format's rounds after the first (docs/night.md, "The formats"): a
table's winners move one table up, its losers stay, and the newcomers at a table partner
those who stayed. The first round is seated as the rotating format seats it
(:mod:`.schedule`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .schedule import Round, Tally, _matching, _round, sitting_out


def progress(previous: Round, winners: Sequence[Sequence[str]], players: Sequence[str],
             table_size: int, tally: Tally) -> Round:
    """The progressive round after *previous*, given each of its tables' winners (in
    table order; an empty side where a table has none): winners move a table up (the top
    table's stay), the others stay (the top table's go to the bottom). Players who sat out
    come back at the bottom; those present sit out in turn as in every format."""
    number = previous.number + 1
    order: list[list[str]] = [[] for _ in previous.tables]
    for i, (table, won) in enumerate(zip(previous.tables, winners, strict=True)):
        stay = [name for name in table.players if name not in won]
        up = [name for name in table.players if name in won]
        if i == 0:
            order[0] += up
            order[-1] += stay
        else:
            order[i - 1] += up
            order[i] += stay
    ranked = [name for table in order for name in table if name in players]
    ranked += [name for name in players if name not in ranked]
    seats = len(players) - len(players) % table_size
    out = set(sitting_out(players, seats, tally, number))
    ranked = [name for name in ranked if name not in out]
    grouped = []
    for start in range(0, len(ranked), table_size):
        chunk = ranked[start:start + table_size]
        pairs = _matching(chunk, tally.partners, random.Random(f"{number}:{start}"), tries=6)
        grouped.append([tuple(p) for p in pairs])
    return _round(number, grouped, [name for name in players if name in out])
