"""Issue 48, point 9 and the rest of point 10: the side that changes a deal is its
recorder, so a correction waits for the other side; a phone says who it is before the
deal form, and "I am" chooses the confirmer already; after the last deal ``next_deal`` is
null in every game; confirmers are named as members are (letter case aside); the sheet
says who entered each deal (docs/trust.md)."""

from __future__ import annotations

import re

import pytest
from apiwork import refused
from game_actions import API, deal_form
from pagework import alerts
from test_web_groups import text_of

FOUR = ["Ali", "Badr", "Caro", "Dina"]  # partners Ali & Caro, Badr & Dina


def _game(client, rounds=2, **extra) -> dict:
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "rounds": rounds}, "players": FOUR,
        "first_dealer": "Ali", "partnerships": True, "confirm": "other_side", **extra})
    assert made.status_code == 201
    return made.get_json()


def _deal(number: int, **extra) -> dict:
    return {"deal": number, "outcome": "scored", "winner": "Ali", "finish": "partial",
            "hands": {p: {"melded": True, "points": 30} for p in ("Badr", "Dina")}, **extra}


def _api(client, method, path, state, **body):
    return client.open(f"{API}{path}", method=method, json=body,
                       headers={"If-Match": f'"{state["version"]}"'})


def _as(client, game_id, name):
    assert client.post(f"/games/{game_id}/me", data={"name": name}).status_code == 303


def _version(client, game_id) -> str:
    return client.get(f"{API}/games/{game_id}").get_json()["version"]


def _recorded_and_confirmed(client) -> dict:
    state = _game(client)
    state = client.post(f"{API}/games/{state['id']}/deals",
                        json=_deal(1, recorded_by="Ali")).get_json()
    return _api(client, "POST", f"/games/{state['id']}/deals/1/confirm", state,
                by="Badr").get_json()


def test_a_phone_corrects_a_confirmed_deal_as_its_player_whose_side_then_waits(app, client):
    state = _recorded_and_confirmed(client)
    game_id = state["id"]
    badr = app.test_client()
    changed = deal_form(1, winner=0, hands={1: 40, 3: 30}) | {
        "version": state["version"], "reason": "I had 40"}
    # Not before the phone says who holds it: the change would keep Ali as its recorder,
    # and Badr's side could confirm its own change.
    assert badr.post(f"/games/{game_id}/deals/1/edit", data=changed).status_code == 422
    _as(badr, game_id, "Badr")
    fixed = badr.post(f"/games/{game_id}/deals/1/edit", data=changed)
    assert fixed.status_code == 302, alerts(fixed.text)
    state = client.get(f"{API}/games/{game_id}").get_json()
    assert state["deals"][0]["recorded_by"] == "Badr" and state["unconfirmed"] == [1]
    # Badr's side cannot confirm its own change; Ali's can.
    refused(_api(client, "POST", f"/games/{game_id}/deals/1/confirm", state, by="Dina"),
            400, "on the side that recorded")
    after = _api(client, "POST", f"/games/{game_id}/deals/1/confirm", state, by="Caro")
    assert after.get_json()["deals"][0]["confirmed"]["by"] == "Caro"


def test_an_api_correction_of_a_confirmed_deal_names_who_corrects_it(client):
    state = _recorded_and_confirmed(client)
    game_id = state["id"]
    error = refused(_api(client, "PUT", f"/games/{game_id}/deals/1", state,
                         **_deal(1, reason="Badr had 40")), 400, "recorded_by")
    assert "say who corrects it" in error
    assert client.get(f"{API}/games/{game_id}").get_json()["version"] == state["version"]
    fixed = _api(client, "PUT", f"/games/{game_id}/deals/1", state, **_deal(
        1, reason="Badr had 40", recorded_by="Badr", hands={
            "Badr": {"melded": True, "points": 40}, "Dina": {"melded": True, "points": 30}})
    ).get_json()
    assert fixed["deals"][0]["recorded_by"] == "Badr" and fixed["unconfirmed"] == [1]
    refused(_api(client, "POST", f"/games/{game_id}/deals/1/confirm", fixed, by="Badr"),
            400, "on the side that recorded")


def test_a_phone_says_who_it_is_before_the_deal_form(client):
    game_id = _game(client)["id"]
    page = client.get(f"/games/{game_id}").text
    text = text_of(page)
    assert "Who records from this phone?" in text and "Say who you are first" in text
    assert "Save deal 1" not in page and 'id="record"' not in page
    _as(client, game_id, "Ali")
    page = client.get(f"/games/{game_id}").text
    assert "This phone records as Ali." in text_of(page) and "Save deal 1" in page


def test_a_deal_sent_before_the_phone_said_who_it_is_is_refused_in_words(client):
    game_id = _game(client)["id"]
    response = client.post(f"/games/{game_id}/deals",
                           data=deal_form(1, winner=0, hands={1: 30, 3: 30}))
    assert response.status_code == 422
    said = " ".join(alerts(response.text))
    assert "This phone has not said who holds it" in said and "recorded_by" not in said
    # What was entered stays in the form, beside "I am …".
    assert "Save deal 1" in response.text and 'id="whoami"' in response.text
    assert client.get(f"{API}/games/{game_id}").get_json()["deals"] == []


def test_the_correction_page_asks_who_first_and_comes_back(client):
    state = _recorded_and_confirmed(client)
    game_id = state["id"]
    page = client.get(f"/games/{game_id}/deals/1/edit").text
    assert "Who records from this phone?" in text_of(page)
    assert "Save the correction" not in page
    assert '<input type="hidden" name="deal" value="1">' in page
    back = client.post(f"/games/{game_id}/me", data={"name": "Dina", "deal": "1"})
    assert back.status_code == 303 and back.location.endswith(f"/games/{game_id}/deals/1/edit")
    assert "Save the correction" in client.get(back.location).text
    # A correction sent from a page opened before is refused in words, nothing changed.
    other = client.application.test_client()
    sent = other.post(f"/games/{game_id}/deals/1/edit", data=deal_form(
        1, winner=0, hands={1: 40, 3: 30}) | {"version": state["version"], "reason": "x"})
    assert sent.status_code == 422
    assert "This phone has not said who holds it" in " ".join(alerts(sent.text))
    assert _version(client, game_id) == state["version"]


def test_i_am_chooses_the_confirmer_on_confirm_and_dispute(app, client):
    game_id = _game(client)["id"]
    client.post(f"{API}/games/{game_id}/deals", json=_deal(1, recorded_by="Ali"))
    badr = app.test_client()
    _as(badr, game_id, "Badr")
    page = badr.get(f"/games/{game_id}").text
    chosen = re.findall(r'<input type="radio" name="by" value="(\w+)" checked', page)
    assert chosen == ["Badr", "Badr"]  # Confirm's and Dispute's
    # Another phone, or this one before it said who it is, chooses nobody.
    assert ' checked required> <span>Badr' not in app.test_client().get(
        f"/games/{game_id}").text


def test_confirmers_are_named_as_members_are_letter_case_aside(client):
    state = client.post(f"{API}/games/{_game(client)['id']}/deals",
                        json=_deal(1, recorded_by="ali")).get_json()
    assert state["deals"][0]["recorded_by"] == "Ali"
    refused(_api(client, "POST", f"/games/{state['id']}/deals/1/confirm", state, by="Bad"),
            400, "must name a player")
    after = _api(client, "POST", f"/games/{state['id']}/deals/1/confirm", state,
                 by="  BADR ").get_json()
    assert after["deals"][0]["confirmed"]["by"] == "Badr"


def test_the_sheet_says_who_entered_each_deal(client):
    game_id = _game(client)["id"]
    _as(client, game_id, "Ali")
    response = client.post(f"/games/{game_id}/deals", data=deal_form(
        1, winner=0, hands={1: 30, 3: 30}), headers={"HX-Request": "true"})
    # A save answered with HTMX shows the new row as a reload would: who entered it too.
    assert response.status_code == 200
    assert len(re.findall(r'class="trust-by">entered by Ali<', response.text)) == 1
    client.post(f"{API}/games/{game_id}/deals", json=_deal(2, recorded_by="Dina"))
    sheet = client.get(f"/games/{game_id}").text
    assert re.findall(r'class="trust-by">entered by (\w+)<', sheet) == ["Ali", "Dina"]


def _hand(client, confirm):
    game = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "rounds": 1}, "players": FOUR, "first_dealer": "Ali",
        "partnerships": True, "confirm": confirm}).get_json()
    return client.post(f"{API}/games/{game['id']}/deals", json=_deal(
        1, **({"recorded_by": "Ali"} if confirm == "other_side" else {}))).get_json()


def _hand_and_foot(client, _):
    game = client.post(f"{API}/games", json={
        "rules": "hand_and_foot", "players": FOUR, "first_dealer": "Ali",
        "partnerships": True}).get_json()
    out = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1, "red_threes": 1,
           "melded": 2400, "left": 0}
    behind = {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120}
    for number in range(1, 5):
        state = client.post(f"{API}/games/{game['id']}/deals", json={
            "deal": number, "outcome": "scored", "went_out": "Ali",
            "sides": [out, behind]}).get_json()
    return state


def _points(client, _):
    game = client.post(f"{API}/games", json={
        "rules": {"preset": "points", "target": 30}, "players": FOUR[:3],
        "first_dealer": "Ali"}).get_json()
    return client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "points": {"Ali": 30, "Badr": 5, "Caro": 0}}).get_json()


@pytest.mark.parametrize(("play", "confirm"), [
    (_hand, "off"), (_hand, "other_side"), (_hand_and_foot, "off"), (_points, "off")])
def test_next_deal_is_null_after_the_last_deal(client, play, confirm):
    state = play(client, confirm)
    assert len(state["deals"]) >= 1 and state["next_deal"] is None
    # The game refuses a next deal: no number is offered for one.
    refused(client.post(f"{API}/games/{state['id']}/deals", json=_deal(
        len(state["deals"]) + 1, recorded_by="Ali")), 400)
