"""Malformed requests to every referee endpoint of the JSON API (docs/api.md "Common
parts"), through Flask's test client: bodies that are not JSON objects, bad or missing
rules, card fields of the wrong type, cards that do not parse or that the packs do not
hold, bad indicators and options. Each is a 400 (or 415) with one sentence naming the
problem.

A ruling that says no is a 200 with a reason; anything malformed is a 400 with
``{"error": "<one sentence>"}``; nothing is ever a 500. The sample bodies and how to read a
ruling are in tests/referee_questions.py.
"""

from __future__ import annotations

import json

import pytest
from game_actions import API
from referee_questions import (
    CARD_FIELDS,
    FOUR_PAIRS,
    FULL_HAND,
    REFEREE,
    VALID,
    body_of,
    post,
    refused,
    ruling,
    with_first_cards,
)


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


@pytest.mark.parametrize("total", [{}, 120, "120"])
def test_a_field_of_hand_and_foots_question_is_refused_by_name_in_hands(client, total):
    """The description names Hand and Foot's running total on /referee/initial-meld, so a
    Hand question carrying one is told it means nothing there rather than answered as if
    it were not sent (found by Schemathesis once the path had an example it accepts)."""
    response = post(client, "initial-meld", body_of("initial-meld", total=total))
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert "“total” belongs to Hand and Foot's “initial-meld” question" in error
    assert "melds, minimum" in error
    # Null is a field left out, as everywhere in the API.
    assert ruling(post(client, "initial-meld", body_of("initial-meld", total=None)))
