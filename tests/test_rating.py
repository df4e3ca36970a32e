"""The group's rating (scorekeeper/league/engine/rating.py; docs/league.md, "The rating"): the
Thurstone–Mosteller model of openskill over each game's ranked sides, the number shown and
its card band, and the words that say why a rating moved."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce, ThurstoneMostellerFull

from scorekeeper.league.engine import Place
from scorekeeper.league.engine.rating import (
    NEW,
    PROVISIONAL,
    Skill,
    balanced,
    band_of,
    chances,
    rate,
    reason,
    replay,
)
from scorekeeper.league.engine.standings import Played


def game(n: int, *places: tuple[int | None, int, int]) -> Played:
    """Game *n*: each seat as (member, side, rank); the sides ranked first win."""
    return Played(f"g{n:04d}", datetime(2026, 1, 1, tzinfo=UTC), tuple(
        Place(seat, side, 0, rank, rank == 1, {}, member)
        for seat, (member, side, rank) in enumerate(places)))


def test_a_tie_moves_the_tied_sides_alike():
    """The model's choice (docs/league.md, "Which model"): of three equal players, two
    tied on top gain as much as the one below them loses, and a tie at the bottom is its
    mirror — Thurstone–Mosteller. Plackett–Luce is no mirror: a player alone above two
    tied ones gains twice what one alone below two tied ones loses, so it is not used."""
    tm = ThurstoneMostellerFull()
    top = [t[0].mu - 25 for t in tm.rate([[tm.rating()], [tm.rating()], [tm.rating()]],
                                         ranks=[1, 1, 3])]
    bottom = [t[0].mu - 25 for t in tm.rate([[tm.rating()], [tm.rating()], [tm.rating()]],
                                            ranks=[1, 2, 2])]
    assert top[0] == pytest.approx(top[1]) and top[0] + top[1] == pytest.approx(-top[2])
    assert bottom == pytest.approx([-top[2], -top[0], -top[1]])
    pl = PlackettLuce()
    top = [t[0].mu - 25 for t in pl.rate([[pl.rating()], [pl.rating()], [pl.rating()]],
                                         ranks=[1, 1, 3])]
    bottom = [t[0].mu - 25 for t in pl.rate([[pl.rating()], [pl.rating()], [pl.rating()]],
                                            ranks=[1, 2, 2])]
    assert bottom[0] == pytest.approx(-2 * top[2])


def _direct(games: list[list[list[str]]], ranks: list[list[int]]) -> dict[str, float]:
    """The same games through openskill itself, with nothing of ours."""
    model = ThurstoneMostellerFull()
    now: dict[str, object] = {}
    for sides, order in zip(games, ranks, strict=True):
        teams = [[now.get(p) or model.rating(name=p) for p in side] for side in sides]
        for side, new in zip(sides, model.rate(teams, ranks=order), strict=True):
            for player, rating in zip(side, new, strict=True):
                now[player] = rating
    return {p: r.mu for p, r in now.items()}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "side_size"), [(3, 1), (6, 2)])
@given(data=st.data())
def test_the_ratings_are_openskills_on_the_same_games(players, side_size, data):
    """docs/league.md: each game's sides ranked as its result ranks them, the package's
    default parameters — a 3-player group and a 6-player group of three pairs."""
    sides = players // side_size
    count = data.draw(st.integers(1, 12))
    played, as_sides, as_ranks = [], [], []
    for n in range(count):
        order = data.draw(st.permutations(range(players)))
        ranks = data.draw(st.lists(st.integers(1, sides), min_size=sides, max_size=sides))
        split = [order[i * side_size:(i + 1) * side_size] for i in range(sides)]
        played.append(game(n, *[(m, s, ranks[s]) for s, side in enumerate(split)
                                for m in side]))
        as_sides.append([[str(m) for m in side] for side in split])
        as_ranks.append(ranks)
    skills, _ = replay(played)
    expected = _direct([s for s, r in zip(as_sides, as_ranks, strict=True)
                        if len(set(r)) > 1],
                       [r for r in as_ranks if len(set(r)) > 1])
    assert {str(m): s.mu for m, s in skills.items()} == pytest.approx(expected)


@given(st.lists(st.tuples(st.permutations(range(6)), st.lists(st.integers(1, 4),
                                                              min_size=3, max_size=3),
                          st.sampled_from([1, 2])), min_size=1, max_size=15))
def test_a_win_never_lowers_the_number_shown(games):
    """Issue: "a number that never falls after a win" — also when the win is shared with a
    weaker side, which pulls the model's mean down."""
    skills: dict[int, Skill] = {}
    for n, (order, ranks, size) in enumerate(games):
        sides = 3 if size == 2 else 6
        places = [(m, i // size, ranks[(i // size) % 3]) for i, m in enumerate(order)]
        one = rate(game(n, *places[:sides * size]), skills)
        for move in one.moves:
            if move.won:
                assert move.after.shown >= move.before.shown
            skills[move.member] = move.after


def test_a_shared_win_that_lowers_the_mean_keeps_the_number_and_says_why():
    strong, weak = Skill(40.0, 2.0, 30, 1600), Skill(10.0, 2.0, 30, 400)
    one = rate(game(1, (1, 0, 1), (2, 1, 1), (3, 2, 3)), {1: strong, 2: weak})
    mine = next(m for m in one.moves if m.member == 1)
    assert mine.after.mu < strong.mu and mine.after.shown == strong.shown
    words = str(reason(mine, one.game, {1: "Omar", 2: "Lina", 3: "Sara"}))
    assert words.startswith("±0: you shared place 1 of 3")
    assert words.endswith("(a win never lowers the number)")


def test_a_game_whose_sides_all_tie_changes_nothing():
    one = rate(game(1, (1, 0, 1), (2, 1, 1), (3, 2, 1)), {})
    assert one.moves == ()
    skills, _ = replay([one.game])
    assert skills == {}


def test_a_guest_seat_is_rated_as_a_newcomer_and_not_kept():
    one = rate(game(1, (1, 0, 1), (None, 1, 2)), {})
    assert [m.member for m in one.moves] == [1]
    assert one.moves[0].chance == pytest.approx(0.5)


@pytest.mark.parametrize(("shown", "band"), [
    (1400, "A"), (1275, "A"), (1274, "K"), (1225, "K"), (1175, "Q"), (1125, "J"),
    (1124, "10"), (1075, "10"), (1025, "9"), (1000, "8"), (975, "8"), (974, "7"),
    (925, "7"), (875, "6"), (825, "5"), (775, "4"), (725, "3"), (724, "2"), (0, "2")])
def test_the_card_bands(shown, band):
    """docs/league.md, "The card": 50 points a card, a new player (1,000) an 8."""
    assert band_of(shown) == band


def test_a_new_member_shows_1000_an_eight_and_is_provisional_until_ten_games():
    assert (NEW.shown, NEW.band, NEW.provisional) == (1000, "8", True)
    assert Skill(games=PROVISIONAL - 1).provisional
    assert not Skill(games=PROVISIONAL).provisional


def test_the_words_say_who_was_beaten_and_who_was_rated_above():
    """The issue's example: "+31: your side beat Omar & Lina, rated above you"."""
    low, high = Skill(22.0, 3.0, 12, 880), Skill(28.0, 3.0, 12, 1120)
    one = rate(game(1, (1, 0, 1), (3, 1, 2), (2, 0, 1), (4, 1, 2)),
               {1: low, 2: low, 3: high, 4: high})
    names = {1: "Ali", 2: "Badr", 3: "Omar", 4: "Lina"}
    mine = next(m for m in one.moves if m.member == 1)
    words = str(reason(mine, one.game, names))
    assert words == f"+{mine.change}: your side beat Omar & Lina, rated above you"
    assert mine.change > 0
    theirs = next(m for m in one.moves if m.member == 3)
    assert str(reason(theirs, one.game, names)) == (
        f"−{-theirs.change}: Ali & Badr beat your side, rated below you")


def test_the_words_for_a_game_of_several_sides_give_the_place_and_the_chance():
    one = rate(game(1, (1, 0, 2), (2, 1, 1), (3, 2, 3), (4, 3, 4)), {})
    mine = next(m for m in one.moves if m.member == 1)
    assert str(reason(mine, one.game, {})) == (
        f"+{mine.change}: you finished in place 2 of 4, with a 25% chance to win")


def test_balanced_sides_are_the_split_closest_to_even():
    """Of four players rated 1, 2, 3 and 4 (best last), the best and the worst play
    together: every other split is further from an even game."""
    skills = [Skill(mu, 2.0) for mu in (15.0, 20.0, 25.0, 30.0)]
    sides, chance = balanced(skills, 2)
    assert sides == [[0, 3], [1, 2]]
    for other in ([[0, 1], [2, 3]], [[0, 2], [1, 3]]):
        odds = chances([[skills[i] for i in side] for side in other])
        assert abs(odds[0] - 0.5) > abs(chance - 0.5)


def test_balanced_sides_of_six_in_three_pairs_and_two_threes():
    skills = [Skill(mu, 2.0) for mu in (10.0, 20.0, 30.0, 15.0, 25.0, 35.0)]
    pairs, _ = balanced(skills, 3)
    assert sorted(len(side) for side in pairs) == [2, 2, 2]
    assert sorted(p for side in pairs for p in side) == list(range(6))
    threes, chance = balanced(skills, 2)
    assert [len(side) for side in threes] == [3, 3] and 0 in threes[0]
    for others in combinations(range(1, 6), 2):  # every other split of six into threes
        first = [0, *others]
        odds = chances([[skills[i] for i in first],
                        [skills[i] for i in range(6) if i not in first]])
        assert abs(odds[0] - 0.5) >= abs(chance - 0.5) - 1e-12


def test_players_that_do_not_split_evenly_are_refused():
    with pytest.raises(ValueError, match="5 players"):
        balanced([NEW] * 5, 2)
