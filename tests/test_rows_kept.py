"""A sheet rendered anew renders only the rows it has not shown before (issue 24, "nothing
grows with the game"): the first read of a game's page after a change, and the live part
the other phones at the table fetch, join the rows kept rendered (scorekeeper/web/game/live.py,
``kept_row``) to the new one. A row is kept by all it shows, so a correction, another
language or a phone that may not correct deals gets rows of its own."""

from __future__ import annotations

from collections import OrderedDict

import pytest
from game_actions import GameActions

from scorekeeper.web.game import live


@pytest.fixture
def rendered(monkeypatch):
    """The numbers of the rows rendered (not taken from those kept), in order."""
    numbers: list[int] = []

    class Counting(OrderedDict):
        def __setitem__(self, key, value):
            numbers.append(key[0].number)
            super().__setitem__(key, value)

    monkeypatch.setattr(live, "_ROWS", Counting())
    return numbers


def _game(actions: GameActions, deals: int) -> str:
    game_id = actions.start()
    for number in range(1, deals + 1):
        actions.record(game_id, number, hands={0: 5 * number, 2: None})
    return game_id


def test_a_new_deal_renders_its_own_row_and_no_other(client, actions, rendered):
    game_id = _game(actions, 4)
    client.get(f"/games/{game_id}")
    assert rendered == [1, 2, 3, 4]
    actions.record(game_id, 5, hands={0: 25, 2: None})
    page = client.get(f"/games/{game_id}").text
    assert rendered == [1, 2, 3, 4, 5]
    assert page.count('data-deal="') == 5


def test_a_correction_renders_again_the_rows_whose_totals_it_changed(client, actions,
                                                                     rendered):
    game_id = _game(actions, 4)
    client.get(f"/games/{game_id}")
    actions.correct(game_id, 2, hands={0: 60, 2: None})
    page = client.get(f"/games/{game_id}").text
    # Deal 2 scores anew, and every running total after it moves.
    assert rendered == [1, 2, 3, 4, 2, 3, 4]
    assert '<span class="score">60</span>' in page


def test_each_language_has_rows_of_its_own(client, actions, rendered):
    game_id = _game(actions, 2)
    english = client.get(f"/games/{game_id}").text
    arabic = client.get(f"/games/{game_id}", headers={"Accept-Language": "ar"}).text
    assert rendered == [1, 2, 1, 2]
    assert "round 1" in english and "round 1" not in arabic


def test_a_phone_that_may_not_correct_gets_rows_without_the_correction_link(client,
                                                                            rendered):
    owner = GameActions(client)
    game_id = owner.start(pin="2468")
    owner.record(game_id, 1)
    mine = client.get(f"/games/{game_id}").text
    other = client.application.test_client()
    theirs = other.get(f"/games/{game_id}").text
    assert f"/games/{game_id}/deals/1/edit" in mine
    assert f"/games/{game_id}/deals/1/edit" not in theirs
    assert rendered == [1, 1]
