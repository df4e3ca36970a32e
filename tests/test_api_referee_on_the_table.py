"""The referee's questions about melds on the table (docs/api.md "Referee") through
Flask's test client: does a first meld reach the bar (``initial-meld``), may these cards
be added to that meld (``lay-off``), may this wild be taken (``swap``).

A ruling that says no is a 200 with a reason; anything malformed is a 400 with
``{"error": "<one sentence>"}``; nothing is ever a 500. The sample bodies and how to read a
ruling are in tests/referee_questions.py.
"""

from __future__ import annotations

import pytest
from referee_questions import post, ruling, said_no


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
