"""Shared fixtures, as in the Flask tutorial (flaskr): app, client, runner, and ``actions``
(tests/game_actions.py: a table starting games and recording deals, as flaskr's
``AuthActions`` logs in), with the games the page tests start from: ``game``, ``played``
and ``finished``."""

import os

import pytest
from databases import new_database
from depth import DEEP, examples
from flask import Flask
from game_actions import NAMES, GameActions
from hypothesis import HealthCheck, settings
from pgserver import LocalPostgres
from phone_client import ConformingClient, PhoneClient

from scorekeeper import create_app, pins
from scorekeeper.catalogues import compile_all
from scorekeeper.extensions import db

# The properties' profile. No deadline: a property checks what an answer is, never how fast
# it came (bench/ measures speed), and with the suite spread over the cores, or two suites
# on one machine, an example that takes 30 ms alone can take ten times that. Properties
# that name no count of examples take the profile's; `make test-deep` takes ten times more.
settings.register_profile("everyday", deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", settings.get_profile("everyday"),
                          max_examples=examples(settings.default.max_examples))
settings.load_profile("deep" if DEEP else "everyday")

# Every app's test client reads the game before correcting or undoing, as phones do
# (tests/phone_client.py); raw_client sends exactly what a test gives it.
Flask.test_client_class = PhoneClient


def pytest_sessionstart(session):
    # The .mo catalogues are build output: compile any .po changed since, so a plain
    # `pytest` (without `make translations`) reads the translations as they are in git.
    compile_all()


def pytest_collection_modifyitems(items):
    # The fuzzer first: it is the longest test by far (minutes), and the workers share out
    # the tests in order (each half, then each taking from the other's end once its own
    # are done): it had come midway through the second half, where it could outlast the
    # rest. First, the other worker and then both go through everything else meanwhile.
    items.sort(key=lambda item: item.get_closest_marker("fuzz") is None)


@pytest.fixture(scope="session", autouse=True)
def _a_pin_hashed_once():
    """Each PIN hashed once per worker: the app's own hash (scrypt, as stored in
    production and read back by the backups), the same for every game given the same PIN,
    so that checking it is hashed once too (the app remembers each hash and PIN it has
    checked). A hash takes a tenth of a second on purpose, twice that on a busy machine, and
    the suite sets hundreds of PINs; a wrong PIN is still checked against the hash, and the
    limit on wrong ones counted, as in production."""
    made: dict[str, str] = {}
    hash_of = pins.generate_password_hash

    def once(pin: str) -> str:
        if pin not in made:
            made[pin] = hash_of(pin)
        return made[pin]

    pins.generate_password_hash = once
    yield
    pins.generate_password_hash = hash_of


APP_CONFIG = {
    "TESTING": True,
    # In-memory database: each test gets a fresh, empty one (see ``app``).
    "SQLALCHEMY_DATABASE_URI": "sqlite://",
    "WTF_CSRF_ENABLED": False,
    "SECRET_KEY": "tests",
}


@pytest.fixture(scope="session")
def _one_app() -> Flask:
    # Building an app costs 0.2 s and more, nearly all of it Werkzeug compiling the URL
    # rules (over 100 of them); once per worker instead of once per test saves minutes.
    return create_app(APP_CONFIG)


@pytest.fixture
def app(_one_app):
    """The worker's app on a new, empty in-memory database, with the settings and template
    globals a test may change put back afterwards: to the test, as good as a fresh app.
    (Process-wide caches are keyed by game id and version, which no two games share.)"""
    app = _one_app
    config, template_globals = dict(app.config), dict(app.jinja_env.globals)
    new_database(app)
    yield app
    with app.app_context():
        db.session.remove()
    app.config.clear()
    app.config.update(config)
    app.jinja_env.globals.clear()
    app.jinja_env.globals.update(template_globals)


@pytest.fixture
def own_app():
    """An app of the test's own, for a test that adds a route to it (Flask refuses that
    once an app has answered a request)."""
    app = create_app(APP_CONFIG)
    with app.app_context():
        db.create_all()
    return app


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


@pytest.fixture(params=["sqlite", "postgresql"])
def import_database(request) -> str:
    """The database a backup test imports into (tests/test_backup.py, ``fresh_app``): a
    new in-memory SQLite database, or PostgreSQL, which enforces the links between tables
    (foreign keys) that SQLite, as the tests use it, does not."""
    return request.getfixturevalue("postgres_url") if request.param == "postgresql" \
        else "sqlite://"


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
