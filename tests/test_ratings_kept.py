"""The group's ratings, kept (scorekeeper/league/ratings.py; docs/league.md, "The rating"): after
any sequence of games, corrections and undos, the stored moves are what rating every
finished game again from scratch gives — never stale, whichever game changed."""

from __future__ import annotations

from datetime import UTC

import pytest
from depth import examples
from game_actions import API
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.league.engine.rating import replay
from scorekeeper.league.ratings import moves_of, ratings, rerate
from scorekeeper.league.results import season
from scorekeeper.models import Game, RatingMove

PROPERTY = settings(max_examples=examples(20), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
FOUR = ["Ali", "Badr", "Caro", "Dina"]
ONE_DEAL = {"preset": "points", "deals": 1}


def _group(client) -> str:
    response = client.post(f"{API}/groups", json={"name": "Rated", "members": FOUR})
    assert response.status_code == 201
    return response.get_json()["id"]


def _play(client, group_id: str, points: list[int], partnerships: bool = False) -> dict:
    response = client.post(f"{API}/games", json={
        "rules": ONE_DEAL, "players": FOUR, "first_dealer": "Ali", "group": group_id,
        "partnerships": partnerships})
    assert response.status_code == 201, response.get_data(as_text=True)
    return _deal(client, response.get_json()["id"], points, response.get_json())


def _body(state: dict, points: list[int]) -> dict:
    if state["teams"]:
        return {"deal": 1, "points": {side[0]: p for side, p in
                                      zip(state["teams"], points, strict=False)}}
    return {"deal": 1, "points": dict(zip(FOUR, points, strict=True))}


def _deal(client, game_id: str, points: list[int], state: dict) -> dict:
    response = client.post(f"{API}/games/{game_id}/deals", json=_body(state, points))
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def _correct(client, state: dict, points: list[int]) -> dict:
    response = client.put(f"{API}/games/{state['id']}/deals/1", json=_body(state, points),
                          headers={"If-Match": f'"{state["version"]}"'})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def _undo(client, state: dict) -> dict:
    response = client.delete(f"{API}/games/{state['id']}/deals/1",
                             headers={"If-Match": f'"{state["version"]}"'})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def _kept(group_id: str) -> list[tuple[str, int, float, float, int]]:
    return [(k.game_id, k.move.member, round(k.move.after.mu, 9),
             round(k.move.after.sigma, 9), k.move.after.shown)
            for k in moves_of(group_id, "points")]


def _from_scratch(group_id: str) -> list[tuple[str, int, float, float, int]]:
    _, rated = replay(season(group_id, "points"))
    return [(one.game.game_id, m.member, round(m.after.mu, 9), round(m.after.sigma, 9),
             m.after.shown)
            for one in rated for m in sorted(one.moves, key=lambda m: m.member)]


POINTS = st.lists(st.integers(0, 3), min_size=4, max_size=4)
STEPS = st.lists(st.one_of(
    st.tuples(st.just("play"), POINTS, st.booleans()),
    st.tuples(st.just("correct"), st.integers(0, 20), POINTS),
    st.tuples(st.just("undo"), st.integers(0, 20)),
    st.tuples(st.just("again"), st.integers(0, 20), POINTS)), min_size=1, max_size=12)


@PROPERTY
@given(steps=STEPS)
def test_the_kept_ratings_equal_a_full_replay_after_any_changes(app, client, steps):
    group_id = _group(client)
    games: list[dict] = []
    for step in steps:
        if step[0] == "play":
            games.append(_play(client, group_id, step[1], step[2]))
        elif not games:
            continue
        else:
            state = games[step[1] % len(games)]
            at = games.index(state)
            if step[0] == "correct" and state["deals"]:
                games[at] = _correct(client, state, step[2])
            elif step[0] == "undo" and state["deals"]:
                games[at] = _undo(client, state)
            elif step[0] == "again" and not state["deals"]:
                games[at] = _deal(client, state["id"], step[2], state)
        with app.app_context():
            assert _kept(group_id) == _from_scratch(group_id)


def test_a_game_corrected_before_many_later_ones_rerates_them_all_as_a_replay(app, client):
    """Issue: "a game corrected after 500 later ones": the rerating matches a full replay
    (50 here; bench/ratings.py times 1,000)."""
    group_id = _group(client)
    first = _play(client, group_id, [3, 2, 1, 0])
    for n in range(50):
        _play(client, group_id, [n % 4, (n + 1) % 4, (n + 2) % 4, (n + 3) % 4])
    with app.app_context():
        before = _kept(group_id)
    _correct(client, first, [0, 1, 2, 3])
    with app.app_context():
        after = _kept(group_id)
        assert after == _from_scratch(group_id) and after != before
        assert len(after) == 51 * 4


def test_an_undo_that_reopens_a_game_takes_its_moves_out(app, client):
    group_id = _group(client)
    one = _play(client, group_id, [3, 2, 1, 0])
    _play(client, group_id, [0, 1, 2, 3])
    _undo(client, one)
    with app.app_context():
        assert one["id"] not in {k.game_id for k in moves_of(group_id, "points")}
        assert _kept(group_id) == _from_scratch(group_id)
        assert all(s.games == 1 for s in ratings(group_id, "points").values())


def test_a_correction_that_keeps_the_ranking_rates_nothing_again(app, client, monkeypatch):
    group_id = _group(client)
    state = _play(client, group_id, [3, 2, 1, 0])
    calls = []
    import scorekeeper.league.results as results
    monkeypatch.setattr(results, "rerate", lambda *a: calls.append(a))
    _correct(client, state, [30, 20, 10, 0])
    assert calls == []


def test_a_game_whose_sides_all_tie_moves_no_rating(app, client):
    group_id = _group(client)
    _play(client, group_id, [1, 1, 1, 1])
    with app.app_context():
        assert moves_of(group_id, "points") == [] and ratings(group_id, "points") == {}


def test_a_game_leaving_its_group_takes_its_moves_out(app, client):
    group_id = _group(client)
    state = _play(client, group_id, [3, 2, 1, 0])
    with app.app_context():
        from scorekeeper.league import groups
        game = db.session.get(Game, state["id"])
        groups.leave(game)
        db.session.commit()
        assert db.session.query(RatingMove).count() == 0


@pytest.mark.parametrize("partnerships", [False, True])
def test_a_full_rerate_gives_the_same_moves(app, client, partnerships):
    group_id = _group(client)
    for n in range(6):
        _play(client, group_id, [n % 3, 2, (n + 1) % 4, 1], partnerships)
    with app.app_context():
        kept = _kept(group_id)
        rerate(group_id, "points")
        db.session.commit()
        assert _kept(group_id) == kept
        assert all(k.at.tzinfo in (None, UTC) for k in moves_of(group_id, "points"))
