"""The limit on wrong table PINs holds however the tries arrive (docs/security.md, "Rate
limit": 5 wrong PINs for one game from one address within any 60 seconds, then every try
is refused). Issue 12 found that tries sent at once got 8 through instead of 5 and that
two server processes counted separately; the count now lives in the database, taken
under a lock on the game."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import PinAttempt
from scorekeeper.pins import LIMIT

API = "/api/v1"
PIN = "2468"


# PostgreSQL too (conftest's postgres_url), emptied for each test.
_APPS: list = []


def _app(url):
    """One server process's app on the database at *url*: each call is another server."""
    app = create_app({"TESTING": True, "SECRET_KEY": "tests", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.create_all()
    _APPS.append(app)
    return app


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """The database every app of the test shares: a SQLite file, or PostgreSQL."""
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


@pytest.fixture
def pin_game(database) -> str:
    app = _app(database)
    created = app.test_client().post(f"{API}/games", json={
        "rules": "levant", "players": ["Ali", "Badr"], "first_dealer": "Ali", "pin": PIN})
    assert created.status_code == 201
    return created.get_json()["id"]


def _guess(client, game_id: str, pin: str) -> int:
    return client.post(f"{API}/games/{game_id}/deals", headers={"X-Table-PIN": pin},
                       json={"deal": 1, "outcome": "redeal"}).status_code


def test_twenty_wrong_guesses_at_once_let_exactly_five_be_checked(database, pin_game):
    app = _app(database)
    start = threading.Barrier(20)
    answers: list[int] = []

    def guess(n: int) -> None:
        client = app.test_client()
        start.wait()
        answers.append(_guess(client, pin_game, f"{1000 + n}"))

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers) == [403] * LIMIT + [429] * (20 - LIMIT)


def test_twenty_wrong_guesses_at_once_on_two_servers_let_five_be_checked(database,
                                                                         pin_game):
    servers = [_app(database), _app(database)]
    start = threading.Barrier(20)
    answers: list[int] = []

    def guess(n: int) -> None:
        client = servers[n % 2].test_client()
        start.wait()
        answers.append(_guess(client, pin_game, f"{1000 + n}"))

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers) == [403] * LIMIT + [429] * (20 - LIMIT)


def test_two_server_processes_share_one_count(database, pin_game):
    first, second = _app(database).test_client(), _app(database).test_client()
    for n in range(LIMIT):
        assert _guess(first if n % 2 else second, pin_game, "1111") == 403
    # Even the right PIN waits now, on either server.
    assert _guess(first, pin_game, PIN) == 429
    assert _guess(second, pin_game, PIN) == 429


def test_right_pins_do_not_count(database, pin_game):
    client = _app(database).test_client()
    for _ in range(LIMIT + 2):
        assert _guess(client, pin_game, PIN) in (201, 409)
    assert _guess(client, pin_game, "1111") == 403


def test_the_wait_ends_a_minute_after_the_tries(database, pin_game):
    app = _app(database)
    client = app.test_client()
    for _ in range(LIMIT):
        _guess(client, pin_game, "1111")
    assert _guess(client, pin_game, PIN) == 429
    with app.app_context():  # the tries are now a minute old
        db.session.execute(update(PinAttempt).values(
            at=datetime.now(UTC) - timedelta(seconds=61)))
        db.session.commit()
    assert _guess(client, pin_game, PIN) == 201


def test_tries_older_than_the_window_are_pruned(database, pin_game):
    app = _app(database)
    client = app.test_client()
    for _ in range(3):
        _guess(client, pin_game, "1111")
    with app.app_context():
        db.session.execute(update(PinAttempt).values(
            at=datetime.now(UTC) - timedelta(seconds=61)))
        db.session.commit()
    assert _guess(client, pin_game, "1111") == 403
    with app.app_context():  # only the try just made is left
        assert db.session.scalar(select(func.count()).select_from(PinAttempt)) == 1


def test_without_the_limit_nothing_is_counted(database, pin_game):
    """RATELIMIT_ENABLED = False (the fuzz tests' switch) turns the limit off."""
    app = _app(database)
    app.config["RATELIMIT_ENABLED"] = False
    client = app.test_client()
    for _ in range(LIMIT + 3):
        assert _guess(client, pin_game, "1111") == 403
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(PinAttempt)) == 0
