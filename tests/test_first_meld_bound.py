"""A first meld's worth is bounded by what the cards can make (issue 23, point 1): a
worth of 2^64 or thousands of digits is refused at the door, so nothing stored can make a
backup unrestorable."""

import pytest
from apiwork import refused
from game_actions import API


@pytest.mark.parametrize("value", [166, 2**64, 10**30])
def test_a_first_meld_worth_more_than_fifteen_cards_is_refused(client, value):
    game = client.post(f"{API}/games", json={"rules": "levant", "players": [
        "Ali", "Badr", "Caro"], "first_dealer": "Ali"}).get_json()
    refused(client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "outcome": "redeal", "first_melds": [{"player": "Badr", "value": value}]}),
        400, "cannot be worth more than 165")
    accepted = client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "outcome": "redeal", "first_melds": [{"player": "Badr", "value": 165}]})
    assert accepted.status_code == 201, accepted.get_data(as_text=True)
