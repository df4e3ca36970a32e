"""A night the organiser can trust, on a 360-pixel phone in English and Arabic (issue 48):
a double tap on "Start round 1" starts round 1 once; "Take back round 1" undoes it while
no table has dealt; a deal awaiting the other side is named above the standing, which
marks the lines it may still move. Screenshots: tests/screenshots/night-trust-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import later_scripts_ran
from .table import api
from .test_night import NAMES, said
from .test_winner_cards import words


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_double_tap_starts_one_round_and_a_round_taken_back_starts_again(
        page: Page, live_url, shot, locale):
    _ = words(locale)
    lang = locale[:2]
    night = api(live_url, "POST", "/nights", {
        "name": "Trust", "rules": {"preset": "levant", "rounds": 1},
        "players": NAMES[locale][:8], "format": "rotating", "confirm": "other_side"})
    page.goto(f"{live_url}/nights/{night['id']}")
    later_scripts_ran(page)
    page.get_by_role("button", name=said(_("Start round %(n)d"), 1)).dblclick()
    expect(page.locator(".night-round .night-table")).to_have_count(2)
    read = api(live_url, "GET", f"/nights/{night['id']}")
    assert read["current_round"] == 1 and len([r for r in read["rounds"]
                                               if r["tables"][0]["game"]]) == 1
    take_back = page.get_by_role("button", name=said(_("Take back round %(n)d"), 1))
    expect(take_back).to_be_visible()
    shot(page, f"night-trust-started-{lang}")
    take_back.click()
    expect(page.get_by_role("button", name=said(_("Start round %(n)d"), 1))).to_be_visible()
    assert api(live_url, "GET", f"/nights/{night['id']}")["current_round"] is None

    page.get_by_role("button", name=said(_("Start round %(n)d"), 1)).click()
    expect(page.locator(".night-round .night-table")).to_have_count(2)
    table = api(live_url, "GET", f"/nights/{night['id']}")["rounds"][0]["tables"][0]
    (a, _partner), (c, d) = table["sides"]
    api(live_url, "POST", f"/games/{table['game']['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": a, "finish": "partial", "recorded_by": a,
        "hands": {c: {"melded": True, "points": 30}, d: {"melded": True, "points": 30}}})
    page.reload()
    expect(page.locator(".night-pending")).to_be_visible()
    expect(page.locator(".night-standing .provisional")).to_have_count(4)
    # The round has a deal now: it can no longer be taken back.
    expect(page.get_by_role("button", name=said(_("Take back round %(n)d"), 1))).to_have_count(0)
    page.locator(".night-pending").scroll_into_view_if_needed()
    shot(page, f"night-trust-pending-{lang}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
