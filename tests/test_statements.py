"""A page costs a handful of SQL statements however many games or deals there are (issue
12: "Every request loads the whole game, even on a cache hit"; "home and history are N+1 …
for the target of ≤ 5"). The replayed sheet is cached under the game's version, so a page
whose game has not changed reads its row and nothing of its deals."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from apiwork import scored
from sqlalchemy import event

from scorekeeper.extensions import db

API = "/api/v1"


@contextmanager
def counted(app):
    seen: list[str] = []

    def count(conn, cursor, statement, *args):
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def _game(client, actions, deals: int) -> str:
    game_id = actions.create({"preset": "levant", "rounds": 31})["id"]
    for n in range(1, deals + 1):
        actions.post_deal(game_id, scored(n, "Ali", {"Badr": 10, "Caro": 20}))
    client.get(f"/games/{game_id}")  # opened on this phone, and its sheet cached
    return game_id


@pytest.mark.parametrize("games", [1, 12])
def test_home_and_history_cost_the_same_few_statements_for_any_number_of_games(
        app, client, actions, games):
    for _ in range(games):
        _game(client, actions, 3)
    for path in ("/", "/history"):
        client.get(path)  # every sheet cached
        with counted(app) as statements:
            assert client.get(path).status_code == 200
        assert len(statements) <= 5, statements


@pytest.mark.parametrize("deals", [2, 30])
def test_a_game_page_whose_sheet_is_cached_reads_its_row_and_rulings_only(app, client,
                                                                           actions, deals):
    game_id = _game(client, actions, deals)
    with counted(app) as statements:
        assert client.get(f"/games/{game_id}").status_code == 200
    assert len(statements) <= 2, statements
    # Issue 24: kept rendered, the page is sent for the one statement that names it (its
    # version, PIN, group and rulings kept), with no game object read.
    assert len(statements) == 1, statements


def _forget_everything_kept():
    """As after the server restarted: no page, part or state of any game kept."""
    from scorekeeper import storage
    from scorekeeper.web.game import live, pressed

    storage.reading.STATES.clear()
    pressed.kept_pages.parts.clear()
    live.kept.parts.clear()
    live._ROWS.clear()


@pytest.mark.parametrize("deals", [2, 30])
def test_a_game_page_read_with_nothing_kept_costs_five_statements_and_no_rulings_query(
        app, client, actions, deals):
    """Issue 24: "no query for what the game does not have", for the first read of a game
    since the server started too; issue 12's five statements: the page's name, the game
    with its seats and its deals (their hands joined), and the check that no change came
    between — its row is read once, its rulings not at all when it kept none."""
    game_id = _game(client, actions, deals)
    _forget_everything_kept()
    with counted(app) as statements:
        page = client.get(f"/games/{game_id}")
    assert page.status_code == 200 and f'value="{deals + 1}"' in page.text
    assert len(statements) <= 5, statements
    # (The page's name counts them, in its own statement.)
    assert not any(statement.startswith("SELECT rulings.") for statement in statements), (
        statements)
    assert sum("FROM games" in statement for statement in statements) == 3, statements


def test_a_game_page_read_with_nothing_kept_shows_the_rulings_it_kept(app, client, actions):
    game_id = _game(client, actions, 2)
    client.post(f"/games/{game_id}/rulings", data={
        "check": "meld", "indicator": "7D", "cards": "9C AD JC", "ruled": "yes"})
    _forget_everything_kept()
    with counted(app) as statements:
        page = client.get(f"/games/{game_id}")
    assert 'id="rulings"' in page.text
    assert any(statement.startswith("SELECT rulings.") for statement in statements), (
        statements)


def test_a_finished_games_page_finds_its_next_game_in_the_statement_naming_it(app, client,
                                                                              actions):
    """Issue 24: "no query for what the game does not have" — a finished game's page
    shows "Play again" or links the game played after it (scorekeeper.league.rematch); whether
    there is one is read with the page's name, not looked for again."""
    state = actions.create({"preset": "levant", "rounds": 1})
    client.post(f"{API}/games/{state['id']}/deals", json=scored(1, "Ali", {"Badr": 10,
                                                                            "Caro": 20}))

    def page_read_cold() -> str:
        _forget_everything_kept()
        with counted(app) as statements:
            page = client.get(f"/games/{state['id']}").text
        assert not any("rematch_of = ?" in statement for statement in statements), statements
        assert len(statements) <= 5, statements
        return page

    assert "Play again" in page_read_cold()
    rematch = client.post(f"{API}/games/{state['id']}/rematch", json={}).get_json()
    page = page_read_cold()
    assert "Play again" not in page and f"/games/{rematch['id']}" in page


def test_the_live_sheet_costs_one_statement_when_nothing_changed_and_few_when_it_did(
        app, client, actions):
    game_id = _game(client, actions, 5)
    first = client.get(f"/games/{game_id}/sheet")
    with counted(app) as statements:
        unchanged = client.get(f"/games/{game_id}/sheet",
                               headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304 and len(statements) == 1
    actions.post_deal(game_id, scored(6, "Ali", {"Badr": 1, "Caro": 1}))
    with counted(app) as statements:
        changed = client.get(f"/games/{game_id}/sheet",
                             headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and len(statements) <= 2, statements


def test_a_save_extends_the_cached_sheet_and_the_next_page_replays_nothing(
        app, client, actions, monkeypatch):
    """Issue 12: "cached states extended by the new deal rather than replayed from
    scratch"."""
    from kinds import changed_kind

    from scorekeeper.games.hand.kind import HAND  # what storage replays with

    game_id = _game(client, actions, 3)
    replays, extended = [], []
    real_replay, real_extend = HAND.replay, HAND.extend
    changed_kind(monkeypatch, "hand",
                 replay=lambda table, deals: replays.append(len(deals)) or real_replay(
                     table, deals),
                 extend=lambda state, deal: extended.append(deal.number) or real_extend(
                     state, deal))
    actions.record(game_id, 4)
    assert (replays, extended) == ([], [4])
    client.get(f"/games/{game_id}")
    client.get(f"{API}/games/{game_id}")
    assert (replays, extended) == ([], [4])


def test_a_save_without_the_sheet_in_the_cache_replays_once(app, client, actions,
                                                            monkeypatch):
    from kinds import changed_kind

    import scorekeeper.storage as storage
    from scorekeeper.games.hand.kind import HAND

    game_id = _game(client, actions, 3)
    storage.reading.STATES.clear()  # another process saved last, or this one restarted
    replays = []
    real = HAND.replay
    changed_kind(monkeypatch, "hand",
                 replay=lambda table, deals: replays.append(len(deals)) or real(table, deals))
    actions.record(game_id, 4)
    assert replays == [4]


@pytest.mark.parametrize("deals", [2, 29])
def test_a_save_costs_the_same_few_statements_however_long_the_game(app, client, actions,
                                                                    deals):
    game_id = _game(client, actions, deals)
    with counted(app) as statements:
        answer = client.post(f"{API}/games/{game_id}/deals",
                             json=scored(deals + 1, "Ali", {"Badr": 5, "Caro": 5}))
    assert answer.status_code == 201
    # The row read, claimed and read again for the answer; the deal, its hands, its audit
    # entry written. No deal is read: the sheet cached at the row's version is extended.
    assert len(statements) <= 6, statements
    assert not any("FROM deals" in statement for statement in statements), statements


@pytest.mark.parametrize(("badr", "repeat"), [(10, True), (11, False)])
def test_a_deal_number_already_taken_is_told_from_the_cached_sheet(app, client, actions,
                                                                   badr, repeat):
    """Two phones send deal 3 (issue 24, "20 concurrent phones"): the one that comes second
    learns whether the same deal is in from the sheet cached at the row's version, reading
    no deal back."""
    game_id = _game(client, actions, 3)
    with counted(app) as statements:
        again = client.post(f"{API}/games/{game_id}/deals",
                            json=scored(3, "Ali", {"Badr": badr, "Caro": 20}))
    assert again.status_code == 409
    assert again.get_json()["already_recorded"] is repeat
    assert not any("FROM deals" in statement for statement in statements), statements


def test_a_hand_and_foot_page_kept_reads_its_row_alone(app, client):
    """Issue 24: "no query for what the game does not have" — Hand and Foot keeps no
    rulings with a game: its page, kept rendered, costs no statement beyond the one that
    names every game's page (storage.page_name)."""
    game_id = client.post(f"{API}/games", json={
        "rules": "hand_and_foot", "players": ["Ali", "Badr", "Caro", "Dina"],
        "first_dealer": "Ali"}).get_json()["id"]
    client.get(f"/games/{game_id}")
    with counted(app) as statements:
        assert client.get(f"/games/{game_id}").status_code == 200
    assert len(statements) == 1, statements


def test_a_groups_page_and_its_older_games_cost_the_same_statements_however_many_games(
        app, client, actions, monkeypatch):
    """Issue 40: the group's page lists its newest games and "Older games" brings the next
    ones (scorekeeper.web.group.games); neither reads more for a longer season. Pages of
    two and three games, so that a few games make several pages."""
    from scorekeeper.web.group import games as groups_games

    monkeypatch.setattr(groups_games, "LISTED", 2)
    monkeypatch.setattr(groups_games, "OLDER", 3)
    group = client.post(f"{API}/groups", json={"name": "Thursday",
                                               "members": ["Ali", "Badr", "Caro"]}).get_json()

    def add_games(count: int) -> None:
        for _ in range(count):
            game = actions.create({"preset": "levant", "rounds": 1}, group=group["id"])
            actions.post_deal(game["id"], scored(1, "Ali", {"Badr": 10, "Caro": 20}))

    def costs() -> tuple[int, int]:
        """The statements of the group's page, and of the older games after its first."""
        page = f"/groups/{group['id']}"
        older = re.search(r'hx-get="([^"]+)"[^>]*>Older games', client.get(page).text)
        older_games = older.group(1).replace("&amp;", "&")
        hx = {"HX-Request": "true", "HX-Target": groups_games.OLDER_ID}
        client.get(older_games, headers=hx)  # every sheet listed cached, as on the page
        with counted(app) as on_the_page:
            assert client.get(page).status_code == 200
        with counted(app) as for_older_games:
            assert "<li>" in client.get(older_games, headers=hx).text
        return len(on_the_page), len(for_older_games)

    add_games(3)
    few = costs()
    add_games(9)
    assert costs() == few
    # The group, the game it follows, its games after that one, their rows.
    assert few[1] <= 4, few


def test_a_groups_page_reads_the_games_this_phone_opened_in_the_same_statements_however_many(
        app, client, actions):
    """The group's page offers the games opened on this phone whose players are all its
    members (up to the 50 a phone keeps): their seats are read with them, not one game at
    a time."""
    group = client.post(f"{API}/groups", json={"name": "Thursday",
                                               "members": ["Ali", "Badr", "Caro"]}).get_json()
    page = f"/groups/{group['id']}"

    def cost(opened: int) -> int:
        for _ in range(opened):
            client.get(f"/games/{actions.create({'preset': 'levant'})['id']}")
        client.get(page)  # every sheet kept
        with counted(app) as statements:
            assert client.get(page).status_code == 200
        return len(statements)

    assert cost(1) == cost(11)
    assert client.get(page).text.count('<span class="players">') == 12  # offered, each
