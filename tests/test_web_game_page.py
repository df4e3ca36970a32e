"""The game's page through Flask's test client, whole and as its htmx fragment: who deals,
who starts and the rounds left, the sheet's totals, a finished game, the Hareeqa points,
the link and QR code to share it.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

import re

from game_actions import FIRST_SCORES, THREE, deal_form
from pagework import HX, alerts, is_fragment, totals_row, who


def test_game_page_is_a_whole_page(client, game):
    response = client.get(f"/games/{game}")
    assert response.status_code == 200
    assert "<html" in response.text
    assert 'id="game"' in response.text
    assert "HX-Request" in response.vary


def test_game_page_for_htmx_is_only_the_game_fragment(client, game):
    response = client.get(f"/games/{game}", headers=HX)
    assert response.status_code == 200
    assert is_fragment(response)
    assert response.text.lstrip().startswith('<div id="game"')
    assert "HX-Request" in response.vary


def test_game_page_says_who_deals_who_starts_and_rounds_left(client, game):
    text = client.get(f"/games/{game}").text
    assert who(text, "Deals") == "Ali"
    assert who(text, "Starts with 15 cards") == "Badr"
    assert who(text, "Rounds left") == "7"
    assert re.search(r"Deal 1 ·\s+round 1 of 7", text)
    assert "No deals yet." in text
    assert totals_row(text) == [0, 0, 0]
    assert 'class="deal-form"' in text


def test_game_page_follows_the_recorded_deals(client, actions, played):
    text = client.get(f"/games/{played}").text
    data = actions.state(played)
    assert totals_row(text) == [FIRST_SCORES[p] for p in THREE]
    # Levant: the round's biggest loser deals next (RULES.md section 4).
    assert who(text, "Deals") == data["dealer"] == "Caro"
    assert who(text, "Starts with 15 cards") == data["starter"]
    assert who(text, "Rounds left") == "6"
    assert "Record deal 2" in text
    assert f'href="/games/{played}/deals/1/edit"' in text


def test_finished_game_shows_the_winner_and_no_deal_form(client, finished):
    text = client.get(f"/games/{finished}").text
    assert "Game over" in text
    assert "Ali won." in text
    assert 'class="deal-form"' not in text
    assert "Starts with 15 cards" not in text
    assert totals_row(text) == [-30, 100]


def test_hareeqa_game_page_shows_the_points_and_the_pot(client, actions):
    game_id = actions.start("hareeqa")
    actions.record(game_id)
    points = actions.state(game_id)["points"]
    text = client.get(f"/games/{game_id}").text
    # Issue 22 moved the points from a line under the sheet to the game's status.
    block = re.search(r'<p class="hareeqa" id="points">(.*?)</p>', text, re.S)
    assert block is not None
    words = " ".join(re.sub(r"<[^>]+>", " ", block.group(1)).split())
    # A number below 0 is printed with the minus sign "−" (issue 39, point 8).
    assert all(f"{name} {points[name]}".replace("-", "−") in words for name in THREE)
    assert "pot 0" in words
    assert "Rounds left" not in text


def test_finished_game_refuses_another_deal(client, actions, finished):
    before = actions.state(finished)
    for form in (deal_form(2, winner=0, hands={1: None}), {"deal": "2", "outcome": "redeal"}):
        response = client.post(f"/games/{finished}/deals", data=form)
        assert response.status_code == 422
        assert any("The game is over" in m for m in alerts(response.text))
    assert actions.state(finished) == before


def test_game_page_of_an_unknown_game_is_404(client):
    assert client.get("/games/AAAAAAAAAAAAAAAAAAAAAAAA").status_code == 404
    assert client.get("/games/AAAAAAAAAAAAAAAAAAAAAAAA", headers=HX).status_code == 404


def test_game_page_shows_the_link_and_qr_code_to_share_it(client, game):
    text = client.get(f"/games/{game}").text
    assert f"http://localhost/games/{game}" in text
    assert f'src="/games/{game}/qr.svg"' in text
