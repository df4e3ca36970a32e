"""Issue 22, point 19, on a 360-px phone in English and Arabic: a table that lets two wild
cards share a meld says so on the new-game form, and its referee then names what each
wild stands for; a wild laid beyond an ace is told where it can stand instead.

The rules are docs/rules.md's ("Two wild cards in a meld"; "A wild beyond an ace"). The
pages are reached by their addresses and form fields, so the same steps read both
languages.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_games import scroll_width

INSTEAD = {"en-US": "Lay it at the other end instead", "ar": "ضعه في الطرف الآخر"}


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_two_wilds_a_meld_is_set_on_the_new_game_form_and_the_referee_follows(
        page, live_url, shot, locale):
    page.goto(f"{live_url}/new")
    page.locator('input[name="preset"][value="gulf"]').check()
    page.locator('input[name="player_0"]').fill("Sami")
    page.locator('input[name="player_1"]').fill("Rana")
    page.locator('input[name="first_dealer"][value="0"]').check()
    page.locator("details.house-rules > summary").click()
    choice = page.locator('select[name="opt_wilds_per_meld"]')
    choice.select_option("2")
    choice.scroll_into_view_if_needed()
    box = choice.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert box["height"] >= 44
    assert scroll_width(page) <= 360
    whole = shot(page, f"new-game-two-wilds-{locale}")
    # The field and its neighbours, large enough to read.
    page.locator("details.house-rules").screenshot(
        path=str(whole.with_name(f"{whole.stem}-house-rules.png")))
    page.locator("form button.primary[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))

    page.goto(f"{page.url}/referee/meld?cards=5H+JK+7H+JK&ruled=yes")
    verdict = page.locator("#verdict")
    expect(verdict.locator(".means")).to_have_text(["= 6♥", "= 8♥"])
    expect(verdict.locator(".worth")).to_have_text(["5", "6", "7", "8"])
    assert scroll_width(page) <= 360
    whole = shot(page, f"referee-two-wilds-{locale}")
    verdict.screenshot(path=str(whole.with_name(f"{whole.stem}-verdict.png")))


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_wild_beyond_an_ace_is_told_where_it_can_stand(page, live_url, shot, locale):
    page.goto(f"{live_url}/referee/meld?preset=gulf&cards=KS+AS+JK&ruled=yes")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text(INSTEAD[locale])
    expect(verdict).to_contain_text("JK K♠ A♠")
    expect(verdict).to_contain_text("Q♠")
    assert scroll_width(page) <= 360
    whole = shot(page, f"referee-wild-beyond-the-ace-{locale}")
    # The verdict alone, large enough to read the cards' order in either direction.
    verdict.screenshot(path=str(whole.with_name(f"{whole.stem}-verdict.png")))
