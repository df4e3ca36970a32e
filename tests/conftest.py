"""Shared fixtures, as in the Flask tutorial (flaskr): app, client, runner, and ``actions``
(tests/game_actions.py: a table starting games and recording deals, as flaskr's
``AuthActions`` logs in), with the games the page tests start from: ``game``, ``played``
and ``finished``."""

import os

import pytest
from flask import Flask
from game_actions import NAMES, GameActions
from pgserver import LocalPostgres
from phone_client import ConformingClient, PhoneClient

from scorekeeper import create_app
from scorekeeper.catalogues import compile_all
from scorekeeper.extensions import db

# Every app's test client reads the game before correcting or undoing, as phones do
# (tests/phone_client.py); raw_client sends exactly what a test gives it.
Flask.test_client_class = PhoneClient


def pytest_sessionstart(session):
    # The .mo catalogues are build output: compile any .po changed since, so a plain
    # `pytest` (without `make translations`) reads the translations as they are in git.
    compile_all()


@pytest.fixture
def app():
    app = create_app(
        {
            "TESTING": True,
            # In-memory database: each test gets a fresh, empty one.
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": "tests",
        }
    )
    with app.app_context():
        db.create_all()
    yield app


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL database for the tests that check what only PostgreSQL does: the one
    SCOREKEEPER_TEST_POSTGRES names, or a throwaway server started once for the session
    (tests/pgserver.py; `make test` installs Debian's postgresql for it)."""
    if named := os.environ.get("SCOREKEEPER_TEST_POSTGRES"):
        yield named
        return
    with LocalPostgres() as server:
        yield server.url


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def raw_client(app):
    """A client that sends only what the test says: no version it was not given (its API
    answers are still checked against the OpenAPI description)."""
    return ConformingClient(app, app.response_class, use_cookies=True)


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def actions(client) -> GameActions:
    """``actions.start()``, ``.record(game_id)``, ``.state(game_id)``... on ``client``."""
    return GameActions(client)


@pytest.fixture
def game(actions) -> str:
    """A Levant game of Ali, Badr and Caro (Ali deals first), started here, no deals."""
    return actions.start()


@pytest.fixture
def played(actions, game) -> str:
    """The same game with its first deal recorded (game_actions.FIRST_SCORES)."""
    actions.record(game)
    return game


@pytest.fixture
def finished(client, actions) -> str:
    """A one-round Levant game of Ali and Badr that Ali has won, opened on this phone."""
    game_id = actions.create({"preset": "levant", "rounds": 1}, NAMES[:2])["id"]
    state = actions.post_deal(game_id, {
        "deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
        "hands": {"Badr": {"melded": False}}})
    assert state["finished"] is True
    client.get(f"/games/{game_id}")  # opened on this phone
    return game_id
