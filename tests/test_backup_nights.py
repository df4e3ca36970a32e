"""Nights in a backup (scorekeeper/backup/nights.py; issue 36: "flask export-games /
import-games carry nights, restoring byte for byte"): a night with its rounds, history,
PIN and group goes out and comes back the same, its games naming it; a night already here
is skipped; a tampered night is refused by name, and so are the games that name it."""

from __future__ import annotations

import json

import pytest
from game_actions import API
from test_backup import count, export, fresh_app, load

from scorekeeper.models import Game, Night, NightChange, NightRound

EIGHT = ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda"]


@pytest.fixture
def night(client) -> dict:
    """A group's night with a PIN, one round played at one table, a late arrival and a
    second round forced."""
    group = client.post(f"{API}/groups", json={"name": "Diwaniya"}).get_json()
    made = client.post(f"{API}/nights", json={
        "name": "Thursday", "rules": {"preset": "levant", "rounds": 1}, "players": EIGHT,
        "format": "rotating", "group": group["id"], "pin": "2468"}).get_json()
    pin = {"X-Table-PIN": "2468"}
    made = client.post(f"{API}/nights/{made['id']}/rounds", json={}, headers=pin).get_json()
    table = made["rounds"][0]["tables"][0]
    state = client.get(f"{API}/games/{table['game']['id']}").get_json()
    winner = table["sides"][0][0]
    client.post(f"{API}/games/{state['id']}/deals", json={
        "deal": 1, "outcome": "scored", "winner": winner, "finish": "partial",
        "hands": {p: {"melded": True, "points": 20} for p in state["players"]
                  if p != winner}})
    client.post(f"{API}/nights/{made['id']}/players", json={"name": "Zaid"}, headers=pin)
    client.post(f"{API}/nights/{made['id']}/rounds", json={"force": True}, headers=pin)
    return client.get(f"{API}/nights/{made['id']}").get_json()


def test_a_night_goes_out_and_comes_back_the_same(night, runner, tmp_path, client,
                                                  import_database):
    first = tmp_path / "first.json"
    data = export(runner, first)
    assert [n["id"] for n in data["nights"]] == [night["id"]]
    assert len(data["nights"][0]["started"]) == 2
    assert [c["action"] for c in data["nights"][0]["changes"]] == [
        "created", "round", "add", "forced", "round"]
    assert sum(g["night_id"] == night["id"] for g in data["games"]) == 4
    other = fresh_app(import_database)
    result = load(other, first)
    assert result.exit_code == 0, result.output
    assert "Exported 4 games, 1 group and 1 night to" in runner.invoke(
        args=["export-games", str(tmp_path / "x.json")]).output
    second = tmp_path / "second.json"
    export(other.test_cli_runner(), second)
    assert second.read_bytes() == first.read_bytes()
    # The night reads the same: its plan (from its seed) and its standing.
    assert other.test_client().get(f"{API}/nights/{night['id']}").get_json() == night
    assert (count(other, Night), count(other, NightRound), count(other, NightChange),
            count(other, Game)) == (1, 2, 5, 4)


def test_a_night_already_here_is_skipped(night, runner, tmp_path, app):
    path = tmp_path / "games.json"
    export(runner, path)
    result = load(app, path)
    assert result.exit_code == 0
    assert f"Skipped night {night['id']} (Thursday)" in result.output
    assert count(app, Night) == 1


@pytest.mark.parametrize(("tamper", "said"), [
    (lambda n: n.update(format="swiss"), "format"),
    (lambda n: n.update(table_size=5), "table size"),
    (lambda n: n.update(players=["Ali", "ali", "Badr", "Caro"]), "ali"),
    (lambda n: n.update(pairs=[["Ali", "Badr"]]), "'pairs'"),
    (lambda n: n["started"][1].update(number=3), "numbered 1, 2, 3"),
    (lambda n: n["started"][0].update(games=["x"]), "one game for each table"),
    (lambda n: n["started"][0].update(seating={"tables": "all"}), "seating"),
    (lambda n: n["changes"][0].update(action="party"), "created, round"),
    (lambda n: n.update(group_id="G" * 24), "names no group"),
    (lambda n: n.update(pin_hash="plain"), "pin_hash"),
])
def test_a_tampered_night_is_refused_by_name_with_its_games(night, runner, tmp_path,
                                                            tamper, said):
    path = tmp_path / "games.json"
    data = export(runner, path)
    tamper(data["nights"][0])
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert f"Not imported: night {night['id']}" in result.output and said in result.output
    # Its games name a night that is not there: left out, each said so.
    assert result.output.count(f"names night {night['id']}, which is left out") == 4
    assert count(other, Night) == 0 and count(other, Game) == 0


def test_a_file_of_version_2_holds_no_nights(night, runner, tmp_path):
    path = tmp_path / "games.json"
    data = export(runner, path)
    data["version"] = 2
    path.write_text(json.dumps(data), encoding="utf-8")
    result = load(fresh_app(), path)
    assert result.exit_code != 0 and 'version 2 of the format holds no "nights"' in result.output
