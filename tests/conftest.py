"""Shared fixtures, as in the Flask tutorial (flaskr): app, client, runner."""

import pytest

from scorekeeper import create_app
from scorekeeper.catalogues import compile_all
from scorekeeper.extensions import db


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


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
