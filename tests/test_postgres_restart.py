"""After PostgreSQL restarts, the app's pooled connections are checked before use and a
dead one replaced: no request answers 500 (issue 23, point 9)."""

from __future__ import annotations

import gc

import pytest
from pgserver import LocalPostgres

from scorekeeper import create_app
from scorekeeper.extensions import db


@pytest.fixture
def postgres():
    with LocalPostgres() as server:
        yield server


def test_requests_after_a_database_restart_are_answered(postgres):
    app = create_app({"SQLALCHEMY_DATABASE_URI": postgres.url, "SECRET_KEY": "restart"})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    try:
        game = client.post("/api/v1/games", json={"rules": "levant", "players": [
            "Ali", "Badr", "Caro"], "first_dealer": "Ali"}).get_json()
        assert client.get(f"/api/v1/games/{game['id']}").status_code == 200  # pooled now
        postgres.restart()
        for _ in range(3):  # every pooled connection was cut
            assert client.get(f"/api/v1/games/{game['id']}").status_code == 200
    finally:
        with app.app_context():  # close the pool's connections before the server goes
            db.session.remove()
            db.engine.dispose()
        gc.collect()  # any connection left open warns here, not in a later test
