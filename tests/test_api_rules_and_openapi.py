"""The JSON API's rules listing (``GET /api/v1/rules``) and OpenAPI description, and its
answers outside the endpoints (unknown paths, other methods), through Flask's test client.

A ruling that says no is a 200 with a reason; anything malformed is a 400 with
``{"error": "<one sentence>"}``; nothing is ever a 500. The sample bodies and how to read a
ruling are in tests/referee_questions.py.
"""

from __future__ import annotations

import pytest
from game_actions import API, PRESETS
from referee_questions import REFEREE, post

from scorekeeper.games.handfoot.rules import HandFootRules
from scorekeeper.games.handfoot.rules.house import SETS as HAND_AND_FOOT_SETS


@pytest.fixture
def listing(client):
    response = client.get(f"{API}/rules")
    assert response.status_code == 200 and response.is_json
    return response.get_json()


def test_rules_listing_has_the_six_presets_of_hand_and_hand_and_foot(listing):
    # Hand's presets, seed 003's game and the named house-rule sets beside it, and the
    # plain points sheet.
    assert set(listing["presets"]) == {*PRESETS, *HAND_AND_FOOT_SETS, "points"}
    assert "hand_and_foot" in HAND_AND_FOOT_SETS
    for preset in listing["presets"].values():
        assert isinstance(preset["note"], str) and preset["note"]


def test_rules_listing_presets_give_every_option(listing):
    names = set(listing["options"])
    assert {"wild_mode", "rounds", "initial_minimum", "max_meld_size",
            "ace_low_value"} <= names
    for name, preset in listing["presets"].items():
        if name in PRESETS:
            assert set(preset["options"]) - {"preset"} == names, name


def test_rules_listing_describes_hand_and_foots_own_options(listing):
    """docs/api.md, "Hand and Foot": its options and seed 003's defaults."""
    foot = listing["presets"]["hand_and_foot"]
    assert foot["options"]["minimums"] == [50, 90, 120, 150]
    assert foot["options"]["contract"] == {"clean": 2, "dirty": 2, "wild": 1}
    assert set(foot["option_docs"]) == set(foot["options"]) - {"preset"}
    assert foot["option_docs"]["red_three"]["max"] == 10000


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
    ("hareeqa", "max_meld_size", 5),  # seed 002: Hareeqa is Hand but for the scoring
    ("levant", "discarded_wild", "as_ace"),
    ("egypt", "discarded_wild", "as_ace"),
    ("gulf", "discarded_wild", "anywhere"),
    ("kuwait", "discarded_wild", "anywhere"),
    ("kuwait", "announce_after_discard", True),
    ("levant", "discard_lay_off", False),
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
            option = entry.get("option_docs", listing["options"])[name]
            if "items" in option:   # Hand and Foot's minimums, one per deal
                assert all(option["items"]["min"] <= v <= option["items"]["max"]
                           for v in value)
            elif "keys" in option:  # Hand and Foot's contract, piles by kind (and rank)
                assert set(option["keys"]) <= set(value)
                assert all(option["min"] <= v <= option["max"] for v in value.values())
            elif "shape" in option and value is not None:
                # Hand and Foot's structured house rules, as the engine reads them
                HandFootRules.from_spec({"preset": preset, name: value})
            elif value is None:
                assert option["nullable"], (preset, name)
            elif "values" in option:  # Hand and Foot's points by rank
                assert all(option["values"]["min"] <= v <= option["values"]["max"]
                           for v in value.values())
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
