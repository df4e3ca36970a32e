"""Everyone sees the same sheet (issue 6): an open game page — or view-only page — asks
every few seconds whether the game changed, sending the version it shows, and is answered
304 (no body, one small query) until it did; then with its live part anew."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event
from tables import API, new_game, scored

from scorekeeper.extensions import db

HX = {"HX-Request": "true"}


def live_part(text: str) -> dict[str, str]:
    """The live part's attributes: where it asks, and the version it shows."""
    tag = re.search(r'<div id="live"[^>]*>', text, re.S).group()
    return dict(re.findall(r'(data-etag|data-next|hx-get|hx-trigger)="([^"]*)"', tag))


def ask(client, live: dict[str, str], **headers):
    return client.get(live["hx-get"], headers={
        "If-None-Match": f'"{live["data-etag"]}"', **HX, **headers})


def view_link(client, game_id: str) -> str:
    """The game's view-only token, as its page shares it."""
    page = client.get(f"/games/{game_id}").text
    return re.search(r"/view/([\w-]{16,32})", page).group(1)


def test_the_game_page_polls_its_live_part_every_5_seconds(client):
    game_id = new_game(client)
    live = live_part(client.get(f"/games/{game_id}").text)
    assert live["hx-get"] == f"/games/{game_id}/sheet"
    assert live["hx-trigger"] == "every 5s, refresh"
    assert live["data-next"] == "1"


def test_nothing_changed_is_a_304_without_a_body(client):
    game_id = new_game(client)
    live = live_part(client.get(f"/games/{game_id}").text)
    response = ask(client, live)
    assert response.status_code == 304
    assert response.data == b""
    assert response.headers["ETag"] == f'"{live["data-etag"]}"'
    assert "no-cache" in response.headers["Cache-Control"]


def test_nothing_changed_costs_one_query(app, client):
    game_id = new_game(client)
    live = live_part(client.get(f"/games/{game_id}").text)
    statements = []

    def count(_conn, _cursor, statement, *_args):
        statements.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
    try:
        assert ask(client, live).status_code == 304
    finally:
        with app.app_context():
            event.remove(db.engine, "before_cursor_execute", count)
    assert len(statements) == 1, statements


def test_a_deal_from_another_phone_sends_the_new_sheet(client):
    game_id = new_game(client)
    live = live_part(client.get(f"/games/{game_id}").text)
    client.post(f"{API}/games/{game_id}/deals", json=scored(1, "Sami", {"Rana": 35,
                                                                        "Omar": 10}))
    response = ask(client, live)
    assert response.status_code == 200
    assert "<html" not in response.text and 'id="game"' not in response.text
    fresh = live_part(response.text)
    assert fresh["data-next"] == "2" and fresh["data-etag"] != live["data-etag"]
    assert response.headers["ETag"] == f'"{fresh["data-etag"]}"'
    assert "Deal 2" in response.text and "35" in response.text
    # The deal form a player may be filling in is not part of it.
    assert "deal-form" not in response.text
    assert ask(client, fresh).status_code == 304


def test_the_live_part_and_the_page_agree_on_the_version(client):
    """The page just saved (its game held in memory) and a later poll (read afresh) give
    the same version, or every page would fetch its sheet again after each save."""
    game_id = new_game(client)
    form = {"deal": "1", "outcome": "scored", "winner": "0", "finish": "partial",
            "indicator": "", "melded_1": "yes", "points_1": "20", "melded_2": "no"}
    saved = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert saved.status_code == 200
    assert ask(client, live_part(saved.text)).status_code == 304


def test_the_version_differs_by_language(client):
    game_id = new_game(client)
    live = live_part(client.get(f"/games/{game_id}").text)
    arabic = ask(client, live, **{"Accept-Language": "ar"})
    assert arabic.status_code == 200
    assert live_part(arabic.text)["data-etag"] != live["data-etag"]


def test_a_locked_phone_gets_the_sheet_without_correct_links(client):
    """With a table PIN, a phone that has not entered it sees no "correct" links, and its
    version differs from that of a phone that has."""
    game_id = new_game(client, pin="4321")
    client.post(f"{API}/games/{game_id}/deals", json=scored(1),
                headers={"X-Table-PIN": "4321"})
    other = client.application.test_client()
    live = live_part(other.get(f"/games/{game_id}").text)
    response = other.get(live["hx-get"], headers=HX)
    assert response.status_code == 200
    assert "/edit" not in response.text
    assert response.headers["ETag"] == f'"{live["data-etag"]}"'


def test_the_view_only_page_polls_too_and_never_names_the_game(client):
    game_id = new_game(client)
    view_id = view_link(client, game_id)
    page = client.get(f"/view/{view_id}").text
    live = live_part(page)
    assert live["hx-get"] == f"/view/{view_id}/sheet"
    assert ask(client, live).status_code == 304
    client.post(f"{API}/games/{game_id}/deals", json=scored(1))
    response = ask(client, live)
    assert response.status_code == 200
    assert game_id not in response.text
    assert "/edit" not in response.text


@pytest.mark.parametrize("url", ["/games/nosuchgame0123456789/sheet",
                                 "/view/nosuchgame0123456789/sheet"])
def test_an_unknown_game_is_404(client, url):
    assert client.get(url, headers=HX).status_code == 404
