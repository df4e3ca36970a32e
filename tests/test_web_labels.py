"""The pages name the engine's choices from one table per enum (Hand's in
scorekeeper/games/hand/labels.py, each game's presets from its pages) and draw cards from
the engine's deck: a new member of an enum, or a new card, cannot be missing from a page."""

from __future__ import annotations

import re

import pytest

from scorekeeper.games import games
from scorekeeper.games.hand import labels
from scorekeeper.games.hand.rules import OPTIONS, PRESETS, Bonus, Check, Outcome
from scorekeeper.rulekit.cards import NATURAL_CARDS


def test_every_outcome_has_a_choice_and_only_unscored_ones_a_sheet_note():
    assert set(labels.OUTCOMES) == set(Outcome)
    for outcome, label in labels.OUTCOMES.items():
        assert str(label.choice)
        assert bool(str(label.sheet)) is (outcome is not Outcome.SCORED)


def test_every_bonus_preset_and_house_rule_is_named():
    assert set(labels.BONUSES) == set(Bonus)
    named = {preset for kind in games() for preset in kind.pages.preset_names}
    assert named == {preset for kind in games() for preset in kind.info.presets}
    assert named >= {*PRESETS, "hand_and_foot"}
    assert set(labels.OPTION_LABELS) <= set(OPTIONS)


def test_every_referee_check_has_a_tab_a_name_and_both_headlines():
    assert set(labels.CHECKS) == set(Check)
    for label in labels.CHECKS.values():
        assert all(str(part) for part in (label.tab, label.name, label.yes, label.no))


@pytest.mark.parametrize(("preset", "tab"), [("levant", "First meld"),
                                             ("kuwait", "Announcement")])
def test_a_first_meld_is_an_announcement_under_the_kuwaiti_form(app, preset, tab):
    with app.test_request_context():
        assert str(labels.check_label(Check.INITIAL_MELD, PRESETS[preset]).tab) == tab


def test_the_deal_forms_card_picker_is_the_engines_deck(client):
    created = client.post("/api/v1/games", json={
        "rules": "levant", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Ali"})
    page = client.get(f"/games/{created.get_json()['id']}").text
    picker = page[page.index('id="card-picker"'):]
    shown = re.findall(r'data-card="([^"]+)"', picker)
    assert shown == [str(card) for card in NATURAL_CARDS] + ["JK"]


def test_a_redeal_is_marked_on_the_sheet_and_in_the_csv(client):
    created = client.post("/api/v1/games", json={
        "rules": "levant", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Ali"})
    game_id = created.get_json()["id"]
    client.post(f"/api/v1/games/{game_id}/deals", json={"deal": 1, "outcome": "redeal"})
    assert '<tr class="redeal"' in client.get(f"/games/{game_id}").text
    assert "1,redeal,Ali" in client.get(f"/games/{game_id}.csv").text.replace("\r", "")


def test_every_choice_of_a_house_rule_on_the_new_game_form_is_named():
    from scorekeeper.games.hand.forms import HOUSE_RULES

    for name in HOUSE_RULES:
        assert name in labels.OPTION_LABELS
        option = OPTIONS[name]
        if option.choices is None or all(type(c) is int for c in option.choices):
            continue  # numbers show as themselves
        values = list(option.choices) + ([None] if option.nullable else [])
        assert all(value in labels.CHOICE_LABELS for value in values), name
