"""What keeps a save and a preview as cheap at the thousandth deal as at the seventh (issue
24, "Speed at the table"), checked for what it must never change: the preview of the next
deal extends the kept state instead of replaying the game, and shows what a replay shows;
a save builds only the new row of the sheet; the empty deal form is kept rendered, with
the next deal's number put in, and a page read builds no form it does not send."""

from __future__ import annotations

import random
import re

import pytest
from depth import examples
from game_actions import deal_form
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kinds import changed_kind
from tables import API, new_game, random_deal

from scorekeeper.games import kind_of
from scorekeeper.games.hand.rules import replay
from scorekeeper.web.game.routes import NUMBER_SLOT

HX = {"HX-Request": "true"}


def _played(client, deals: int, seed: int) -> str:
    game = new_game(client)
    rnd = random.Random(seed)
    for number in range(1, deals + 1):
        client.post(f"{API}/games/{game}/deals", json=random_deal(number, rnd))
    return game


def _form(number: int) -> dict:
    """Sami (seat 0) goes out; Rana kept 15 points, Omar never melded."""
    return deal_form(number, winner=0, hands={1: 15, 2: None})


@settings(max_examples=examples(15), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deals=st.integers(0, 12), seed=st.integers(0, 10_000))
def test_the_preview_of_the_next_deal_is_what_replaying_the_whole_game_shows(
        client, monkeypatch, deals, seed):
    game = _played(client, deals, seed)
    number = len(client.get(f"{API}/games/{game}").get_json()["deals"]) + 1
    extended = client.post(f"/games/{game}/preview", data=_form(number), headers=HX).text
    # The same question answered by replaying every deal, as the preview did before.
    with monkeypatch.context() as patched:
        changed_kind(patched, "hand", extend=lambda state, deal: replay(
            state.table, [*_log_of(game), deal]))
        replayed = client.post(f"/games/{game}/preview", data=_form(number), headers=HX).text
    assert extended == replayed
    assert "Sami" in extended


def _log_of(game: str) -> list:
    from scorekeeper.storage import load, log_of
    return log_of(load(game))


def test_a_save_builds_the_new_row_only(client, monkeypatch):
    game = _played(client, 9, seed=7)
    built = []
    whole = kind_of("levant").pages.sheet

    def counted(state, last=None):
        sheet = whole(state, last)
        built.append(len(sheet.rows))
        return sheet

    changed_kind(monkeypatch, "hand", pages={"sheet": counted})
    answer = client.post(f"/games/{game}/deals", data=_form(10), headers=HX)
    assert answer.status_code == 200
    assert built == [1]
    # The row sent is deal 10's, appended to the sheet the phone shows.
    assert re.search(r'<tr[^>]*data-deal="10"', answer.text)


@pytest.mark.parametrize("rules", ["levant", "hand_and_foot"])
def test_the_kept_empty_form_carries_the_next_deals_number_everywhere(client, rules):
    from tables import game_body
    body = game_body(["Sami", "Rana", "Omar", "Lina"], rules)
    game = client.post(f"{API}/games", json=body).get_json()["id"]
    for _ in range(2):  # rendered, then kept
        page = client.get(f"/games/{game}").text
        assert str(NUMBER_SLOT) not in page
        assert 'name="deal" type="hidden" value="1"' in page
        assert "Save deal 1" in page
    saved = client.post(f"{API}/games/{game}/deals", json=_any_deal(rules, body))
    assert saved.status_code == 201, saved.get_json()
    page = client.get(f"/games/{game}").text
    assert str(NUMBER_SLOT) not in page and "Save deal 2" in page
    assert 'name="deal" type="hidden" value="2"' in page


def _any_deal(rules: str, body: dict) -> dict:
    if rules == "hand_and_foot":
        return {"deal": 1, "outcome": "scored", "went_out": None,
                "sides": [{"melded": 200, "left": 40}] * len(body["players"])}
    return random_deal(1, random.Random(3), body["players"])


def test_a_page_read_builds_no_deal_form_once_the_empty_form_is_kept(client, monkeypatch):
    game = new_game(client)
    client.get(f"/games/{game}")
    built = []
    making = kind_of("levant").pages.deal_form

    def counted(table, data=None):
        built.append(data)
        return making(table, data)

    changed_kind(monkeypatch, "hand", pages={"deal_form": counted})
    assert client.get(f"/games/{game}").status_code == 200
    assert built == []
    # A form sent back with an error is built, to show what was typed.
    client.post(f"/games/{game}/deals", data=_form(1) | {"points_1": "x"})
    assert built


SAVE_BUTTON = re.compile(r'<button type="submit" class="primary">([^<]+)</button>')


def test_each_language_keeps_its_own_empty_form(client):
    game = new_game(client)
    english = SAVE_BUTTON.findall(client.get(f"/games/{game}").text)
    arabic = SAVE_BUTTON.findall(
        client.get(f"/games/{game}", headers={"Accept-Language": "ar"}).text)
    again = SAVE_BUTTON.findall(client.get(f"/games/{game}").text)
    assert english == again == ["Save deal 1"]
    assert len(arabic) == 1 and "Save" not in arabic[0] and "1" in arabic[0]


def test_players_names_are_the_tables_own_in_the_kept_form(client):
    first = new_game(client, ["Sami", "Rana", "Omar"])
    second = new_game(client, ["Ali", "Badr", "Caro"])
    client.get(f"/games/{first}")
    page = client.get(f"/games/{second}").text
    assert "Badr" in page and "Rana" not in page


@pytest.mark.parametrize("rules", ["levant", "hareeqa", "hand_and_foot"])
def test_the_new_row_alone_still_charts_the_whole_game(client, app, rules):
    from tables import game_body

    from scorekeeper.storage import load, state_of
    body = game_body(["Sami", "Rana", "Omar", "Lina"], rules)
    game = client.post(f"{API}/games", json=body).get_json()["id"]
    rnd = random.Random(5)
    for number in range(1, 4):
        deal = (_any_deal(rules, body) | {"deal": number} if rules == "hand_and_foot"
                else random_deal(number, rnd, body["players"]))
        assert client.post(f"{API}/games/{game}/deals", json=deal).status_code == 201
    with app.test_request_context():
        state = state_of(load(game))
        pages = kind_of(state.table.rules.preset).pages
        whole, last = pages.sheet(state), pages.sheet(state, last=1)
    assert [row.number for row in last.rows] == [3]
    assert last.chart() == whole.chart()
    assert (last.columns, last.totals, last.leaders, last.tally) == (
        whole.columns, whole.totals, whole.leaders, whole.tally)
