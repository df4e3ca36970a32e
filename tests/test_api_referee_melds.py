"""The referee's meld question (``POST /api/v1/referee/meld``, docs/api.md "Referee")
through Flask's test client: what a meld is, the value of its cards and what each wild
stands for, under every form of Hand and with house rules; and what the indicator makes
wild in the Levant forms. Every endpoint's sample body is answered first.

A ruling that says no is a 200 with a reason; anything malformed is a 400 with
``{"error": "<one sentence>"}``; nothing is ever a 500. The sample bodies and how to read a
ruling are in tests/referee_questions.py.
"""

from __future__ import annotations

import pytest
from game_actions import PRESETS
from referee_questions import REFEREE, VALID, body_of, meld, post, refused, ruling, said_no


@pytest.mark.parametrize("endpoint", REFEREE)
def test_each_sample_body_gets_a_200_ruling(client, endpoint):
    data = ruling(post(client, endpoint, VALID[endpoint]))
    assert isinstance(data["reason"], str) and data["reason"]


# --- meld ------------------------------------------------------------------------------

def test_meld_sequence_with_wild_gives_kind_cards_value_and_what_the_wild_represents(client):
    data = meld(client, "9C 10C AS", indicator="QS")
    assert data["valid"] is True
    assert data["kind"] == "sequence"
    assert data["cards"] == ["9C", "10C", "AS"]
    assert data["value"] == 29
    assert data["wild"] == {"card": "AS", "represents": ["JC"]}
    assert data["reason"]


@pytest.mark.parametrize(("cards", "represents", "value"), [
    ("9C 10C AS", "JC", 29),
    ("AS 9C 10C", "8C", 27),
    ("10C 9C AS", "8C", 27),
    ("AS 10C 9C", "JC", 29),
    ("9C AS JC", "10C", 29),
])
def test_meld_wild_stands_for_the_card_at_its_position(client, cards, represents, value):
    data = meld(client, cards, indicator="QS")
    assert data["valid"] is True and data["kind"] == "sequence"
    assert data["wild"]["represents"] == [represents]
    assert data["value"] == value


def test_meld_natural_sequence_is_shown_from_its_low_end(client):
    data = meld(client, "KS AS QS", indicator="7D")
    assert data["valid"] is True
    assert data["cards"] == ["QS", "KS", "AS"]
    assert data["value"] == 31
    assert data["wild"] is None


def test_meld_group_with_wild_represents_both_missing_suits_and_counts_once(client):
    data = meld(client, "7S 7H JK", rules="gulf", indicator=None)
    assert data["valid"] is True
    assert data["kind"] == "group"
    assert data["wild"]["card"] == "JK"
    assert sorted(data["wild"]["represents"]) == ["7C", "7D"]
    assert data["value"] == 21


def test_meld_output_cards_are_canonical(client):
    data = meld(client, "9c t♣ J♧", indicator="7D")
    assert data["valid"] is True
    assert data["cards"] == ["9C", "10C", "JC"]


@pytest.mark.parametrize(("cards", "words"), [
    ("KS AS 2S", "K-A-2"),
    ("9H 9S 9H", "9♥"),
    ("9C 10C", "three"),
    ("9C 10H JC", "neither"),
])
def test_meld_refused_is_200_with_reason_and_the_cards_as_laid(client, cards, words):
    data = said_no(post(client, "meld", {"rules": "levant", "indicator": "7D",
                                         "cards": cards.split()}))
    assert data["kind"] is None
    assert data["value"] is None
    assert data["wild"] is None
    assert data["cards"] == cards.split()
    assert words in data["reason"]


def test_meld_with_two_wilds_is_refused(client):
    data = said_no(post(client, "meld", {"rules": "gulf", "cards": ["JK", "5H", "JK"]}))
    assert "one wild" in data["reason"]


#: (preset, indicator, cards, valid, value): at least one meld under every preset.
PRESET_MELDS = [
    ("levant", "7C", "AH 2H 3H", True, 16),
    ("levant", "7C", "2S 3S 4S 5S 6S 7S", True, 27),
    ("egypt", "7C", "AH 2H 3H", True, 16),
    ("egypt", "7C", "QD KD AD", True, 31),
    ("gulf", None, "AH 2H 3H", True, 6),
    ("gulf", None, "2S 3S 4S 5S 6S 7S", False, None),
    ("saudi", None, "AH 2H 3H", True, 6),
    ("saudi", None, "2S 3S 4S 5S 6S 7S", False, None),
    ("kuwait", None, "AH 2H 3H", True, 6),
    ("kuwait", None, "2S 3S 4S 5S 6S 7S", True, 27),
    ("hareeqa", None, "AH JK 3H", True, 6),
    # Seed 002: "Hareeqa differs from Hand in scoring and finishing the game" — its melds
    # keep Hand's "maximum of 5".
    ("hareeqa", None, "2S 3S 4S 5S 6S 7S", False, None),
]


@pytest.mark.parametrize(("preset", "indicator", "cards", "valid", "value"), PRESET_MELDS)
def test_meld_under_every_preset(client, preset, indicator, cards, valid, value):
    data = meld(client, cards, rules=preset, indicator=indicator)
    assert data["valid"] is valid
    assert data["value"] == value
    if not valid:
        assert "5" in data["reason"]  # the preset's largest meld


def test_meld_table_covers_every_preset():
    assert {row[0] for row in PRESET_MELDS} == set(PRESETS)


@pytest.mark.parametrize(("rules", "value"), [
    ("levant", 16),
    ({"preset": "levant"}, 16),
    ({"preset": "levant", "ace_low_value": 1}, 6),
    ({"preset": "gulf", "ace_low_value": 11}, 16),
])
def test_rules_object_overrides_ace_low_value(client, rules, value):
    assert meld(client, "AH 2H 3H", rules=rules, indicator="7C")["value"] == value


def test_rules_object_overrides_ace_high_value(client):
    assert meld(client, "QH KH AH", rules="levant", indicator="7C")["value"] == 31
    assert meld(client, "QH KH AH", rules={"preset": "levant", "ace_high_value": 10},
                indicator="7C")["value"] == 30


def test_rules_object_lifts_the_gulf_meld_size_limit(client):
    cards = "2S 3S 4S 5S 6S 7S"
    assert meld(client, cards, rules="gulf", indicator=None)["valid"] is False
    data = meld(client, cards, rules={"preset": "gulf", "max_meld_size": None},
                indicator=None)
    assert data["valid"] is True and data["value"] == 27


# RULES.md section 3: at most 13 cards; a wild cannot stand for the ace at the other end.
@pytest.mark.parametrize(("rules", "indicator", "cards"), [
    ("levant", "7S", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS"),
    # Hareeqa without its five-card limit: the thirteen-card run still stops at 13.
    ({"preset": "hareeqa", "max_meld_size": None}, None,
     "JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),
])
def test_meld_of_fourteen_cards_is_refused(client, rules, indicator, cards):
    said_no(post(client, "meld", {"rules": rules, "indicator": indicator,
                                  "cards": cards.split()}))


# --- indicator -------------------------------------------------------------------------

def test_levant_non_ace_indicator_makes_the_aces_of_its_suit_wild(client):
    data = meld(client, "9H 10H AC", indicator="7C")
    assert data["valid"] is True
    assert data["wild"] == {"card": "AC", "represents": ["JH"]}
    # A wild may stand for the very card it is.
    data = meld(client, "AC 2C 3C", indicator="7C")
    assert data["wild"] == {"card": "AC", "represents": ["AC"]}
    # The other aces stay natural.
    assert meld(client, "9H 10H AD", indicator="7C")["valid"] is False


def test_levant_non_ace_indicator_makes_jokers_natural_aces_of_its_suit(client):
    data = meld(client, "JK 2C 3C", indicator="7C")
    assert data["valid"] is True
    assert data["wild"] is None
    assert data["cards"] == ["JK", "2C", "3C"]
    assert data["value"] == 16
    data = meld(client, "JK AH AS", indicator="7C")
    assert data["valid"] is True and data["kind"] == "group" and data["wild"] is None
    # As an ace of clubs the joker cannot fill a gap in another suit.
    assert meld(client, "9H JK JH", indicator="7C")["valid"] is False


def test_levant_ace_indicator_makes_the_jokers_wild_and_every_ace_natural(client):
    data = meld(client, "JK 2C 3C", indicator="AH")
    assert data["wild"] == {"card": "JK", "represents": ["AC"]}
    data = meld(client, "AC 2C 3C", indicator="AH")
    assert data["valid"] is True and data["wild"] is None
    assert meld(client, "9H 10H AC", indicator="AH")["valid"] is False


@pytest.mark.parametrize("endpoint", REFEREE)
def test_levant_without_indicator_is_400(client, endpoint):
    body = body_of(endpoint)
    del body["indicator"]
    refused(post(client, endpoint, body), "indicator")


@pytest.mark.parametrize("endpoint", REFEREE)
def test_levant_with_null_indicator_is_400(client, endpoint):
    refused(post(client, endpoint, body_of(endpoint, indicator=None)), "indicator")


def test_gulf_ignores_the_indicator(client):
    without = meld(client, "AC 2C 3C", rules="gulf", indicator=None)
    with_one = meld(client, "AC 2C 3C", rules="gulf", indicator="7C")
    assert with_one == without
    assert with_one["valid"] is True and with_one["wild"] is None and with_one["value"] == 6
    # The jokers stay wild whatever card is named.
    data = meld(client, "7S 7H JK", rules="gulf", indicator="7C")
    assert data["wild"]["card"] == "JK"


def test_gulf_does_not_count_an_ignored_indicator_as_a_copy(client):
    data = meld(client, "7C 7C 7H", rules="gulf", indicator="7C")
    assert data["valid"] is False  # two identical sevens, but not a 400


def test_indicator_counts_as_one_copy_of_its_card(client):
    refused(post(client, "meld", {"rules": "levant", "indicator": "7C",
                                  "cards": ["7C", "7C", "7H"]}), "7♣")


def test_indicator_no_jokers_wilds_are_the_aces_of_the_indicator_suit(client):
    rules = {"preset": "levant", "wild_mode": "indicator_no_jokers"}
    data = meld(client, "9H 10H AC", rules=rules, indicator="7C")
    assert data["wild"] == {"card": "AC", "represents": ["JH"]}
    # An ace indicator is redrawn by default...
    refused(post(client, "meld", {"rules": rules, "indicator": "AC",
                                  "cards": ["9H", "10H", "JH"]}), "ace")
    # ...or leaves the other copy of that ace as the only wild.
    data = meld(client, "9H 10H AC", indicator="AC",
                rules=rules | {"ace_indicator": "other_ace_wild"})
    assert data["wild"] == {"card": "AC", "represents": ["JH"]}
