"""Deals the other side confirms, through the JSON API (docs/api.md, "Confirmed deals";
docs/trust.md): who records, who may confirm or dispute, what waits (the game's end, the
league, the ratings), what a confirmed deal's change needs, and every bad request refused
with nothing half-saved."""

from __future__ import annotations

import pytest
from apiwork import refused
from game_actions import API

FOUR = ["Ali", "Badr", "Caro", "Dina"]  # partners Ali & Caro, Badr & Dina


def _start(client, confirm="other_side", group=None, rounds=2, **extra) -> dict:
    body = {"rules": {"preset": "levant", "rounds": rounds}, "players": FOUR,
            "first_dealer": "Ali", "partnerships": True, "confirm": confirm, **extra}
    if group:
        body["group"] = group
    made = client.post(f"{API}/games", json=body)
    assert made.status_code == 201, made.get_data(as_text=True)
    return made.get_json()


def _deal(number: int, winner: str = "Ali", **extra) -> dict:
    losers = [p for p in FOUR if p not in (winner, FOUR[(FOUR.index(winner) + 2) % 4])]
    return {"deal": number, "outcome": "scored", "winner": winner, "finish": "partial",
            "hands": {p: {"melded": True, "points": 30} for p in losers}, **extra}


def _record(client, game_id, number, by="Ali", winner="Ali") -> dict:
    answer = client.post(f"{API}/games/{game_id}/deals",
                         json=_deal(number, winner, recorded_by=by))
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()


def _act(client, state, number, action, status=200, **body):
    answer = client.post(f"{API}/games/{state['id']}/deals/{number}/{action}", json=body,
                         headers={"If-Match": f'"{state["version"]}"'})
    assert answer.status_code == status, answer.get_data(as_text=True)
    return answer.get_json()


def test_a_deal_says_who_recorded_it_and_who_may_confirm(client):
    state = _record(client, _start(client)["id"], 1)
    line = state["deals"][0]
    assert (line["recorded_by"], line["confirmed"], line["disputed"]) == ("Ali", None, None)
    assert state["confirm"] == "other_side" and state["unconfirmed"] == [1]
    after = _act(client, state, 1, "confirm", by="Badr")
    assert after["deals"][0]["confirmed"]["by"] == "Badr"
    assert after["unconfirmed"] == []


def test_a_game_is_not_over_until_every_deal_is_confirmed(client):
    group = client.post(f"{API}/groups", json={"name": "T", "members": FOUR}).get_json()
    game = _start(client, group=group["id"])
    _record(client, game["id"], 1)
    state = _record(client, game["id"], 2, by="Badr", winner="Ali")
    assert state["unconfirmed"] == [1, 2]
    # The rounds are played, but the game waits: no winner, no league, no rating.
    assert state["finished"] is False and state["winners"] == [] and state["dealer"] is None
    assert "rating_changes" not in state
    standings = client.get(f"{API}/groups/{group['id']}/standings?game=hand").get_json()
    assert standings["games"] == 0
    state = _act(client, state, 1, "confirm", by="Dina")
    state = _act(client, state, 2, "confirm", by="Caro")
    assert state["finished"] is True and state["winners"]
    assert len(state["rating_changes"]) == 4
    standings = client.get(f"{API}/groups/{group['id']}/standings?game=hand").get_json()
    assert standings["games"] == 1


def test_a_disputed_deal_is_marked_until_corrected_and_confirmed(client):
    state = _record(client, _start(client)["id"], 1)
    state = _act(client, state, 1, "dispute", by="Dina", reason="Caro had 40, not 30")
    assert state["deals"][0]["disputed"] == {"by": "Dina", "reason": "Caro had 40, not 30"}
    fixed = client.put(f"{API}/games/{state['id']}/deals/1", json=_deal(1, recorded_by="Ali"),
                       headers={"If-Match": f'"{state["version"]}"'})
    assert fixed.status_code == 200
    state = _act(client, fixed.get_json(), 1, "confirm", by="Dina")
    assert state["deals"][0]["disputed"] is None and state["unconfirmed"] == []


def test_a_confirmed_deal_changes_only_with_a_reason_kept_in_the_history(client, app):
    state = _record(client, _start(client)["id"], 1)
    state = _act(client, state, 1, "confirm", by="Badr")
    refused(client.put(f"{API}/games/{state['id']}/deals/1", json=_deal(1),
                       headers={"If-Match": f'"{state["version"]}"'}), 400, "reason")
    fixed = client.put(f"{API}/games/{state['id']}/deals/1",
                       json=_deal(1, "Caro", reason="Badr counted his joker twice",
                                  recorded_by="Ali"),
                       headers={"If-Match": f'"{state["version"]}"'})
    assert fixed.status_code == 200, fixed.get_data(as_text=True)
    assert fixed.get_json()["unconfirmed"] == [1]  # to be confirmed again
    from scorekeeper.extensions import db
    from scorekeeper.models import AuditEntry
    with app.app_context():
        notes = [(e.action, e.note) for e in db.session.query(AuditEntry).order_by(
            AuditEntry.id)]
    assert ("unlock", {"reason": "Badr counted his joker twice", "confirmed_by": "Badr",
                       "by": "Ali"}) in notes
    assert ("confirm", {"by": "Badr"}) in notes
    state = _act(client, fixed.get_json(), 1, "confirm", by="Dina")
    refused(client.delete(f"{API}/games/{state['id']}/deals/1",
                          headers={"If-Match": f'"{state["version"]}"'}), 400, "reason")
    undone = client.delete(f"{API}/games/{state['id']}/deals/1",
                           json={"reason": "a redeal after all"},
                           headers={"If-Match": f'"{state["version"]}"'})
    assert undone.status_code == 200 and undone.get_json()["deals"] == []


def test_a_confirmed_deal_in_a_pin_game_needs_the_pin_but_confirming_does_not(client):
    game = _start(client, pin="2468")
    pin = {"X-Table-PIN": "2468"}
    made = client.post(f"{API}/games/{game['id']}/deals",
                       json=_deal(1, recorded_by="Ali"), headers=pin)
    assert made.status_code == 201
    state = made.get_json()
    state = _act(client, state, 1, "confirm", by="Badr")  # the other side: no PIN
    locked = client.put(f"{API}/games/{state['id']}/deals/1", json=_deal(1, reason="x"),
                        headers={"If-Match": f'"{state["version"]}"'})
    assert locked.status_code == 403


def test_auto_confirm_confirms_the_deals_of_another_side_when_it_records(client):
    game = _start(client, auto_confirm=True, rounds=5)
    _record(client, game["id"], 1, by="Ali")
    state = _record(client, game["id"], 2, by="Caro")  # the same side: nothing confirmed
    assert state["unconfirmed"] == [1, 2]
    state = _record(client, game["id"], 3, by="Dina")
    assert state["unconfirmed"] == [3]
    assert state["deals"][0]["confirmed"]["by"] == "Dina"


def test_a_game_without_confirmation_takes_deals_as_before(client):
    game = _start(client, confirm="off")
    answer = client.post(f"{API}/games/{game['id']}/deals", json=_deal(1))
    assert answer.status_code == 201
    state = answer.get_json()
    assert state["confirm"] == "off" and state["unconfirmed"] == []
    refused(client.post(f"{API}/games/{game['id']}/deals/1/confirm", json={"by": "Badr"},
                        headers={"If-Match": f'"{state["version"]}"'}), 400, "not confirmed")


@pytest.mark.parametrize(("action", "body", "named"), [
    ("confirm", {"by": "Caro"}, "on the side that recorded"),
    ("confirm", {"by": "Ali"}, "on the side that recorded"),
    ("confirm", {"by": "Zed"}, "must name a player"),
    ("confirm", {}, "must name a player"),
    ("dispute", {"by": "Badr", "reason": ""}, "Say why"),
    ("dispute", {"by": "Badr", "reason": "x" * 1000}, "Say why"),
    ("dispute", {"by": "Badr"}, "Say why"),
    ("confirm", {"by": "Badr", "colour": "red"}, "colour"),
])
def test_a_bad_confirmation_is_a_400_and_changes_nothing(client, action, body, named):
    state = _record(client, _start(client)["id"], 1)
    refused(client.post(f"{API}/games/{state['id']}/deals/1/{action}", json=body,
                        headers={"If-Match": f'"{state["version"]}"'}), 400, named)
    again = client.get(f"{API}/games/{state['id']}").get_json()
    assert again["version"] == state["version"] and again["unconfirmed"] == [1]


def test_confirming_twice_or_from_a_stale_version_is_refused(client):
    state = _record(client, _start(client)["id"], 1)
    after = _act(client, state, 1, "confirm", by="Badr")
    stale = _act(client, state, 1, "confirm", 409, by="Dina")
    assert stale["game"]["deals"][0]["confirmed"]["by"] == "Badr"
    refused(client.post(f"{API}/games/{state['id']}/deals/1/confirm", json={"by": "Dina"},
                        headers={"If-Match": f'"{after["version"]}"'}), 400,
            "already confirmed")
    assert client.post(f"{API}/games/{state['id']}/deals/1/confirm",
                       json={"by": "Dina"}).status_code == 428


def test_a_deal_recorded_without_a_recorder_or_by_a_stranger_is_refused(client):
    game = _start(client)
    refused(client.post(f"{API}/games/{game['id']}/deals", json=_deal(1)), 400,
            "recorded_by")
    refused(client.post(f"{API}/games/{game['id']}/deals",
                        json=_deal(1, recorded_by="Zed")), 400, "recorded_by")
    assert client.get(f"{API}/games/{game['id']}").get_json()["deals"] == []


@pytest.mark.parametrize(("extra", "named"), [
    ({"confirm": "always"}, "confirm"), ({"auto_confirm": "yes"}, "auto_confirm")])
def test_a_bad_confirmation_setting_is_refused(client, extra, named):
    refused(client.post(f"{API}/games", json={
        "rules": "levant", "players": FOUR, "first_dealer": "Ali", **extra}), 400, named)


def test_the_setting_may_come_among_the_rules(client):
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "confirm": "other_side"}, "players": FOUR,
        "first_dealer": "Ali"})
    assert made.status_code == 201 and made.get_json()["confirm"] == "other_side"


def test_a_nights_table_waits_for_its_deals_to_be_confirmed(client):
    """A night's games take the night's setting; a table whose deals wait for the other
    side is not over: the next round does not start, the TV says the table is waiting."""
    eight = [*FOUR, "Emad", "Fadi", "Ghada", "Huda"]
    night = client.post(f"{API}/nights", json={
        "name": "Trust", "rules": {"preset": "levant", "rounds": 1}, "players": eight,
        "format": "rotating", "confirm": "other_side"}).get_json()
    assert night["confirm"] == "other_side"
    night = client.post(f"{API}/nights/{night['id']}/rounds", json={}).get_json()
    for table in night["rounds"][0]["tables"]:
        (a, b), (c, d) = table["sides"]
        state = client.post(f"{API}/games/{table['game']['id']}/deals", json={
            "deal": 1, "outcome": "scored", "winner": a, "finish": "partial",
            "recorded_by": a, "hands": {c: {"melded": True, "points": 30},
                                        d: {"melded": True, "points": 30}}}).get_json()
        assert state["confirm"] == "other_side" and not state["finished"]
    assert client.post(f"{API}/nights/{night['id']}/rounds", json={}).status_code == 409
    board = client.get(night["tv_url"].replace("http://localhost", "")).get_data(
        as_text=True)
    assert "Waiting for the other side" in board
    for table in night["rounds"][0]["tables"]:
        state = client.get(f"{API}/games/{table['game']['id']}").get_json()
        _act(client, state, 1, "confirm", by=table["sides"][1][0])
    assert client.post(f"{API}/nights/{night['id']}/rounds", json={}).status_code == 201
