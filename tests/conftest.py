"""Shared fixtures, as in the Flask tutorial (flaskr): app, client, runner."""

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db


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
