"""A group's PIN on a 360-pixel phone, in English and Arabic: set from the group's page, it
locks another phone out of changes; taken off (issue 25's note: "a group's PIN can be set
or changed but not removed"), every phone with the link may change the group again.
Screenshots: tests/screenshots/group-pin-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .table import api
from .test_season import fits
from .test_winner_cards import words

PIN = "2468"


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_groups_pin_is_set_and_taken_off_from_its_page(page: Page, live_url, shot,
                                                         locale):
    _ = words(locale)
    lang = locale[:2]
    group = api(live_url, "POST", "/groups", {"name": "Thursday", "members": ["Ali", "Badr"]})
    page.goto(group["url"])
    page.locator(".group-pin summary").click()
    page.get_by_label(_("PIN for changes")).fill(PIN)
    page.get_by_role("button", name=_("Save the PIN")).click()

    page.locator(".group-pin summary").click()
    take_off = page.get_by_role("button", name=_("Take the PIN off"))
    expect(take_off).to_be_visible()
    fits(page, "the group's PIN, set")
    shot(page, f"group-pin-set-{lang}")

    # Another phone sees the standings and the PIN form, not the changes.
    other = page.context.browser.new_context(locale=locale, viewport={"width": 360,
                                                                      "height": 780})
    visitor = other.new_page()
    visitor.goto(group["url"])
    expect(visitor.locator(".group-pin")).to_have_count(0)

    take_off.click()
    expect(page.locator(".group-pin summary")).to_have_text(_("Set a PIN for changes"))
    visitor.reload()
    expect(visitor.locator(".group-pin summary")).to_have_text(_("Set a PIN for changes"))
    other.close()
