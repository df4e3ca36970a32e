"""The winner's cards through the JSON API (issue 13; docs/api.md, "Deals from the
cards"): on ``/score/round`` and on a stored game's deals, ``winner_cards`` (15 cards the
referee arranges) or ``winner_melds`` with ``winner_discard`` decide the finish and the
bonuses; a finish or bonuses they contradict is a 400 saying which; the game state, its
corrections, exports and backups keep how the winner went out."""

from __future__ import annotations

import json

from game_actions import API, THREE

RED = [["2H", "3H", "4H"], ["5D", "6D", "7D", "8D"], ["9H", "10H", "JH", "QH"],
       ["QD", "KD", "AD"]]                                   # 14 red cards
MIXED = [["2H", "3H", "4H"], ["5S", "6S", "7S", "8S"], ["8D", "9D", "10D"],
         ["10C", "JC", "QC", "KC"]]
NO_HAND = ["2H", "3H", "5H", "7S", "9S", "JS", "2D", "4D", "6D", "8D", "10C", "QC", "KC",
           "AC", "AH"]
HANDS = {"Badr": {"melded": True, "points": 10}, "Caro": {"melded": False}}


def flat(melds: list[list[str]], discard: list[str]) -> list[str]:
    return [c for m in melds for c in m] + discard


def round_body(rules: str, **cards) -> dict:
    return {"rules": rules, "players": THREE, "indicator": "7C", "winner": "Ali",
            "hands": HANDS, **cards}


def test_seed_000_bonus_scores_the_cards_alone_make_a_red_hand_with_a_wild_thrown(client):
    """Seed 000, "Bonus Scores": a full hand of one colour with a wild card discarded is
    four times an ordinary one (-240, 8× the cards, +800). Under Egypt with 7♣ turned A♣
    is the wild card."""
    answer = client.post(f"{API}/score/round",
                         json=round_body("egypt", winner_cards=flat(RED, ["AC"])))
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    assert (data["finish"], sorted(data["bonuses"])) == ("full", ["one_colour",
                                                                  "wild_discard"])
    assert data["scores"] == {"Ali": -240, "Badr": 80, "Caro": 800}
    assert data["arrangement"]["discard"] == ["AC"]
    assert sorted(data["winner_cards"]) == sorted(flat(RED, ["AC"]))


def test_seed_001_finishing_a_double_joker_colored_hand_from_the_melds_laid(client):
    """Seed 001, "Finishing": Double Joker Colored Hand, -480, 1600 for a player who did
    not announce, 32× the cards of one who did."""
    melds = [["2H", "3H", "4H"], ["5D", "6D", "7D"], ["8H", "9H", "10H"],
             ["JD", "QD", "KD", "AD"]]
    answer = client.post(f"{API}/score/round", json=round_body(
        "kuwait", winner_melds=melds, winner_discard=["JK", "JK"]))
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["scores"] == {"Ali": -480, "Badr": 320, "Caro": 1600}


def test_cards_that_are_no_full_hand_score_a_finish_over_several_turns(client):
    answer = client.post(f"{API}/score/round",
                         json=round_body("levant", winner_cards=NO_HAND))
    assert answer.status_code == 200
    assert answer.get_json()["finish"] == "partial"
    assert answer.get_json()["scores"]["Ali"] == -30


def test_a_full_hand_the_cards_do_not_bear_out_is_a_400_saying_why(client):
    answer = client.post(f"{API}/score/round", json=round_body(
        "levant", winner_cards=NO_HAND, finish="full"))
    assert answer.status_code == 400
    assert "not a full hand" in answer.get_json()["error"]


def test_bonuses_the_cards_do_not_bear_out_are_a_400_naming_both(client):
    answer = client.post(f"{API}/score/round", json=round_body(
        "egypt", winner_cards=flat(MIXED, ["9C"]), finish="full", bonuses=["one_suit"]))
    assert answer.status_code == 400
    # The sentence names the bonus as players call it (issue 22), the field its code.
    assert "(all of one suit)" in answer.get_json()["error"]


def test_cards_given_both_ways_are_a_400(client):
    answer = client.post(f"{API}/score/round", json=round_body(
        "levant", winner_cards=flat(MIXED, ["9C"]), winner_melds=MIXED,
        winner_discard=["9C"]))
    assert answer.status_code == 400
    assert "not both" in answer.get_json()["error"]


def _record(client, actions, game_id: str, number: int, **cards) -> dict:
    answer = client.post(f"{API}/games/{game_id}/deals", json={
        "deal": number, "outcome": "scored", "winner": "Ali", "indicator": "7C",
        "hands": HANDS, **cards})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["deals"][number - 1]


def test_a_stored_deal_keeps_how_the_winner_went_out_and_a_correction_changes_it(
        client, actions):
    game_id = actions.create("egypt")["id"]
    deal = _record(client, actions, game_id, 1, winner_cards=flat(RED, ["AC"]))
    assert deal["finish"] == "full"
    assert sorted(deal["bonuses"]) == ["one_colour", "wild_discard"]
    assert deal["arrangement"]["discard"] == ["AC"]
    assert deal["winner_cards"] == flat(deal["arrangement"]["melds"], ["AC"])
    corrected = client.put(f"{API}/games/{game_id}/deals/1", json={
        "outcome": "scored", "winner": "Ali", "indicator": "7C", "hands": HANDS,
        "winner_melds": MIXED, "winner_discard": ["9C"]})
    assert corrected.status_code == 200, corrected.get_json()
    deal = corrected.get_json()["deals"][0]
    assert (deal["finish"], deal["bonuses"]) == ("full", [])
    assert deal["arrangement"] == {"melds": MIXED, "discard": ["9C"]}
    assert corrected.get_json()["totals"]["Ali"] == -60


def test_a_stored_deal_the_cards_contradict_is_refused_and_nothing_is_saved(client,
                                                                           actions):
    game_id = actions.create("levant")["id"]
    answer = client.post(f"{API}/games/{game_id}/deals", json={
        "deal": 1, "outcome": "scored", "winner": "Ali", "finish": "full", "indicator": "7C",
        "hands": HANDS, "winner_cards": NO_HAND})
    assert answer.status_code == 400
    assert "not a full hand" in answer.get_json()["error"]
    assert actions.state(game_id)["deals"] == []


def test_the_exports_and_an_undone_deal_keep_the_cards(client, actions, runner, tmp_path):
    game_id = actions.create("egypt")["id"]
    _record(client, actions, game_id, 1, winner_melds=RED, winner_discard=["AC"])
    exported = client.get(f"/games/{game_id}.json").get_json()
    assert exported["deals"][0]["arrangement"] == {"melds": RED, "discard": ["AC"]}
    # The backup keeps the cards; the audit entry of the deal can record it again.
    path = tmp_path / "games.json"
    assert runner.invoke(args=["export-games", str(path)]).exit_code == 0
    [game] = json.loads(path.read_text())["games"]
    assert game["deals"][0]["report"]["winner_hand"] == {"melds": RED, "discard": ["AC"]}
    kept = game["audit"][0]["after"]
    assert kept["winner_melds"] == RED and kept["winner_discard"] == ["AC"]
    state = actions.state(game_id)
    assert client.delete(f"{API}/games/{game_id}/deals/1",
                         json={"version": state["version"]}).status_code == 200
    again = client.post(f"{API}/games/{game_id}/deals",
                        json={k: v for k, v in kept.items() if k != "scores"})
    assert again.status_code == 201, again.get_json()
    assert again.get_json()["deals"][0]["arrangement"] == {"melds": RED, "discard": ["AC"]}
