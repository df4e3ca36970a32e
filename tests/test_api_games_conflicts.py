"""Conflicts and corrections in a stored game through the JSON API (docs/api.md, "Games"):
a deal sent twice or out of turn is a 409 and nothing is recorded twice (two phones racing
too), a correction (``PUT``) replays the later deals, and only the last deal may be
deleted.

Rules are cited by RULES.md section (docs/rules.md) or by seed text and heading
(seed 000 "End of the Play and Scoring", "Deal", "Bonus Scores"; 001 "Finishing";
002 "Hand Partner", "Hand Saudi", "Hareeqa Rules"). Scores are penalty points: the winner's
are negative and the lowest total wins.
"""

from __future__ import annotations

import pytest
from apiwork import refused, scored, six_rounds, unscored, without_id, without_version
from game_actions import API, THREE


def _short_game(actions) -> tuple[str, list[dict]]:
    """A levant game of three with four deals; the bodies posted."""
    game_id = actions.create("levant", THREE, "Ali")["id"]
    bodies = [
        scored(1, "Ali", {"Badr": 50, "Caro": 10}),      # Badr deals next
        scored(2, "Caro", {"Ali": 20, "Badr": 30}),      # Badr again
        unscored(3, "redeal"),                           # Badr again
        scored(4, "Badr", {"Ali": 5, "Caro": 60}),       # Caro
    ]
    for body in bodies:
        actions.post_deal(game_id, body)
    return game_id, bodies


def test_repeating_a_deal_number_is_409_with_the_current_game_and_nothing_twice(client,
                                                                                actions):
    """API.md "Games": a repeated submit is a 409, nothing is recorded twice."""
    game_id = actions.create()["id"]
    body = scored(1, "Ali", {"Badr": 10, "Caro": 20})
    state = actions.post_deal(game_id, body)
    response = client.post(f"{API}/games/{game_id}/deals", json=body)
    assert "number 2" in refused(response, 409)  # the deal to record next
    data = response.get_json()
    assert data["game"] == state
    assert actions.state(game_id) == state
    assert len(state["deals"]) == 1


def test_a_deal_number_ahead_of_the_next_is_409(client, actions):
    game_id = actions.create()["id"]
    before = actions.state(game_id)
    response = client.post(f"{API}/games/{game_id}/deals",
                           json=scored(3, "Ali", {"Badr": 10, "Caro": 20}))
    assert "number 1" in refused(response, 409)
    assert response.get_json()["game"] == before
    assert actions.state(game_id) == before


def test_correcting_deal_1_recomputes_later_dealers_and_totals(client, actions):
    """API.md "Games": a correction replays the log; the result is the game played with the
    corrected deal from the start."""
    game_id, bodies = _short_game(actions)
    assert [d["dealer"] for d in actions.state(game_id)["deals"]] == [
        "Ali", "Badr", "Badr", "Badr"]
    corrected = scored(1, "Ali", {"Badr": 10, "Caro": 50})   # now Caro deals deal 2
    response = client.put(f"{API}/games/{game_id}/deals/1", json=corrected)
    assert response.status_code == 200, response.get_data(as_text=True)
    state = response.get_json()
    assert [d["dealer"] for d in state["deals"]] == ["Ali", "Caro", "Badr", "Badr"]
    assert state["totals"] == {"Ali": -30 + 20 + 5, "Badr": 10 + 30 - 30,
                               "Caro": 50 - 30 + 60}
    assert actions.state(game_id) == state

    fresh = actions.create("levant", THREE, "Ali")["id"]
    for body in [corrected, *bodies[1:]]:
        replayed = actions.post_deal(fresh, body)
    assert without_id(replayed) == without_id(state)


def test_correcting_a_scored_deal_into_an_unscored_one_and_back(client, actions):
    game_id, bodies = _short_game(actions)
    response = client.put(f"{API}/games/{game_id}/deals/2",
                          json={"outcome": "stock_exhausted"})
    assert response.status_code == 200, response.get_data(as_text=True)
    state = response.get_json()
    assert state["scored_rounds"] == 2
    assert state["deals"][1]["scores"] is None and "hands" not in state["deals"][1]
    response = client.put(f"{API}/games/{game_id}/deals/2", json=bodies[1])
    assert response.status_code == 200, response.get_data(as_text=True)
    fresh = actions.create("levant", THREE, "Ali")["id"]
    for body in bodies:
        replayed = actions.post_deal(fresh, body)
    assert without_id(actions.state(game_id)) == without_id(replayed)


def test_put_to_a_deal_that_does_not_exist_is_404(client, actions):
    game_id, _ = _short_game(actions)
    before = actions.state(game_id)
    for number in (5, 0, 99):
        refused(client.put(f"{API}/games/{game_id}/deals/{number}",
                           json=unscored(number, "redeal")), 404)
    assert actions.state(game_id) == before


def test_put_with_a_body_for_another_deal_is_400(client, actions):
    game_id, _ = _short_game(actions)
    before = actions.state(game_id)
    refused(client.put(f"{API}/games/{game_id}/deals/1", json=unscored(2, "redeal")))
    assert actions.state(game_id) == before


def test_a_correction_that_would_end_the_game_before_later_deals_is_400(client, actions):
    """docs/api.md "Games": a correction the later deals cannot follow changes nothing.
    Two rounds tied at 0–0 need a third; correcting round 2 so nobody ties would end the
    game before deal 3."""
    game_id = actions.create({"preset": "levant", "rounds": 2}, ["Ali", "Badr"])["id"]
    actions.post_deal(game_id, scored(1, "Ali", {"Badr": 30}))
    tied = actions.post_deal(game_id, scored(2, "Badr", {"Ali": 30}))
    assert tied["tie_break"] is True
    actions.post_deal(game_id, scored(3, "Ali", {"Badr": 10}))
    before = actions.state(game_id)
    assert before["finished"] is True
    refused(client.put(f"{API}/games/{game_id}/deals/2",
                       json=scored(2, "Badr", {"Ali": 40})))
    assert actions.state(game_id) == before


def test_deleting_the_last_deal_gives_the_state_before_it(client, actions):
    """API.md "Games": DELETE of the last deal is an undo."""
    game_id = actions.create()["id"]
    first = actions.post_deal(game_id, scored(1, "Ali", {"Badr": 10, "Caro": 20}))
    actions.post_deal(game_id, unscored(2, "redeal"))
    response = client.delete(f"{API}/games/{game_id}/deals/2")
    assert response.status_code == 200, response.get_data(as_text=True)
    # The sheet as it was after deal 1, at a new version (an undo is a change too).
    assert without_version(response.get_json()) == without_version(first)
    assert actions.state(game_id) == response.get_json()
    response = client.delete(f"{API}/games/{game_id}/deals/1")
    assert response.status_code == 200
    assert without_id(response.get_json()) == without_id(actions.create())


def test_deleting_the_last_deal_of_a_finished_game_reopens_it(client, actions):
    game_id = six_rounds(actions)
    sixth = actions.state(game_id)
    done = actions.post_deal(game_id, scored(7, "Ali", {"Badr": 1, "Caro": 1}))
    assert done["finished"] is True
    response = client.delete(f"{API}/games/{game_id}/deals/7")
    assert response.status_code == 200
    assert without_version(response.get_json()) == without_version(sixth)


def test_deleting_a_deal_that_is_not_the_last_is_409(client, actions):
    game_id, _ = _short_game(actions)
    before = actions.state(game_id)
    refused(client.delete(f"{API}/games/{game_id}/deals/2"), 409)
    assert actions.state(game_id) == before


def test_deleting_on_a_game_without_deals_is_404(client, actions):
    game_id = actions.create()["id"]
    refused(client.delete(f"{API}/games/{game_id}/deals/1"), 404)
    refused(client.delete(f"{API}/games/{game_id}/deals/0"), 404)


@pytest.mark.parametrize(("method", "path", "body"), [
    ("get", "", None),
    ("post", "/deals", unscored(1, "redeal")),
    ("put", "/deals/1", unscored(1, "redeal")),
    ("delete", "/deals/1", None),
])
@pytest.mark.parametrize("game_id", ["nope", "A" * 24, "-" * 30])
def test_unknown_game_id_is_a_404_in_json(client, actions, method, path, body, game_id):
    """API.md "Games": an unknown id is a 404."""
    actions.create()
    kwargs = {} if body is None else {"json": body}
    refused(getattr(client, method)(f"{API}/games/{game_id}{path}", **kwargs), 404)


# --- two phones at once ---------------------------------------------------------------

def _race(app, client, actions, monkeypatch) -> tuple:
    """Two phones submit deal 1 at once: the second phone's request is saved while the
    first one is between reading the game and saving its deal. The first phone's answer
    and the game's state afterwards."""
    import scorekeeper.api.games as games_api

    game_id = actions.create()["id"]
    first = scored(1, "Ali", {"Badr": 10, "Caro": 20})
    second = scored(1, "Badr", {"Ali": 5, "Caro": 5})
    real_add = games_api.add_deal
    raced: list = []

    def add_after_the_other_phone(game, deal):
        if not raced:
            raced.append(None)
            with app.app_context():  # its own database session, as on another phone
                raced[0] = client.post(f"{API}/games/{game_id}/deals", json=second)
        return real_add(game, deal)

    monkeypatch.setattr(games_api, "add_deal", add_after_the_other_phone)
    response = client.post(f"{API}/games/{game_id}/deals", json=first)
    assert raced[0].status_code == 201, raced[0].get_data(as_text=True)
    return response, actions.state(game_id)


def test_two_phones_racing_on_the_same_deal_record_it_once(app, client, actions,
                                                           monkeypatch):
    """API.md "Games": a concurrent submit of the same deal is a 409 with the current game,
    and nothing is recorded twice (the database refuses the second deal 1)."""
    response, state = _race(app, client, actions, monkeypatch)
    refused(response, 409)
    assert len(state["deals"]) == 1
    assert state["deals"][0]["winner"] == "Badr"
    assert response.get_json()["game"] == state


def test_two_phones_racing_409_names_the_next_deal_to_record(app, client, actions,
                                                             monkeypatch):
    """API.md "Games": the 409 for a concurrent submit tells the phone which deal is next."""
    response, state = _race(app, client, actions, monkeypatch)
    assert state["next_deal"] == 2
    assert "number 2" in refused(response, 409)
