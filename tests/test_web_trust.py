"""Deals the other side confirms, on the pages (docs/trust.md): the setting at a new game,
"I am …", the deals waiting with Confirm and Dispute (no PIN needed: the other side's),
the sheet's marks, the game waiting for the other side, a reason to change a confirmed
deal, and every refusal said on the page with nothing half-saved."""

from __future__ import annotations

import re

from game_actions import API, deal_form
from pagework import alerts, rows
from test_web_groups import text_of

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, Game

FOUR = ["Ali", "Badr", "Caro", "Dina"]  # partners Ali & Caro, Badr & Dina
PIN = "2468"


def _game(client, rounds=1, **extra) -> str:
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "rounds": rounds}, "players": FOUR,
        "first_dealer": "Ali", "partnerships": True, "confirm": "other_side", **extra})
    assert made.status_code == 201
    return made.get_json()["id"]


def _as(client, game_id, name):
    assert client.post(f"/games/{game_id}/me", data={"name": name}).status_code == 303


def _record(client, game_id, number=1):
    response = client.post(f"/games/{game_id}/deals",
                           data=deal_form(number, winner=0, hands={1: 30, 3: 30}))
    assert response.status_code == 302, alerts(response.text)


def _version(client, game_id) -> str:
    return client.get(f"{API}/games/{game_id}").get_json()["version"]


def other_phone(app):
    return app.test_client()


def test_a_new_game_takes_the_confirmation_setting(app, client):
    form = {"preset": "levant", "player_0": "Ali", "player_1": "Badr", "player_2": "Caro",
            "player_3": "Dina", "first_dealer": "0", "partnerships": "y",
            "confirm": "other_side", "auto_confirm": "y"}
    response = client.post("/new", data=form)
    assert response.status_code == 302, alerts(response.text)
    with app.app_context():
        game = db.session.get(Game, response.location.rsplit("/", 1)[1])
        assert (game.confirm, game.auto_confirm) == ("other_side", True)


def test_a_deal_waits_for_the_other_side_marked_in_words(client):
    game_id = _game(client)
    _as(client, game_id, "Ali")
    _record(client, game_id)
    text = text_of(client.get(f"/games/{game_id}").text)
    assert "This phone records as Ali." in text
    assert "Waiting for the other side The game ends once every deal is confirmed." in text
    assert "Deal 1 · recorded by Ali Badr or Dina confirms." in text
    assert "◷ to confirm" in text and "Game over" not in text


def test_the_other_side_confirms_on_its_own_phone_without_the_pin(app, client):
    game_id = _game(client, pin=PIN)
    headers = {"X-Table-PIN": PIN}
    assert client.post(f"{API}/games/{game_id}/deals", headers=headers, json={
        "deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
        "recorded_by": "Ali", "hands": {"Badr": {"melded": True, "points": 30},
                                        "Dina": {"melded": True, "points": 30}}}
        ).status_code == 201
    theirs = other_phone(app)
    page = theirs.get(f"/games/{game_id}").text
    assert "This table has a PIN" in page and "Confirm deal 1" in page
    response = theirs.post(f"/games/{game_id}/deals/1/confirm",
                           data={"by": "Dina", "version": _version(client, game_id)})
    assert response.status_code == 303
    text = text_of(theirs.get(f"/games/{game_id}").text)
    assert "Game over" in text and "Ali & Caro won." in text
    assert "The deal is confirmed by the other side." in text
    # A confirmed deal, locked: no correction from the phone without the PIN.
    assert theirs.post(f"/games/{game_id}/deals/1/edit", data=deal_form(1) | {
        "reason": "x", "version": _version(client, game_id)}).status_code == 403


def test_a_player_of_the_recorders_side_cannot_confirm(client):
    game_id = _game(client)
    _as(client, game_id, "Ali")
    _record(client, game_id)
    before = _version(client, game_id)
    response = client.post(f"/games/{game_id}/deals/1/confirm",
                           data={"by": "Caro", "version": before})
    assert response.status_code == 422
    assert any("Caro is on the side that recorded deal 1" in a for a in alerts(response.text))
    assert _version(client, game_id) == before


def test_a_stale_confirmation_is_refused(client):
    game_id = _game(client, rounds=2)
    _as(client, game_id, "Ali")
    _record(client, game_id)
    seen = _version(client, game_id)
    _record(client, game_id, 2)
    response = client.post(f"/games/{game_id}/deals/1/confirm",
                           data={"by": "Badr", "version": seen})
    assert response.status_code == 409


def test_a_disputed_deal_shows_who_and_why_until_confirmed(client):
    game_id = _game(client)
    _as(client, game_id, "Ali")
    _record(client, game_id)
    for reason, status in (("", 422), ("x" * 1000, 422), ("Dina had 20", 303)):
        response = client.post(f"/games/{game_id}/deals/1/dispute", data={
            "by": "Dina", "reason": reason, "version": _version(client, game_id)})
        assert response.status_code == status
    text = text_of(client.get(f"/games/{game_id}").text)
    assert "Disputed by Dina: Dina had 20" in text and "⚠ disputed" in text


def test_a_confirmed_deal_is_corrected_only_with_a_reason_kept_in_the_history(app, client):
    game_id = _game(client, rounds=2)
    _as(client, game_id, "Ali")
    _record(client, game_id)
    client.post(f"/games/{game_id}/deals/1/confirm",
                data={"by": "Badr", "version": _version(client, game_id)})
    edit = client.get(f"/games/{game_id}/deals/1/edit").text
    assert "Deal 1 was confirmed by Badr: why does it change?" in text_of(edit)
    changed = deal_form(1, winner=0, hands={1: 40, 3: 30})
    refused = client.post(f"/games/{game_id}/deals/1/edit",
                          data=changed | {"version": _version(client, game_id)})
    assert refused.status_code == 422 and "say why it changes" in refused.text
    fixed = client.post(f"/games/{game_id}/deals/1/edit", data=changed | {
        "version": _version(client, game_id), "reason": "Badr had 40"})
    assert fixed.status_code == 302
    with app.app_context():
        notes = [e.note for e in db.session.query(AuditEntry).filter_by(
            game_id=game_id, action="unlock")]
    assert notes == [{"reason": "Badr had 40", "confirmed_by": "Badr", "by": "Ali"}]
    assert "Deal 1 · recorded by Ali" in text_of(client.get(f"/games/{game_id}").text)


def test_undoing_a_confirmed_deal_asks_why(client):
    game_id = _game(client, rounds=2)
    _as(client, game_id, "Ali")
    _record(client, game_id)
    client.post(f"/games/{game_id}/deals/1/confirm",
                data={"by": "Dina", "version": _version(client, game_id)})
    page = client.get(f"/games/{game_id}").text
    assert "Deal 1 was confirmed by Dina: why undo it?" in text_of(page)
    form = {"deal": "1", "version": _version(client, game_id)}
    assert client.post(f"/games/{game_id}/undo", data=form).status_code == 422
    done = client.post(f"/games/{game_id}/undo", data=form | {"reason": "a redeal"})
    assert done.status_code == 302
    assert client.get(f"{API}/games/{game_id}").get_json()["deals"] == []


def test_the_view_only_page_shows_the_marks_but_no_forms(app, client):
    game_id = _game(client)
    _as(client, game_id, "Ali")
    _record(client, game_id)
    with app.app_context():
        view = db.session.get(Game, game_id).view_id
    page = client.get(f"/view/{view}").text
    assert "recorded by Ali" in text_of(page) and "◷ to confirm" in text_of(page)
    assert "/confirm" not in page and game_id not in page


def test_the_other_sides_actions_change_nothing_else(app, client):
    """tests/test_security.py leaves these out of the PIN-guarded writes: sent without the
    PIN, with a deal's body, they record and correct nothing."""
    game_id = _game(client, pin=PIN)
    stranger = other_phone(app)
    before = rows(app)
    for path in (f"/games/{game_id}/me", f"/games/{game_id}/deals/1/confirm",
                 f"/games/{game_id}/deals/1/dispute"):
        response = stranger.post(path, data=deal_form(1))
        assert response.status_code in (404, 422), path
    assert rows(app) == before


def test_print_and_the_exports_say_who_entered_and_who_confirmed(client):
    game_id = _game(client, rounds=2)
    _as(client, game_id, "Ali")
    _record(client, game_id)
    client.post(f"/games/{game_id}/deals/1/confirm",
                data={"by": "Badr", "version": _version(client, game_id)})
    _record(client, game_id, 2)
    printed = text_of(client.get(f"/games/{game_id}/print").text)
    assert ("Who entered and who confirmed each deal Deal Entered by Confirmed by "
            "1 Ali Badr 2 Ali not yet confirmed") in printed
    sheet = client.get(f"/games/{game_id}.csv").get_data(as_text=True).splitlines()
    marks = sheet.index("Deal,Entered by,Confirmed by,Confirmed at,Disputed by,Why")
    assert sheet[marks + 1].startswith("1,Ali,Badr,20") and sheet[marks + 2] == "2,Ali,,,,"
    data = client.get(f"/games/{game_id}.json").get_json()
    assert data["deals"][0]["confirmed"]["by"] == "Badr"
    assert data["deals"][1]["recorded_by"] == "Ali" and data["unconfirmed"] == [2]


def test_a_groups_next_game_offers_the_confirmation_it_played_with(client):
    group = client.post(f"{API}/groups", json={"name": "T", "members": FOUR}).get_json()
    made = client.post(f"{API}/games", json={
        "rules": "levant", "players": FOUR, "first_dealer": "Ali", "group": group["id"],
        "confirm": "other_side", "auto_confirm": True})
    assert made.status_code == 201
    page = client.get(f"/groups/{group['id']}/new").text
    assert re.search(r'<input checked[^>]*name="confirm" type="radio" value="other_side">',
                     page)
    assert '<input checked id="auto_confirm" name="auto_confirm"' in page
