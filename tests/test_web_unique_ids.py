"""No page gives two elements one id: a label names its field by id, and a second element
of that id takes the name from it (the group page's PIN box once took its field's, so the
field had no name a screen reader could say). Every page a phone opens, for a phone that
may change the game or group and for one locked out by the PIN."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from tables import API

PIN = "2468"
PLAYERS = ["Ali", "Badr", "Caro"]


@pytest.fixture
def places(client) -> list[str]:
    group = client.post(f"{API}/groups", json={"name": "Thursday", "members": PLAYERS,
                                                "pin": PIN}).get_json()
    game = client.post(f"{API}/games", headers={"X-Table-PIN": PIN}, json={
        "rules": "levant", "players": PLAYERS, "first_dealer": "Ali", "group": group["id"],
        "pin": PIN}).get_json()
    foot = client.post(f"{API}/games", json={
        "rules": "hand_and_foot", "players": [*PLAYERS, "Dina"], "first_dealer": "Ali"})
    client.post(f"/games/{game['id']}/unlock", data={"pin": PIN})
    client.post(f"/groups/{group['id']}/unlock", data={"pin": PIN})
    return ["/", "/new", "/history", "/referee", "/groups/new", f"/groups/{group['id']}",
            f"/groups/{group['id']}/new", f"/games/{game['id']}",
            f"/games/{foot.get_json()['id']}", f"/games/{game['id']}/print",
            f"/games/{game['id']}/referee"]


@pytest.mark.parametrize("phone", ["the table's", "locked out"])
def test_no_page_gives_two_elements_one_id(app, client, places, phone):
    reader = client if phone == "the table's" else app.test_client()
    for path in places:
        page = reader.get(path, follow_redirects=True)
        assert page.status_code == 200, path
        ids = Counter(re.findall(r'\sid="([^"]+)"', page.text))
        assert [i for i, n in ids.items() if n > 1] == [], path
