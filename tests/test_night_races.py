"""Two starts of a round at once (issue 48, point 5; docs/night.md, "Starting a round"):
one starts the round, every other is a 409 naming it — never a 500 from the database's
guard, never a second round — from the API and from a double tap on the organiser's page,
on SQLite and on PostgreSQL, with each start served by a server of its own (two apps on
one database, as two processes). Issue 48 found 7 of 8 such races ending in a 500."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Game, Night

API = "/api/v1"
EIGHT = ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda"]
RACERS = 8

_APPS: list = []


def _app(url):
    app = create_app({"TESTING": True, "SECRET_KEY": "tests", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.create_all()
    _APPS.append(app)
    return app


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    if request.param == "postgresql":
        url = request.getfixturevalue("postgres_url")
        with _app(url).app_context():
            db.drop_all()
    else:
        url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    yield url
    while _APPS:
        with _APPS.pop().app_context():
            db.session.remove()
            db.engine.dispose()


def _night(url: str) -> str:
    made = _app(url).test_client().post(f"{API}/nights", json={
        "name": "Race", "rules": {"preset": "levant", "rounds": 1}, "players": EIGHT,
        "format": "rotating"})
    assert made.status_code == 201, made.get_data(as_text=True)
    return made.get_json()["id"]


def _race(url: str, send) -> list[int]:
    """*send* (a client, whose turn) from :data:`RACERS` threads at once, each on a
    server of its own: the statuses answered."""
    servers = [_app(url) for _ in range(RACERS)]
    gate = threading.Barrier(RACERS)
    answers: list[int] = []

    def go(n: int) -> None:
        client = servers[n].test_client()
        gate.wait()
        answers.append(send(client))

    threads = [threading.Thread(target=go, args=(n,)) for n in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return sorted(answers)


def _stored(url: str, night_id: str) -> tuple[int, int]:
    """The rounds started and the games made for *night_id*."""
    with _app(url).app_context():
        night = db.session.get(Night, night_id)
        games = db.session.scalar(select(func.count()).select_from(Game).where(
            Game.night_id == night_id))
        return len(night.started), games


@pytest.mark.parametrize("body", [{"round": 1}, {}], ids=["named", "unnamed"])
def test_starts_at_once_from_the_api_start_one_round(database, body):
    night_id = _night(database)
    answers = _race(database, lambda c: c.post(f"{API}/nights/{night_id}/rounds",
                                               json=body).status_code)
    assert answers == [201] + [409] * (RACERS - 1)
    assert _stored(database, night_id) == (1, 2)


def test_a_double_tap_on_the_page_starts_one_round(database):
    night_id = _night(database)
    answers = _race(database, lambda c: c.post(f"/nights/{night_id}/rounds",
                                               data={"round": "1"}).status_code)
    assert answers == [303] + [409] * (RACERS - 1)
    assert _stored(database, night_id) == (1, 2)
