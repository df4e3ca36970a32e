"""Correcting a recorded deal (``/games/<id>/deals/<n>/edit``) and undoing the last one
(``POST /games/<id>/undo``) through Flask's test client: the edit form filled in as
recorded, the totals and dealers replayed, bad corrections, unknown deals.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

import re

import pytest
from game_actions import BAD_DEALS, FIRST_SCORES, deal_form
from pagework import HX, alerts, is_fragment, totals_row


def test_edit_form_is_filled_with_the_recorded_deal(client, played):
    response = client.get(f"/games/{played}/deals/1/edit")
    assert response.status_code == 200
    text = response.text
    assert "Correct deal 1" in text
    assert re.search(r'<input[^>]*name="points_0"[^>]*value="20"', text)
    assert re.search(r'<input checked id="winner-1" name="winner" type="radio" value="1">',
                     text)
    assert re.search(r'<input checked id="melded_0-0" name="melded_0"[^>]*value="yes"', text)
    assert re.search(r'<input checked id="melded_2-1" name="melded_2"[^>]*value="no"', text)
    assert re.search(r'<input checked id="finish-0" name="finish"[^>]*value="partial"', text)
    assert f'action="/games/{played}/deals/1/edit"' in text
    assert "hx-post" not in text.split('class="deal-form"', 1)[1].split(">", 1)[0]


def test_edit_form_is_filled_with_cards_indicator_and_bonuses(client, actions):
    game_id = actions.start("egypt")
    actions.record(game_id, finish="full", bonuses=["one_colour"], indicator="7C",
                   hands={0: None, 2: None}, melded_0="yes", cards_0="JK 5D")
    text = client.get(f"/games/{game_id}/deals/1/edit").text
    assert re.search(r'<input[^>]*name="cards_0"[^>]*value="JK 5D"', text)
    assert re.search(r'<input[^>]*name="indicator"[^>]*value="7C"', text)
    assert re.search(r'<input checked[^>]*name="bonuses"[^>]*value="one_colour"', text)
    assert re.search(r'<input checked[^>]*name="finish"[^>]*value="full"', text)


def test_edit_form_of_an_unscored_deal_ticks_its_outcome(client, actions, game):
    actions.redeal(game, 1)
    text = client.get(f"/games/{game}/deals/1/edit").text
    assert re.search(r'<input checked[^>]*name="outcome"[^>]*value="redeal"', text)


def test_correction_redirects_and_changes_the_totals(client, actions, played):
    form = deal_form(1, winner=2, hands={0: 40, 1: None})
    response = client.post(f"/games/{played}/deals/1/edit", data=form)
    assert response.status_code == 302
    assert response.location == f"/games/{played}"
    data = actions.state(played)
    assert data["totals"] == {"Ali": 40, "Badr": 100, "Caro": -30}
    assert len(data["deals"]) == 1
    assert data["deals"][0]["winner"] == "Caro"
    # Later dealers follow: Badr lost the most.
    assert data["dealer"] == "Badr"


def test_correction_of_an_earlier_deal_keeps_the_later_ones(client, actions, played):
    actions.record(played, 2, winner=0, hands={1: 5, 2: 9})
    form = deal_form(1, winner=1, hands={0: 30, 2: None})
    assert client.post(f"/games/{played}/deals/1/edit", data=form).status_code == 302
    data = actions.state(played)
    assert [d["number"] for d in data["deals"]] == [1, 2]
    assert data["totals"] == {"Ali": 30 - 30, "Badr": -30 + 5, "Caro": 100 + 9}


@pytest.mark.parametrize(("form", "message"), list(BAD_DEALS.values()), ids=list(BAD_DEALS))
def test_bad_correction_is_422_with_a_message_and_changes_nothing(client, actions, played,
                                                                  form, message):
    before = actions.state(played)
    response = client.post(f"/games/{played}/deals/1/edit", data=form)
    assert response.status_code == 422
    assert any(message in m for m in alerts(response.text)), alerts(response.text)
    assert actions.state(played) == before
    assert "Correct deal 1" in response.text


def test_bad_correction_with_points_not_a_number_changes_nothing(client, actions, played):
    before = actions.state(played)
    response = client.post(f"/games/{played}/deals/1/edit",
                           data=deal_form(hands={0: "abc", 2: None}))
    assert response.status_code == 422
    assert actions.state(played) == before


@pytest.mark.parametrize("number", [0, 2, 99])
def test_edit_an_unknown_deal_is_404(client, played, number):
    assert client.get(f"/games/{played}/deals/{number}/edit").status_code == 404
    assert client.post(f"/games/{played}/deals/{number}/edit",
                       data=deal_form(number)).status_code == 404


def test_edit_a_deal_of_an_unknown_game_is_404(client):
    assert client.get("/games/AAAAAAAAAAAAAAAAAAAAAAAA/deals/1/edit").status_code == 404


# --- undo ---------------------------------------------------------------------------

def test_undo_removes_only_the_last_deal(client, actions, played):
    actions.record(played, 2, winner=0, hands={1: 5, 2: 9})
    first = actions.state(played)["deals"][0]
    response = client.post(f"/games/{played}/undo", data={"deal": "2"})
    assert response.status_code == 302
    assert response.location == f"/games/{played}"
    data = actions.state(played)
    assert data["deals"] == [first]
    assert data["totals"] == FIRST_SCORES


def test_undo_with_htmx_answers_the_fragment(client, actions, played):
    response = client.post(f"/games/{played}/undo", data={"deal": "1"}, headers=HX)
    assert response.status_code == 200
    assert is_fragment(response)
    assert totals_row(response.text) == [0, 0, 0]
    assert "No deals yet." in response.text
    assert actions.state(played)["deals"] == []


def test_undo_with_no_deals_does_nothing(client, actions, game):
    before = actions.state(game)
    response = client.post(f"/games/{game}/undo", data={"deal": "1"})
    assert response.status_code == 409
    assert alerts(response.text) == ["Deal 1 is already undone; nothing more was undone."]
    assert actions.state(game) == before


def test_undo_button_is_shown_only_when_there_is_a_deal(client, actions, game):
    assert "Undo deal" not in client.get(f"/games/{game}").text
    actions.record(game)
    assert "Undo deal 1" in client.get(f"/games/{game}").text


def test_undo_is_post_only(client, actions, played):
    assert client.get(f"/games/{played}/undo").status_code == 405
    assert len(actions.state(played)["deals"]) == 1
