"""The referee endpoints of the JSON API (shared/API.md, "Referee"), the rules listing
and the OpenAPI description, through Flask's test client.

A ruling that says no is a 200 with a reason; anything malformed is a 400 with
``{"error": "<one sentence>"}``; nothing is ever a 500.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

API = "/api/v1"


def cards_of(text: str) -> list[str]:
    """``cards_of("9C 10C JC")`` → ``["9C", "10C", "JC"]``."""
    return text.split()


REFEREE = ["meld", "initial-meld", "lay-off", "swap", "hand", "redeal"]
PRESETS = ["levant", "egypt", "gulf", "saudi", "kuwait", "hareeqa"]

# A full hand under levant with 7♠ turned (A♠ wild): three groups and a run, discard 4♠.
FULL_HAND = cards_of("10H JH QH KH AH 2S 2D 2C 5S 5D 5C 8S 8D 8C 4S")
# Fourteen cards as dealt, with four identical pairs.
FOUR_PAIRS = cards_of("2H 2H 3H 3H 4H 4H 5H 5H 6H 7H 8H 9H 10H JH")

#: One well-formed body per endpoint, all under levant with 7♦ turned, so the indicator
#: matters everywhere. Each of them gets a 200 (checked below).
VALID = {
    "meld": {"rules": "levant", "indicator": "7D", "cards": ["9C", "10C", "JC"]},
    "initial-meld": {"rules": "levant", "indicator": "7D",
                     "melds": [["9C", "10C", "JC"], ["QH", "QS", "QC"]]},
    "lay-off": {"rules": "levant", "indicator": "7D", "meld": ["9C", "10C", "JC"],
                "add": ["QC"]},
    "swap": {"rules": "levant", "indicator": "7D", "meld": ["9C", "AD", "JC"],
             "give": ["10C"]},
    "hand": {"rules": "levant", "indicator": "7D", "cards": FULL_HAND},
    "redeal": {"rules": "levant", "indicator": "7D", "cards": FOUR_PAIRS},
}

#: The fields of each endpoint that hold cards: (endpoint, field).
CARD_FIELDS = [("meld", "cards"), ("initial-meld", "melds"), ("lay-off", "meld"),
               ("lay-off", "add"), ("swap", "meld"), ("swap", "give"), ("hand", "cards"),
               ("redeal", "cards")]

#: Every field each endpoint reads.
FIELDS = {
    "meld": ["rules", "indicator", "cards"],
    "initial-meld": ["rules", "indicator", "melds", "minimum"],
    "lay-off": ["rules", "indicator", "meld", "add", "end", "going_out", "one_card"],
    "swap": ["rules", "indicator", "meld", "give"],
    "hand": ["rules", "indicator", "cards"],
    "redeal": ["rules", "indicator", "cards"],
}


# --- helpers -------------------------------------------------------------------------

def post(client, endpoint: str, body):
    # Serialised here: the test client's json=None would send no body at all, not null.
    return client.post(f"{API}/referee/{endpoint}", data=json.dumps(body),
                       content_type="application/json")


def ruling(response) -> dict:
    """The JSON of a 200 ruling."""
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.is_json
    return response.get_json()


def said_no(response, flag: str = "valid") -> dict:
    """A ruling that says no: 200, the flag false, and a reason to read aloud."""
    data = ruling(response)
    assert data[flag] is False
    assert isinstance(data["reason"], str) and data["reason"].strip()
    return data


def refused(response, *mentions: str) -> str:
    """A 400 with one sentence in ``error`` that names each of *mentions*."""
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.is_json
    data = response.get_json()
    assert set(data) == {"error"}
    error = data["error"]
    assert isinstance(error, str) and error.strip()
    assert "\n" not in error and "Traceback" not in error
    for text in mentions:
        assert text in error, f"{text!r} not named in {error!r}"
    return error


def body_of(endpoint: str, **changes) -> dict:
    """A deep copy of the valid body of *endpoint* with *changes* applied."""
    body = json.loads(json.dumps(VALID[endpoint]))
    body.update(changes)
    return body


def with_first_cards(endpoint: str, *texts) -> dict:
    """The valid body of *endpoint* with its first card(s) replaced by *texts*."""
    body = body_of(endpoint)
    cards = body["melds"][0] if endpoint == "initial-meld" else body[
        "meld" if endpoint in ("lay-off", "swap") else "cards"]
    cards[:len(texts)] = texts
    return body


def meld(client, cards: str, rules="levant", indicator: str | None = "7D") -> dict:
    body = {"rules": rules, "cards": cards.split()}
    if indicator is not None:
        body["indicator"] = indicator
    return ruling(post(client, "meld", body))


# --- every valid body is valid ---------------------------------------------------------

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
    ("hareeqa", None, "2S 3S 4S 5S 6S 7S", True, 27),
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
    ("hareeqa", None, "JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),
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


# --- initial meld ----------------------------------------------------------------------

def test_initial_meld_reaching_the_bar(client):
    data = ruling(post(client, "initial-meld", {
        "rules": "levant", "indicator": "7C",
        "melds": [["AD", "2D", "3D", "4D", "5D"], ["9H", "9S", "9D"]]}))
    assert data["valid"] is True
    assert data["total"] == 52
    assert data["minimum"] == 51
    assert [m["value"] for m in data["melds"]] == [25, 27]
    assert [m["kind"] for m in data["melds"]] == ["sequence", "group"]
    assert all(set(m) >= {"valid", "kind", "cards", "value", "wild", "reason"}
               for m in data["melds"])
    assert "52" in data["reason"]


def test_initial_meld_short_of_the_bar(client):
    data = said_no(post(client, "initial-meld", {"rules": "levant", "indicator": "7C",
                                                  "melds": [["9H", "9S", "9D"]]}))
    assert data["total"] == 27 and data["minimum"] == 51
    assert "51" in data["reason"]


def test_initial_meld_with_an_invalid_meld_names_it(client):
    data = said_no(post(client, "initial-meld", {
        "rules": "levant", "indicator": "7C", "melds": [["9H", "9S", "9D"], ["2C", "3C"]]}))
    assert [m["valid"] for m in data["melds"]] == [True, False]
    assert data["melds"][1]["reason"] in data["reason"]


def test_initial_meld_minimum_overrides_the_bar(client):
    body = {"rules": "levant", "indicator": "7C", "melds": [["9H", "9S", "9D"]]}
    data = ruling(post(client, "initial-meld", body | {"minimum": 27}))
    assert data["valid"] is True and data["minimum"] == 27
    said_no(post(client, "initial-meld", body | {"minimum": 28}))


def test_initial_meld_options_raise_the_bar(client):
    melds = [["AD", "2D", "3D", "4D", "5D"], ["9H", "9S", "9D"]]
    data = said_no(post(client, "initial-meld", {
        "rules": {"preset": "levant", "initial_minimum": 61}, "indicator": "7C",
        "melds": melds}))
    assert data["minimum"] == 61
    data = said_no(post(client, "initial-meld", {"rules": "kuwait", "melds": melds}))
    assert data["minimum"] == 91


def test_initial_meld_with_no_melds_is_refused(client):
    said_no(post(client, "initial-meld", {"rules": "gulf", "melds": []}))


# --- lay-off ---------------------------------------------------------------------------

def test_lay_off_extends_a_sequence(client):
    data = ruling(post(client, "lay-off", {"rules": "gulf", "meld": ["5C", "6C", "7C"],
                                           "add": ["8C"]}))
    assert data["valid"] is True
    assert data["meld"] == ["5C", "6C", "7C", "8C"]
    assert data["reason"]


@pytest.mark.parametrize(("end", "result"), [
    ("low", ["JK", "5C", "6C", "7C"]),
    ("high", ["5C", "6C", "7C", "JK"]),
    (None, ["5C", "6C", "7C", "JK"]),
])
def test_lay_off_end_says_where_a_wild_goes(client, end, result):
    body = {"rules": "gulf", "meld": ["5C", "6C", "7C"], "add": ["JK"]}
    if end is not None:
        body["end"] = end
    assert ruling(post(client, "lay-off", body))["meld"] == result


def test_lay_off_refused_leaves_the_meld_as_it_lies(client):
    data = said_no(post(client, "lay-off", {"rules": "gulf", "meld": ["5C", "6C", "7C"],
                                            "add": ["9C"]}))
    assert data["meld"] == ["5C", "6C", "7C"]


def test_lay_off_single_natural_on_two_plus_wild_group_needs_an_exception(client):
    body = {"rules": "gulf", "meld": ["7S", "7H", "JK"], "add": ["7D"]}
    data = said_no(post(client, "lay-off", body))
    assert "7♣" in data["reason"]
    for exception in ({"going_out": True}, {"one_card": True}):
        data = ruling(post(client, "lay-off", body | exception))
        assert data["valid"] is True
        assert data["meld"] == ["7S", "7H", "JK", "7D"]
    lenient = body | {"rules": {"preset": "gulf", "lenient_group_add": True}}
    assert ruling(post(client, "lay-off", lenient))["valid"] is True


def test_lay_off_both_missing_naturals_replace_the_wild(client):
    data = ruling(post(client, "lay-off", {"rules": "gulf", "meld": ["7S", "7H", "JK"],
                                           "add": ["7D", "7C"]}))
    assert data["valid"] is True
    assert data["meld"] == ["7S", "7H", "7D", "7C"]
    assert data["takes"] == "JK"


def test_lay_off_respects_the_meld_size_limit(client):
    body = {"meld": ["9C", "10C", "JC", "QC", "KC"], "add": ["AC"]}
    said_no(post(client, "lay-off", body | {"rules": "gulf"}))
    data = ruling(post(client, "lay-off", body | {"rules": "levant", "indicator": "7S"}))
    assert data["meld"] == ["9C", "10C", "JC", "QC", "KC", "AC"]


# --- swap ------------------------------------------------------------------------------

def test_swap_takes_the_wild_from_a_sequence(client):
    data = ruling(post(client, "swap", {"rules": "gulf", "meld": ["5C", "JK", "7C"],
                                        "give": ["6C"]}))
    assert data["valid"] is True
    assert data["takes"] == "JK"
    assert data["meld"] == ["5C", "6C", "7C"]
    assert data["reason"]


def test_swap_takes_the_wild_from_a_group_for_both_missing_suits(client):
    data = ruling(post(client, "swap", {"rules": "gulf", "meld": ["7S", "7H", "JK"],
                                        "give": ["7C", "7D"]}))
    assert data["takes"] == "JK"
    assert sorted(data["meld"]) == ["7C", "7D", "7H", "7S"]


def test_swap_with_a_levant_indicator_wild(client):
    data = ruling(post(client, "swap", {"rules": "levant", "indicator": "7C",
                                        "meld": ["9H", "AC", "JH"], "give": ["10H"]}))
    assert data["takes"] == "AC"
    assert data["meld"] == ["9H", "10H", "JH"]


@pytest.mark.parametrize(("meld", "give", "words"), [
    (["5C", "JK", "7C"], ["8C"], "6♣"),
    (["7S", "7H", "JK"], ["7D"], "7♦ + 7♣"),
    (["5C", "6C", "7C"], ["6C"], "no wild"),
])
def test_swap_refused(client, meld, give, words):
    data = said_no(post(client, "swap", {"rules": "gulf", "meld": meld, "give": give}))
    assert data["takes"] is None
    assert data["meld"] == meld
    assert words in data["reason"]


# --- hand ------------------------------------------------------------------------------

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


# --- malformed requests: every endpoint ----------------------------------------------

def unsupported(response) -> None:
    """A 415 (the body is not JSON) with one sentence asking for JSON."""
    assert response.status_code == 415, response.get_data(as_text=True)
    assert set(response.get_json()) == {"error"}
    assert "application/json" in response.get_json()["error"]


@pytest.mark.parametrize("endpoint", REFEREE)
def test_non_json_body_is_415_asking_for_json(client, endpoint):
    unsupported(client.post(f"{API}/referee/{endpoint}", data="cards please",
                            content_type="text/plain"))


@pytest.mark.parametrize("endpoint", REFEREE)
def test_json_without_its_content_type_is_415(client, endpoint):
    unsupported(client.post(f"{API}/referee/{endpoint}", data=json.dumps(VALID[endpoint])))


@pytest.mark.parametrize("endpoint", REFEREE)
@pytest.mark.parametrize("text", ['{"rules": "levant",', "", "null", "nan", b"\xff\xfe{"])
def test_invalid_json_text_is_400(client, endpoint, text):
    response = client.post(f"{API}/referee/{endpoint}", data=text,
                           content_type="application/json")
    refused(response)


@pytest.mark.parametrize("endpoint", REFEREE)
@pytest.mark.parametrize("value", [[], [{"rules": "levant"}], "levant", 3, True, None])
def test_json_that_is_not_an_object_is_400(client, endpoint, value):
    refused(post(client, endpoint, value), "object")


@pytest.mark.parametrize("endpoint", REFEREE)
def test_missing_rules_is_400(client, endpoint):
    body = body_of(endpoint)
    del body["rules"]
    refused(post(client, endpoint, body), "rules")


@pytest.mark.parametrize("endpoint", REFEREE)
@pytest.mark.parametrize(("rules", "mentions"), [
    ("poker", ["poker"]),
    ({"preset": "poker"}, ["poker"]),
    ({"preset": "Levant"}, ["Levant"]),
    ({"wild_mode": "jokers"}, ["preset"]),
    ({"preset": 7}, ["preset"]),
    ({"preset": "levant", "jokers_wild": True}, ["jokers_wild"]),
    ({"preset": "levant", "initial_minimum": 50}, ["initial_minimum", "50"]),
    ({"preset": "levant", "initial_minimum": 112}, ["initial_minimum", "112"]),
    ({"preset": "levant", "rounds": 0}, ["rounds"]),
    ({"preset": "levant", "max_meld_size": 2}, ["max_meld_size"]),
    ({"preset": "levant", "wild_mode": "Jokers"}, ["wild_mode", "Jokers"]),
    ({"preset": "levant", "ace_low_value": 5}, ["ace_low_value"]),
    ({"preset": "levant", "packs": 3}, ["packs"]),
    ({"preset": "levant", "announce_after_turns": 4}, ["announce_after_turns"]),
    ({"preset": "levant", "rounds": "seven"}, ["rounds", "seven"]),
    ({"preset": "levant", "rounds": 7.0}, ["rounds"]),
    ({"preset": "levant", "rounds": True}, ["rounds"]),
    ({"preset": "levant", "bonus_hands": 1}, ["bonus_hands"]),
    ({"preset": "levant", "bonus_hands": "yes"}, ["bonus_hands"]),
    ({"preset": "levant", "packs": True}, ["packs"]),
    ({"preset": "levant", "initial_minimum": None}, ["initial_minimum"]),
    ({"preset": "levant", "initial_minimum": [51]}, ["initial_minimum"]),
    ({"preset": "levant", "min_players": 5}, ["min_players", "max_players"]),
    (7, ["preset"]),
    (["levant"], ["preset"]),
    (None, ["preset"]),
])
def test_bad_rules_are_400_naming_the_problem(client, endpoint, rules, mentions):
    refused(post(client, endpoint, body_of(endpoint, rules=rules)), *mentions)


@pytest.mark.parametrize(("endpoint", "field"), CARD_FIELDS)
def test_missing_card_field_is_400_naming_it(client, endpoint, field):
    body = body_of(endpoint)
    del body[field]
    refused(post(client, endpoint, body), field)


@pytest.mark.parametrize(("endpoint", "field"), CARD_FIELDS)
@pytest.mark.parametrize("value", ["9C 10C JC", {"0": "9C"}, 9, None, True])
def test_card_field_that_is_not_a_list_is_400_naming_it(client, endpoint, field, value):
    refused(post(client, endpoint, body_of(endpoint, **{field: value})), field)


@pytest.mark.parametrize("value", [["9C", "10C", "JC"], [["9C"], "10C"], [None]])
def test_melds_not_a_list_of_lists_is_400(client, value):
    refused(post(client, "initial-meld", body_of("initial-meld", melds=value)), "melds")


@pytest.mark.parametrize("endpoint", REFEREE)
@pytest.mark.parametrize(("card", "mention"), [
    (42, "42"), (None, "not a card"), (["9C"], "9C"), (True, "not a card"), (9.5, "9.5"),
])
def test_card_that_is_not_text_is_400(client, endpoint, card, mention):
    refused(post(client, endpoint, with_first_cards(endpoint, card)), mention)


@pytest.mark.parametrize("endpoint", REFEREE)
@pytest.mark.parametrize("text", ["11X", "zz", "", "1H", "AX", "10", "JOKERS", "K♥♥"])
def test_bad_card_text_is_400_naming_it(client, endpoint, text):
    refused(post(client, endpoint, with_first_cards(endpoint, text)), f"“{text}”")


@pytest.mark.parametrize("endpoint", REFEREE)
def test_three_copies_of_a_card_is_400(client, endpoint):
    body = with_first_cards(endpoint, "6D", "6d", "6♦")
    refused(post(client, endpoint, body), "6♦", "3")


@pytest.mark.parametrize("endpoint", REFEREE)
def test_three_jokers_is_400(client, endpoint):
    refused(post(client, endpoint, with_first_cards(endpoint, "JK", "joker", "*")), "JK")


@pytest.mark.parametrize(("endpoint", "body"), [
    ("initial-meld", {"melds": [["9C", "10C", "JC"], ["9C", "9H", "9C"]]}),
    ("lay-off", {"meld": ["9C", "10C", "JC"], "add": ["9C", "9C"]}),
    ("swap", {"meld": ["9C", "AD", "JC"], "give": ["9C", "9C"]}),
])
def test_copies_are_counted_across_all_the_cards_of_a_request(client, endpoint, body):
    refused(post(client, endpoint, body_of(endpoint, **body)), "9♣")


@pytest.mark.parametrize("endpoint", REFEREE)
def test_indicator_as_a_copy_is_400(client, endpoint):
    body = with_first_cards(endpoint, "6D", "6D")
    refused(post(client, endpoint, body | {"indicator": "6D"}), "6♦", "indicator")


@pytest.mark.parametrize("endpoint", REFEREE)
def test_joker_under_indicator_no_jokers_is_400(client, endpoint):
    body = with_first_cards(endpoint, "JK")
    body["rules"] = {"preset": "levant", "wild_mode": "indicator_no_jokers"}
    refused(post(client, endpoint, body), "JK")


@pytest.mark.parametrize("endpoint", REFEREE)
@pytest.mark.parametrize("indicator", ["JK", "joker", "*"])
def test_joker_indicator_is_400(client, endpoint, indicator):
    refused(post(client, endpoint, body_of(endpoint, indicator=indicator)), "joker")


@pytest.mark.parametrize("endpoint", REFEREE)
@pytest.mark.parametrize(("indicator", "mention"), [("ZZ", "ZZ"), (7, "7"), (["7C"], "7C"),
                                                    ({"card": "7C"}, "7C"),
                                                    (False, "not a card")])
def test_bad_indicator_is_400_naming_it(client, endpoint, indicator, mention):
    refused(post(client, endpoint, body_of(endpoint, indicator=indicator)), mention)


@pytest.mark.parametrize("value", ["yes", 1, 0, [], "true", {"x": True}])
@pytest.mark.parametrize("field", ["going_out", "one_card"])
def test_lay_off_flags_must_be_booleans(client, field, value):
    refused(post(client, "lay-off", body_of("lay-off", **{field: value})), field)


@pytest.mark.parametrize("value", ["middle", "LOW", "", 1, True, ["low"], {"end": "low"}])
def test_lay_off_end_must_be_low_or_high(client, value):
    refused(post(client, "lay-off", body_of("lay-off", end=value)), "end", "low", "high")


@pytest.mark.parametrize("value", ["51", "", -1, -51, 1001, 10**30, 51.0, 51.5, True, False,
                                   [51], {"minimum": 51}])
def test_initial_meld_minimum_must_be_a_whole_number_in_range(client, value):
    refused(post(client, "initial-meld", body_of("initial-meld", minimum=value)), "minimum")


@pytest.mark.parametrize("count", [0, 3, 13, 14, 16, 30])
def test_hand_needs_fifteen_cards(client, count):
    deck = FULL_HAND + FOUR_PAIRS + ["JK", "JK"]
    body = body_of("hand", cards=deck[:count], indicator="7D")
    refused(post(client, "hand", body), "15", str(count))


@pytest.mark.parametrize("count", [0, 3, 13, 16, 30])
def test_redeal_needs_fourteen_or_fifteen_cards(client, count):
    deck = FOUR_PAIRS + FULL_HAND + ["JK", "JK"]
    body = body_of("redeal", cards=deck[:count])
    refused(post(client, "redeal", body), "14", str(count))


def test_redeal_accepts_fifteen_cards(client):
    ruling(post(client, "redeal", body_of("redeal", cards=FOUR_PAIRS + ["KS"])))


@pytest.mark.parametrize("endpoint", REFEREE)
def test_unknown_extra_fields_are_ignored(client, endpoint):
    assert ruling(post(client, endpoint, body_of(endpoint, comment="from a bot")))


# --- rules listing, OpenAPI, errors outside the endpoints ------------------------------

@pytest.fixture
def listing(client):
    response = client.get(f"{API}/rules")
    assert response.status_code == 200 and response.is_json
    return response.get_json()


def test_rules_listing_has_the_six_presets_with_notes(listing):
    assert set(listing["presets"]) == set(PRESETS)
    for preset in listing["presets"].values():
        assert isinstance(preset["note"], str) and preset["note"]


def test_rules_listing_presets_give_every_option(listing):
    names = set(listing["options"])
    assert {"wild_mode", "rounds", "initial_minimum", "max_meld_size",
            "ace_low_value"} <= names
    for name, preset in listing["presets"].items():
        assert set(preset["options"]) - {"preset"} == names, name


@pytest.mark.parametrize(("preset", "option", "value"), [
    ("levant", "wild_mode", "indicator"),
    ("levant", "rounds", 7),
    ("levant", "initial_minimum", 51),
    ("levant", "max_meld_size", None),
    ("levant", "ace_low_value", 11),
    ("levant", "dealer_rule", "loser_deals"),
    ("levant", "redeal_claims", True),
    ("levant", "last_round_deals", 3),
    ("egypt", "bonus_hands", True),
    ("egypt", "wild_mode", "indicator"),
    ("gulf", "wild_mode", "jokers"),
    ("gulf", "max_meld_size", 5),
    ("gulf", "ace_low_value", 1),
    ("gulf", "rounds", 5),
    ("gulf", "dealer_rule", "rotate"),
    ("saudi", "initial_increasing", True),
    ("saudi", "max_meld_size", 5),
    ("kuwait", "announce_minimum", 91),
    ("kuwait", "announcing", True),
    ("kuwait", "wild_mode", "jokers"),
    ("kuwait", "rounds", 7),
    ("kuwait", "max_meld_size", None),
    ("kuwait", "ace_low_value", 1),
    ("kuwait", "announcer_wild_penalty", 20),
    ("hareeqa", "rounds", None),
    ("hareeqa", "wild_mode", "jokers"),
    ("hareeqa", "max_meld_size", None),
    ("hareeqa", "ace_low_value", 1),
] + [(p, "ace_high_value", 11) for p in PRESETS] + [(p, "ace_penalty", 11) for p in PRESETS]
  + [(p, "wild_penalty", 15) for p in PRESETS] + [(p, "initial_minimum", 51) for p in PRESETS])
def test_rules_listing_defaults_match_rules_md(listing, preset, option, value):
    assert listing["presets"][preset]["options"][option] == value


def test_rules_listing_gives_every_options_allowed_values(listing):
    for name, option in listing["options"].items():
        assert option["name"] == name
        assert isinstance(option["doc"], str) and option["doc"], name
        assert isinstance(option["nullable"], bool), name
        if "choices" in option:
            assert option["choices"], name
        else:
            assert isinstance(option["min"], int) and isinstance(option["max"], int), name
            assert option["min"] <= option["max"], name


def test_rules_listing_defaults_are_allowed_values(listing):
    for preset, entry in listing["presets"].items():
        for name, value in entry["options"].items():
            if name == "preset":
                assert value == preset
                continue
            option = listing["options"][name]
            if value is None:
                assert option["nullable"], (preset, name)
            elif "choices" in option:
                assert value in option["choices"], (preset, name)
            else:
                assert option["min"] <= value <= option["max"], (preset, name)


@pytest.mark.parametrize(("option", "allowed"), [
    ("wild_mode", {"choices": ["indicator", "jokers", "indicator_no_jokers"]}),
    ("ace_low_value", {"choices": [1, 11]}),
    ("ace_high_value", {"choices": [10, 11]}),
    ("announce_after_turns", {"choices": [0, 8, 16]}),
    ("dealer_rule", {"choices": ["loser_deals", "rotate"]}),
    ("initial_minimum", {"min": 51, "max": 111}),
    ("announce_minimum", {"min": 51, "max": 111}),
])
def test_rules_listing_allowed_values(listing, option, allowed):
    described = listing["options"][option]
    for key, value in allowed.items():
        assert described[key] == value


def test_every_listed_choice_is_accepted_by_the_referee(client, listing):
    for name, option in listing["options"].items():
        values = option.get("choices") or [option["min"], option["max"]]
        for value in values:
            rules = {"preset": "kuwait", name: value}
            if name == "min_players":
                rules["max_players"] = 5
            if name == "max_players":
                rules["min_players"] = 2
            if (name, value) == ("scoring", "hareeqa"):
                rules["rounds"] = None  # Hareeqa has no number of rounds
            response = post(client, "meld", {"rules": rules, "indicator": "7D",
                                             "cards": ["9C", "10C", "JC"]})
            assert response.status_code == 200, (name, value, response.get_json())


@pytest.fixture
def spec(client):
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200 and response.is_json
    return response.get_json()


def test_openapi_is_an_openapi_3_document(spec):
    assert isinstance(spec, dict)
    assert isinstance(spec["openapi"], str) and spec["openapi"].startswith("3.")
    assert spec["info"]["title"]


@pytest.mark.parametrize("endpoint", REFEREE)
def test_openapi_describes_every_referee_endpoint(spec, endpoint):
    operation = spec["paths"][f"{API}/referee/{endpoint}"]["post"]
    assert {"200", "400"} <= set(operation["responses"])
    assert "rules" in operation["requestBody"]["content"]["application/json"]["schema"][
        "required"]


def test_openapi_describes_the_rules_listing(spec):
    assert "get" in spec["paths"][f"{API}/rules"]


def test_openapi_references_resolve(spec):
    refs = []

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                refs.append(node["$ref"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(spec)
    assert refs
    for ref in refs:
        assert ref.startswith("#/")
        node = spec
        for part in ref[2:].split("/"):
            node = node[part]


@pytest.mark.parametrize("path", ["/nope", "/referee", "/referee/meld/extra", "/referee/melds",
                                  "/referee/Meld"])
def test_unknown_api_path_is_404_json(client, path):
    for response in (client.get(API + path), client.post(API + path, json={})):
        assert response.status_code == 404
        assert response.is_json
        assert response.get_json()["error"]


@pytest.mark.parametrize("endpoint", REFEREE)
@pytest.mark.parametrize("method", ["get", "put", "delete", "patch"])
def test_other_methods_on_a_referee_endpoint_are_405_json(client, endpoint, method):
    response = getattr(client, method)(f"{API}/referee/{endpoint}")
    assert response.status_code == 405
    assert response.is_json
    assert response.get_json()["error"]


@pytest.mark.parametrize("path", ["/rules", "/openapi.json"])
def test_post_on_a_listing_is_405_json(client, path):
    response = client.post(API + path, json={})
    assert response.status_code == 405 and response.is_json


# --- property tests: never a 500 -------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=20,
)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in "SHDC" for r in RANKS] * 2 + ["JK", "JK"]
card_texts = st.sampled_from(DECK + ["T♥", "a♠", "joker", "*", "1H", "ZZ", ""])
rule_specs = st.sampled_from(PRESETS) | st.builds(
    lambda preset, option, value: {"preset": preset, option: value},
    st.sampled_from(PRESETS),
    st.sampled_from(["wild_mode", "ace_indicator", "packs", "rounds", "initial_minimum",
                     "max_meld_size", "ace_low_value", "lenient_group_add",
                     "redeal_claims", "announcing", "bonus_hands", "min_players"]),
    json_values | st.sampled_from(["indicator", "jokers", "indicator_no_jokers",
                                   "other_ace_wild", 1, 3, 5, 11, 51]),
)
FUZZ = settings(max_examples=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def answered(response) -> dict:
    """A 200 or a 400, as JSON, with an error sentence on 400."""
    assert response.status_code in (200, 400), response.get_data(as_text=True)
    assert response.is_json
    data = response.get_json()
    assert isinstance(data, dict)
    if response.status_code == 400:
        assert isinstance(data["error"], str) and data["error"]
    return data


@FUZZ
@given(endpoint=st.sampled_from(REFEREE), body=json_values)
def test_any_json_body_is_answered_with_200_or_400(client, endpoint, body):
    answered(post(client, endpoint, body))


@FUZZ
@given(data=st.data(), value=json_values)
def test_any_value_of_any_field_is_answered_with_200_or_400(client, data, value):
    endpoint = data.draw(st.sampled_from(REFEREE))
    field = data.draw(st.sampled_from(FIELDS[endpoint]))
    answered(post(client, endpoint, body_of(endpoint, **{field: value})))


@FUZZ
@given(endpoint=st.sampled_from(REFEREE), rules=rule_specs,
       indicator=st.none() | card_texts)
def test_any_rules_and_indicator_are_answered_with_200_or_400(client, endpoint, rules,
                                                             indicator):
    answered(post(client, endpoint, body_of(endpoint, rules=rules, indicator=indicator)))


@FUZZ
@given(data=st.data(), rules=rule_specs, indicator=card_texts)
def test_any_cards_are_answered_with_200_or_400(client, data, rules, indicator):
    endpoint = data.draw(st.sampled_from(REFEREE))
    cards = st.lists(card_texts, max_size=16)
    body = {"rules": rules, "indicator": indicator}
    if endpoint == "initial-meld":
        body["melds"] = data.draw(st.lists(cards, max_size=4))
        body["minimum"] = data.draw(st.none() | st.integers(-5, 120))
    elif endpoint in ("lay-off", "swap"):
        body["meld"] = data.draw(cards)
        body["add" if endpoint == "lay-off" else "give"] = data.draw(cards)
        if endpoint == "lay-off":
            body["end"] = data.draw(st.sampled_from([None, "low", "high"]))
            body["going_out"] = data.draw(st.booleans())
    elif endpoint in ("hand", "redeal"):
        size = data.draw(st.sampled_from([14, 15]) if endpoint == "redeal" else st.just(15))
        body["cards"] = data.draw(st.permutations(DECK))[:size]
    else:
        body["cards"] = data.draw(cards)
    answered(post(client, endpoint, body))


@FUZZ
@given(cards=st.lists(st.sampled_from(DECK), min_size=3, max_size=14),
       indicator=st.sampled_from([c for c in DECK if c != "JK"]),
       rules=st.sampled_from(PRESETS))
def test_meld_rulings_are_consistent(client, cards, indicator, rules):
    response = post(client, "meld", {"rules": rules, "indicator": indicator, "cards": cards})
    data = answered(response)
    if response.status_code == 400:
        return
    assert sorted(data["cards"]) == sorted(cards)
    if data["valid"]:
        assert data["kind"] in ("sequence", "group")
        assert data["value"] == sum(data["card_values"])
        assert len(data["card_values"]) == len(cards)
        assert 3 <= len(cards) <= (4 if data["kind"] == "group" else 13)
    else:
        assert data["kind"] is None and data["value"] is None and data["wild"] is None
