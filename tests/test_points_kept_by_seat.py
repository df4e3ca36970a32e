"""A points sheet keeps each deal's points by seat (scorekeeper/games/points/store.py): a
member renamed in the group, or merged into another (issue 39, point 21), reads under the
new name, where rows kept by name stopped reading at all ("“Ali” is neither a player nor a
side of this game"). Rows written by name before are moved to seats by a migration, and
read as they are meanwhile; a backup written before imports."""

from __future__ import annotations

import json

from backup_formats import as_format_4
from flask_migrate import upgrade
from game_actions import API
from sqlalchemy import text
from test_backup import export, fresh_app, load
from test_migrations import logging_kept

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import DealRecord


def _points_game(client, group_id: str, sides=None) -> dict:
    body = {"rules": {"preset": "points", "deals": 3}, "players": ["Ali", "Badr", "Caro",
                                                                   "Dina"],
            "first_dealer": "Ali", "group": group_id}
    if sides:
        body["teams"] = sides
    game = client.post(f"{API}/games", json=body)
    assert game.status_code == 201, game.get_json()
    return game.get_json()


def test_a_points_game_reads_under_a_members_new_name(app, client):
    group_id = client.post(f"{API}/groups", json={"name": "T"}).get_json()["id"]
    alone = _points_game(client, group_id)
    paired = _points_game(client, group_id, [["Ali", "Caro"], ["Badr", "Dina"]])
    assert client.post(f"{API}/games/{alone['id']}/deals", json={
        "deal": 1, "points": {"Ali": 3, "Badr": 4, "Caro": 0, "Dina": -2}}).status_code == 201
    assert client.post(f"{API}/games/{paired['id']}/deals", json={
        "deal": 1, "points": {"Ali & Caro": 16, "Dina": -16}}).status_code == 201
    with app.app_context():
        stored = [d.report["points"] for d in db.session.scalars(db.select(DealRecord)
                                                                 .order_by(DealRecord.id))]
    assert stored == [[[0, 3], [1, 4], [2, 0], [3, -2]], [[[0, 2], 16], [3, -16]]]
    renamed = client.patch(f"{API}/groups/{group_id}", json={"rename": {"Ali": "Ali Z"}})
    assert renamed.status_code == 200
    one = client.get(f"{API}/games/{alone['id']}")
    assert one.status_code == 200, one.get_json()
    assert one.get_json()["totals"]["Ali Z"] == 3
    assert one.get_json()["deals"][0]["points"] == {"Ali Z": 3, "Badr": 4, "Caro": 0,
                                                    "Dina": -2}
    two = client.get(f"{API}/games/{paired['id']}").get_json()
    assert two["deals"][0]["points"] == {"Ali Z & Caro": 16, "Dina": -16}
    assert client.get(f"/games/{alone['id']}").status_code == 200


def test_the_migration_moves_points_kept_by_name_to_seats(tmp_path):
    """Rows as the app wrote them before (by the names the table gave), written at the
    migration before; upgraded, they read by seat, the same deal."""
    app = create_app({"TESTING": True, "SECRET_KEY": "migrations",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'm.sqlite'}"})
    with app.app_context(), logging_kept():
        upgrade(revision="dd2d6161b37c")
        db.session.execute(text(
            "INSERT INTO games (id, created_at, updated_at, rules, partnerships, teams, "
            "first_dealer, view_id) VALUES ('pointsgame0000000000', '2026-12-01 20:00:00', "
            "'2026-12-01 20:05:00', :rules, 0, '[[0, 2], [1, 3]]', 0, "
            "'pointsview0000000000')"), {"rules": json.dumps(
                {"preset": "points", "target": None, "deals": 3, "lowest_wins": False})})
        for seat, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
            db.session.execute(text("INSERT INTO seats (game_id, position, name) VALUES "
                                    "('pointsgame0000000000', :seat, :name)"),
                               {"seat": seat, "name": name})
        db.session.execute(text(
            "INSERT INTO deals (game_id, number, outcome, bonuses, first_melds, sides, "
            "created_at) VALUES ('pointsgame0000000000', 1, 'scored', '[]', '[]', :sides, "
            "'2026-12-01 20:05:00')"), {"sides": '[["Ann & Cy", 20], ["Dee", -20]]'})
        db.session.commit()
        upgrade()
        db.session.expire_all()
        [report] = db.session.scalars(text("SELECT report FROM deals")).all()
        after = app.test_client().get(f"{API}/games/pointsgame0000000000").get_json()
        db.engine.dispose()
    assert report in ('{"points": [[[0, 2], 20], [3, -20]]}', {"points": [[[0, 2], 20],
                                                                           [3, -20]]})
    assert after["deals"][0]["points"] == {"Ann & Cy": 20, "Dee": -20}
    assert after["totals"] == {"Ann": 20, "Bob": -20, "Cy": 20, "Dee": -20}


def test_a_backup_keeping_points_by_name_imports_and_reads_the_same(app, client, runner,
                                                                    tmp_path):
    game = _points_game(client, client.post(f"{API}/groups", json={"name": "T"}
                                            ).get_json()["id"])
    assert client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "points": {"Ali": 3, "Badr": 4, "Caro": 0, "Dina": -2}}).status_code == 201
    before = client.get(f"{API}/games/{game['id']}").get_json()
    path = tmp_path / "old.json"
    data = as_format_4(export(runner, path))
    # As a file written before points were kept by seat.
    [deal] = data["games"][0]["deals"]
    deal["sides"] = [["Ali", 3], ["Badr", 4], ["Caro", 0], ["Dina", -2]]
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code == 0, result.output
    after = other.test_client().get(f"{API}/games/{game['id']}").get_json()
    assert after["deals"] == before["deals"] and after["totals"] == before["totals"]
    with other.app_context():
        assert db.session.scalars(db.select(DealRecord.report)).one() == {"points": [
            [0, 3], [1, 4], [2, 0], [3, -2]]}
