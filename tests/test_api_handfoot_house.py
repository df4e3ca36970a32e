"""Hand and Foot's house rules through the JSON API (docs/api.md, "Hand and Foot as tables
play it"): a house-rule set as a preset, the new side fields and counts by kind, the state's
rules in force, the referee's new fields. Every answer is checked against the OpenAPI
description by the test client."""

from __future__ import annotations

from apiwork import refused
from game_actions import API

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def create(client, rules) -> dict:
    response = client.post(f"{API}/games", json={
        "rules": rules, "players": FOUR, "first_dealer": "Ann", "partnerships": True})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def ask(client, check, **body) -> dict:
    response = client.post(f"{API}/referee/{check}", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_a_hand_knee_and_foot_game_scores_its_books_and_seven_red_threes(client):
    game = create(client, "hand_knee_foot")
    assert game["rules"]["preset"] == "hand_knee_foot"
    assert game["minimum"] == [50, 50] and game["contract"] == {
        "clean": 3, "dirty": 1, "wild": 1, "5": 1, "7": 1}
    out = {"clean_piles": 3, "rank_piles": {"5": 1, "7": 1}, "dirty_piles": 1,
           "wild_piles": 1, "red_threes": 7,
           "melded_by_kind": {"joker": 4, "two": 6, "ace": 6, "eight_to_king": 20,
                              "four_to_seven": 14}}
    behind = {"clean_piles": 1, "melded": 300, "left_by_kind": {"red_three": 1, "joker": 1}}
    response = client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "went_out": "Ann", "sides": [out, behind]})
    assert response.status_code == 201, response.get_data(as_text=True)
    state = response.get_json()
    melded = 200 + 120 + 120 + 200 + 70
    assert state["team_totals"] == [melded + 500 + 3000 + 5000 + 300 + 2500 + 700 + 300 + 200,
                                    300 - 50 + 500 - 500]
    assert state["deals"][0]["sides"][0]["rank_piles"] == {"5": 1, "7": 1}
    assert state["deals"][0]["sides"][1]["left_by_kind"] == {"red_three": 1, "joker": 1}


def test_a_target_game_has_no_deals_left_and_a_rising_going_out(client):
    game = create(client, {"preset": "hand_and_foot", "target": 5000,
                           "going_out": [100, 200, 300, 400]})
    assert game["target"] == 5000 and game["rounds_to_play"] is None
    assert game["rules"]["going_out"] == [100, 200, 300, 400]


def test_impossible_sides_are_refused_through_the_api(client):
    game = create(client, "hand_and_foot")
    for side, reason in (({"melded": 1003}, "no set of cards makes 1003"),
                         ({"clean_piles": 30, "melded": 2000}, "More piles than 5 packs"),
                         ({"melded_by_kind": {"kings": 3}}, "not a kind of card")):
        refused(client.post(f"{API}/games/{game['id']}/deals", json={
            "deal": 1, "went_out": None, "sides": [side, {}]}), 400, reason)


def test_the_referee_takes_the_sides_total_and_asks_about_the_partner(client):
    by_score = {"preset": "hand_and_foot", "minimums_by_score": [[0, 50], [2500, 90]]}
    answer = ask(client, "initial-meld", rules=by_score, melds=[["KH", "KS", "KC", "2C"]],
                 total=3000)
    assert not answer["valid"] and answer["minimum"] == 90
    refused(client.post(f"{API}/referee/initial-meld", json={
        "rules": by_score, "melds": [["KH", "KS", "KC"]]}), 400, "give it as “total”")
    piles = {"clean": 2, "dirty": 2, "wild": 1}
    asked = ask(client, "go-out", rules="hand_and_foot", piles=piles)
    assert not asked["valid"] and "Has the partner picked up the foot" in asked["reason"]
    assert ask(client, "go-out", rules="hand_and_foot", piles=piles, alone=True)["valid"]
    assert ask(client, "go-out", rules="hand_and_foot", piles=piles,
               partner_in_foot=True)["valid"]
    rising = "hand_and_foot_rising"
    assert ask(client, "go-out", rules=rising, piles={"clean": 1, "dirty": 1}, deal=1,
               partner_in_foot=True)["valid"]
    assert not ask(client, "go-out", rules=rising, piles={"clean": 1, "dirty": 1}, deal=2,
                   partner_in_foot=True)["valid"]


def test_an_unknown_field_of_a_deal_is_refused_by_name(client):
    """Issue 23, point 10: a field the game's deals do not have is a 400 naming it."""
    game = create(client, "hand_and_foot")
    refused(client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "went_out": None, "sides": [{}, {}], "whatever": 1}), 400, "“whatever”")
    hand = client.post(f"{API}/games", json={"rules": "levant", "players": ["Ali", "Badr"],
                                             "first_dealer": "Ali"}).get_json()
    refused(client.post(f"{API}/games/{hand['id']}/deals", json={
        "deal": 1, "outcome": "redeal", "sides": []}), 400, "“sides”", "Hand")


def test_a_count_too_long_to_print_is_refused_naming_the_field(client):
    """Issue 23, point 4: a 4,300-digit pile count is a 400 like any bad number."""
    game = create(client, "hand_and_foot")
    huge = "9" * 4300   # as long as JSON may write it; its products are longer
    for side in (f'{{"clean_piles": {huge}, "melded": 2000}}', f'{{"red_threes": {huge}}}',
                 f'{{"melded_by_kind": {{"joker": {huge}}}}}', f'{{"left": {huge}}}'):
        refused(client.post(f"{API}/games/{game['id']}/deals",
                            data=f'{{"deal": 1, "went_out": null, "sides": [{side}, {{}}]}}',
                            content_type="application/json"), 400)
