"""The cookie of games opened on this device: one this app did not write is ignored and
replaced, never a 500 (issue 23, point 3; docs/security.md)."""

import pytest

from scorekeeper.web.common.device import COOKIE


@pytest.mark.parametrize("value", [
    "[" * 1000 + "]" * 1000,               # nested past what json reads
    '"not a list"', "{}", "[1, 2]", '["' + "x" * 500 + '"]', "%%%",
])
def test_a_crafted_games_cookie_is_ignored_and_replaced(client, value):
    created = client.post("/api/v1/games", json={
        "rules": "levant", "players": ["Ali", "Badr"], "first_dealer": "Ali"}).get_json()
    for path in ("/", "/history"):
        client.set_cookie(COOKIE, value)
        response = client.get(path)
        assert response.status_code == 200
        assert f"{COOKIE}=;" in response.headers.get("Set-Cookie", "")
    client.set_cookie(COOKIE, value)
    page = client.get(f"/games/{created['id']}")
    assert page.status_code == 200
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None and created["id"] in cookie.value


def test_the_games_cookie_is_written_only_when_its_list_changes(client, actions):
    # Issue 40: fifty games' ids are 1.7 KB, sent again with every view and save of the
    # game already in front.
    first, second = actions.create()["id"], actions.create()["id"]
    assert COOKIE in client.get(f"/games/{first}").headers.get("Set-Cookie", "")
    assert COOKIE not in client.get(f"/games/{first}").headers.get("Set-Cookie", "")
    assert COOKIE in client.get(f"/games/{second}").headers.get("Set-Cookie", "")
    assert COOKIE in client.get(f"/games/{first}").headers.get("Set-Cookie", "")
    assert client.get_cookie(COOKIE).value.count(second) == 1
