"""Making a game with ``POST /api/v1/games`` (docs/api.md, "Games"), through Flask's test
client: the 201 and its unguessable id, the first dealer and the starter, the tables
refused, and the Kuwaiti packs and announce minimum.

Rules are cited by RULES.md section (docs/rules.md) or by seed text and heading
(seed 000 "End of the Play and Scoring", "Deal", "Bonus Scores"; 001 "Finishing";
002 "Hand Partner", "Hand Saudi", "Hareeqa Rules"). Scores are penalty points: the winner's
are negative and the lowest total wins.
"""

from __future__ import annotations

import re

import pytest
from apiwork import refused
from game_actions import API, FOUR, NAMES, THREE


def test_create_game_is_201_with_location_and_unguessable_id(client, actions):
    """API.md "Games": 201, a Location header, an id of at least 128 random bits."""
    response = client.post(f"{API}/games", json={"rules": "levant", "players": THREE,
                                                 "first_dealer": "Badr"})
    assert response.status_code == 201
    state = response.get_json()
    game_id = state["id"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{22,}", game_id)  # 22 base64 chars ≥ 128 bits
    assert response.headers["Location"].endswith(f"{API}/games/{game_id}")
    assert client.get(response.headers["Location"]).get_json() == state
    other = actions.create(first_dealer="Badr")
    assert other["id"] != game_id


def test_create_game_dealer_is_first_dealer_and_starter_the_next_player(actions):
    """RULES.md section 6, seed 000 "Deal": the player on the dealer's right (next
    counter-clockwise, the next name in the seating order) starts with 15 cards."""
    for first, starter in [("Ali", "Badr"), ("Badr", "Caro"), ("Caro", "Ali")]:
        state = actions.create(players=THREE, first_dealer=first)
        assert state["dealer"] == first and state["starter"] == starter
        assert state["first_dealer"] == first
    state = actions.create()
    assert state["players"] == THREE
    assert state["deals"] == [] and state["totals"] == {n: 0 for n in THREE}
    assert state["scored_rounds"] == 0 and state["rounds_to_play"] == 7
    assert state["finished"] is False and state["winners"] == []
    assert state["next_deal"] == 1 and state["teams"] is None
    assert state["rules"]["preset"] == "levant"


@pytest.mark.parametrize("body", [
    pytest.param({"rules": "levant", "players": ["Ali"], "first_dealer": "Ali"},
                 id="one-player"),
    pytest.param({"rules": "levant", "players": ["Ali", "ali"], "first_dealer": "Ali"},
                 id="duplicate-names-case-insensitive"),
    pytest.param({"rules": "levant", "players": NAMES, "first_dealer": "Ali"},
                 id="five-players-under-levant"),
    pytest.param({"rules": "levant", "players": THREE, "first_dealer": "Ali",
                  "partnerships": True}, id="partnerships-with-three"),
    pytest.param({"rules": "kuwait", "players": FOUR, "first_dealer": "Ali",
                  "partnerships": True}, id="partnerships-where-the-form-has-none"),
    pytest.param({"rules": "levant", "players": THREE, "first_dealer": "Zed"},
                 id="first-dealer-not-a-player"),
    pytest.param({"rules": "levant", "players": THREE}, id="first-dealer-missing"),
    pytest.param({"rules": "levant", "players": "Ali Badr", "first_dealer": "Ali"},
                 id="players-not-a-list"),
    pytest.param({"rules": "levant", "players": ["Ali", 7], "first_dealer": "Ali"},
                 id="a-name-not-text"),
    pytest.param({"rules": "levant", "players": ["Ali", "  "], "first_dealer": "Ali"},
                 id="a-blank-name"),
    pytest.param({"rules": "poker", "players": THREE, "first_dealer": "Ali"},
                 id="unknown-preset"),
    pytest.param({"rules": {"preset": "levant", "jokers_wild": True}, "players": THREE,
                  "first_dealer": "Ali"}, id="unknown-option"),
    pytest.param({"players": THREE, "first_dealer": "Ali"}, id="rules-missing"),
    pytest.param({"rules": "levant", "players": THREE, "first_dealer": "Ali",
                  "partnerships": "yes"}, id="partnerships-not-a-bool"),
])
def test_create_game_refuses_a_bad_table_with_400(client, body):
    """RULES.md sections 6 and 10, API.md "Games": a table that cannot play is a 400."""
    refused(client.post(f"{API}/games", json=body))


def test_create_kuwait_game_sets_packs_and_announce_minimum_from_the_players(actions):
    """RULES.md sections 7 and 10, seed 001: one pack for two or three players; announce
    at 71 with five players, 91 with three or four."""
    three = actions.create("kuwait", THREE)["rules"]
    four = actions.create("kuwait", FOUR)["rules"]
    five = actions.create("kuwait", NAMES)["rules"]
    assert (three["packs"], three["announce_minimum"]) == (1, 91)
    assert (four["packs"], four["announce_minimum"]) == (2, 91)
    assert (five["packs"], five["announce_minimum"]) == (2, 71)


def test_create_kuwait_game_keeps_packs_and_announce_minimum_given_explicitly(actions):
    rules = actions.create({"preset": "kuwait", "packs": 2, "announce_minimum": 101},
                   NAMES)["rules"]
    assert (rules["packs"], rules["announce_minimum"]) == (2, 101)


def test_one_pack_kuwait_game_refuses_two_copies_of_a_card(client, actions):
    """RULES.md section 1: the one-pack Kuwaiti game holds one copy of each card."""
    body = {"deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
            "hands": {"Badr": {"melded": True, "cards": ["5H", "5H"]},
                      "Caro": {"melded": False}}}
    small = actions.create("kuwait", THREE)
    refused(client.post(f"{API}/games/{small['id']}/deals", json=body))
    big = actions.create("kuwait", FOUR)
    body["hands"]["Dina"] = {"melded": False}
    assert actions.post_deal(big["id"], body)["totals"]["Badr"] == 10
