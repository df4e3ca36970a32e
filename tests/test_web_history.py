"""The History page (``/history``) through Flask's test client: this phone's games,
running and finished, filtered by a player's name or a date.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from game_actions import THREE
from pagework import alerts, listed_ids


def history_sections(text: str) -> tuple[str, str]:
    running, finished = text.split("<h2>Finished</h2>", 1)
    return running.split("<h2>Running</h2>", 1)[1], finished


def test_history_splits_this_phones_games_into_running_and_finished(client, game, finished):
    response = client.get("/history")
    assert response.status_code == 200
    running, done = history_sections(response.text)
    assert listed_ids(running) == [game]
    assert listed_ids(done) == [finished]
    assert "won by Ali" in done


def test_history_lists_nothing_from_another_phone(app, game):
    running, done = history_sections(app.test_client().get("/history").text)
    assert listed_ids(running) == listed_ids(done) == []
    assert running.count("None.") == done.count("None.") == 1


def test_history_does_not_list_a_game_made_elsewhere_until_it_is_opened(client, actions):
    game_id = actions.create()["id"]
    assert game_id not in client.get("/history").text
    client.get(f"/games/{game_id}")
    assert listed_ids(client.get("/history").text) == [game_id]


@pytest.mark.parametrize(("query", "expected"), [
    ("zaid", ["zaid"]),
    ("ZAID", ["zaid"]),
    ("  Zai ", ["zaid"]),
    ("ali", ["ali"]),
    ("a", ["zaid", "ali"]),
    ("nobody", []),
    ("", ["zaid", "ali"]),
])
def test_history_filters_by_player_name_ignoring_case(client, actions, query, expected):
    games = {"ali": actions.start(players=THREE),
             "zaid": actions.start(players=["Zaid", "Yara"])}
    response = client.get("/history", query_string={"q": query})
    assert response.status_code == 200
    assert listed_ids(response.text) == [games[name] for name in expected]
    assert f'value="{query.strip()}"' in response.text


def test_history_filters_by_date(client, game):
    today = datetime.now(UTC).date().isoformat()
    assert listed_ids(client.get("/history", query_string={"date": today}).text) == [game]
    for other in ("2000-01-01", "2999-12-31"):
        assert listed_ids(client.get("/history", query_string={"date": other}).text) == []


@pytest.mark.parametrize("day", ["yesterday", "2026-13-01", "22/11/2026"])
def test_history_with_a_bad_date_is_400_with_a_message(client, game, day):
    response = client.get("/history", query_string={"date": day})
    assert response.status_code == 400
    assert alerts(response.text) == ["Give the date as year-month-day, like 2026-11-22."]


def test_a_whole_name_finds_that_player_not_one_whose_name_holds_it(client, actions):
    """Issue 39, point 11: "Ali" found "Alice" too. A whole name (or a whole word of one:
    "Ali" in "Ali H.") finds that player alone; only a search matching no whole name
    falls back to the names holding it, and the page says which it did."""
    games = {"ali": actions.start(players=["Ali H.", "Badr"]),
             "alice": actions.start(players=["Alice", "Yara"])}
    response = client.get("/history", query_string={"q": "ali"})
    assert listed_ids(response.text) == [games["ali"]]
    assert "Games of players named “ali”." in response.text
    partial = client.get("/history", query_string={"q": "lic"})
    assert listed_ids(partial.text) == [games["alice"]]
    assert "No player is named “lic”: games of players whose names hold it." in partial.text


def test_a_game_not_started_and_a_partnership_game_are_said_so(client):
    """Issue 39, point 8: "0 rounds scored" for a game not started, and a partnership
    game listed as plain "Levant"."""
    made = client.post("/api/v1/games", json={
        "rules": "levant", "players": ["Ali", "Badr", "Caro", "Dina"],
        "first_dealer": "Ali", "partnerships": True}).get_json()
    client.get(f"/games/{made['id']}")
    text = " ".join(client.get("/history").text.split())
    assert "Levant, partnerships</bdi> · <bdi>not started</bdi>" in text
    assert "0 rounds scored" not in text
