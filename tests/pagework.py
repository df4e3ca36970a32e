"""Driving the pages and routes as a browser or a stranger would, for the security and fuzz
tests: the forms as posted, the CSRF token read off a page, every route of the app with its
placeholders filled in, and a count of every table's rows to show nothing was stored."""

from __future__ import annotations

import re

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game

API = "/api/v1"
PLAYERS = ["Ali", "Badr", "Caro"]
XSS = "<script>alert(1)</script>"
TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
READS = {"GET", "HEAD", "OPTIONS"}


def new_game_form(players=PLAYERS, **extra) -> dict:
    """The new-game form as a browser posts it: all five seats, empty ones too."""
    data = {"preset": "levant", "first_dealer": "0"}
    for seat in range(5):
        data[f"player_{seat}"] = players[seat] if seat < len(players) else ""
    return data | extra


def deal_form(number=1, **extra) -> dict:
    """Deal *number* of a three-player Levant table: Badr went out, Ali kept 20 points,
    Caro never melded."""
    return {"deal": str(number), "outcome": "scored", "winner": "1", "finish": "partial",
            "indicator": "", "melded_0": "yes", "points_0": "20", "cards_0": "",
            "melded_2": "no", "points_2": "", "cards_2": ""} | extra


def token(client, path: str) -> str:
    """The CSRF token on the page at *path*."""
    match = TOKEN.search(client.get(path).text)
    assert match, f"no CSRF token on {path}"
    return match.group(1)


def start(client, players=PLAYERS, **extra) -> str:
    """Start a game through /new (with its token when CSRF is on); its id."""
    data = new_game_form(players, **extra)
    if client.application.config.get("WTF_CSRF_ENABLED", True):
        data["csrf_token"] = token(client, "/new")
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.text
    return response.location.rsplit("/", 1)[-1]


def record(client, game_id: str, number: int = 1) -> None:
    """Record deal *number* through the page's form."""
    data = deal_form(number)
    if client.application.config.get("WTF_CSRF_ENABLED", True):
        data["csrf_token"] = token(client, f"/games/{game_id}")
    response = client.post(f"/games/{game_id}/deals", data=data)
    assert response.status_code == 302, response.text


def view_id(app, game_id: str) -> str:
    with app.app_context():
        return db.session.get(Game, game_id).view_id


def rows(app) -> dict[str, int]:
    """How many rows each table holds."""
    with app.app_context():
        return {table.name: db.session.scalar(select(func.count()).select_from(table))
                for table in db.metadata.sorted_tables}


def routes(app, *, api: bool | None = None, writes: bool | None = None):
    """(method, rule) for every route but the static files; *api* and *writes* keep only
    the JSON API's (or only the pages') and only changing methods (or only reading)."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        if api is not None and rule.rule.startswith(API + "/") != api:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            if writes is not None and (method not in READS) != writes:
                continue
            found.append((method, rule))
    return sorted(found, key=lambda pair: (pair[1].rule, pair[0]))


def path_of(app, rule, game_id: str, number: int = 1) -> str:
    """*rule*'s address for this game (its view link for a view_id, deal *number*)."""
    values = {}
    for name in rule.arguments:
        if name == "game_id":
            values[name] = game_id
        elif name == "view_id":
            values[name] = view_id(app, game_id)
        elif hasattr(rule._converters[name], "items"):
            # One of a few words (<any(...)>): any will do.
            values[name] = sorted(rule._converters[name].items)[0]
        else:
            # A deal number, or whatever a later route numbers: the first one exists.
            values[name] = number
    return app.url_map.bind("localhost").build(rule.endpoint, values, append_unknown=False)


def route_id(pair) -> str:
    method, rule = pair
    return f"{method} {rule.rule}"
