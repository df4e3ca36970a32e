"""This phone's way of reading (issue 39, point 5; templates/_reading.html): big print —
larger type and tap targets for the sheet, the deal form and the status — and, on Arabic
pages, the numbers in Arabic-Indic digits (٠١٢٣). Each is remembered by the phone, and the
pages hold at 360 px with them on. Screenshots: tests/screenshots/reading-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_phone_fit import hand_game
from .test_winner_cards import words

PLAYERS = {"en-US": ["Sami", "Rana", "Omar", "Lina", "Huda"],
           "ar": ["سامي", "رنا", "عمر", "لينا", "هدى"]}


def fits(page: Page, where: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
    small = page.locator(".deal-form button, .deal-form label.choice, .sheet a.edit"
                         ).evaluate_all(
        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect())"
        ".filter(r => r.width < 44 || r.height < 44).map(r => [r.width, r.height])")
    assert small == [], (where, small)


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_big_print_is_remembered_and_the_game_page_holds_at_360_px(page: Page, live_url,
                                                                    shot, locale):
    _ = words(locale)
    game = hand_game(live_url, PLAYERS[locale])
    page.goto(game["url"])
    switch = page.get_by_role("switch", name=_("Big print"))
    expect(switch).to_be_visible()
    normal = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    score = page.locator(".sheet tbody .score").first
    before = score.bounding_box()
    switch.check()
    expect(page.locator("html.big-print")).to_have_count(1)
    big = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert big > normal * 1.15, (normal, big)
    after = score.bounding_box()
    assert before and after and after["height"] > before["height"]
    fits(page, "the game page, big print")
    shot(page, f"reading-big-{locale[:2]}")
    page.reload()
    expect(page.locator("html.big-print")).to_have_count(1)  # the phone remembers
    expect(page.get_by_role("switch", name=_("Big print"))).to_be_checked()
    fits(page, "the game page, big print, reloaded")
    page.get_by_role("switch", name=_("Big print")).uncheck()
    expect(page.locator("html.big-print")).to_have_count(0)


@pytest.mark.parametrize("locale", ["ar"])
def test_arabic_digits_show_the_numbers_and_leave_what_is_typed(page: Page, live_url,
                                                                shot, locale):
    _ = words(locale)
    game = hand_game(live_url, PLAYERS["ar"])
    page.goto(game["url"])
    scores = page.locator(".sheet tbody .score")
    expect(scores.first).to_have_text("35")
    page.get_by_role("switch", name=_("Numbers in Arabic digits (٠١٢٣)")).check()
    expect(scores.first).to_have_text("٣٥")
    expect(scores.nth(1)).to_have_text("−٣٠")
    expect(page.locator(".sheet tfoot td").first).to_have_text("٣٥")
    shot(page, "reading-digits-ar")
    # What is typed keeps the keyboard's digits; the server reads both.
    box = page.locator(".deal-form input[inputmode=numeric]").first
    box.fill("25")
    expect(box).to_have_value("25")
    page.reload()
    expect(scores.first).to_have_text("٣٥")  # the phone remembers
    expect(page.locator(".sheet tfoot td").first).to_have_text("٣٥")
    page.get_by_role("switch", name=_("Numbers in Arabic digits (٠١٢٣)")).uncheck()
    expect(scores.first).to_have_text("35")


def test_the_arabic_digits_switch_is_offered_on_arabic_pages_only(page: Page, live_url):
    game = hand_game(live_url, PLAYERS["en-US"])
    page.goto(game["url"])
    expect(page.get_by_role("switch", name="Big print")).to_be_visible()
    expect(page.locator("[data-setting=arabic-digits]")).to_have_count(0)
