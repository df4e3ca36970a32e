"""A group's PIN guards its games (issue 39, point 14): a game started from a PIN group
has no PIN of its own, and anyone with the group's link could correct it and move the
season. Now its changes take the group's PIN, on the pages and in the API, and one unlock
serves the table: the group's PIN entered on the group's page or on any of its games'
pages unlocks the group and every game of it on that phone (docs/security.md)."""

from __future__ import annotations

from pagework import alerts

API = "/api/v1"
PIN = "2468"
REDEAL = {"deal": "1", "outcome": "redeal"}


def _group_and_game(client, game_pin: str | None = None) -> tuple[str, str]:
    group = client.post(f"{API}/groups", json={"name": "Thursday", "members": ["Ali", "Badr"],
                                               "pin": PIN}).get_json()["id"]
    body = {"rules": "levant", "players": ["Ali", "Badr"], "first_dealer": "Ali",
            "group": group, **({"pin": game_pin} if game_pin else {})}
    game = client.post(f"{API}/games", json=body, headers={"X-Table-PIN": PIN})
    assert game.status_code == 201, game.get_json()
    return group, game.get_json()["id"]


def _deals(client, game_id: str) -> list:
    return client.get(f"{API}/games/{game_id}").get_json()["deals"]


def test_a_group_games_page_asks_for_the_groups_pin_before_any_change(app):
    client = app.test_client()
    _group, game_id = _group_and_game(client)
    page = client.get(f"/games/{game_id}").text
    assert "This game's group has a PIN" in page and "Group PIN" in page
    assert "enter the PIN of the group Thursday" in page
    assert 'name="went_out"' not in page and 'class="deal-form' not in page
    refused = client.post(f"/games/{game_id}/deals", data=REDEAL)
    assert refused.status_code == 403
    assert "This game's group has a PIN: enter it to record or change deals." in alerts(
        refused.text)
    assert _deals(client, game_id) == []


def test_the_groups_pin_on_the_games_page_unlocks_the_game_and_the_group(app):
    client = app.test_client()
    group_id, game_id = _group_and_game(client)
    wrong = client.post(f"/games/{game_id}/unlock", data={"pin": "1111"})
    assert wrong.status_code == 422 and "That is not the group's PIN." in alerts(wrong.text)
    assert client.post(f"/games/{game_id}/unlock", data={"pin": PIN}).status_code == 303
    assert client.post(f"/games/{game_id}/deals", data=REDEAL).status_code == 302
    assert len(_deals(client, game_id)) == 1
    # One unlock for the table: the group's own changes are open on this phone too.
    assert client.post(f"/groups/{group_id}/members", data={"members": "Caro"}
                       ).status_code == 303


def test_the_group_unlocked_on_its_page_opens_its_games(app):
    client = app.test_client()
    group_id, game_id = _group_and_game(client)
    assert client.post(f"/groups/{group_id}/unlock", data={"pin": PIN}).status_code == 303
    assert 'class="unlock"' not in client.get(f"/games/{game_id}").text
    assert client.post(f"/games/{game_id}/deals", data=REDEAL).status_code == 302


def test_a_game_with_its_own_pin_in_a_pin_group_opens_to_either(app):
    """The table's own PIN is asked on the game's page; the group's host, who unlocked the
    group, may change it too."""
    client = app.test_client()
    group_id, game_id = _group_and_game(client, game_pin="1357")
    page = client.get(f"/games/{game_id}").text
    assert "This table has a PIN" in page and "Table PIN" in page
    assert client.post(f"/games/{game_id}/deals", data=REDEAL).status_code == 403
    host = app.test_client()
    assert host.post(f"/groups/{group_id}/unlock", data={"pin": PIN}).status_code == 303
    assert host.post(f"/games/{game_id}/deals", data=REDEAL).status_code == 302
    table = app.test_client()
    assert table.post(f"/games/{game_id}/unlock", data={"pin": "1357"}).status_code == 303
    state = client.get(f"{API}/games/{game_id}").get_json()
    undo = table.post(f"/games/{game_id}/undo", data={"deal": "1",
                                                       "version": state["version"]})
    assert undo.status_code in (302, 303), alerts(undo.text)
    assert _deals(client, game_id) == []


def test_a_group_game_in_the_api_takes_the_groups_pin(client):
    _group, game_id = _group_and_game(client)
    refused = client.post(f"{API}/games/{game_id}/deals", json={"deal": 1, "outcome": "redeal"})
    assert refused.status_code == 403 and "group's PIN" in refused.get_json()["error"]
    wrong = client.post(f"{API}/games/{game_id}/deals", json={"deal": 1, "outcome": "redeal"},
                        headers={"X-Table-PIN": "1111"})
    assert wrong.status_code == 403 and wrong.get_json()["error"] == (
        "That is not the group's PIN.")
    assert client.post(f"{API}/games/{game_id}/deals", json={"deal": 1, "outcome": "redeal"},
                       headers={"X-Table-PIN": PIN}).status_code == 201
