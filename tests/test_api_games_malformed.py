"""Malformed deal bodies sent to a stored game through the JSON API (docs/api.md, "Common
parts"): broken JSON, a body that is not JSON, and every kind of wrong field get a 400 (or
415) with one sentence, on ``POST`` and ``PUT``, and store or change nothing.
"""

from __future__ import annotations

import pytest
from apiwork import DROP, changed, refused, scored, unscored
from game_actions import API, THREE


def _bad(**changes):
    """A scored deal of the levant game of three with *changes* (``DROP`` drops a key)."""
    def make(number: int) -> dict:
        body = scored(number, "Ali", {"Badr": 10, "Caro": None})
        return changed(body, **changes)
    return make


def _unscored_with(**extra):
    return lambda number: unscored(number, "redeal") | extra


#: id → a function of the deal number giving the body (or raw text); post_only marks the
#: cases that are fine on PUT (where "deal" is optional).
MALFORMED = {
    "array-body": lambda n: [n, "scored"],
    "string-body": lambda n: "scored",
    "missing-deal": _bad(deal=DROP),
    "zero-deal": _bad(deal=0),
    "negative-deal": _bad(deal=-1),
    "bool-deal": _bad(deal=True),
    "string-deal": _bad(deal="1"),
    "float-deal": _bad(deal=1.0),
    "unknown-outcome": _bad(outcome="abandoned"),
    "missing-outcome": _bad(outcome=DROP),
    "scored-without-winner": _bad(winner=DROP),
    "scored-without-finish": _bad(finish=DROP),
    "scored-without-hands": _bad(hands=DROP),
    "unknown-finish": _bad(finish="half"),
    "winner-not-a-player": _bad(winner="Zed"),
    "winner-a-number": _bad(winner=1),
    "unscored-with-winner": _unscored_with(winner="Ali"),
    "unscored-with-hands": _unscored_with(hands={"Badr": {"melded": False}}),
    "hands-not-an-object": _bad(hands=[{"melded": True}]),
    "hand-not-an-object": _bad(hands={"Badr": 10, "Caro": {"melded": False}}),
    "melded-yes": _bad(hands={"Badr": {"melded": "yes", "points": 10},
                              "Caro": {"melded": False}}),
    "mistake-outside-kuwait": _bad(hands={"Badr": {"melded": True, "points": 1,
                                                   "mistake": True},
                                          "Caro": {"melded": False}}),
    "points-as-string": _bad(hands={"Badr": {"melded": True, "points": "10"},
                                    "Caro": {"melded": False}}),
    "points-negative": _bad(hands={"Badr": {"melded": True, "points": -5},
                                   "Caro": {"melded": False}}),
    "points-huge": _bad(hands={"Badr": {"melded": True, "points": 10**20},
                               "Caro": {"melded": False}}),
    "points-and-cards": _bad(indicator="7C", hands={
        "Badr": {"melded": True, "points": 10, "cards": ["5H"]}, "Caro": {"melded": False}}),
    "points-when-not-melded": _bad(hands={"Badr": {"melded": True, "points": 1},
                                          "Caro": {"melded": False, "points": 5}}),
    "melded-without-points": _bad(hands={"Badr": {"melded": True},
                                         "Caro": {"melded": False}}),
    "card-does-not-parse": _bad(indicator="7C", hands={
        "Badr": {"melded": True, "cards": ["5H", "1Z"]}, "Caro": {"melded": False}}),
    "card-a-number": _bad(indicator="7C", hands={
        "Badr": {"melded": True, "cards": [5]}, "Caro": {"melded": False}}),
    "cards-not-a-list": _bad(indicator="7C", hands={
        "Badr": {"melded": True, "cards": "5H 6H"}, "Caro": {"melded": False}}),
    # An ace's worth depends on the indicator (a 5♥'s does not: issue 22).
    "cards-without-indicator": _bad(hands={
        "Badr": {"melded": True, "cards": ["AH"]}, "Caro": {"melded": False}}),
    "indicator-a-joker": _bad(indicator="JK", hands={
        "Badr": {"melded": True, "cards": ["5H"]}, "Caro": {"melded": False}}),
    "indicator-a-number": _bad(indicator=7, hands={
        "Badr": {"melded": True, "cards": ["5H"]}, "Caro": {"melded": False}}),
    "too-many-copies": _bad(indicator="7C", hands={
        "Badr": {"melded": True, "cards": ["5H", "5H", "5H"]}, "Caro": {"melded": False}}),
    "bonuses-not-a-list": _bad(bonuses="one_suit"),
    "unknown-bonus": _bad(finish="full", bonuses=["rainbow"]),
    "unknown-player-in-hands": _bad(hands={"Badr": {"melded": False},
                                           "Caro": {"melded": False},
                                           "Zed": {"melded": False}}),
    "player-missing-from-hands": _bad(hands={"Badr": {"melded": False}}),
    "first-melds-not-a-list": _bad(first_melds={"player": "Ali", "value": 60}),
    "first-melds-entry-not-an-object": _bad(first_melds=["Ali"]),
    "first-melds-player-not-text": _bad(first_melds=[{"player": 1, "value": 60}]),
    "first-melds-value-a-string": _bad(first_melds=[{"player": "Ali", "value": "60"}]),
    "first-melds-value-missing": _bad(first_melds=[{"player": "Ali"}]),
    "first-melds-value-bool": _bad(first_melds=[{"player": "Ali", "value": True}]),
    "first-melds-unknown-player": _bad(first_melds=[{"player": "Zed", "value": 60}]),
    "first-melds-below-51": _bad(first_melds=[{"player": "Ali", "value": 50}]),
}
POST_ONLY = {"missing-deal"}


def _game_with_one_deal(actions) -> tuple[str, dict]:
    game_id = actions.create("levant", THREE)["id"]
    actions.post_deal(game_id, scored(1, "Ali", {"Badr": 10, "Caro": 20}))
    return game_id, actions.state(game_id)


def test_broken_json_is_a_400_on_post_and_put_and_nothing_is_stored(client, actions):
    game_id, before = _game_with_one_deal(actions)
    refused(client.post(f"{API}/games/{game_id}/deals", data="{deal: 2",
                        content_type="application/json"))
    refused(client.put(f"{API}/games/{game_id}/deals/1", data="deal=1",
                       content_type="application/json"))
    refused(client.post(f"{API}/games", data="{", content_type="application/json"))
    assert actions.state(game_id) == before


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", None])
def test_a_body_that_is_not_json_is_a_415_and_nothing_is_stored(client, actions,
                                                                content_type):
    game_id, before = _game_with_one_deal(actions)
    count = len(client.get(f"{API}/games/{game_id}").get_json()["deals"])
    for response in (
            client.post(f"{API}/games/{game_id}/deals", data='{"deal": 2}',
                        content_type=content_type),
            client.put(f"{API}/games/{game_id}/deals/1", data='{"deal": 1}',
                       content_type=content_type),
            client.post(f"{API}/games", data='{"rules": "levant"}',
                        content_type=content_type)):
        refused(response, 415, "application/json")
    assert actions.state(game_id) == before
    assert len(before["deals"]) == count


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_deal_post_is_a_400_with_one_sentence_and_stores_nothing(client, actions,
                                                                           case):
    """API.md "Common parts": malformed is a 400 with one sentence, never a 500."""
    game_id, before = _game_with_one_deal(actions)
    refused(client.post(f"{API}/games/{game_id}/deals", json=MALFORMED[case](2)))
    assert actions.state(game_id) == before


@pytest.mark.parametrize("case", sorted(set(MALFORMED) - POST_ONLY))
def test_malformed_deal_put_is_a_400_with_one_sentence_and_changes_nothing(client, actions,
                                                                           case):
    game_id, before = _game_with_one_deal(actions)
    refused(client.put(f"{API}/games/{game_id}/deals/1", json=MALFORMED[case](1)))
    assert actions.state(game_id) == before


def test_each_malformed_case_differs_from_a_valid_body_only_by_its_fault(client, actions):
    """The base the malformed cases change is itself accepted (so each 400 is its fault)."""
    game_id, _ = _game_with_one_deal(actions)
    actions.post_deal(game_id, _bad()(2))
    response = client.put(f"{API}/games/{game_id}/deals/1", json=_bad(deal=DROP)(1))
    assert response.status_code == 200, response.get_data(as_text=True)


@pytest.mark.parametrize("field", ["pins", "first-dealer", "partnership"])
def test_a_new_games_unknown_field_is_refused_by_name_and_nothing_is_stored(app, client,
                                                                            field):
    """Issue 39, point 16: a misspelt "pins" used to make a game with no PIN."""
    from pagework import game_count

    body = {"rules": "levant", "players": THREE, "first_dealer": THREE[0], field: "1234"}
    refused(client.post(f"{API}/games", json=body), 400, f"“{field}”", "pin")
    assert game_count(app) == 0


def test_every_field_a_game_adds_is_still_taken():
    """Hand and Foot's sides are a new game's field (as its OpenAPI part says)."""
    from scorekeeper.api.games import CREATE_FIELDS

    assert "teams" in CREATE_FIELDS
