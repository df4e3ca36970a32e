"""First melds (announcements) sent as the cards laid: the referee values them and holds
each to the bar in force (issue 13; docs/api.md, "Deals from the cards").

Seed 000 "Initial Meld" (51 points); seed 002 "Hand Saudi" (the last first meld + 1);
seed 001 "Announcing melds during the game" (91 with three or four players).
"""

from __future__ import annotations

from apiwork import refused, scored
from game_actions import API, THREE

FIFTY_FIVE = [["10H", "JH", "QH", "KH"], ["5S", "5D", "5C"]]      # 40 + 15
FIFTY_EIGHT = [["QC", "KC", "AC"], ["9D", "9S", "9H"]]            # 31 + 27
FIFTY_FOUR = [["JS", "QS", "KS"], ["8C", "8D", "8H"]]             # 30 + 24


def test_first_melds_as_cards_are_valued_kept_and_shown(actions):
    """Seed 002 "Hand Saudi": 55 first, then 58 beats 56."""
    game_id = actions.create("saudi", THREE)["id"]
    melds = [{"player": "Badr", "melds": FIFTY_FIVE},
             {"player": "Caro", "melds": FIFTY_EIGHT}]
    state = actions.post_deal(game_id, scored(1, "Ali", {"Badr": 10, "Caro": 5},
                                              first_melds=melds))
    assert state["deals"][0]["first_melds"] == [
        {"player": "Badr", "value": 55, "melds": FIFTY_FIVE},
        {"player": "Caro", "value": 58, "melds": FIFTY_EIGHT}]


def test_first_melds_as_cards_short_of_the_rising_bar_are_refused(client, actions):
    """Seed 002 "Hand Saudi": after 55 the next first meld needs 56; 54 is refused."""
    game_id = actions.create("saudi", THREE)["id"]
    melds = [{"player": "Badr", "melds": FIFTY_FIVE},
             {"player": "Caro", "melds": FIFTY_FOUR}]
    body = scored(1, "Ali", {"Badr": 10, "Caro": 5}, first_melds=melds)
    refused(client.post(f"{API}/games/{game_id}/deals", json=body), 400,
            "Caro", "54", "56")
    assert actions.state(game_id)["deals"] == []


def test_an_announcement_as_cards_below_the_threshold_is_refused(client, actions):
    """Seed 001 "Announcing melds during the game": 91 with three players."""
    game_id = actions.create("kuwait", THREE)["id"]
    body = scored(1, "Ali", {"Badr": 10, "Caro": 5},
                  first_melds=[{"player": "Badr", "melds": FIFTY_EIGHT}])
    refused(client.post(f"{API}/games/{game_id}/deals", json=body), 400,
            "Badr", "58", "91", "announcement")


def test_first_meld_cards_that_are_not_melds_are_refused(client, actions):
    game_id = actions.create("gulf", THREE)["id"]
    for melds, named in (([["2H", "5S", "9C"]], "Meld 1"), ("10H JH QH", "“melds”"),
                         ([], "“melds”"), ([["10H", "XX", "QH"]], "XX")):
        body = scored(1, "Ali", {"Badr": 10, "Caro": 5},
                      first_melds=[{"player": "Badr", "melds": melds}])
        refused(client.post(f"{API}/games/{game_id}/deals", json=body), 400, named)
    assert actions.state(game_id)["deals"] == []


def test_a_correction_can_change_the_first_meld_cards(client, actions):
    game_id = actions.create("gulf", THREE)["id"]
    actions.post_deal(game_id, scored(1, "Ali", {"Badr": 10, "Caro": 5}, first_melds=[
        {"player": "Badr", "melds": FIFTY_FIVE}]))
    response = client.put(f"{API}/games/{game_id}/deals/1", json=scored(
        1, "Ali", {"Badr": 10, "Caro": 5},
        first_melds=[{"player": "Caro", "melds": FIFTY_EIGHT}]))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["deals"][0]["first_melds"] == [
        {"player": "Caro", "value": 58, "melds": FIFTY_EIGHT}]
