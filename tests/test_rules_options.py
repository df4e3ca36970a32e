"""The presets and their options (RULES.md section 10), and the refusals of bad ones."""

import json
from enum import Enum, StrEnum

import pytest
from rulings import undocumented_members

from scorekeeper.games.hand.rules import (
    OPTIONS,
    PRESETS,
    AceIndicator,
    DealerRule,
    DiscardedWild,
    Rules,
    RulesError,
    Scoring,
    WildMode,
)

# RULES.md section 10, one row per preset.
PRESET_TABLE = {
    #         wild_mode               rounds max_meld A-2-3 dealer        players
    "levant": (WildMode.INDICATOR, 7, None, 11, "loser_deals", (2, 4)),
    "egypt": (WildMode.INDICATOR, 7, None, 11, "loser_deals", (2, 4)),
    "gulf": (WildMode.JOKERS, 5, 5, 1, "rotate", (2, 5)),
    "saudi": (WildMode.JOKERS, 5, 5, 1, "rotate", (2, 5)),
    "kuwait": (WildMode.JOKERS, 7, None, 1, "rotate", (2, 5)),
    # Seed 002, "Hareeqa Rules": "Hareeqa differs from Hand in scoring and finishing the
    # game", so its melds keep Hand's "maximum of 5" (docs/rules.md says so).
    "hareeqa": (WildMode.JOKERS, None, 5, 1, "rotate", (2, 5)),
}


@pytest.mark.parametrize("name", PRESET_TABLE)
def test_presets_follow_rules_md_section_10(name):
    rules = Rules.from_spec(name)
    wild_mode, rounds, max_meld, ace_low, dealer, players = PRESET_TABLE[name]
    assert rules.wild_mode is wild_mode
    assert rules.rounds == rounds
    assert rules.max_meld_size == max_meld
    assert rules.ace_low_value == ace_low
    assert rules.dealer_rule == dealer
    assert (rules.min_players, rules.max_players) == players
    # "All presets": Q-K-A ace 11, natural ace in hand 11, wild in hand 15.
    assert (rules.ace_high_value, rules.ace_penalty, rules.wild_penalty) == (11, 11, 15)
    assert rules.initial_minimum == 51


def test_presets_extras():
    assert Rules.from_spec("egypt").bonus_hands and not Rules.from_spec("levant").bonus_hands
    assert Rules.from_spec("saudi").initial_increasing
    assert not Rules.from_spec("gulf").initial_increasing
    assert Rules.from_spec("levant").last_round_deals == 3
    assert Rules.from_spec("levant").redeal_claims
    kuwait = Rules.from_spec("kuwait")
    assert kuwait.announcing and kuwait.first_meld_minimum == 91
    assert kuwait.announcer_wild_penalty == 20


@pytest.mark.parametrize(("name", "wild"), [
    # Seed 000, "Play": "If a wild Ace is discarded, the player taking it can only use it
    # as a natural Ace of the suit printed on it. If a wild Joker is discarded, the player
    # taking it can use it as an Ace of any suit".
    ("levant", DiscardedWild.AS_ACE), ("egypt", DiscardedWild.AS_ACE),
    # Seeds 001, 002 and 004 oblige the taker to meld the card and set no limit on a joker.
    ("gulf", DiscardedWild.ANYWHERE), ("saudi", DiscardedWild.ANYWHERE),
    ("kuwait", DiscardedWild.ANYWHERE), ("hareeqa", DiscardedWild.ANYWHERE),
])
def test_presets_discarded_wild_as_the_seeds_say(name, wild):
    rules = Rules.from_spec(name)
    assert rules.discarded_wild is wild
    # Seed 000, "Play", restriction 1: the card taken "must" start a new meld; adding it to
    # a table meld is the variant of "Taking a discarded card", on in no preset.
    assert rules.discard_lay_off is False


def test_presets_announce_right_after_the_discard_only_in_kuwait():
    # Seed 001, "Player mistakes" 5: "the norm is that announcement should be made after
    # a card is taken from the field that is played by the previous player".
    assert Rules.from_spec("kuwait").announce_after_discard is True
    assert Rules.from_spec("kuwait").announce_after_turns == 0
    assert not any(PRESETS[name].announce_after_discard for name in PRESETS if name != "kuwait")


def test_every_preset_is_listed():
    assert set(PRESETS) == {"levant", "egypt", "gulf", "saudi", "kuwait", "hareeqa"}


def test_options_override_the_preset():
    rules = Rules.from_spec({"preset": "gulf", "max_meld_size": None, "rounds": 7,
                             "wild_mode": "indicator", "initial_minimum": 71})
    assert rules.max_meld_size is None and rules.rounds == 7
    assert rules.wild_mode is WildMode.INDICATOR and rules.initial_minimum == 71
    assert rules.preset == "gulf"


def test_rules_are_immutable():
    rules = Rules.from_spec("levant")
    with pytest.raises(AttributeError):
        rules.rounds = 3


@pytest.mark.parametrize(("spec", "words"), [
    ("poker", "Unknown form of Hand “poker”"),
    ({"preset": "levant", "jokers_wild": True}, "Unknown rules option “jokers_wild”"),
    ({"rounds": 5}, "need a “preset”"),
    ({"preset": 5}, "need a “preset”"),
    (["levant"], "preset name or an object"),
    (None, "preset name or an object"),
    ({"preset": "levant", "initial_minimum": 50}, "between 51 and 111, not 50"),
    ({"preset": "levant", "initial_minimum": "61"}, "whole number"),
    ({"preset": "levant", "initial_minimum": True}, "whole number"),
    ({"preset": "levant", "max_meld_size": 2}, "between 3 and 13"),
    ({"preset": "levant", "wild_mode": "twos"}, "one of “indicator”"),
    ({"preset": "levant", "ace_low_value": 5}, "one of 1, 11"),
    ({"preset": "levant", "bonus_hands": 1}, "one of false, true"),
    ({"preset": "levant", "announce_after_turns": 4}, "one of 0, 8, 16"),
    ({"preset": "levant", "dealer_rule": "winner_deals"}, "loser_deals"),
    ({"preset": "levant", "min_players": 5, "max_players": 3}, "cannot exceed"),
    ({"preset": "levant", "rounds": None}, "how many rounds"),
    ({"preset": "hareeqa", "rounds": 5}, "Hareeqa ends when the players burn"),
    ({"preset": "levant", "packs": 3}, "one of 1, 2"),
    ({"preset": "levant", "discarded_wild": "sometimes"}, "one of “as_ace”, “aces_group”"),
    ({"preset": "levant", "discard_lay_off": "yes"}, "one of false, true"),
    ({"preset": "kuwait", "announce_after_discard": 1}, "one of false, true"),
])
def test_bad_rules_are_refused_with_the_reason(spec, words):
    with pytest.raises(RulesError) as caught:
        Rules.from_spec(spec)
    assert words in str(caught.value)


def test_every_option_is_described():
    for name, option in OPTIONS.items():
        described = option.describe()
        assert described["doc"], name
        assert "choices" in described or {"min", "max"} <= set(described), name


def test_rules_to_dict_round_trips_through_from_spec():
    for name, preset in PRESETS.items():
        assert Rules.from_spec(preset.to_dict()) == preset, name


def option_enums() -> list[type[Enum]]:
    return [type(o.choices[0]) for o in OPTIONS.values()
            if o.choices and isinstance(o.choices[0], Enum)]


def test_options_with_named_choices_are_documented_str_enums():
    assert set(option_enums()) == {WildMode, AceIndicator, DealerRule, Scoring,
                                   DiscardedWild}
    for option in OPTIONS.values():
        # No option offers bare strings: a named choice is an enum member.
        assert not any(type(c) is str for c in option.choices or ()), option.name
    for enum in option_enums():
        assert issubclass(enum, StrEnum), enum
        assert undocumented_members(enum) == [], enum


def test_option_enums_keep_the_strings_of_json_the_database_and_forms():
    rules = Rules.from_spec({"preset": "gulf", "dealer_rule": "loser_deals",
                             "wild_mode": "indicator_no_jokers", "ace_indicator": "redraw"})
    assert rules.dealer_rule is DealerRule.LOSER_DEALS and rules.scoring is Scoring.STANDARD
    assert rules.ace_indicator is AceIndicator.REDRAW
    assert rules.wild_mode is WildMode.INDICATOR_NO_JOKERS
    stored = rules.to_dict()
    assert {k: stored[k] for k in ("dealer_rule", "scoring", "ace_indicator", "wild_mode")} == {
        "dealer_rule": "loser_deals", "scoring": "standard", "ace_indicator": "redraw",
        "wild_mode": "indicator_no_jokers"}
    assert all(type(v) in (str, int, bool, type(None)) for v in stored.values())
    assert Rules.from_spec(json.loads(json.dumps(stored))) == rules
    # Enum members are accepted as well as their strings.
    assert Rules.from_spec({"preset": "levant", "scoring": Scoring.KUWAIT}).scoring is (
        Scoring.KUWAIT)
