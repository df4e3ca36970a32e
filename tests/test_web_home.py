"""The home page through Flask's test client: the games opened on this phone, and joining
a game by its link or id.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

import html

import pytest
from pagework import alerts, listed_ids


def test_home_is_200_and_lists_nothing_on_a_new_phone(client):
    response = client.get("/")
    assert response.status_code == 200
    assert listed_ids(response.text) == []
    assert "No games yet" in response.text
    assert 'action="/join"' in response.text


def test_home_lists_a_game_started_here(client, game):
    text = client.get("/").text
    assert listed_ids(text) == [game]
    assert "Ali, Badr, Caro" in text


def test_home_lists_a_game_made_elsewhere_only_once_it_is_opened_here(client, actions):
    game_id = actions.create(players=["Zaid", "Yara"])["id"]
    assert game_id not in listed_ids(client.get("/").text)
    assert client.get(f"/games/{game_id}").status_code == 200
    assert listed_ids(client.get("/").text) == [game_id]


def test_home_does_not_list_games_opened_on_another_phone(app, client, game):
    other = app.test_client()
    assert listed_ids(other.get("/").text) == []
    assert listed_ids(client.get("/").text) == [game]


def test_home_lists_the_most_recently_opened_game_first(client, actions):
    first = actions.start()
    second = actions.start(players=["Zaid", "Yara"])
    assert listed_ids(client.get("/").text) == [second, first]
    client.get(f"/games/{first}")
    assert listed_ids(client.get("/").text) == [first, second]


@pytest.mark.parametrize("cookie", ["not json", '{"a": 1}', '[1, null, "nope"]', '"x"'])
def test_home_and_history_survive_a_garbled_cookie(client, cookie):
    client.set_cookie("hand_games", cookie)
    for path in ("/", "/history"):
        response = client.get(path)
        assert response.status_code == 200
        assert listed_ids(response.text) == []


@pytest.mark.parametrize("code", [
    "http://localhost/games/{id}",
    "https://hand.example/games/{id}?from=qr",
    "{id}",
    "  {id}  ",
])
def test_join_by_link_or_id_redirects_to_the_game(client, actions, code):
    game_id = actions.create()["id"]
    response = client.get("/join", query_string={"code": code.format(id=game_id)})
    assert response.status_code == 302
    assert response.location == f"/games/{game_id}"


@pytest.mark.parametrize("code", [
    "http://localhost/games/AAAAAAAAAAAAAAAAAAAAAAAA",
    "AAAAAAAAAAAAAAAAAAAAAAAA",
    "not a link",
    "",
])
def test_join_with_an_unknown_code_is_404_with_a_message(client, actions, code):
    actions.create()
    response = client.get("/join", query_string={"code": code})
    assert response.status_code == 404
    assert alerts(response.text) == ["No game found for that link. Check it and try again."]
    # The home page, with what was typed kept in the box.
    assert f'value="{html.escape(code.strip())}"' in response.text
