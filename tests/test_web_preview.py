"""The live preview of a deal's scores (``POST /games/<id>/preview``) through Flask's
test client: what the deal scores, counted on from the totals, for a new deal or a
correction, and the messages for bad input; a preview never saves anything.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

import re

import pytest
from game_actions import BAD_DEALS, FIRST_SCORES, deal_form
from pagework import alerts


def preview_scores(text: str) -> dict[str, str]:
    return dict(re.findall(r"<li><span>([^<]+)</span> <strong>([^<]+)</strong>", text))


def test_preview_shows_each_players_score_and_saves_nothing(client, actions, game):
    response = client.post(f"/games/{game}/preview", data=deal_form())
    assert response.status_code == 200
    assert preview_scores(response.text) == {"Ali": "20", "Badr": "−30", "Caro": "100"}
    assert "total −30" in response.text
    assert "<html" not in response.text
    assert actions.state(game)["deals"] == []


def test_preview_counts_on_from_the_totals(client, actions, played):
    response = client.post(f"/games/{played}/preview",
                           data=deal_form(2, winner=0, hands={1: 5, 2: None}))
    assert preview_scores(response.text) == {"Ali": "−30", "Badr": "5", "Caro": "100"}
    assert "total 200" in response.text  # Caro: 100 + 100
    assert len(actions.state(played)["deals"]) == 1


def test_preview_of_an_unscored_deal_says_the_same_dealer_deals_again(client, game):
    response = client.post(f"/games/{game}/preview", data={"deal": "1",
                                                           "outcome": "redeal"})
    assert response.status_code == 200
    assert "the same dealer deals again" in response.text
    assert set(preview_scores(response.text).values()) == {"—"}


def test_preview_of_a_correction_replaces_the_deals_own_line(client, actions, played):
    response = client.post(f"/games/{played}/preview",
                           data=deal_form(1, winner=2, hands={0: 40, 1: None}))
    assert preview_scores(response.text) == {"Ali": "40", "Badr": "100", "Caro": "−30"}
    assert "total 40" in response.text and "total −30" in response.text
    assert actions.state(played)["totals"] == FIRST_SCORES


def test_preview_shows_nothing_until_someone_went_out(client, actions, game):
    response = client.post(f"/games/{game}/preview", data=deal_form(winner=None))
    assert response.status_code == 200
    assert response.text.strip() == ""
    assert actions.state(game)["deals"] == []


#: What the preview can refuse: all of :data:`BAD_DEALS` once a winner is given.
BAD_PREVIEWS = {name: bad for name, bad in BAD_DEALS.items() if name != "no-winner"}


@pytest.mark.parametrize(("form", "message"), list(BAD_PREVIEWS.values()),
                         ids=list(BAD_PREVIEWS))
def test_preview_of_bad_input_shows_the_message_and_saves_nothing(client, actions, game,
                                                                  form, message):
    response = client.post(f"/games/{game}/preview", data=form)
    assert response.status_code == 200
    shown = alerts(response.text)
    assert len(shown) == 1 and message in shown[0], shown
    assert "This deal scores" not in response.text
    assert actions.state(game)["deals"] == []


def test_preview_of_an_unknown_game_is_404(client):
    assert client.post("/games/AAAAAAAAAAAAAAAAAAAAAAAA/preview",
                       data=deal_form()).status_code == 404
