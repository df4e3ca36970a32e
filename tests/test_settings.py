"""Settings a host gives in the environment (docs/deploy.md): SESSION_COOKIE_SECURE behind
HTTPS, and TRUSTED_PROXIES, which makes the app believe its reverse proxy's X-Forwarded-*
headers — the player's address for the PIN limit, https:// in the links — and only then."""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db

FORWARDED = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https",
             "X-Forwarded-Host": "hand.example.org"}


def made(monkeypatch, **env):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "SECRET_KEY": "settings", "WTF_CSRF_ENABLED": False})
    with app.app_context():
        db.create_all()
    return app


def test_behind_a_trusted_proxy_links_say_https_and_the_players_address(monkeypatch):
    app = made(monkeypatch, TRUSTED_PROXIES="1")
    seen = {}

    @app.get("/_address")
    def address():
        from flask import request
        seen["remote"] = request.remote_addr
        return ""

    client = app.test_client()
    client.get("/_address", headers=FORWARDED)
    assert seen["remote"] == "203.0.113.7"
    made_game = client.post("/api/v1/games", json={
        "rules": "levant", "players": ["A", "B"], "first_dealer": "A"}, headers=FORWARDED)
    assert made_game.get_json()["url"].startswith("https://hand.example.org/games/")


@pytest.mark.parametrize("value", ["", "0"])
def test_without_it_forwarded_headers_are_ignored(monkeypatch, value):
    app = made(monkeypatch, TRUSTED_PROXIES=value)
    made_game = app.test_client().post("/api/v1/games", json={
        "rules": "levant", "players": ["A", "B"], "first_dealer": "A"}, headers=FORWARDED)
    assert made_game.get_json()["url"].startswith("http://localhost/games/")


@pytest.mark.parametrize(("value", "secure"), [("1", True), ("true", True), ("", False),
                                               ("0", False)])
def test_session_cookie_secure_from_the_environment(monkeypatch, value, secure):
    assert made(monkeypatch, SESSION_COOKIE_SECURE=value).config[
        "SESSION_COOKIE_SECURE"] is secure


@pytest.mark.parametrize("url", ["sqlite:///club.sqlite", "sqlite:///{instance}/club.sqlite"])
def test_a_sqlite_database_url_as_the_readme_gives_it_keeps_games_in_that_file(
        monkeypatch, tmp_path, url):
    # README: "DATABASE_URL=sqlite:///club.sqlite for instance/club.sqlite" (a relative path
    # is taken inside the instance folder), or an absolute path after four slashes.
    instance = tmp_path / "instance"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(instance))
    monkeypatch.setenv("DATABASE_URL", url.format(instance=instance))
    app = create_app({"TESTING": True, "SECRET_KEY": "settings", "WTF_CSRF_ENABLED": False})
    with app.app_context():
        db.create_all()
        made_game = app.test_client().post("/api/v1/games", json={
            "rules": "levant", "players": ["A", "B"], "first_dealer": "A"})
        assert made_game.status_code == 201
        db.engine.dispose()
    assert (instance / "club.sqlite").stat().st_size > 0
