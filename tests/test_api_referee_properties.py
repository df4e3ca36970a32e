"""Property tests of the referee endpoints (Hypothesis): any JSON body, any value of any
field, any rules, indicator and cards are answered with a 200 or a 400, never a 500; and
meld rulings are consistent.

A ruling that says no is a 200 with a reason; anything malformed is a 400 with
``{"error": "<one sentence>"}``; nothing is ever a 500. The sample bodies and how to read a
ruling are in tests/referee_questions.py.
"""

from __future__ import annotations

from depth import examples
from game_actions import PRESETS
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from referee_questions import FIELDS, REFEREE, body_of, post

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
FUZZ = settings(max_examples=examples(100), deadline=None,
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
    assume(response.status_code != 400)  # a refusal is checked by answered()
    assert sorted(data["cards"]) == sorted(cards)
    if data["valid"]:
        assert data["kind"] in ("sequence", "group")
        assert data["value"] == sum(data["card_values"])
        assert len(data["card_values"]) == len(cards)
        assert 3 <= len(cards) <= (4 if data["kind"] == "group" else 13)
    else:
        assert data["kind"] is None and data["value"] is None and data["wild"] is None
