"""Hand and Foot through the JSON API (docs/api.md, "Hand and Foot"): games with their
sides, deals side by side, corrections and undo, the referee's four questions.

Seed 003 sections are quoted per test; RULES.md section 9.
"""

from __future__ import annotations

import pytest
from apiwork import refused
from game_actions import API

FOUR = ["Ann", "Bob", "Cy", "Dee"]
SIX = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}


def create(client, players=FOUR, **extra) -> dict:
    response = client.post(f"{API}/games", json={
        "rules": "hand_and_foot", "players": players, "first_dealer": players[0], **extra})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def record(client, game_id, body) -> dict:
    response = client.post(f"{API}/games/{game_id}/deals", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def won(number, went_out, *sides):
    return {"deal": number, "outcome": "scored", "went_out": went_out, "sides": list(sides)}


OUT = {**CONTRACT, "red_threes": 1, "melded": 2400, "left": 0}
BEHIND = {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120}


@pytest.mark.parametrize(("players", "extra", "teams"), [
    (FOUR, {"partnerships": True}, [["Ann", "Cy"], ["Bob", "Dee"]]),
    (SIX, {"partnerships": True}, [["Ann", "Dee"], ["Bob", "Eve"], ["Cy", "Fay"]]),
    (SIX, {"teams": [["Ann", "Cy", "Eve"], ["Bob", "Dee", "Fay"]]},
     [["Ann", "Cy", "Eve"], ["Bob", "Dee", "Fay"]]),
    (FOUR[:3], {}, None),
])
def test_a_game_is_created_with_its_sides(client, players, extra, teams):
    """Seed 003 "Players, Cards, Deal": "Partners sit opposite each other"; "Introduction":
    "six in two teams of three, or by any number of people playing as individuals"."""
    state = create(client, players, **extra)
    assert state["teams"] == teams
    assert state["rules"]["preset"] == "hand_and_foot"
    assert (state["dealer"], state["starter"], state["minimum"]) == (
        players[0], players[1], 50)
    assert state["rounds_to_play"] == 4 and state["deals"] == []


@pytest.mark.parametrize(("extra", "named"), [
    ({"teams": [["Ann", "Bob", "Cy"], ["Dee"]]}, "Sides are"),
    ({"teams": "Ann & Cy"}, "“teams”"),
    ({"players": FOUR[:3], "partnerships": True}, "four players"),
    ({"players": SIX + ["Gus"]}, "2 to 6 players"),
    ({"rules": {"preset": "hand_and_foot", "going_out": -5}}, "going_out"),
])
def test_a_bad_game_is_refused_with_a_reason(client, extra, named):
    body = {"rules": "hand_and_foot", "players": FOUR, "first_dealer": "Ann", **extra}
    refused(client.post(f"{API}/games", json=body), 400, named)


def test_a_partnership_game_of_four_deals(client):
    """Seed 003: "the turn to deal passes to the left. A complete game consists of four
    deals"; "Minimum Initial Meld Requirements" 50 / 90 / 120 / 150; "Bonus Points"."""
    game_id = create(client, partnerships=True)["id"]
    state = record(client, game_id, won(1, "Ann", OUT, BEHIND))
    deal = state["deals"][0]
    out_score = 2400 + 2 * 500 + 2 * 300 + 1500 + 100 + 100
    behind_score = 900 - 120 + 500 + 300
    assert deal["team_scores"] == [out_score, behind_score]
    assert deal["breakdown"][0] == {"cards": 2400, "piles": 3100, "red_threes": 100,
                                    "going_out": 100, "total": out_score}
    assert deal["scores"] == {"Ann": out_score, "Cy": out_score, "Bob": behind_score,
                              "Dee": behind_score}
    assert (deal["dealer"], deal["minimum"]) == ("Ann", 50)
    assert (state["dealer"], state["minimum"]) == ("Bob", 90)
    record(client, game_id, won(2, "Dee", BEHIND, OUT))
    record(client, game_id, won(3, None, BEHIND, BEHIND))
    state = record(client, game_id, won(4, "Cy", OUT, BEHIND))
    assert [d["dealer"] for d in state["deals"]] == FOUR
    assert [d["minimum"] for d in state["deals"]] == [50, 90, 120, 150]
    assert state["team_totals"] == [2 * out_score + 2 * behind_score,
                                    out_score + 3 * behind_score]
    assert state["finished"] and state["winners"] == ["Ann", "Cy"]
    assert state["dealer"] is None and state["rounds_to_play"] == 0
    refused(client.post(f"{API}/games/{game_id}/deals",
                        json=won(5, None, BEHIND, BEHIND)), 400, "game is over")


def test_when_the_stock_runs_out_nobody_gets_the_going_out_bonus(client):
    """Seed 003 "End of the play": "no one gets the bonus for going out"."""
    game_id = create(client, partnerships=True)["id"]
    deal = record(client, game_id, won(1, None, OUT, BEHIND))["deals"][0]
    assert [part["going_out"] for part in deal["breakdown"]] == [0, 0]


def test_cards_are_counted_and_a_red_three_left_is_caught(client):
    """Seed 003 "The red and black threes": red threes left "count against you"; black
    threes left count 5 against."""
    game_id = create(client, FOUR[:2])["id"]
    state = record(client, game_id, won(1, None, {
        "melded_cards": ["KH", "KS", "KC", "JK"], "left_cards": ["3H", "3C", "AS"]},
        {"melded": 0}))
    assert state["deals"][0]["breakdown"][0] == {
        "cards": 80 - 25, "piles": 0, "red_threes": -100, "going_out": 0, "total": -45}
    assert state["deals"][0]["sides"][0]["left_cards"] == ["3H", "3C", "AS"]
    assert state["totals"] == {"Ann": -45, "Bob": 0} and state["teams"] is None


@pytest.mark.parametrize(("deal", "named"), [
    (won(1, "Bob", OUT, BEHIND), "clean: 1, dirty: 1, wild: 1"),
    (won(1, "Ann", OUT), "one report per side"),
    (won(1, "Zed", OUT, BEHIND), "“Zed” is not one of the players"),
    (won(1, "Ann", OUT, {**BEHIND, "left": -3}), "whole number"),
    (won(1, "Ann", OUT, {**BEHIND, "gold": 3}), "unknown field “gold”"),
    (won(1, "Ann", OUT, {**BEHIND, "melded": "900"}), "“melded”"),
    (won(1, "Ann", OUT, {**BEHIND, "left_cards": ["XX"]}), "XX"),
    (won(1, "Ann", OUT, {"melded_cards": ["3H", "9S"]}), "threes are never"),
    (won(1, "Ann", OUT, {**BEHIND, "melded": 5000, "melded_cards": ["9S"]}), "not both"),
    (won(1, "Ann", OUT, {**BEHIND, "clean_piles": 30, "melded": 2000}),
     "More piles than"),
    (won(1, "Ann", OUT, {**BEHIND, "melded": 60}), "less than its complete piles"),
    (won(1, "Ann", OUT, "behind"), "Side 2"),
    ({"deal": 1, "outcome": "redeal", "went_out": None, "sides": [OUT, BEHIND]},
     "always scored"),
    ({"deal": 1, "went_out": 3, "sides": [OUT, BEHIND]}, "“went_out”"),
    ({"deal": 1, "went_out": "Ann"}, "“sides”"),
])
def test_an_impossible_deal_is_refused_and_nothing_is_saved(client, deal, named):
    """Seed 003: going out needs "at least two dirty piles, two clean piles and one wild
    pile"; threes "cannot be used in melds"."""
    game_id = create(client, partnerships=True)["id"]
    refused(client.post(f"{API}/games/{game_id}/deals", json=deal), 400, named)
    assert client.get(f"{API}/games/{game_id}").get_json()["deals"] == []


def test_a_deal_is_corrected_and_undone(client):
    game_id = create(client, partnerships=True)["id"]
    state = record(client, game_id, won(1, "Ann", OUT, BEHIND))
    corrected = client.put(f"{API}/games/{game_id}/deals/1",
                           json=won(1, "Bob", BEHIND, OUT),
                           headers={"If-Match": state["version"]})
    assert corrected.status_code == 200, corrected.get_data(as_text=True)
    after = corrected.get_json()
    assert after["deals"][0]["went_out"] == "Bob"
    assert after["team_totals"][1] > after["team_totals"][0]
    undone = client.delete(f"{API}/games/{game_id}/deals/1",
                           headers={"If-Match": after["version"]})
    assert undone.status_code == 200 and undone.get_json()["deals"] == []


# --- the referee -----------------------------------------------------------------------

def ask(client, check, **body):
    response = client.post(f"{API}/referee/{check}", json={"rules": "hand_and_foot",
                                                           **body})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


@pytest.mark.parametrize(("cards", "valid", "kind", "complete"), [
    (["9H", "9S", "9C"], True, "clean", False),
    (["9H", "9S", "2C"], True, "dirty", False),
    (["2H", "JK", "2C", "2S", "2D", "JK", "2H"], True, "wild", True),
    (["3C", "3S", "3D"], False, None, False),
    (["9H", "9S", "2C", "JK"], False, None, False),
])
def test_the_referee_rules_on_a_meld(client, cards, valid, kind, complete):
    """Seed 003 "The Object of the Game: Melds" (clean, dirty, wild; piles of seven;
    threes never meld; twice as many naturals as wilds)."""
    answer = ask(client, "meld", cards=cards)
    assert (answer["valid"], answer["kind"], answer["complete"]) == (valid, kind, complete)
    assert answer["reason"]


def test_the_referee_rules_on_an_opening_meld_by_deal(client):
    """Seed 003 "Minimum Initial Meld Requirements": "Round 1 50 points … Round 4 150"."""
    melds = [["9H", "9S", "9C", "2C"]]
    assert ask(client, "initial-meld", melds=melds, deal=1)["valid"]
    answer = ask(client, "initial-meld", melds=melds, deal=2)
    assert (answer["valid"], answer["total"], answer["minimum"]) == (False, 50, 90)
    refused(client.post(f"{API}/referee/initial-meld", json={
        "rules": "hand_and_foot", "melds": melds}), 400, "“deal”")


def test_the_referee_rules_on_taking_the_pile(client):
    """Seed 003 "The Play": the seed's example of the nines, and a three blocking."""
    assert ask(client, "pickup", top="9H", hand=["9S", "9C", "2C"], opened=False,
               deal=1)["valid"]
    assert not ask(client, "pickup", top="3C", hand=["3S", "3C"], opened=True)["valid"]
    assert not ask(client, "pickup", top="8H", hand=["8S", "8C", "2C"],
                   table=[["8H", "8S", "8C", "8D", "8H"]], opened=True)["valid"]


def test_the_referee_rules_on_going_out(client):
    """Seed 003: the piles of the contract and the partner in the foot."""
    answer = ask(client, "go-out", piles={"clean": 2, "dirty": 1, "wild": 1},
                 partner_in_foot=True)
    assert not answer["valid"] and "dirty: 1" in answer["reason"]
    assert ask(client, "go-out", piles={"clean": 2, "dirty": 2, "wild": 1},
               partner_in_foot=True)["valid"]


def test_questions_of_the_other_game_are_refused(client):
    refused(client.post(f"{API}/referee/hand", json={
        "rules": "hand_and_foot", "cards": ["9H"]}), 400, "question of Hand")
    refused(client.post(f"{API}/referee/pickup", json={
        "rules": "levant", "top": "9H", "hand": []}), 400, "Hand and Foot")


@pytest.mark.parametrize(("check", "body", "named"), [
    ("initial-meld", {"melds": [["9H", "9S", "9C"]], "deal": 1, "took_discard": True},
     "“took_discard” belongs to Hand"),
    ("meld", {"cards": ["9H", "9S", "9C"], "from_discard": 0}, "“from_discard”"),
    ("go-out", {"piles": {}, "players": 0}, "“players”"),
    ("pickup", {"top": "9H", "hand": [], "indicator": "XX"}, "XX"),
])
def test_fields_of_hands_referee_are_refused_by_name(client, check, body, named):
    """A Hand question's field given to Hand and Foot's referee is named, not ignored."""
    refused(client.post(f"{API}/referee/{check}", json={"rules": "hand_and_foot", **body}),
            400, named)


def test_teams_are_for_hand_and_foot_only(client):
    refused(client.post(f"{API}/games", json={
        "rules": "levant", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Ali",
        "teams": [None, None]}), 400, "“teams” is for Hand and Foot")


def test_the_referee_refuses_a_meld_of_more_copies_than_the_packs_hold(client):
    """Issue 39, point 19: six 9♥ with five packs (seed 003, "Players, Cards, Deal": five
    packs), which hold five, were ruled a meld; refused, naming the card, as the opening
    meld's question and a deal's report refuse them."""
    six = client.post(f"{API}/referee/meld", json={"rules": "hand_and_foot",
                                                   "cards": ["9H"] * 6})
    assert six.status_code == 400 and "9♥ appears 6 times" in six.get_json()["error"]
    five = client.post(f"{API}/referee/meld", json={"rules": "hand_and_foot",
                                                    "cards": ["9H"] * 5})
    assert five.status_code == 200 and five.get_json()["valid"] is True
    more_packs = client.post(f"{API}/referee/meld", json={
        "rules": {"preset": "hand_and_foot", "packs": 6}, "cards": ["9H"] * 6})
    assert more_packs.status_code == 200
