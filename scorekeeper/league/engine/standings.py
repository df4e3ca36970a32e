"""Standings, head-to-head, partners and the season's wins, added up from finished games'
results (:class:`~scorekeeper.league.Place`) in the order they were played. A shared win
counts as a win for each winner, and in partnerships every player of the winning side
wins: a place says ``won`` for each of them already."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations

from . import Place


@dataclass(frozen=True)
class Played:
    """A finished game of the group: when, and every seat's place."""

    game_id: str
    at: datetime
    places: tuple[Place, ...]

    def members(self) -> dict[int, Place]:
        return {p.member: p for p in self.places if p.member is not None}


@dataclass
class Standing:
    """One member's season: games, wins, the win streak now and the best, and the sum of
    each of the game's own counts (the game's kind turns them into figures)."""

    member: int
    games: int = 0
    wins: int = 0
    streak: int = 0
    best_streak: int = 0
    figures: Counter[str] = field(default_factory=Counter)

    @property
    def win_rate(self) -> float:
        return round(self.wins / self.games, 3) if self.games else 0.0


def standings(season: Iterable[Played]) -> list[Standing]:
    """Every member who played in *season* (oldest game first), best first: most wins,
    then the better win rate, then fewer games (the same wins in fewer games), then the
    member who joined first."""
    rows: dict[int, Standing] = {}
    for game in season:
        for place in game.places:
            member = place.member
            if member is None:
                continue
            row = rows.get(member)
            if row is None:
                row = rows[member] = Standing(member)
            row.games += 1
            figures = row.figures
            for name, count in place.figures.items():  # Counter.update, without its checks
                figures[name] += count
            if place.won:
                row.wins += 1
                row.streak += 1
                if row.streak > row.best_streak:
                    row.best_streak = row.streak
            else:
                row.streak = 0
    return sorted(rows.values(),
                  key=lambda r: (-r.wins, -r.win_rate, r.games, r.member))


@dataclass(frozen=True)
class Meeting:
    """Two members' games together: how often each finished ahead of the other, the ties,
    and the games they played as partners (partners are never ahead of each other)."""

    games: int
    a_ahead: int
    b_ahead: int
    ties: int
    partner_games: int
    partner_wins: int


def head_to_head(season: Iterable[Played], a: int, b: int) -> Meeting:
    games = a_ahead = b_ahead = ties = partner_games = partner_wins = 0
    for game in season:
        seated = game.members()
        if a not in seated or b not in seated or a == b:
            continue
        games += 1
        pa, pb = seated[a], seated[b]
        if pa.side == pb.side:
            partner_games += 1
            partner_wins += pa.won
        elif pa.rank < pb.rank:
            a_ahead += 1
        elif pb.rank < pa.rank:
            b_ahead += 1
        else:
            ties += 1
    return Meeting(games, a_ahead, b_ahead, ties, partner_games, partner_wins)


@dataclass(frozen=True)
class Partners:
    """Two members who sat on one side: their games together, their wins, and the wins
    the rating expected of them (the sum of the chance it gave their side each game; None
    when no chances were given)."""

    members: tuple[int, int]
    games: int
    wins: int
    expected: float | None = None


def partners(season: Iterable[Played],
             chances: Mapping[tuple[str, int], float] | None = None) -> list[Partners]:
    """Every pair of members who shared a side, most wins first, then the better rate.
    With *chances* (by game and member, :func:`scorekeeper.league.ratings.chances_of`), each
    pair's expected wins too; a game the rating did not read (every side tied) expects
    what happened."""
    games: Counter[tuple[int, int]] = Counter()
    wins: Counter[tuple[int, int]] = Counter()
    expected: dict[tuple[int, int], float] = {}
    for game in season:
        seated = sorted(game.members().items())
        for (m, p), (n, q) in combinations(seated, 2):
            if p.side == q.side:
                games[(m, n)] += 1
                wins[(m, n)] += p.won
                if chances is not None:
                    expected[(m, n)] = expected.get((m, n), 0.0) + chances.get(
                        (game.game_id, m), float(p.won))
    return sorted((Partners(pair, games[pair], wins[pair],
                            None if chances is None else expected[pair]) for pair in games),
                  key=lambda r: (-r.wins, -r.wins / r.games, r.members))


def wins_over_time(season: Sequence[Played]) -> dict[int, list[int]]:
    """Each member's wins so far after each game of *season*, for the season's chart: one
    point per game, members who had not played yet at 0."""
    members = sorted({m for game in season for m in game.members()})
    so_far = dict.fromkeys(members, 0)
    series: dict[int, list[int]] = {m: [] for m in members}
    for game in season:
        for member, place in game.members().items():
            so_far[member] += place.won
        for member in members:
            series[member].append(so_far[member])
    return series
