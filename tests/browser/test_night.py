"""A night of two tables on a 360-pixel phone and on a television, in English and in
Arabic (issue 36): planned from the form, round 1 started, a deal recorded at one table,
the TV board showing it within its 3-second refresh (the page's clock moved on, not
waited for), the players' page saying where to sit next. Screenshots:
tests/screenshots/night-*.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import Phone, later_scripts_ran
from .table import api
from .test_winner_cards import words

NAMES = {"en-US": ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda", "Imad"],
         "ar": ["علي", "بدر", "كارو", "دينا", "عماد", "فادي", "غادة", "هدى", "عماد الدين"]}
NIGHT = {"en-US": "Thursday diwaniya", "ar": "ديوانية الخميس"}


def said(text: str, n: int) -> re.Pattern[str]:
    """*text* (translated) with its number, which an Arabic page isolates in bidi marks."""
    before, after = text.split("%(n)d")
    return re.compile(re.escape(before) + rf"[\u2066-\u2069]*{n}[\u2066-\u2069]*"
                      + re.escape(after))


def plan(page: Page, live_url: str, locale: str, shot) -> str:
    _ = words(locale)
    page.goto(f"{live_url}/nights/new")
    page.get_by_label(_("The night's name")).fill(NIGHT[locale])
    page.get_by_label(_("Who is here (one name per line)")).fill("\n".join(NAMES[locale]))
    shot(page, f"night-new-{locale[:2]}")
    # Deals recorded here through the API, by nobody named: no confirmation (on by
    # default; tests/browser/test_trust.py plays it).
    page.get_by_label(_("A player of another side confirms each deal")).uncheck()
    page.get_by_role("button", name=_("Plan the night")).click()
    expect(page.locator("h1")).to_have_text(NIGHT[locale])
    later_scripts_ran(page)
    return page.url.rsplit("/", 1)[-1]


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_night_on_a_phone_and_on_the_tv(page: Page, browser, live_url, shot, locale):
    _ = words(locale)
    lang = locale[:2]
    night_id = plan(page, live_url, locale, shot)
    # Nine players at two tables: one sits out, named before the round starts.
    expect(page.locator(".night-next .sitting-out")).to_be_visible()
    shot(page, f"night-planned-{lang}")
    page.get_by_role("button", name=said(_("Start round %(n)d"), 1)).click()
    expect(page.locator(".night-round .night-table")).to_have_count(2)
    expect(page.get_by_role("link", name=said(_("Open table %(n)d"), 1))).to_be_visible()
    shot(page, f"night-round-{lang}")

    night = api(live_url, "GET", f"/nights/{night_id}")
    table = night["rounds"][0]["tables"][0]
    tv_phone = Phone(browser, locale, viewport={"width": 1280, "height": 720},
                     is_mobile=False, has_touch=False, device_scale_factor=1)
    tv = tv_phone.context.new_page()
    tv.clock.install()
    tv.goto(night["tv_url"])
    expect(tv.locator(".tv-board .night-table")).to_have_count(4)  # this round and next
    expect(tv.locator(".tv-board")).not_to_contain_text(_("Finished"))
    # A deal at table 1: the board shows it at its next refresh, 3 seconds on.
    game = api(live_url, "GET", f"/games/{table['game']['id']}")
    winner = table["sides"][0][0]
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": winner, "finish": "partial",
        "hands": {p: {"melded": True, "points": 25} for p in game["players"]
                  if p != winner}})
    tv.clock.fast_forward(3_000)
    expect(tv.locator(".tv-board .table-state").first).to_contain_text("−")
    # Nothing on the board changes a game: no form, no game's own page.
    assert tv.locator("form").count() == 0
    assert tv.locator("a[href*='/games/']").count() == 0
    shot(tv, f"night-tv-{lang}")
    tv_phone.check()

    # A player's phone: where to sit this round and next, their own seat said first.
    page.goto(night["view_url"])
    expect(page.locator(".night-table")).to_have_count(4)
    page.get_by_label(_("I am")).select_option(winner)
    page.get_by_role("button", name=_("Show my seat")).click()
    expect(page.locator(".my-seat")).to_have_count(2)
    expect(page.locator(".night-standing tbody tr")).to_have_count(9)
    assert page.locator("form[method=post]").count() == 0  # only "I am", which asks
    shot(page, f"night-view-{lang}")
    # Nothing is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
