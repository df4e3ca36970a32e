"""Issue 48, point 8 and part of point 10: the history of a game whose deals the other side
confirms shows the signatures — who confirmed each deal, who disputed it and why, who
changed a confirmed deal and why — on the page, the print, the CSV and the game's JSON; a
corrected dispute reads as resolved, a second dispute keeps the first, and a confirmation's
time keeps its zone (docs/trust.md)."""

from __future__ import annotations

import csv
import io

from game_actions import API, deal_form
from pagework import alerts
from test_web_groups import text_of

FOUR = ["Ali", "Badr", "Caro", "Dina"]  # partners Ali & Caro, Badr & Dina


def _game(client, rounds=2) -> str:
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "rounds": rounds}, "players": FOUR,
        "first_dealer": "Ali", "partnerships": True, "confirm": "other_side"})
    assert made.status_code == 201
    return made.get_json()["id"]


def _version(client, game_id) -> str:
    return client.get(f"{API}/games/{game_id}").get_json()["version"]


def _post(client, path, **form):
    response = client.post(path, data=form)
    assert response.status_code in (302, 303), alerts(response.text)


def _signed_game(client) -> str:
    """Ali records deal 1; Dina disputes it; Ali corrects it; Badr confirms it; Ali
    corrects it again, giving why."""
    game_id = _game(client)
    _post(client, f"/games/{game_id}/me", name="Ali")
    _post(client, f"/games/{game_id}/deals", **deal_form(1, winner=0, hands={1: 30, 3: 30}))
    _post(client, f"/games/{game_id}/deals/1/dispute", by="Dina", reason="Dina had 20",
          version=_version(client, game_id))
    _post(client, f"/games/{game_id}/deals/1/edit", **deal_form(1, winner=0, hands={
        1: 30, 3: 20}), version=_version(client, game_id))
    _post(client, f"/games/{game_id}/deals/1/confirm", by="Badr",
          version=_version(client, game_id))
    _post(client, f"/games/{game_id}/deals/1/edit", **deal_form(1, winner=0, hands={
        1: 40, 3: 20}), version=_version(client, game_id), reason="Badr had 40")
    return game_id


def test_the_history_shows_who_confirmed_disputed_and_changed_a_confirmed_deal(client):
    game_id = _signed_game(client)
    page = client.get(f"/games/{game_id}/changes").text
    text = text_of(page)
    assert "Deal 1 disputed by Dina" in text and "Why: Dina had 20" in text
    assert "Deal 1 confirmed by Badr" in text
    assert ("Deal 1 corrected by Ali" in text and "it had been confirmed by Badr" in text
            and "Why: Badr had 40" in text)
    # The reasons are the players' own words, isolated from the sentence around them.
    assert "<bdi>Badr had 40</bdi>" in page and "<bdi>Dina had 20</bdi>" in page
    # No line of the history is a bare "Deal 1 corrected →".
    assert "→ <" not in page.replace("\n", "") and "corrected</strong>" in page
    assert text.count("Deal 1 corrected") == 2


def test_the_print_the_csv_and_the_json_carry_the_signatures(client):
    game_id = _signed_game(client)
    printed = text_of(client.get(f"/games/{game_id}/print").text)
    assert "Confirmations, disputes and changes" in printed
    for said in ("Deal 1 disputed by Dina", "resolved since", "Why: Dina had 20",
                 "Deal 1 confirmed by Badr", "Deal 1 corrected by Ali",
                 "it had been confirmed by Badr", "Why: Badr had 40"):
        assert said in printed, said
    rows = list(csv.reader(io.StringIO(
        client.get(f"/games/{game_id}.csv").get_data(as_text=True))))
    head = rows.index(["Deal", "Signature", "By", "At", "Why", "Notes"])
    signed = [(r[0], r[1], r[2], r[4], r[5]) for r in rows[head + 1:]]
    assert signed == [
        ("1", "Deal 1 disputed by Dina", "Dina", "Dina had 20", "resolved since"),
        ("1", "Deal 1 confirmed by Badr", "Badr", "", ""),
        ("1", "Deal 1 corrected by Ali", "Ali", "Badr had 40",
         "it had been confirmed by Badr")]
    data = client.get(f"/games/{game_id}.json").get_json()
    assert [(s["action"], s["by"], s["reason"], s["confirmed_by"], s["resolved"])
            for s in data["signatures"]] == [
        ("disputed", "Dina", "Dina had 20", None, True),
        ("confirmed", "Badr", None, None, False),
        ("corrected", "Ali", "Badr had 40", "Badr", False)]
    assert all(s["at"].endswith("+00:00") for s in data["signatures"])


def test_a_corrected_dispute_reads_as_resolved(client):
    game_id = _game(client)
    _post(client, f"/games/{game_id}/me", name="Ali")
    _post(client, f"/games/{game_id}/deals", **deal_form(1, winner=0, hands={1: 30, 3: 30}))
    _post(client, f"/games/{game_id}/deals/1/dispute", by="Dina", reason="Dina had 20",
          version=_version(client, game_id))
    _post(client, f"/games/{game_id}/deals/1/edit", **deal_form(1, winner=0, hands={
        1: 30, 3: 20}), version=_version(client, game_id))
    state = client.get(f"{API}/games/{game_id}").get_json()
    assert state["deals"][0]["disputed"] is None and state["unconfirmed"] == [1]
    text = text_of(client.get(f"/games/{game_id}").text)
    assert "Disputed by Dina" not in text and "⚠ disputed" not in text
    assert "◷ to confirm" in text
    assert "resolved since" in text_of(client.get(f"/games/{game_id}/changes").text)


def test_a_second_dispute_keeps_the_first_in_the_history(client):
    game_id = _game(client)
    _post(client, f"/games/{game_id}/me", name="Ali")
    _post(client, f"/games/{game_id}/deals", **deal_form(1, winner=0, hands={1: 30, 3: 30}))
    for by, reason in (("Dina", "Dina had 20"), ("Badr", "Badr had 25")):
        _post(client, f"/games/{game_id}/deals/1/dispute", by=by, reason=reason,
              version=_version(client, game_id))
    text = text_of(client.get(f"/games/{game_id}/changes").text)
    assert "Deal 1 disputed by Dina" in text and "Why: Dina had 20" in text
    assert "Deal 1 disputed by Badr" in text and "Why: Badr had 25" in text
    state = client.get(f"{API}/games/{game_id}").get_json()
    assert state["deals"][0]["disputed"] == {"by": "Badr", "reason": "Badr had 25"}
    assert [s["reason"] for s in state["signatures"]] == ["Dina had 20", "Badr had 25"]


def test_confirmed_at_keeps_its_time_zone_in_every_read(client):
    game_id = _game(client)
    _post(client, f"/games/{game_id}/me", name="Ali")
    _post(client, f"/games/{game_id}/deals", **deal_form(1, winner=0, hands={1: 30, 3: 30}))
    confirmed = client.post(f"{API}/games/{game_id}/deals/1/confirm", json={
        "by": "Badr"}, headers={"If-Match": f'"{_version(client, game_id)}"'}).get_json()
    at = confirmed["deals"][0]["confirmed"]["at"]
    # Read again, from the database (SQLite gives its times back without their zone).
    again = client.get(f"{API}/games/{game_id}").get_json()["deals"][0]["confirmed"]["at"]
    exported = client.get(f"/games/{game_id}.json").get_json()["deals"][0]["confirmed"]["at"]
    assert at.endswith("+00:00") and again == exported == at
    rows = list(csv.reader(io.StringIO(
        client.get(f"/games/{game_id}.csv").get_data(as_text=True))))
    head = rows.index(["Deal", "Entered by", "Confirmed by", "Confirmed at", "Disputed by",
                       "Why"])
    assert rows[head + 1][3] == at
