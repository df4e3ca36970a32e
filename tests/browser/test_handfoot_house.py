"""Hand and Foot's house rules chosen on the new-game form on a 360-pixel phone, in English
and in Arabic: a named house-rule set with a change over it, the rarer rules folded away,
and the game page showing the rules in force (each side's minimum by score, the piles to
go out). Screenshots: tests/screenshots/handfoot-house-*.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .table import api

FOUR = ["Ann", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_house_rule_set_is_chosen_and_shown_on_a_phone(page: Page, live_url, shot,
                                                          locale):
    page.goto(f"{live_url}/new")
    page.locator("input[name=preset][value=hand_and_foot]").check()
    for seat, name in enumerate(FOUR):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator(".player-row").first.locator("input[name=first_dealer]").check()
    page.locator("details.house-rules > summary").click()
    page.locator("select[name=hf_set]").select_option("hand_knee_foot")
    # The set chosen says what it plays; the others' lines are hidden.
    expect(page.locator(".set-note:visible")).to_have_count(1)
    expect(page.locator(".set-note[data-set=hand_knee_foot]")).to_be_visible()
    page.locator("select[name=hf_target]").select_option("10000")
    page.locator("details.more-rules > summary").click()
    page.locator("input[name=hf_perfect_draw]").fill("100")
    expect(page.locator("input[name=hf_perfect_draw]")).to_be_visible()
    # Nothing wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, f"handfoot-house-new-{locale[:2]}")
    page.locator("form button[type=submit].primary").click()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    status = page.locator("#status")
    # Minimums by score: one line per side; the contract names the special piles.
    expect(status.locator("dt")).to_have_count(4)   # no deals left: a target game
    expect(status).to_contain_text("10,000")
    expect(status.locator(".house-rules")).to_contain_text("5,000")
    shot(page, f"handfoot-house-game-{locale[:2]}")
    game_id = page.url.rsplit("/", 1)[1]
    rules = api(live_url, "GET", f"/games/{game_id}")["rules"]
    assert (rules["preset"], rules["target"], rules["perfect_draw"]) == (
        "hand_knee_foot", 10000, 100)
