"""The partnerships box follows the chosen form of Hand (issue 39, point 6), on a
360-pixel phone in English and Arabic: off and disabled for Kuwait and Hareeqa, on offer
again for the Levant. Screenshot: tests/screenshots/partnership-box-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import later_scripts_ran


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_the_box_is_off_for_a_form_without_partnerships(page: Page, live_url, shot, locale):
    page.goto(f"{live_url}/new")
    later_scripts_ran(page)
    box = page.locator("input[name=partnerships]")
    box.check()
    page.locator("input[name=preset][value=kuwait]").check()
    expect(box).to_be_disabled()
    expect(box).not_to_be_checked()
    shot(page, f"partnership-box-{locale[:2]}")
    page.locator("input[name=preset][value=levant]").check()
    expect(box).to_be_enabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
