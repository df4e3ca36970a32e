"""A group's ratings through the JSON API (docs/api.md, "Ratings"): the ratings best
first, their history, the moves a finished game's state carries, the partners' expected
wins and the fairest sides — and every bad question answered with a 400 naming it."""

from __future__ import annotations

import pytest
from apiwork import refused
from game_actions import API
from openskill.models import ThurstoneMostellerFull

FOUR = ["Ali", "Badr", "Caro", "Dina"]


def _group(client, members=FOUR) -> str:
    response = client.post(f"{API}/groups", json={"name": "Rated", "members": members})
    assert response.status_code == 201
    return response.get_json()["id"]


def _play(client, group_id, points: dict[str, int], players=FOUR, **extra) -> dict:
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "points", "deals": 1}, "players": players,
        "first_dealer": players[0], "group": group_id, **extra})
    assert made.status_code == 201, made.get_data(as_text=True)
    state = client.post(f"{API}/games/{made.get_json()['id']}/deals",
                        json={"deal": 1, "points": points})
    assert state.status_code == 201, state.get_data(as_text=True)
    return state.get_json()


def _ratings(client, group_id, query="game=points") -> dict:
    response = client.get(f"{API}/groups/{group_id}/ratings?{query}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_a_group_with_no_finished_game_has_no_ratings(client):
    group_id = _group(client)
    assert _ratings(client, group_id) == {"game": "points", "pairs": [],
                                          "model": "ThurstoneMostellerFull", "rows": []}


def test_the_ratings_are_openskills_best_first_with_card_and_provisional(client):
    """docs/api.md, "Ratings": mu and sigma as the package computes them with its default
    parameters, each game's sides ranked as its result ranks them."""
    group_id = _group(client)
    _play(client, group_id, {"Ali": 9, "Badr": 5, "Caro": 1, "Dina": 0})
    _play(client, group_id, {"Ali": 9, "Badr": 0, "Caro": 5, "Dina": 1})
    model = ThurstoneMostellerFull()
    now = {p: model.rating() for p in FOUR}
    for order in (["Ali", "Badr", "Caro", "Dina"], ["Ali", "Caro", "Dina", "Badr"]):
        after = model.rate([[now[p]] for p in order], ranks=[1, 2, 3, 4])
        now.update({p: team[0] for p, team in zip(order, after, strict=True)})
    rows = _ratings(client, group_id)["rows"]
    assert [r["player"] for r in rows] == sorted(FOUR, key=lambda p: -now[p].mu)
    assert rows[0]["player"] == "Ali"
    for row in rows:
        assert row["mu"] == pytest.approx(now[row["player"]].mu)
        assert row["sigma"] == pytest.approx(now[row["player"]].sigma)
        assert row["shown"] == round(40 * row["mu"])
        assert (row["games"], row["provisional"]) == (2, True)
    assert rows[0]["band"] in {"9", "10", "J", "Q", "K", "A"} and rows[-1]["band"] in {
        "7", "6", "5", "4", "3", "2"}


def test_a_finished_group_game_says_how_each_rating_moved_and_why(client):
    group_id = _group(client)
    state = _play(client, group_id, {"Ali & Caro": 10, "Badr & Dina": 0},
                  partnerships=True)
    changes = {c["player"]: c for c in state["rating_changes"]}
    assert set(changes) == set(FOUR)
    ali = changes["Ali"]
    assert (ali["before"], ali["after"] > 1000) == (1000, True)
    assert ali["reason"] == (f"+{ali['after'] - 1000}: your side beat Badr & Dina, "
                             "rated as you")
    assert changes["Badr"]["reason"].startswith("−")
    arabic = client.get(f"{API}/games/{state['id']}",
                        headers={"Accept-Language": "ar"}).get_json()
    assert "فاز فريقك على" in arabic["rating_changes"][0]["reason"]


def test_a_game_not_finished_or_not_a_groups_carries_no_rating_changes(client):
    group_id = _group(client)
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "points", "deals": 2}, "players": FOUR,
        "first_dealer": "Ali", "group": group_id}).get_json()
    assert "rating_changes" not in made
    alone = client.post(f"{API}/games", json={
        "rules": {"preset": "points", "deals": 1}, "players": FOUR,
        "first_dealer": "Ali"}).get_json()
    done = client.post(f"{API}/games/{alone['id']}/deals", json={
        "deal": 1, "points": {"Ali": 1, "Badr": 0, "Caro": 0, "Dina": 0}}).get_json()
    assert done["finished"] and "rating_changes" not in done


def test_a_game_whose_sides_all_tie_moves_no_rating(client):
    group_id = _group(client)
    state = _play(client, group_id, {"Ali": 3, "Badr": 3, "Caro": 3, "Dina": 3})
    assert state["rating_changes"] == []
    assert _ratings(client, group_id)["rows"] == []


def test_a_member_with_one_game_is_provisional(client):
    group_id = _group(client, [*FOUR, "Emad"])
    _play(client, group_id, {"Ali": 1, "Badr": 0, "Caro": 0, "Emad": 0},
          players=["Ali", "Badr", "Caro", "Emad"])
    rows = {r["player"]: r for r in _ratings(client, group_id)["rows"]}
    assert rows["Emad"]["provisional"] and rows["Emad"]["games"] == 1
    assert "Dina" not in rows


def test_the_history_lists_each_move_oldest_first_and_one_players(client):
    group_id = _group(client)
    first = _play(client, group_id, {"Ali": 9, "Badr": 5, "Caro": 1, "Dina": 0})
    second = _play(client, group_id, {"Ali": 0, "Badr": 5, "Caro": 1, "Dina": 9})
    answer = client.get(f"{API}/groups/{group_id}/ratings/history?game=points").get_json()
    assert [m["game"] for m in answer["moves"]] == [first["id"]] * 4 + [second["id"]] * 4
    ali = client.get(f"{API}/groups/{group_id}/ratings/history?game=points&player=ali")
    moves = ali.get_json()["moves"]
    assert [m["player"] for m in moves] == ["Ali", "Ali"]
    assert moves[0]["won"] and moves[1]["before"] == moves[0]["after"]


def test_the_partners_expected_wins_are_the_chances_their_side_had(client):
    group_id = _group(client)
    _play(client, group_id, {"Ali & Caro": 10, "Badr & Dina": 0}, partnerships=True)
    _play(client, group_id, {"Ali & Caro": 10, "Badr & Dina": 0}, partnerships=True)
    pairs = _ratings(client, group_id)["pairs"]
    ali_caro = next(p for p in pairs if p["players"] == ["Ali", "Caro"])
    # Even in the first game, then the favourites in the second: between 1 and 1.5.
    assert ali_caro["wins"] == 2 and 1.0 < ali_caro["expected_wins"] < 1.5
    badr_dina = next(p for p in pairs if p["players"] == ["Badr", "Dina"])
    assert badr_dina["expected_wins"] == pytest.approx(2 - ali_caro["expected_wins"])
    assert pairs[0] == ali_caro  # most wins above the expected first


def test_balanced_sides_pair_the_best_with_the_worst(client):
    group_id = _group(client)
    for _ in range(3):
        _play(client, group_id, {"Ali": 9, "Badr": 5, "Caro": 1, "Dina": 0})
    answer = client.get(f"{API}/groups/{group_id}/balanced-sides?game=points"
                        "&players=Ali,Badr,Caro,Dina").get_json()
    assert answer["sides"] == [["Ali", "Dina"], ["Badr", "Caro"]]
    assert 0.3 < answer["chance"] < 0.7
    six = client.patch(f"{API}/groups/{group_id}", json={"add": ["Emad", "Fadi"]})
    assert six.status_code == 200
    three = client.get(f"{API}/groups/{group_id}/balanced-sides?game=points&sides=2"
                       "&players=Ali,Badr,Caro,Dina,Emad,Fadi").get_json()
    assert [len(s) for s in three["sides"]] == [3, 3]


@pytest.mark.parametrize(("query", "named"), [
    ("game=points&players=", "players"),
    ("game=points&players=Ali,Badr,Zed,Dina", "Zed"),
    ("game=points&players=Ali,Ali,Caro,Dina", "twice"),
    ("game=points&players=Ali,Badr,Caro", "equal sides"),
    ("game=points&players=Ali,Badr,Caro,Dina&sides=x", "sides"),
    ("game=points&players=Ali,Badr,Caro,Dina&sides=3", "equal sides"),
    ("game=bridge&players=Ali,Badr,Caro,Dina", "game"),
    ("game=points&players=Ali,Badr,Caro,Dina&colour=red", "colour"),
])
def test_a_bad_balanced_sides_question_is_a_400_naming_it(client, query, named):
    group_id = _group(client)
    refused(client.get(f"{API}/groups/{group_id}/balanced-sides?{query}"), 400, named)


@pytest.mark.parametrize("path", ["ratings", "ratings/history", "balanced-sides"])
def test_the_ratings_of_an_unknown_group_are_a_404(client, path):
    assert client.get(f"{API}/groups/nope/{path}").status_code == 404


def test_a_bad_ratings_question_is_a_400(client):
    group_id = _group(client)
    refused(client.get(f"{API}/groups/{group_id}/ratings?game=chess"), 400, "game")
    refused(client.get(f"{API}/groups/{group_id}/ratings?gmae=hand"), 400, "gmae")
    refused(client.get(f"{API}/groups/{group_id}/ratings/history?player=Zed"), 400, "Zed")


def test_a_group_of_three_pairs_is_rated_as_openskill_rates_it(client):
    """The issue's "a 6-player (3 × 2) group": three sides of partners, each game ranking
    them by their points, the stored ratings openskill's own."""
    six = [*FOUR, "Emad", "Fadi"]
    group_id = _group(client, six)
    model = ThurstoneMostellerFull()
    now = {p: model.rating() for p in six}
    for points in ([9, 5, 1], [1, 9, 5], [5, 1, 9], [9, 1, 5]):
        made = client.post(f"{API}/games", json={
            "rules": {"preset": "points", "deals": 1}, "players": six,
            "first_dealer": "Ali", "group": group_id,
            "teams": [["Ali", "Dina"], ["Badr", "Emad"], ["Caro", "Fadi"]]}).get_json()
        sides = made["teams"]
        assert len(sides) == 3 and all(len(side) == 2 for side in sides)
        state = client.post(f"{API}/games/{made['id']}/deals", json={
            "deal": 1, "points": {side[0]: p for side, p in zip(sides, points, strict=True)}})
        assert state.status_code == 201, state.get_data(as_text=True)
        ranks = [1 + sum(q > p for q in points) for p in points]
        after = model.rate([[now[p] for p in side] for side in sides], ranks=ranks)
        for side, rated in zip(sides, after, strict=True):
            now.update(zip(side, rated, strict=True))
    rows = {r["player"]: r for r in _ratings(client, group_id)["rows"]}
    assert set(rows) == set(six)
    for player, rating in now.items():
        assert rows[player]["mu"] == pytest.approx(rating.mu)
        assert rows[player]["sigma"] == pytest.approx(rating.sigma)
        assert rows[player]["games"] == 4
