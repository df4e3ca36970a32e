"""Text that cannot hurt (issue 48, point 11; docs/security.md, "Forms, input and
output"): every free-text field — a dispute's reason, the reason for changing a confirmed
deal, a player's, member's, group's or night's name, a PIN — refuses NUL and the other
control characters with a sentence (at the form's field, or the API's JSON ``error``);
every name refuses marks that hide or reverse text, by one rule; and a reason is shown
set apart in a ``<bdi>``, so what it holds reorders nothing around it. A NUL in a dispute's
reason was a 500 on PostgreSQL and, on SQLite, was kept and then left the game out of a
restore."""

from __future__ import annotations

import re

import pytest
from game_actions import API
from pagework import alerts
from test_backup import export, fresh_app, load

from scorekeeper import create_app
from scorekeeper.extensions import db

FOUR = ["Ali", "Badr", "Caro", "Dina"]  # partners Ali & Caro, Badr & Dina
CONTROLS = ["wrong\x00", "a\x01b", "esc\x1b[31m", "del\x7f"]
HIDING = ["\u202eilA", "A\u200bli", "Om\u2066ar"]


@pytest.fixture(params=["sqlite", "postgresql"])
def both(request, tmp_path):
    """A test client on an empty SQLite file, or on PostgreSQL (conftest's postgres_url,
    emptied first)."""
    url = (request.getfixturevalue("postgres_url") if request.param == "postgresql"
           else f"sqlite:///{tmp_path / 'games.sqlite'}")
    app = create_app({"TESTING": True, "SECRET_KEY": "tests", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.drop_all()
        db.create_all()
    yield app.test_client()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _game(client) -> dict:
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "rounds": 2}, "players": FOUR, "first_dealer": "Ali",
        "partnerships": True, "confirm": "other_side"})
    assert made.status_code == 201
    return made.get_json()


def _deal(**extra) -> dict:
    return {"deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
            "recorded_by": "Ali",
            "hands": {p: {"melded": True, "points": 30} for p in ("Badr", "Dina")}, **extra}


def _recorded(client) -> dict:
    game = _game(client)
    answer = client.post(f"{API}/games/{game['id']}/deals", json=_deal())
    assert answer.status_code == 201
    return answer.get_json()


def _act(client, state, action, **body):
    return client.post(f"{API}/games/{state['id']}/deals/1/{action}", json=body,
                       headers={"If-Match": f'"{state["version"]}"'})


@pytest.mark.parametrize("reason", CONTROLS)
def test_a_control_character_in_a_dispute_reason_is_a_json_error_on_either_database(
        both, reason):
    state = _recorded(both)
    answer = _act(both, state, "dispute", by="Dina", reason=reason)
    assert answer.status_code == 400
    assert "no control characters" in answer.get_json()["error"]
    assert both.get(f"{API}/games/{state['id']}").get_json()["deals"][0]["disputed"] is None


def test_a_control_character_in_a_confirmed_deals_change_reason_is_refused_on_either_database(
        both):
    state = _act(both, _recorded(both), "confirm", by="Badr").get_json()
    answer = both.put(f"{API}/games/{state['id']}/deals/1", json=_deal(reason="typo\x00"),
                      headers={"If-Match": f'"{state["version"]}"'})
    assert answer.status_code == 400
    assert "no control characters" in answer.get_json()["error"]
    assert both.get(f"{API}/games/{state['id']}").get_json()["version"] == state["version"]


def test_a_nul_in_a_reason_never_keeps_a_game_out_of_a_restore(client, runner, tmp_path):
    state = _recorded(client)
    _act(client, state, "dispute", by="Dina", reason="Badr had 20\x00")
    export(runner, tmp_path / "backup.json")
    other = fresh_app()
    result = load(other, tmp_path / "backup.json")
    assert result.exit_code == 0 and "Not imported" not in result.output, result.output
    assert other.test_client().get(f"{API}/games/{state['id']}").status_code == 200


def test_a_reason_reads_tabs_and_line_breaks_as_spaces(client):
    state = _act(client, _recorded(client), "dispute", by="Dina",
                 reason=" Badr had\t20,\r\nnot 30 ").get_json()
    assert state["deals"][0]["disputed"]["reason"] == "Badr had 20, not 30"


def test_a_dispute_reason_with_a_control_character_is_refused_on_the_page(client):
    state = _recorded(client)
    response = client.post(f"/games/{state['id']}/deals/1/dispute", data={
        "by": "Dina", "reason": "wrong\x00", "version": state["version"]})
    assert response.status_code == 422
    assert any("no control characters" in a for a in alerts(response.text))


def test_a_dispute_reason_is_shown_isolated_so_it_reorders_nothing_around_it(client):
    state = _act(client, _recorded(client), "dispute", by="Dina",
                 reason="\u202eBadr had 20 <b>").get_json()
    shown = "<bdi>\u202eBadr had 20 &lt;b&gt;</bdi>"
    assert shown in client.get(f"/games/{state['id']}").text
    assert shown in client.get(f"/games/{state['id']}/print").text


@pytest.mark.parametrize("name", HIDING + CONTROLS)
def test_a_nights_name_refuses_what_every_name_refuses(client, name):
    answer = client.post(f"{API}/nights", json={
        "name": name, "players": FOUR, "rules": "levant", "format": "rotating"})
    assert answer.status_code == 400
    page = client.post("/nights/new", data={
        "name": name, "preset": "levant", "players": "\n".join(FOUR), "format": "rotating",
        "table_size": "4", "first_dealer": "random", "sit_out": "average"})
    assert page.status_code == 422
    # Said at the name's own field.
    assert re.search(r'<div class="field has-error">\s*<label for="name"', page.text)


@pytest.mark.parametrize(("path", "body"), [
    ("/games", {"rules": "levant", "players": ["Ali", "{}"], "first_dealer": "Ali"}),
    ("/groups", {"name": "{}", "members": FOUR}),
    ("/groups", {"name": "Family", "members": [*FOUR, "{}"]}),
    ("/nights", {"name": "{}", "players": FOUR, "rules": "levant", "format": "rotating"}),
    ("/nights", {"name": "Thursday", "players": [*FOUR, "{}"], "rules": "levant",
                 "format": "rotating"}),
])
@pytest.mark.parametrize("mark", ["\u202e", "\u200b", "\x00", "\x1b"])
def test_every_name_is_read_by_one_rule(client, path, body, mark):
    filled = {k: (v.format(f"Om{mark}ar") if isinstance(v, str) else
                  [n.format(f"Om{mark}ar") for n in v] if isinstance(v, list) else v)
              for k, v in body.items()}
    answer = client.post(f"{API}{path}", json=filled)
    assert answer.status_code == 400, answer.get_json()
    assert ("no control characters" in answer.get_json()["error"]
            or "invisible or direction-reversing" in answer.get_json()["error"])


def test_a_refused_name_is_named_without_the_mark_that_would_reverse_the_sentence(client):
    answer = client.post(f"{API}/groups", json={"name": "Family", "members": [
        *FOUR, "\u202eilA x"]})
    error = answer.get_json()["error"]
    assert error.startswith("“ilA x” holds an invisible or direction-reversing mark")
    assert "\u202e" not in error


@pytest.mark.parametrize(("path", "form"), [
    ("/new", {"preset": "levant", "player_0": "Ali", "player_1": "Badr",
              "first_dealer": "0"}),
    ("/groups/new", {"name": "Family", "members": "Ali\nBadr"}),
    ("/nights/new", {"name": "Thursday", "preset": "levant", "players": "\n".join(FOUR),
                     "format": "rotating", "table_size": "4", "first_dealer": "random",
                     "sit_out": "average"}),
])
def test_a_pin_with_a_control_character_is_refused_at_its_field(client, path, form):
    response = client.post(path, data=form | {"pin": "24\x0068"})
    assert response.status_code == 422
    assert "A PIN is 4 to 8 digits." in alerts(response.text)
