"""A night's seating, round by round: who sits at which table, with whom as partner and
against whom, and who sits out (docs/night.md, "The formats").

Every format seats the players who have sat out least, so nobody sits out a second time
before everyone present has sat out once. Then:

- **rotating**: partners change every round. With nobody sitting out, partners follow the
  circle method's round robin, so nobody partners anyone twice before every pair has
  partnered once (eight players, seven rounds: each pair exactly once). With sit-outs, each
  round's partners are a matching of the players seated that least repeats partnerships
  (a pair seated together again costs more steeply each time, ``_penalty``), found by
  local search. The pairs are then put at tables so that opponents repeat least, the same
  way.
- **pairs**: fixed partnerships meet as units; at tables of two pairs, Berger's round robin
  (a bye for one pair when their number is odd), so each pair meets each other once in as
  many rounds as there are other pairs.
- **solo**: everyone plays alone; tables are made so that table-mates repeat least.
- **progressive**: the first round as rotating; after it, a table's winners move one table
  up (the top table's stay), its losers stay (the top table's go to the bottom), and the
  newcomers at a table partner those who stayed (:func:`.progressive.progress`).

Seating is deterministic for a given night (its ``seed``), so a plan read twice is the
same plan, and re-planning after a late arrival changes no round already played.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from itertools import combinations
from math import ceil

Pair = frozenset[str]


class Format(StrEnum):
    ROTATING = "rotating"
    PAIRS = "pairs"
    SOLO = "solo"
    PROGRESSIVE = "progressive"

    @property
    def partners(self) -> bool:
        return self is not Format.SOLO


@dataclass(frozen=True)
class Table:
    number: int
    #: Each side's players; a side of one in solo play.
    sides: tuple[tuple[str, ...], ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for side in self.sides for name in side)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    sitting_out: tuple[str, ...] = ()

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(name for table in self.tables for name in table.players)


@dataclass
class Tally:
    """How often each pair has partnered and met as opponents (or table-mates), and how
    often each player has sat out, over the rounds so far."""

    partners: Counter[Pair] = field(default_factory=Counter)
    opponents: Counter[Pair] = field(default_factory=Counter)
    sat_out: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, rounds: Iterable[Round]) -> Tally:
        tally = cls()
        for played in rounds:
            tally.add(played)
        return tally

    def add(self, played: Round) -> None:
        self.sat_out.update(played.sitting_out)
        for table in played.tables:
            for side in table.sides:
                self.partners.update(frozenset(p) for p in combinations(side, 2))
            for one, other in combinations(table.sides, 2):
                self.opponents.update(frozenset((a, b)) for a in one for b in other)


def rounds_for_everyone(players: int, table_size: int, fmt: Format) -> int:
    """The rounds in which every pair can partner (pairs: meet; solo: share a table) once,
    where nobody sits out: the suggested length of a night."""
    if fmt is Format.PAIRS:
        units = players // 2
        return max(1, units - 1 if units % 2 == 0 else units)
    if fmt is Format.SOLO:
        return max(1, ceil((players - 1) / (table_size - 1)))
    return max(1, players - 1)


def promised(rounds: int, players: int, table_size: int, fmt: Format,
             sitting_out: bool) -> tuple[int, int]:
    """What the method promises for a night of *rounds* with *players* all night: the most
    times any pair partners (pairs: 0, their partnership is fixed), and meets as
    opponents (solo: at one table; pairs: as pairs).

    Partners, by the round robin where nobody sits out: each pair at most once in every
    ``players − 1`` rounds. With sit-outs the search keeps that in the first
    ``players − 2`` rounds, and at most one more beyond. Opponents (and table-mates) are
    spread round by round: at most one more than an even spread, rounded up (two more
    for rotating partners, whose partners are chosen first). The page
    shows the organiser the repeats of the plan itself (:func:`repeats`)."""
    others = max(1, players - 1)
    if fmt is Format.PAIRS:
        units = players // 2
        per_table = table_size // 2
        return 0, ceil(rounds * (per_table - 1) / max(1, units - 1)) + 1
    met = table_size - 1 if fmt is Format.SOLO else table_size - 2
    # Rotating partners come first, which leaves the tables less to choose from.
    opponents = ceil(rounds * met / others) + (1 if fmt is Format.SOLO else 2)
    if fmt is Format.SOLO:
        return 0, opponents
    partners = ceil(rounds / others)
    if sitting_out and rounds > players - 2:
        partners += 1
    return partners, opponents


def repeats(rounds: Sequence[Round], fmt: Format, table_size: int) -> tuple[int, int]:
    """How many pairs partner, and how many meet as opponents (solo: at a table; pairs:
    as pairs), more often than :func:`promised` allows for these rounds: the repeats the
    organiser is shown before the night starts, 0 and 0 where the method kept its word
    (a change of players between rounds can cost more)."""
    tally = Tally.of(rounds)
    players = {name for r in rounds for name in (*r.seated, *r.sitting_out)}
    partners, opponents = promised(len(rounds), len(players), table_size, fmt,
                                   any(r.sitting_out for r in rounds))
    if fmt is Format.PAIRS:
        partners = len(rounds)
    return (sum(count > partners for count in tally.partners.values()),
            sum(count > opponents for count in tally.opponents.values()))


def sitting_out(players: Sequence[str], seats: int, tally: Tally, number: int) -> list[str]:
    """The players who sit out round *number* so that *seats* play: those who have sat out
    least, the tie taken in turn down the list (a different player each round)."""
    count = len(players) - seats
    if count <= 0:
        return []
    start = (number - 1) * count
    order = sorted(range(len(players)),
                   key=lambda i: (tally.sat_out[players[i]], (i - start) % len(players)))
    out = {players[i] for i in order[:count]}
    return [name for name in players if name in out]


def _circle(units: Sequence[str], number: int) -> list[tuple[str, str | None]]:
    """Round *number* of the circle method over *units*: each unit's opponent (or partner),
    ``None`` for a bye when their number is odd."""
    ring: list[str | None] = list(units) + ([None] if len(units) % 2 else [])
    size = len(ring)
    turn = (number - 1) % (size - 1)
    fixed, rest = ring[0], ring[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    line = [fixed, *rest]
    pairs = [(line[i], line[size - 1 - i]) for i in range(size // 2)]
    return [(a, b) if a is not None else (b, a) for a, b in pairs]  # type: ignore[misc]


def _matching(players: Sequence[str], cost: Counter[Pair], rng: random.Random,
              tries: int = 24) -> list[tuple[str, str]]:
    """Pairs of *players* whose summed *cost* is as low as local search finds."""
    best: list[list[str]] | None = None
    best_cost = -1
    for _ in range(tries):
        order = list(players)
        rng.shuffle(order)
        pairs = [order[i:i + 2] for i in range(0, len(order), 2)]
        total = _improve_pairs(pairs, cost)
        if best is None or total < best_cost:
            best, best_cost = pairs, total
        if best_cost == 0:
            break
    assert best is not None
    return [(a, b) for a, b in best]


def _improve_pairs(pairs: list[list[str]], cost: Counter[Pair]) -> int:
    def c(a: str, b: str) -> int:
        return _penalty(cost[frozenset((a, b))])

    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(pairs)), 2):
            (a, b), (x, y) = pairs[i], pairs[j]
            now = c(a, b) + c(x, y)
            for p, q in (([a, x], [b, y]), ([a, y], [b, x])):
                if c(*p) + c(*q) < now:
                    pairs[i], pairs[j] = p, q
                    improved = True
                    break
    return sum(c(a, b) for a, b in pairs)


def _tables(units: Sequence[tuple[str, ...]], per_table: int, cost: Counter[Pair],
            rng: random.Random, tries: int = 40) -> list[list[tuple[str, ...]]]:
    """*units* (sides) grouped *per_table* so that the summed *cost* between players of
    different units at one table is as low as local search finds: swaps of two units
    between tables while one lowers it, from a few shuffled starts."""
    count = len(units)
    weight = [[_between(u, v, cost) for v in units] for u in units]
    best: list[list[int]] | None = None
    best_cost = -1
    for _ in range(tries):
        order = list(range(count))
        rng.shuffle(order)
        tables = [order[i:i + per_table] for i in range(0, count, per_table)]
        improved = True
        while improved:
            improved = False
            for a, b in combinations(range(len(tables)), 2):
                one, other = tables[a], tables[b]
                for x in range(per_table):
                    for y in range(per_table):
                        u, v = one[x], other[y]
                        rest_one = [w for w in one if w != u]
                        rest_other = [w for w in other if w != v]
                        delta = (sum(weight[v][w] - weight[u][w] for w in rest_one)
                                 + sum(weight[u][w] - weight[v][w] for w in rest_other))
                        if delta < 0:
                            one[x], other[y] = v, u
                            improved = True
        total = sum(weight[u][v] for table in tables for u, v in combinations(table, 2))
        if best is None or total < best_cost:
            best, best_cost = [list(t) for t in tables], total
        if best_cost == 0:
            break
    assert best is not None
    return [[units[i] for i in table] for table in best]


def seat_round(number: int, players: Sequence[str], fmt: Format, table_size: int,
               tally: Tally, *, seed: int | str,
               pairs: Sequence[tuple[str, str]] = ()) -> Round:
    """Round *number* of a night with *players* present, after the rounds *tally* counts."""
    rng = random.Random(f"{seed}:{number}")
    if fmt is Format.PAIRS:
        return _pairs_round(number, players, table_size, tally, rng, pairs)
    seats = len(players) - len(players) % table_size
    out = sitting_out(players, seats, tally, number)
    playing = [name for name in players if name not in out]
    if fmt is Format.SOLO:
        grouped = _tables([(name,) for name in playing], table_size, tally.opponents, rng)
        return _round(number, grouped, out)
    matched = [(a, b) for a, b in _circle(playing, number) if b is not None]
    if _cost(matched, tally.partners):
        # The round robin's partners for this round repeat a partnership (a late
        # arrival, sit-outs, or a night longer than the round robin): search instead.
        searched = _matching(playing, tally.partners, rng)
        if _cost(searched, tally.partners) < _cost(matched, tally.partners):
            matched = searched
    grouped = _tables([tuple(p) for p in matched], table_size // 2, tally.opponents, rng)
    return _round(number, grouped, out)


def _cost(pairs: Iterable[tuple[str, str]], cost: Counter[Pair]) -> int:
    return sum(_penalty(cost[frozenset(p)]) for p in pairs)


def _pairs_round(number: int, players: Sequence[str], table_size: int, tally: Tally,
                 rng: random.Random, pairs: Sequence[tuple[str, str]]) -> Round:
    """Fixed partnerships meeting as units: Berger's round robin at tables of two pairs
    while it repeats no meeting, else the meetings that repeat least."""
    units = [p for p in pairs if p[0] in players and p[1] in players]
    per_table = table_size // 2
    if per_table == 2:
        met = _circle([str(i) for i in range(len(units))], number)
        berger: list[list[tuple[str, ...]]] = [
            [units[int(a)], units[int(b)]] for a, b in met if b is not None]
        byes = [units[int(a)] for a, b in met if b is None]
        fair = all(tally.sat_out[u[0]] == min(tally.sat_out[v[0]] for v in units)
                   for u in byes)
        if fair and not sum(_between(t[0], t[1], tally.opponents) for t in berger):
            return _round(number, berger, [name for u in byes for name in u])
    count = len(units) % per_table
    start = (number - 1) * max(1, count)
    order = sorted(range(len(units)),
                   key=lambda i: (tally.sat_out[units[i][0]], (i - start) % len(units)))
    out_units = [units[i] for i in sorted(order[:count])]
    playing = [u for u in units if u not in out_units]
    grouped = _tables(playing, per_table, tally.opponents, rng)
    return _round(number, grouped, [name for u in out_units for name in u])


def _between(one: Sequence[str], other: Sequence[str], cost: Counter[Pair]) -> int:
    return sum(_penalty(cost[frozenset((a, b))]) for a in one for b in other)


def _penalty(times: int) -> int:
    """What seating a pair together once more costs, having done it *times* before:
    steeply more each time, so one pair meeting often is worse than several twice."""
    return int(3**times) - 1


def _round(number: int, grouped: Sequence[Sequence[tuple[str, ...]]],
           out: Sequence[str]) -> Round:
    return Round(number, tuple(Table(i + 1, tuple(sides)) for i, sides in enumerate(grouped)),
                 tuple(out))


#: Other draws of the rounds after the next one, tried in turn when the first breaks a
#: promise of :func:`promised` on the way (its rounds are chosen one at a time, and an
#: early choice can leave a later round no partners but old ones).
VARIANTS = 8


def plan(players: Sequence[str], fmt: Format, table_size: int, rounds: int, *, seed: int,
         played: Sequence[Round] = (), pairs: Sequence[tuple[str, str]] = ()
         ) -> tuple[Round, ...]:
    """The night's rounds: those *played* as they were, then the rest seated for
    *players* (progressive: only the next, which needs the results; :func:`progress`).
    The next round is always the first draw's, so planning it alone, or with the rest,
    seats it the same; the rounds after it are the first draw that keeps the promises
    round by round, else the one that breaks the fewest. A night's pages and its TV ask
    for the same plan again and again while nothing changes: it is made once."""
    return _plan(tuple(players), fmt, table_size, rounds, seed, tuple(played),
                 tuple((a, b) for a, b in pairs))


@lru_cache(maxsize=64)
def _plan(players: tuple[str, ...], fmt: Format, table_size: int, rounds: int, seed: int,
          played: tuple[Round, ...], pairs: tuple[tuple[str, str], ...]) -> tuple[Round, ...]:
    last = rounds if fmt is not Format.PROGRESSIVE else min(rounds, max(1, len(played)))
    best: tuple[int, tuple[Round, ...]] | None = None
    for variant in range(VARIANTS if fmt is Format.ROTATING else 1):
        tally = Tally.of(played)
        out = list(played)
        for number in range(len(played) + 1, last + 1):
            drawn = seed if variant == 0 or number == len(played) + 1 else f"{seed}/{variant}"
            seated = seat_round(number, players, fmt, table_size, tally, seed=drawn,
                                pairs=pairs)
            tally.add(seated)
            out.append(seated)
        broken = _broken(out, len(players), fmt, table_size)
        if best is None or broken < best[0]:
            best = (broken, tuple(out))
        if broken == 0:
            break
    assert best is not None
    return best[1]


def _broken(rounds: Sequence[Round], players: int, fmt: Format, table_size: int) -> int:
    """How many times, round by round, a pair partnered or met more often than
    :func:`promised` allows for the rounds so far."""
    tally = Tally()
    broken = 0
    for count, seated in enumerate(rounds, start=1):
        tally.add(seated)
        partners, opponents = promised(count, players, table_size, fmt,
                                       bool(seated.sitting_out))
        if fmt is Format.PAIRS:
            partners = count
        broken += sum(times > partners for times in tally.partners.values())
        broken += sum(times > opponents for times in tally.opponents.values())
    return broken
