"""Deals the other side confirms in a backup (docs/trust.md, docs/durability.md): who
recorded, confirmed or disputed each deal, the game's setting and the history's notes are
columns like any other, carried and restored byte for byte."""

from __future__ import annotations

import json

from game_actions import API
from test_backup import export, fresh_app, load

FOUR = ["Ali", "Badr", "Caro", "Dina"]


def test_confirmations_disputes_and_reasons_go_out_and_come_back_the_same(client, runner,
                                                                          tmp_path,
                                                                          import_database):
    """Deals the other side confirms (docs/trust.md): who recorded, confirmed or disputed
    each deal and the history's notes travel in the file, byte for byte."""
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "rounds": 3}, "players": FOUR, "first_dealer": "Ali",
        "partnerships": True, "confirm": "other_side", "auto_confirm": True}).get_json()

    def deal(number, by, **extra):
        return {"deal": number, "outcome": "scored", "winner": by, "finish": "partial",
                "recorded_by": by, "hands": {p: {"melded": True, "points": 30}
                                             for p in ("Badr", "Dina")}, **extra}

    state = client.post(f"{API}/games/{made['id']}/deals", json=deal(1, "Ali")).get_json()
    state = client.post(f"{API}/games/{made['id']}/deals/1/confirm", json={"by": "Badr"},
                        headers={"If-Match": f'"{state["version"]}"'}).get_json()
    state = client.put(f"{API}/games/{made['id']}/deals/1",
                       json=deal(1, "Caro", reason="Caro went out, not Ali"),
                       headers={"If-Match": f'"{state["version"]}"'}).get_json()
    state = client.post(f"{API}/games/{made['id']}/deals/1/dispute",
                        json={"by": "Dina", "reason": "Badr had 20"},
                        headers={"If-Match": f'"{state["version"]}"'}).get_json()
    assert state["deals"][0]["disputed"]["by"] == "Dina"
    first = tmp_path / "first.json"
    data = export(runner, first)
    [game] = [g for g in data["games"] if g["id"] == made["id"]]
    assert game["confirm"] == "other_side" and game["deals"][0]["disputed_by"] == 3
    assert [e["action"] for e in game["audit"]] == ["record", "confirm", "unlock",
                                                    "correct", "dispute"]
    other = fresh_app(import_database)
    result = load(other, first)
    assert result.exit_code == 0, result.output
    second = tmp_path / "second.json"
    export(other.test_cli_runner(), second)
    assert second.read_bytes() == first.read_bytes()
    assert other.test_client().get(f"{API}/games/{made['id']}").get_json()[
        "deals"][0]["disputed"] == {"by": "Dina", "reason": "Badr had 20"}


def test_a_file_naming_no_confirmation_setting_the_app_knows_is_refused(client, runner,
                                                                        tmp_path):
    """Found by the tampering test: a game whose "confirm" was "KC" was imported, and
    its state then answered a setting the API description does not allow."""
    made = client.post(f"{API}/games", json={
        "rules": "levant", "players": FOUR[:2], "first_dealer": "Ali"}).get_json()
    path = tmp_path / "tampered.json"
    data = export(runner, path)
    [game] = [g for g in data["games"] if g["id"] == made["id"]]
    game["confirm"] = "KC"
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code != 0
    assert "'confirm': must be \"off\", \"other_side\" or null" in result.output
    assert other.test_client().get(f"{API}/games/{made['id']}").status_code == 404
