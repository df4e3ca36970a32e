"""The referee's questions about a player's hand (docs/api.md "Referee") through Flask's
test client: are these 15 cards a full hand and which bonus hands (``hand``), may this
player claim a redeal (``redeal``).

A ruling that says no is a 200 with a reason; anything malformed is a 400 with
``{"error": "<one sentence>"}``; nothing is ever a 500. The sample bodies and how to read a
ruling are in tests/referee_questions.py.
"""

from __future__ import annotations

import pytest
from referee_questions import FOUR_PAIRS, FULL_HAND, cards_of, meld, post, ruling, said_no


def _same_cards(data: dict, cards: list[str]) -> None:
    laid = [c for m in data["melds"] for c in m] + data["discard"]
    assert sorted(laid) == sorted(cards)
    assert sum(len(m) for m in data["melds"]) in (13, 14)


def test_hand_full_hand_is_proved_by_an_arrangement(client):
    data = ruling(post(client, "hand", {"rules": "levant", "indicator": "7S",
                                        "cards": FULL_HAND}))
    assert data["hand"] is True
    assert data["discard"] == ["4S"]
    assert data["bonuses"] == []
    _same_cards(data, FULL_HAND)
    # Every meld of the proof is a meld by the meld endpoint too.
    for laid in data["melds"]:
        assert meld(client, " ".join(laid), indicator="7S")["valid"] is True


def test_hand_that_cannot_go_out(client):
    data = said_no(post(client, "hand", {
        "rules": "gulf", "cards": cards_of("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 2S")}),
        flag="hand")
    assert data["melds"] == [] and data["discard"] == [] and data["bonuses"] == []


@pytest.mark.parametrize(("cards", "discard", "bonuses"), [
    ("2H 3H 4H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH AS", ["AS"], ["wild_discard", "one_suit"]),
    ("2H 3H 4H 2D 3D 4D 5H 6H 7H 8H 9H 10H JH AS AS", ["AS", "AS"],
     ["two_wilds", "one_colour"]),
])
def test_hand_reports_bonuses(client, cards, discard, bonuses):
    data = ruling(post(client, "hand", {"rules": "egypt", "indicator": "7S",
                                        "cards": cards.split()}))
    assert data["hand"] is True
    assert data["discard"] == discard
    assert sorted(data["bonuses"]) == sorted(bonuses)
    _same_cards(data, cards.split())


@pytest.mark.parametrize(("rules", "cards", "run"), [
    ("gulf", "10H JH QH KH AH 2S 2D 2C 5S 5D 5C 8S 8D 8C 4S", "10H JH QH KH AH"),
    ("gulf", "10H JK QH KH AH 2S 2D 2C 5S 5D 5C 8S 8D 8C 4S", "10H JK QH KH AH"),
    ("saudi", "10H JH QH KH AH 2S 2D 2C 5S 5D 5C 8S 8D 8C 4S", "10H JH QH KH AH"),
    ({"preset": "gulf", "max_meld_size": 4}, "JH QH KH AH 2S 2D 2C 5S 5D 5C 8S 8D 8C 8H 4D",
     "JH QH KH AH"),
])
def test_hand_with_an_ace_high_sequence_as_long_as_the_rules_allow(client, rules, cards, run):
    # A regression test: check_hand once stopped ace-high runs one card short of
    # max_meld_size, so gulf never found 10-J-Q-K-A.
    data = ruling(post(client, "hand", {"rules": rules, "cards": cards.split()}))
    assert data["hand"] is True
    _same_cards(data, cards.split())
    assert run.split() in data["melds"]


def test_hand_with_longest_sequence_not_ace_high_is_found(client):
    # The control for the test above: the same hand one rank lower.
    cards = cards_of("9H 10H JH QH KH 2S 2D 2C 5S 5D 5C 8S 8D 8C 4S")
    data = ruling(post(client, "hand", {"rules": "gulf", "cards": cards}))
    assert data["hand"] is True
    _same_cards(data, cards)


# --- redeal ----------------------------------------------------------------------------

def test_redeal_with_four_pairs_is_allowed(client):
    data = ruling(post(client, "redeal", {"rules": "levant", "indicator": "7S",
                                          "cards": FOUR_PAIRS}))
    assert data["allowed"] is True
    assert data["reason"]


@pytest.mark.parametrize(("cards", "allowed"), [
    ("AS 2H 2H 3H 3H 4H 4H 6H 7H 8H 9H 10H JH QH", True),   # three pairs and a wild
    ("AS AS 2H 2H 3H 3H 4H 6H 7H 8H 9H 10H JH QH", True),   # two pairs and two wilds
    ("AS 2H 2H 3H 3H 4H 6H 7H 8H 9H 10H JH QH KH", False),  # two pairs and a wild
    ("2H 2H 3H 3H 4H 4H 6H 7H 8H 9H 10H JH QH KH AH", False),  # three pairs, 15 cards
])
def test_redeal_counts_pairs_and_wilds(client, cards, allowed):
    data = ruling(post(client, "redeal", {"rules": "levant", "indicator": "7S",
                                          "cards": cards.split()}))
    assert data["allowed"] is allowed
    assert data["reason"]


def test_redeal_refused_with_too_few_pairs(client):
    said_no(post(client, "redeal", {
        "rules": "levant", "indicator": "7S",
        "cards": cards_of("2H 2H 3H 3H 4H 5H 5C 6H 7H 8H 9H 10H JH QH")}), flag="allowed")


@pytest.mark.parametrize(("cards", "indicator", "allowed"), [
    # 7♣ turned: the jokers are natural aces of clubs, so they make a pair.
    ("JK JK 2H 2H 3H 3H 4H 4H 6H 7H 8H 9H 10H JH", "7C", True),    # four pairs
    ("JK JK 2H 2H 3H 3H 4H 5H 6H 7H 8H 9H 10H JH", "7C", False),   # three pairs
    # An ace turned: the jokers are wild and are never a pair.
    ("JK JK 2H 2H 3H 3H 4H 5H 6H 7H 8H 9H 10H JH", "AC", True),    # two pairs, two wilds
    ("JK JK 2H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", "AC", False),   # one pair, two wilds
])
def test_redeal_jokers_are_a_pair_only_when_they_play_as_aces(client, cards, indicator,
                                                              allowed):
    data = ruling(post(client, "redeal", {"rules": "levant", "indicator": indicator,
                                          "cards": cards.split()}))
    assert data["allowed"] is allowed
    assert ("JK" in data["pairs"]) is (indicator == "7C")


def test_redeal_refused_where_the_form_has_no_redeal(client):
    body = {"rules": "gulf", "cards": FOUR_PAIRS}
    said_no(post(client, "redeal", body), flag="allowed")
    allowed = body | {"rules": {"preset": "gulf", "redeal_claims": True}}
    assert ruling(post(client, "redeal", allowed))["allowed"] is True
