"""A group's ratings in a backup (scorekeeper/backup/ratings.py; format version 4): the
file carries each group's ratings as they stood, an import works them out again from the
games and comes out the same (export → import → export gives the same bytes), says so when
they differ from the file's, refuses a malformed ``ratings`` by name, and files of
version 3 (no ratings) still import with their ratings worked out."""

from __future__ import annotations

import json

import pytest
from backup_formats import as_format_4
from game_actions import API
from test_backup import export, fresh_app, load

from scorekeeper.models import RatingMove

FOUR = ["Ali", "Badr", "Caro", "Dina"]


@pytest.fixture
def rated(client) -> str:
    group_id = client.post(f"{API}/groups", json={"name": "Rated", "members": FOUR}
                           ).get_json()["id"]
    for n in range(3):
        game = client.post(f"{API}/games", json={
            "rules": {"preset": "points", "deals": 1}, "players": FOUR,
            "first_dealer": "Ali", "group": group_id}).get_json()
        client.post(f"{API}/games/{game['id']}/deals", json={
            "deal": 1, "points": {p: (i + n) % 4 for i, p in enumerate(FOUR)}})
    return group_id


def test_ratings_go_out_and_come_back_the_same(rated, runner, tmp_path, client,
                                               import_database):
    first = tmp_path / "first.json"
    data = export(runner, first)
    [group] = data["groups"]
    assert [r["member"] for r in group["ratings"]["points"]] == [0, 1, 2, 3]
    assert all(r["games"] == 3 for r in group["ratings"]["points"])
    api = client.get(f"{API}/groups/{rated}/ratings?game=points").get_json()["rows"]
    assert sorted(r["shown"] for r in group["ratings"]["points"]) == sorted(
        r["shown"] for r in api)
    other = fresh_app(import_database)
    result = load(other, first)
    assert result.exit_code == 0 and "differ" not in result.output, result.output
    second = tmp_path / "second.json"
    export(other.test_cli_runner(), second)
    assert second.read_bytes() == first.read_bytes()
    assert other.test_client().get(
        f"{API}/groups/{rated}/ratings?game=points").get_json()["rows"] == api


def test_ratings_unlike_the_files_are_worked_out_from_the_games_and_said(rated, runner,
                                                                          tmp_path):
    path = tmp_path / "file.json"
    data = export(runner, path)
    data["groups"][0]["ratings"]["points"][0]["shown"] += 50
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code == 0, result.output
    assert "its ratings were worked out again from the games imported" in result.output
    from scorekeeper.extensions import db
    with other.app_context():
        assert db.session.query(RatingMove).count() == 12


@pytest.mark.parametrize(("ratings", "named"), [
    ([], "must be an object"),
    ({"chess": []}, "names no game"),
    ({"points": {}}, "must be a list"),
    ({"points": [{"member": 0}]}, "holds member, mu"),
    ({"points": [{"member": 9, "mu": 1.0, "sigma": 1.0, "shown": 40, "games": 1}]},
     "member 9"),
])
def test_a_malformed_ratings_is_refused_by_name(rated, runner, tmp_path, ratings, named):
    path = tmp_path / "file.json"
    data = export(runner, path)
    data["groups"][0]["ratings"] = ratings
    path.write_text(json.dumps(data), encoding="utf-8")
    result = load(fresh_app(), path)
    assert named in result.output


def test_a_version_3_file_imports_with_its_ratings_worked_out(rated, runner, tmp_path):
    path = tmp_path / "file.json"
    data = as_format_4(export(runner, path))
    data["version"] = 3
    del data["groups"][0]["ratings"]
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code == 0, result.output
    from scorekeeper.extensions import db
    with other.app_context():
        assert db.session.query(RatingMove).count() == 12
    data["groups"][0]["ratings"] = {}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "unknown field" in load(fresh_app(), path).output

