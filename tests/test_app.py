"""The application factory, the home page and the health check."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from flask import render_template_string

from scorekeeper import create_app, normalise_database_url

ROOT = Path(__file__).resolve().parent.parent


def test_config():
    assert not create_app().testing
    assert create_app({"TESTING": True}).testing


def test_test_config_overrides_defaults(app):
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite://"
    assert app.config["WTF_CSRF_ENABLED"] is False


def test_default_database_is_sqlite_in_top_level_instance(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app({"TESTING": True})
    assert app.instance_path == str(ROOT / "instance")
    assert app.config["SQLALCHEMY_DATABASE_URI"] == (
        f"sqlite:///{ROOT / 'instance' / 'scorekeeper.sqlite'}"
    )


def test_database_url_from_env(monkeypatch, tmp_path):
    url = f"sqlite:///{tmp_path / 'elsewhere.sqlite'}"
    monkeypatch.setenv("DATABASE_URL", url)
    assert create_app().config["SQLALCHEMY_DATABASE_URI"] == url


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgres://u:p@db.example/hand", "postgresql+psycopg://u:p@db.example/hand"),
        ("postgresql://u:p@db.example/hand", "postgresql+psycopg://u:p@db.example/hand"),
        ("postgresql+psycopg://db.example/hand", "postgresql+psycopg://db.example/hand"),
        ("sqlite:///x/postgres://y", "sqlite:///x/postgres://y"),
    ],
)
def test_postgres_prefix_is_normalised(given, expected):
    # No engine is created here: the Postgres driver need not be installed.
    assert normalise_database_url(given) == expected


def test_top_level_folders_are_used(app):
    assert Path(app.template_folder) == ROOT / "templates"
    assert Path(app.static_folder) == ROOT / "static"
    # A template from the top-level folder actually renders.
    with app.test_request_context("/"):
        html = render_template_string('{% extends "base.html" %}{% block content %}X{% endblock %}')
    assert "Hand Scorekeeper" in html
    # X, then only the phone's reading switches (templates/_reading.html) end the main part.
    assert re.search(r"<main>\s*X\s*(?:<footer[^>]*>.*?</footer>\s*)?</main>", html, re.S)


def test_stylesheet_is_served(client):
    response = client.get("/static/style.css")
    assert response.status_code == 200
    assert "margin-inline" in response.text
    response.close()


def test_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.text
    assert "Hand Scorekeeper" in html
    assert '<html lang="en"' in html
    assert 'dir="ltr"' in html
    assert re.search(r'href="/static/style.css\?v=[0-9a-f]{12}"', html)
    assert 'href="/api/v1/rules"' in html
    assert 'href="/api/v1/openapi.json"' in html


def test_home_page_in_arabic_is_right_to_left(client):
    response = client.get("/", headers={"Accept-Language": "ar"})
    assert response.status_code == 200
    assert 'lang="ar"' in response.text
    assert 'dir="rtl"' in response.text
    assert 'dir="ltr"' not in response.text


def test_unsupported_language_falls_back_to_english(client):
    response = client.get("/", headers={"Accept-Language": "fr, de;q=0.8"})
    assert '<html lang="en" dir="ltr"' in response.text


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_unknown_url_is_404(client):
    assert client.get("/no-such-page").status_code == 404


def test_importing_the_package_does_not_import_flask():
    # `import scorekeeper.games.hand.rules` runs scorekeeper/__init__.py first; it must stay
    # web-free.
    code = "import sys, scorekeeper; sys.exit('flask' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
