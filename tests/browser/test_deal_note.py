"""A note on a deal typed on a 360-pixel phone, in English and Arabic (issue 49, point 6):
the box at the end of the deal form, the note under the deal's number on the sheet, and
the note changed on the correction form. Screenshots: tests/screenshots/deal-note-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import later_scripts_ran, previews_settled
from .table import api
from .test_points import type_points
from .test_winner_cards import words

NOTES = {"en-US": ("Misdeal, redealt", "Ali left early"),
         "ar": ("خطأ في التوزيع، أُعيد التوزيع", "علي غادر مبكرًا")}


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_note_typed_with_a_deal_shows_under_its_number(page: Page, live_url, shot, locale):
    _ = words(locale)
    first, second = NOTES[locale]
    game = api(live_url, "POST", "/games", {
        "rules": {"preset": "points", "deals": 3}, "players": ["Ann", "Bob", "Cy"],
        "first_dealer": "Ann"})
    page.goto(f"{live_url}/games/{game['id']}")
    later_scripts_ran(page)
    type_points(page, ["16", "-4", "0"])
    box = page.get_by_label(_("Note"))
    box.fill(first)
    previews_settled(page)
    box.scroll_into_view_if_needed()
    shot(page, f"deal-note-form-{locale[:2]}")
    page.locator(".deal-form button[type=submit]").click()
    expect(page.locator(".sheet tbody tr[data-deal] .deal-typed bdi")).to_have_text(first)
    assert api(live_url, "GET", f"/games/{game['id']}")["deals"][0]["note"] == first
    page.locator(".sheet").scroll_into_view_if_needed()
    shot(page, f"deal-note-sheet-{locale[:2]}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.goto(f"{live_url}/games/{game['id']}/deals/1/edit")
    later_scripts_ran(page)
    box = page.get_by_label(_("Note"))
    expect(box).to_have_value(first)
    box.fill(second)
    page.locator(".deal-form button[type=submit]").click()
    expect(page.locator(".sheet tbody tr[data-deal] .deal-typed bdi")).to_have_text(second)
    assert api(live_url, "GET", f"/games/{game['id']}")["deals"][0]["note"] == second
