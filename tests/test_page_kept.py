"""A game's page is kept rendered while nothing it shows changes (issue 24, "Through `make
run`, 20 concurrent phones … page p50 under 100 ms"): read again, it is not rendered again.
What it shows must still follow everything that changes it — a deal (the version), a
ruling kept, the group's name, a phone unlocking the PIN — and what differs between phones
must stay each phone's own: its CSRF token, its language, the address it reached the app
at."""

from __future__ import annotations

import pytest
from game_actions import GameActions, csrf_token, deal_form
from tables import API

from scorekeeper.web.game import routes as pages


@pytest.fixture
def renders(monkeypatch):
    """How many times a game's page was rendered whole."""
    count = {"pages": 0}
    render = pages.game_page

    def counted(*args, **kwargs):
        count["pages"] += 1
        return render(*args, **kwargs)

    monkeypatch.setattr(pages, "game_page", counted)
    return count


def test_a_page_read_again_unchanged_is_not_rendered_again(client, actions, renders):
    game_id = actions.create()["id"]
    first = client.get(f"/games/{game_id}").text
    second = client.get(f"/games/{game_id}").text
    assert second == first
    assert renders["pages"] == 1


def test_a_deal_recorded_from_another_phone_shows_at_once(app, client, actions, renders):
    game_id = actions.create()["id"]
    client.get(f"/games/{game_id}")
    other = app.test_client()
    assert other.post(f"/games/{game_id}/deals",
                      data=deal_form(1, winner=0, hands={1: 15, 2: 30})).status_code == 302
    page = client.get(f"/games/{game_id}").text
    assert 'value="2"' in page  # the next deal's form
    assert renders["pages"] == 2


def test_a_ruling_kept_shows_on_the_page_already_kept(client, actions):
    game_id = actions.create()["id"]
    assert 'id="rulings"' not in client.get(f"/games/{game_id}").text
    client.post(f"/games/{game_id}/rulings", data={
        "check": "meld", "indicator": "7D", "cards": "9C AD JC", "ruled": "yes"})
    assert 'id="rulings"' in client.get(f"/games/{game_id}").text


def test_the_groups_new_name_shows_on_its_games_page_already_kept(client):
    group = client.post(f"{API}/groups", json={"name": "Thursday",
                                               "members": ["Ali", "Badr"]}).get_json()
    game = client.post(f"{API}/games", json={
        "rules": {"preset": "levant"}, "players": ["Ali", "Badr"], "first_dealer": "Ali",
        "group": group["id"]}).get_json()
    assert "Thursday" in client.get(f"/games/{game['id']}").text
    assert client.patch(f"{API}/groups/{group['id']}",
                        json={"name": "Friday night"}).status_code == 200
    page = client.get(f"/games/{game['id']}").text
    assert "Friday night" in page and "Thursday" not in page


def test_each_phone_gets_its_own_csrf_token_from_the_kept_page(app):
    app.config["WTF_CSRF_ENABLED"] = True
    one, two = app.test_client(), app.test_client()
    game_id = GameActions(one).start()
    tokens = [csrf_token(phone.get(f"/games/{game_id}").text) for phone in (one, two)]
    assert tokens[0] != tokens[1]
    # Each phone's token is the one its own session accepts.
    for number, (phone, token) in enumerate(zip((one, two), tokens, strict=True), start=1):
        saved = phone.post(f"/games/{game_id}/deals", data=deal_form(
            number, winner=0, hands={1: 15, 2: 30}) | {"csrf_token": token})
        assert saved.status_code == 302, saved.text


def test_a_locked_phone_and_an_unlocked_one_see_their_own_page(app):
    table, visitor = app.test_client(), app.test_client()
    game_id = GameActions(table).start(pin="2468")
    assert 'id="unlock"' not in table.get(f"/games/{game_id}").text
    assert 'id="unlock"' in visitor.get(f"/games/{game_id}").text
    visitor.post(f"/games/{game_id}/unlock", data={"pin": "2468"})
    assert 'id="unlock"' not in visitor.get(f"/games/{game_id}").text


def test_each_language_and_address_has_its_own_page(client, actions):
    game_id = actions.create()["id"]
    english = client.get(f"/games/{game_id}", headers={"Accept-Language": "en"}).text
    arabic = client.get(f"/games/{game_id}", headers={"Accept-Language": "ar"}).text
    assert 'lang="en"' in english and 'lang="ar"' in arabic
    # The game's link is shown whole, at the address this phone reached the app at.
    at_home = client.get(f"/games/{game_id}", base_url="http://192.168.1.20:8000").text
    assert f"http://192.168.1.20:8000/games/{game_id}" in at_home
    assert f"http://localhost/games/{game_id}" not in at_home
