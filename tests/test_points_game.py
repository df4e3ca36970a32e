"""A plain points sheet through the JSON API and the pages (docs/api.md, "A plain points
sheet"): games with players or sides, deals of points, the end and the winner, corrections
and undo, its exports, its league, and no referee anywhere.
"""

from __future__ import annotations

import csv
import io

import pytest
from apiwork import refused
from game_actions import API

THREE = ["Ali", "Badr", "Caro"]
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def create(client, players=THREE, rules="points", **extra) -> dict:
    response = client.post(f"{API}/games", json={
        "rules": rules, "players": players, "first_dealer": players[0], **extra})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def record(client, game_id, number, points) -> dict:
    response = client.post(f"{API}/games/{game_id}/deals",
                           json={"deal": number, "points": points})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def test_a_sheet_is_made_with_points_alone_and_goes_to_41(client):
    state = create(client)
    assert state["rules"] == {"preset": "points", "target": 41, "deals": None,
                              "lowest_wins": False}
    assert (state["dealer"], state["starter"], state["next_deal"]) == ("Ali", "Badr", 1)
    assert (state["teams"], state["target"], state["finished"]) == (None, 41, False)


def test_partners_sit_alternately_and_score_together(client):
    state = create(client, FOUR, partnerships=True)
    assert state["teams"] == [["Ann", "Cy"], ["Bob", "Dee"]]
    after = record(client, state["id"], 1, {"Ann": 16, "Bob & Dee": -16})
    assert after["team_totals"] == [16, -16]
    assert after["totals"] == {"Ann": 16, "Bob": -16, "Cy": 16, "Dee": -16}
    assert after["deals"][0]["points"] == {"Ann": 16, "Bob & Dee": -16}
    assert after["deals"][0]["scores"] == {"Ann": 16, "Cy": 16, "Bob": -16, "Dee": -16}


def test_the_deal_that_reaches_the_target_ends_the_game_and_names_the_winner(client):
    game = create(client, rules={"preset": "points", "target": 30})["id"]
    record(client, game, 1, {"Ali": 20, "Badr": 5, "Caro": 0})
    state = record(client, game, 2, {"Ali": 12, "Badr": 5, "Caro": 0})
    assert state["finished"] and state["winners"] == ["Ali"]
    assert state["dealer"] is None and state["notices"] == ["Game over: Ali won."]


def test_a_deal_is_corrected_and_undone_like_any_other(client):
    game = create(client)["id"]
    state = record(client, game, 1, {"Ali": 5, "Badr": 6, "Caro": 7})
    fixed = client.put(f"{API}/games/{game}/deals/1", json={
        "deal": 1, "points": {"Ali": 15, "Badr": 6, "Caro": 7}},
        headers={"If-Match": f'"{state["version"]}"'})
    assert fixed.status_code == 200, fixed.get_data(as_text=True)
    assert fixed.get_json()["totals"]["Ali"] == 15
    undone = client.delete(f"{API}/games/{game}/deals/1",
                           headers={"If-Match": f'"{fixed.get_json()["version"]}"'})
    assert undone.status_code == 200 and undone.get_json()["deals"] == []


@pytest.mark.parametrize(("body", "status", "named"), [
    ({"deal": 1, "points": {"Ali": 5, "Badr": 6}}, 400, "Caro"),
    ({"deal": 1, "points": {"Ali": 5, "Badr": 6, "Caro": 1, "Zed": 1}}, 400, "Zed"),
    ({"deal": 1, "points": {"Ali": 5, "Badr": "6", "Caro": 1}}, 400, "Badr"),
    ({"deal": 1, "points": [5, 6, 1]}, 400, "points"),
    ({"deal": 1, "points": {"Ali": 5, "Badr": 6, "Caro": 1}, "winner": "Ali"}, 400,
     "winner"),
    ({"deal": 1, "outcome": "redeal", "points": {"Ali": 1}}, 400, "outcome"),
])
def test_a_bad_deal_is_refused_by_name_and_nothing_is_stored(client, body, status, named):
    game = create(client)["id"]
    refused(client.post(f"{API}/games/{game}/deals", json=body), status, named)
    assert client.get(f"{API}/games/{game}").get_json()["deals"] == []


@pytest.mark.parametrize("check", ["meld", "initial-meld", "pickup", "go-out"])
def test_the_referee_says_a_points_sheet_has_none(client, check):
    """docs/api.md, "A plain points sheet": `/api/v1/referee/*` with `"rules": "points"` is
    a 400 saying so."""
    answer = refused(client.post(f"{API}/referee/{check}", json={
        "rules": "points", "cards": ["9H", "9S", "9C"]}), 400)
    assert "has no referee" in answer


def test_no_round_is_scored_without_a_game(client):
    refused(client.post(f"{API}/score/round", json={"rules": "points"}), 400, "stored game")


def test_its_page_has_no_referee_and_saves_a_deal_from_its_form(client):
    game = create(client)["id"]
    page = client.get(f"/games/{game}").text
    assert "Referee" not in page.split('id="actions"')[1].split("</section>")[0]
    assert "Ali's points" in page
    saved = client.post(f"/games/{game}/deals", data={
        "deal": "1", "points_0": "12", "points_1": "-4", "points_2": "٣"})
    assert saved.status_code == 302, saved.get_data(as_text=True)
    assert client.get(f"{API}/games/{game}").get_json()["totals"] == {
        "Ali": 12, "Badr": -4, "Caro": 3}
    assert client.get(f"/games/{game}/referee").status_code == 404


def test_a_box_left_empty_or_not_a_number_is_named_at_the_form(client):
    game = create(client)["id"]
    empty = client.post(f"/games/{game}/deals", data={
        "deal": "1", "points_0": "12", "points_1": "4"})
    assert empty.status_code == 422 and "Caro" in empty.text
    words = client.post(f"/games/{game}/deals", data={
        "deal": "1", "points_0": "12", "points_1": "four", "points_2": "0"})
    assert words.status_code == 422 and "minus sign" in words.text
    assert client.get(f"{API}/games/{game}").get_json()["deals"] == []


def test_the_preview_shows_each_sides_total_after_the_deal(client):
    game = create(client)["id"]
    record(client, game, 1, {"Ali": 5, "Badr": 6, "Caro": 7})
    preview = client.post(f"/games/{game}/preview", data={
        "deal": "2", "points_0": "10", "points_1": "0", "points_2": "0"},
        headers={"HX-Request": "true"}).text
    assert "total 15" in preview and "total 6" in preview


def test_its_exports_hold_every_deal(client):
    game = create(client, FOUR, partnerships=True)["id"]
    record(client, game, 1, {"Ann": 16, "Bob": -16})
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game}.csv").text)))
    assert rows[0] == ["Deal", "Dealer", "Ann & Cy", "Bob & Dee"]
    assert rows[1] == ["1", "Ann", "16", "-16"] and rows[-1] == ["Total", "", "16", "-16"]
    assert client.get(f"/games/{game}.json").get_json()["team_totals"] == [16, -16]
    printed = client.get(f"/games/{game}/print").text
    assert "Points sheet" in printed and "to 41 points, the highest total wins" in printed


def test_the_new_game_form_starts_a_sheet_with_its_own_choices(client):
    answer = client.post("/new", data={
        "preset": "points", "player_0": "Ann", "player_1": "Bob", "player_2": "Cy",
        "player_3": "Dee", "first_dealer": "0", "points_sides": "partners",
        "points_deals": "5", "points_wins": "lowest"})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    game = answer.headers["Location"].rsplit("/", 1)[-1]
    state = client.get(f"{API}/games/{game}").get_json()
    assert state["rules"] == {"preset": "points", "target": None, "deals": 5,
                              "lowest_wins": True}
    assert state["teams"] == [["Ann", "Cy"], ["Bob", "Dee"]]
    page = client.get(f"/games/{game}").text
    assert "partnerships" in page and "5 deals, the lowest total wins" in page


def test_partners_for_three_players_are_refused_at_the_form(client):
    answer = client.post("/new", data={
        "preset": "points", "player_0": "Ann", "player_1": "Bob", "player_2": "Cy",
        "first_dealer": "0", "points_sides": "partners"})
    assert answer.status_code == 422 and "four, six or eight players" in answer.text


def test_its_pages_read_in_arabic(client):
    game = create(client)["id"]
    record(client, game, 1, {"Ali": 5, "Badr": 6, "Caro": 7})
    page = client.get(f"/games/{game}", headers={"Accept-Language": "ar"}).text
    assert 'dir="rtl"' in page and "Ali" in page and "Save deal" not in page


def test_a_group_counts_its_sheets_wins_and_average_points(client):
    group = client.post(f"{API}/groups", json={"name": "Tarneeb night",
                                               "members": THREE}).get_json()["id"]
    for scores in ({"Ali": 41, "Badr": 10, "Caro": 0}, {"Ali": 0, "Badr": 45, "Caro": 3}):
        game = create(client, group=group)["id"]
        assert record(client, game, 1, scores)["finished"]
    answer = client.get(f"{API}/groups/{group}/standings?game=points")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    rows = {row["player"]: row for row in answer.get_json()["rows"]}
    assert (rows["Ali"]["wins"], rows["Badr"]["wins"], rows["Caro"]["wins"]) == (1, 1, 0)
    assert rows["Ali"]["average_points"] == 20.5
    assert rows["Badr"]["average_deal_points"] == 27.5  # (10 + 45) over two deals
    page = client.get(f"/groups/{group}?game=points").text
    assert "Average points" in page
