"""Hand's own styles are Hand's static file, as Hand and Foot's are (issue 49, point 3:
"Hand's own styles (`.hareeqa` and its parts, 12 rules in `static/style.css`) move to
Hand's static file"): static/hand.css, linked by templates/hand/_head.html on every page
that shows a Hareeqa game's points (its game page, correction form, view-only page and
printable sheets), kept by the service worker, and loaded by no other game's pages."""

from __future__ import annotations

import json
import re

import pytest
from every_game import GAMES, start
from pagework import view_id

from scorekeeper import ROOT

API = "/api/v1"
HAND_CSS = re.compile(r'<link rel="stylesheet" href="(/static/hand\.css\?v=[0-9a-f]+)">')
# Each rule that moved, by its selector.
MOVED = [".hareeqa {", "#status .hareeqa,\n.printable .hareeqa {",
         ".hareeqa .tally-title,\n.hareeqa .standing-note {", ".hareeqa .standing .points {",
         ".hareeqa .leader .points,\n.hareeqa .leader .name {", ".hareeqa .standing-note {",
         ".hareeqa .burned {", ".hareeqa-moves {", ".hareeqa-moves .burns {"]
FIRST_DEAL = {"deal": 1, "outcome": "scored", "winner": "Badr", "finish": "full",
              "hands": {"Ali": {"melded": True, "points": 20}, "Caro": {"melded": False}}}


def _game(client, rules: str) -> str:
    created = client.post(f"{API}/games", json={"rules": rules, "first_dealer": "Ali",
                                                "players": ["Ali", "Badr", "Caro"]})
    assert created.status_code == 201, created.text
    game_id = created.get_json()["id"]
    recorded = client.post(f"{API}/games/{game_id}/deals", json=FIRST_DEAL)
    assert recorded.status_code == 201, recorded.text
    return game_id


def _pages(app, game_id: str) -> list[str]:
    view = view_id(app, game_id)
    return [f"/games/{game_id}", f"/games/{game_id}/deals/1/edit", f"/games/{game_id}/print",
            f"/view/{view}", f"/view/{view}/print"]


def test_hands_rules_are_in_its_own_file_and_not_in_the_shared_one():
    shared = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
    own = (ROOT / "static" / "hand.css").read_text(encoding="utf-8")
    assert "hareeqa" not in shared
    for rule in MOVED:
        assert rule in own, rule


def test_a_hareeqa_games_pages_link_hands_styles_and_they_are_served(app, client):
    game_id = _game(client, "hareeqa")
    for path in _pages(app, game_id):
        page = client.get(path)
        assert page.status_code == 200, path
        # The correction form shows the points in its preview (.hareeqa-moves) alone.
        assert 'class="hareeqa"' in page.text or path.endswith("/edit"), path
        (link,) = HAND_CSS.findall(page.text)
        served = client.get(link)
        assert served.status_code == 200
        assert b"#status .hareeqa,.printable .hareeqa{" in served.data, path


@pytest.mark.parametrize("game", GAMES)
def test_a_game_without_hareeqas_points_loads_no_hand_styles(app, client, game):
    # Every other form of Hand (the sample plays Levant), and the other games.
    game_id = start(client, game)
    for path in _pages(app, game_id):
        page = client.get(path)
        assert page.status_code == 200, path
        assert "hand.css" not in page.text, path


def test_the_service_worker_keeps_hands_styles_ahead(client):
    config = json.loads(re.search(r"^const CONFIG = (.*);$", client.get("/sw.js").text,
                                  re.M)[1])
    assert any(url.startswith("/static/hand.css?v=") for url in config["shell"])
