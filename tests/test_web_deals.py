"""Recording a deal through the game page's form (``POST /games/<id>/deals``) with
Flask's test client: what is stored and shown, the cards counted with the indicator, bonus
hands, partnerships, Kuwaiti mistakes, a deal recorded twice, unscored deals, and every
kind of bad input.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

import json
import re

import pytest
from game_actions import BAD_DEALS, FIRST_SCORES, FOUR, deal_form
from pagework import HX, alerts, is_fragment, totals_row


def test_record_deal_redirects_and_stores_it(client, actions, game):
    response = client.post(f"/games/{game}/deals", data=deal_form())
    assert response.status_code == 302
    assert response.location == f"/games/{game}"
    data = actions.state(game)
    assert data["totals"] == FIRST_SCORES
    assert [d["number"] for d in data["deals"]] == [1]
    assert data["deals"][0]["hands"] == {"Ali": {"melded": True, "points": 20},
                                         "Caro": {"melded": False}}


def test_record_deal_with_htmx_answers_the_fragment_with_the_new_totals(client, actions,
                                                                        game):
    response = client.post(f"/games/{game}/deals", data=deal_form(), headers=HX)
    assert response.status_code == 200
    assert is_fragment(response)
    assert totals_row(response.text) == [20, -30, 100]
    assert "Record deal 2" in response.text
    assert actions.state(game)["totals"] == FIRST_SCORES


def test_a_later_deal_saved_with_htmx_answers_its_row_and_the_totals_only(client, actions,
                                                                          played):
    """Issue 12: "an HTMX save must answer ≤ 6 KB compressed however long the game … send
    the new row and the totals". The form for the next deal is the swap's target; the row,
    the totals and where the game stands go out of band."""
    response = client.post(f"/games/{played}/deals", data=deal_form(2), headers=HX)
    assert response.status_code == 200
    assert response.headers["HX-Retarget"] == "#record"
    assert json.loads(response.headers["HX-Trigger-After-Swap"])["sheet-saved"]["next"] == 3
    text = response.text
    assert "Record deal 3" in text
    assert re.findall(r'data-deal="(\d+)"', text) == ["2"]  # the new row, no other
    assert 'hx-swap-oob="beforeend:#sheet-rows"' in text
    assert totals_row(text) == [40, -60, 200] == list(actions.state(played)["totals"].values())
    for part in ("sheet-head", "sheet-totals", "status", "chart", "actions"):
        assert f'id="{part}" hx-swap-oob="true"' in text, part
    # The undo button names the new last deal and the version after the save.
    assert "Undo deal 2" in text
    assert actions.state(played)["version"] in text


def test_record_deal_counts_the_cards_left_with_the_indicator(client, actions, game):
    """RULES.md section 2: with 7♣ turned the A♣ is wild (15) and a joker is the natural A♣
    (11)."""
    form = deal_form(hands={0: None, 2: None}, indicator="7C")
    form |= {"melded_0": "yes", "cards_0": "JK AC KH 5D"}
    assert client.post(f"/games/{game}/deals", data=form).status_code == 302
    deal = actions.state(game)["deals"][0]
    assert deal["indicator"] == "7C"
    assert deal["hands"]["Ali"]["cards"] == ["JK", "AC", "KH", "5D"]
    assert deal["scores"]["Ali"] == 11 + 15 + 10 + 5


def test_record_deal_with_bonus_hands_under_egypt(client, actions):
    game_id = actions.start("egypt")
    form = deal_form(finish="full", bonuses=["one_suit"])
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    deal = actions.state(game_id)["deals"][0]
    assert deal["finish"] == "full"
    assert deal["bonuses"] == ["one_suit"]
    # A full hand doubles, one suit ×4 on top (RULES.md section 5).
    assert deal["scores"] == {"Ali": 20 * 2 * 4, "Badr": -60 * 4, "Caro": 200 * 4}


def test_record_deal_in_partnerships_leaves_out_the_winners_partner(client, actions):
    game_id = actions.start("levant", FOUR, partnerships="y")
    # Ali (seat 0) goes out; Caro (seat 2) is Ali's partner and is not asked.
    form = deal_form(winner=0, hands={1: 12, 3: None})
    response = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert response.status_code == 200
    data = actions.state(game_id)
    assert set(data["deals"][0]["hands"]) == {"Badr", "Dina"}
    # Ali −30 and nothing for Caro; Badr's 12 and Dina's 100 (RULES.md section 10).
    assert data["deals"][0]["scores"] == {"Ali": -30, "Badr": 12, "Caro": 0, "Dina": 100}
    assert data["team_totals"] == [-30, 112]
    assert totals_row(response.text) == [-30, 112]


def test_record_deal_under_kuwait_takes_mistakes(client, actions):
    game_id = actions.start("kuwait", FOUR)
    text = client.get(f"/games/{game_id}").text
    assert 'name="mistake_3"' in text and "Announced?" in text
    form = deal_form(winner=0, hands={1: None, 2: 10}) | {"mistake_3": "y"}
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    deal = actions.state(game_id)["deals"][0]
    assert deal["hands"]["Dina"] == {"melded": False, "mistake": True}
    # Seed 001 "Finishing": a mistake after a partial finish is 150.
    assert deal["scores"] == {"Ali": -30, "Badr": 100, "Caro": 10, "Dina": 150}


def test_deal_form_has_no_mistake_box_outside_kuwait(client, game):
    text = client.get(f"/games/{game}").text
    assert "mistake_" not in text
    assert "Melded?" in text


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_record_the_same_deal_twice_says_already_recorded_and_keeps_one(client, actions,
                                                                        played, headers):
    before = actions.state(played)
    response = client.post(f"/games/{played}/deals", data=deal_form(hands={0: 5, 2: 7}),
                           headers=headers)
    assert response.status_code == 409  # htmx swaps it in too (static/app.js)
    shown = alerts(response.text)
    assert len(shown) == 1 and "Deal 1 was already recorded" in shown[0], shown
    assert actions.state(played) == before
    # The sheet as it stands, ready for the next deal.
    assert totals_row(response.text) == [20, -30, 100]
    assert "Record deal 2" in response.text
    if headers:
        assert is_fragment(response)


@pytest.mark.parametrize(("form", "message"), list(BAD_DEALS.values()), ids=list(BAD_DEALS))
def test_record_bad_deal_is_422_with_a_message_and_saves_nothing(client, actions, played,
                                                                 form, message):
    before = actions.state(played)
    form = form | {"deal": "2"}
    response = client.post(f"/games/{played}/deals", data=form)
    assert response.status_code == 422
    assert any(message in m for m in alerts(response.text)), alerts(response.text)
    assert actions.state(played) == before
    # The form keeps what was typed.
    assert 'value="2"' in response.text


def test_record_bad_deal_with_htmx_is_the_fragment_with_the_message(client, actions, game):
    response = client.post(f"/games/{game}/deals", data=deal_form(winner=None), headers=HX)
    assert response.status_code == 422
    assert is_fragment(response)
    assert "Say who went out." in alerts(response.text)
    assert actions.state(game)["deals"] == []


def test_record_bonuses_on_a_partial_hand_under_egypt_is_refused(app, client, actions):
    game_id = actions.start("egypt")
    response = client.post(f"/games/{game_id}/deals", data=deal_form(bonuses=["one_colour"]))
    assert response.status_code == 422
    assert any("only for a full hand" in m for m in alerts(response.text))
    assert actions.state(game_id)["deals"] == []


@pytest.mark.parametrize("points", [
    "abc",
    pytest.param("-5", id="negative"),
    pytest.param("1401", id="over-1400"),
])
def test_record_points_not_a_number_is_422_with_a_message(client, actions, game, points):
    response = client.post(f"/games/{game}/deals", data=deal_form(hands={0: points, 2: None}))
    assert actions.state(game)["deals"] == []
    assert response.status_code == 422
    assert alerts(response.text)


@pytest.mark.parametrize("points", ["abc", "-5", "1401"])
def test_record_points_not_a_number_saves_nothing(client, actions, game, points):
    response = client.post(f"/games/{game}/deals", data=deal_form(hands={0: points, 2: None}))
    assert response.status_code == 422
    assert actions.state(game)["deals"] == []


@pytest.mark.parametrize("path", ["/games/{id}/deals", "/games/{id}/deals/1/edit"])
def test_a_refused_deal_shows_its_message_once(client, played, path):
    form = deal_form(hands={0: None, 2: None}) | {"melded_0": "yes", "cards_0": "9X"}
    response = client.post(path.format(id=played), data=form | {"deal": "2"}
                           if path.endswith("deals") else form)
    assert response.status_code == 422
    assert alerts(response.text) == ["“9X” is not a card; write it like 10H, QS, A♠ or JK."]


@pytest.mark.parametrize("number", ["", "3"], ids=["missing", "ahead"])
def test_record_deal_with_a_wrong_number_does_not_claim_deal_0_was_recorded(client, actions,
                                                                            game, number):
    response = client.post(f"/games/{game}/deals", data=deal_form() | {"deal": number})
    assert actions.state(game)["deals"] == []
    assert not any("Deal 0" in m for m in alerts(response.text))


@pytest.mark.parametrize("outcome", ["redeal", "stock_exhausted"])
def test_unscored_deal_records_with_the_same_dealer(client, actions, played, outcome):
    before = actions.state(played)
    form = {"deal": "2", "outcome": outcome}
    assert client.post(f"/games/{played}/deals", data=form).status_code == 302
    data = actions.state(played)
    assert [d["outcome"] for d in data["deals"]] == ["scored", outcome]
    assert data["deals"][1]["scores"] is None
    assert data["dealer"] == before["dealer"] == data["deals"][1]["dealer"]
    assert data["totals"] == before["totals"]
    assert data["next_deal"] == 3


def test_unscored_deal_ignores_the_scored_fields(client, actions, game):
    form = deal_form(outcome="stock_exhausted", winner=None, hands={0: None, 1: None,
                                                                    2: None})
    assert client.post(f"/games/{game}/deals", data=form).status_code == 302
    assert actions.state(game)["deals"][0]["outcome"] == "stock_exhausted"


def test_redeal_is_not_offered_when_the_rules_have_no_redeal_claims(client, actions):
    game_id = actions.start("gulf")
    text = client.get(f"/games/{game_id}").text
    assert 'value="redeal"' not in text
    assert 'value="stock_exhausted"' in text


def test_record_deal_on_an_unknown_game_is_404(client):
    assert client.post("/games/AAAAAAAAAAAAAAAAAAAAAAAA/deals",
                       data=deal_form()).status_code == 404
