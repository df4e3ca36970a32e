"""A night's first round balanced by ratings (scorekeeper/night/engine/balance.py; docs/night.md,
"A balanced first round"): the players get other places on the night's list, so that the
plan's round 1 seats sides closer to even — never less even than the list as given."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.league.engine.rating import NEW, Skill, chances
from scorekeeper.night.engine.balance import balanced_order
from scorekeeper.night.engine.schedule import Format, Round, plan


def _miss(first: Round, order: list[str], given: list[str], skills) -> float:
    """The sum over round 1's tables of the largest miss from an even chance, with the
    places of *given* held by *order*'s players."""
    place = {name: i for i, name in enumerate(given)}
    total = 0.0
    for table in first.tables:
        odds = chances([[skills.get(order[place[n]], NEW) for n in side]
                        for side in table.sides])
        total += max(abs(p - 1 / len(odds)) for p in odds)
    return total


def test_the_two_strongest_partnered_by_the_plan_are_parted():
    players = [f"P{i}" for i in range(8)]
    first = plan(players, Format.ROTATING, 4, 1, seed=7)[0]
    strong = first.tables[0].sides[0]  # the plan partners these two: make them strongest
    skills = {name: Skill(35.0 if name in strong else 20.0, 3.0) for name in players}
    order = balanced_order(players, first, skills)
    assert sorted(order) == sorted(players)
    assert _miss(first, order, players, skills) < _miss(first, players, players, skills)
    place = {name: i for i, name in enumerate(players)}
    seated = [[order[place[n]] for n in side] for t in first.tables for side in t.sides]
    assert sorted(strong) not in [sorted(side) for side in seated]


@given(st.integers(4, 20).map(lambda n: n - n % 2), st.integers(0, 2**31 - 1),
       st.lists(st.floats(10, 40), min_size=20, max_size=20))
def test_balancing_never_makes_round_one_less_even(count, seed, means):
    players = [f"P{i}" for i in range(count)]
    first = plan(players, Format.ROTATING, 4, 1, seed=seed)[0]
    skills = {name: Skill(mu, 4.0) for name, mu in zip(players, means, strict=False)}
    order = balanced_order(players, first, skills)
    assert sorted(order) == sorted(players)
    assert _miss(first, order, players, skills) <= _miss(first, players, players, skills)
    assert balanced_order(players, first, skills) == order  # the same every time
