"""``POST /api/v1/games/<id>/rematch`` (docs/api.md, "Rematch"): a finished game played
again — same players, seats, sides, rules, group and PIN — its first dealer by the form's
rule as if the game went on, and the finished game's state linking it as ``rematch``.
tests/test_rules_rematch.py holds the dealer rule against the seeds."""

from __future__ import annotations

import pytest
from apiwork import refused
from game_actions import API, THREE

PIN = "2468"
FOUR = ["Ann", "Bob", "Cy", "Dee"]
CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}
OUT = {**CONTRACT, "red_threes": 1, "melded": 2400, "left": 0}
BEHIND = {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120}


def finished_hand(client, actions, **extra) -> dict:
    """A one-round Levant game Badr won; Caro paid most, so Caro deals next (seed 000,
    "Deal")."""
    state = actions.create({"preset": "levant", "rounds": 1}, THREE, **extra)
    headers = {"X-Table-PIN": extra["pin"]} if "pin" in extra else {}
    response = client.post(f"{API}/games/{state['id']}/deals", headers=headers, json={
        "deal": 1, "outcome": "scored", "winner": "Badr", "finish": "partial",
        "hands": {"Ali": {"melded": True, "points": 20},
                  "Caro": {"melded": True, "points": 45}}})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def again(client, game_id, status=201, headers=None, **kwargs) -> dict:
    kwargs.setdefault("json", {})
    response = client.post(f"{API}/games/{game_id}/rematch", headers=headers or {},
                           **kwargs)
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.headers["Location"].endswith(
        f"/api/v1/games/{response.get_json()['id']}")
    return response.get_json()


def test_a_rematch_is_the_same_table_and_the_biggest_loser_deals(client, actions):
    old = finished_hand(client, actions)
    assert old["finished"] and old["rematch"] is None and old["rematch_of"] is None
    new = again(client, old["id"])
    assert new["id"] != old["id"] and new["deals"] == [] and not new["finished"]
    assert (new["players"], new["rules"], new["teams"]) == (
        old["players"], old["rules"], old["teams"])
    assert new["first_dealer"] == new["dealer"] == "Caro"
    assert new["rematch_of"] == {"id": old["id"], "url": old["url"]}
    linked = client.get(f"{API}/games/{old['id']}").get_json()
    assert linked["rematch"] == {"id": new["id"], "url": new["url"]}
    assert linked["version"] != old["version"]  # phones showing it see the link


def test_asked_again_the_rematch_already_made_is_given_not_a_second(client, actions):
    old = finished_hand(client, actions)
    new = again(client, old["id"])
    assert again(client, old["id"], 200)["id"] == new["id"]
    # A rematch of the rematch is the next game of the chain.
    played = client.post(f"{API}/games/{new['id']}/deals", json={
        "deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
        "hands": {"Badr": {"melded": False}, "Caro": {"melded": True, "points": 5}}})
    assert played.get_json()["finished"]
    third = again(client, new["id"])
    assert third["rematch_of"]["id"] == new["id"] and third["dealer"] == "Badr"
    assert client.get(f"{API}/games/{old['id']}").get_json()["rematch"]["id"] == new["id"]


def test_a_partnership_rematch_keeps_the_partners_and_the_rule(client, actions):
    """Partners opposite; the winner's partner counts nothing, so of Badr and Dina, who
    both never melded, Badr deals: first of the tie counter-clockwise from Ali."""
    state = actions.create({"preset": "levant", "rounds": 1}, ["Ali", "Badr", "Caro",
                                                               "Dina"], partnerships=True)
    state = actions.post_deal(state["id"], {
        "deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
        "hands": {"Badr": {"melded": False}, "Dina": {"melded": False}}})
    new = again(client, state["id"])
    assert new["teams"] == [["Ali", "Caro"], ["Badr", "Dina"]]
    assert new["dealer"] == "Badr"


def test_a_gulf_rematch_passes_the_deal_to_the_right(client, actions):
    """Seed 000, "Dealing", and seed 002: the turn to deal passes to the right."""
    state = actions.create({"preset": "gulf", "rounds": 1}, THREE, "Badr")
    actions.post_deal(state["id"], {
        "deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
        "hands": {"Badr": {"melded": True, "points": 90},
                  "Caro": {"melded": True, "points": 5}}})
    assert again(client, state["id"])["dealer"] == "Caro"


def test_a_hand_and_foot_rematch_passes_the_deal_to_the_left(client, actions):
    """Seed 003: "After the end of the play, the turn to deal passes to the left"."""
    state = actions.create({"preset": "hand_and_foot", "rounds": 1}, FOUR, "Cy",
                           partnerships=True)
    actions.post_deal(state["id"], {"deal": 1, "outcome": "scored", "went_out": "Ann",
                                    "sides": [OUT, BEHIND]})
    new = again(client, state["id"])
    assert (new["dealer"], new["teams"]) == ("Dee", [["Ann", "Cy"], ["Bob", "Dee"]])
    assert new["rules"]["rounds"] == 1


def test_a_pin_game_is_played_again_with_its_pin_and_keeps_it(client, actions):
    old = finished_hand(client, actions, pin=PIN)
    refused(client.post(f"{API}/games/{old['id']}/rematch", json={}), 403, "X-Table-PIN")
    new = again(client, old["id"], headers={"X-Table-PIN": PIN})
    refused(client.post(f"{API}/games/{new['id']}/deals", json={"deal": 1,
                                                                 "outcome": "redeal"}), 403)


def test_a_group_games_rematch_counts_for_the_group(client):
    group = client.post(f"{API}/groups", json={"name": "Thursday",
                                               "members": THREE}).get_json()
    game = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "rounds": 1}, "players": THREE,
        "first_dealer": "Ali", "group": group["id"]}).get_json()
    client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
        "hands": {"Badr": {"melded": True, "points": 5}, "Caro": {"melded": True,
                                                              "points": 5}}})
    new = again(client, game["id"])
    games = client.get(f"{API}/groups/{group['id']}").get_json()["games"]
    assert [g["id"] for g in games] == [new["id"], game["id"]]


def test_a_game_not_over_is_not_played_again(client, actions, played):
    response = client.post(f"{API}/games/{played}/rematch", json={})
    refused(response, 409, "not over")
    assert response.get_json()["game"]["id"] == played
    assert client.get(f"{API}/games/{played}").get_json()["rematch"] is None


@pytest.mark.parametrize(("kwargs", "status"), [
    ({"json": {"players": ["X"]}}, 400),
    ({"json": ["x"]}, 400),
    ({"data": "{not json", "content_type": "application/json"}, 400),
    ({"data": "x", "content_type": "text/plain"}, 415),
])
def test_a_rematch_takes_no_fields(client, actions, kwargs, status):
    old = finished_hand(client, actions)
    refused(client.post(f"{API}/games/{old['id']}/rematch", **kwargs), status)


def test_an_empty_json_body_will_do(client, actions):
    old = finished_hand(client, actions)
    again(client, old["id"], json=None, data="", content_type="application/json")


def test_an_unknown_game_is_a_404(client):
    refused(client.post(f"{API}/games/nosuchgame0000000000/rematch", json={}), 404)
    refused(client.get(f"{API}/games/nosuchgame0000000000/rematch"), 405)


def test_a_rematch_not_yet_dealt_follows_a_correction_of_the_game(client, actions):
    """Issue 39, point 13: the finished game corrected so Ali paid most, its rematch (no
    deal yet) is dealt by Ali, not by Caro as before (seed 000, "Deal")."""
    old = finished_hand(client, actions)
    new = again(client, old["id"])
    assert new["first_dealer"] == "Caro"
    old = client.get(f"{API}/games/{old['id']}").get_json()
    fixed = client.put(f"{API}/games/{old['id']}/deals/1", json={
        "deal": 1, "outcome": "scored", "winner": "Badr", "finish": "partial",
        "hands": {"Ali": {"melded": True, "points": 60},
                  "Caro": {"melded": True, "points": 10}}},
        headers={"If-Match": f'"{old["version"]}"'})
    assert fixed.status_code == 200
    after = client.get(f"{API}/games/{new['id']}").get_json()
    assert after["first_dealer"] == after["dealer"] == "Ali"
    assert after["version"] != new["version"]


def test_a_game_reopened_by_an_undo_is_not_played_again(client, actions):
    """Issue 39, point 13 (docs/api.md, "Rematch": a game not over is a 409), even when
    a rematch was made before the undo."""
    old = finished_hand(client, actions)
    again(client, old["id"])
    old = client.get(f"{API}/games/{old['id']}").get_json()
    undone = client.delete(f"{API}/games/{old['id']}/deals/1",
                           headers={"If-Match": f'"{old["version"]}"'})
    assert undone.status_code == 200
    response = client.post(f"{API}/games/{old['id']}/rematch", json={})
    assert response.status_code == 409
    assert response.get_json()["game"]["finished"] is False
