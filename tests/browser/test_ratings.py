"""The ratings on a 360-pixel phone, in English and in Arabic (issue 38): the group's page
with each member's card and number and the last game's moves, the ratings page with the
moves in words, a finished game's page saying how each rating moved, and "Draw balanced
partners" seating the strong with the weak. Nothing scrolls sideways. Screenshots:
tests/screenshots/ratings-*.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import later_scripts_ran
from .table import api
from .test_winner_cards import words

NAMES = {"en-US": ["Ali", "Badr", "Caro", "Dina"], "ar": ["علي", "بدر", "كارو", "دينا"]}


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def _won(live_url: str, group_id: str, players: list[str], winners: tuple[str, str]) -> str:
    """A one-round Hand game in partnerships of the group, won by *winners*' side."""
    game = api(live_url, "POST", "/games", {
        "rules": {"preset": "levant", "rounds": 1}, "players": players,
        "first_dealer": players[0], "group": group_id, "partnerships": True})
    hands = {p: {"melded": True, "points": 40} for p in players if p not in winners}
    hands[winners[1]] = {"melded": True, "points": 5}
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": winners[0], "finish": "partial",
        "hands": hands})
    return game["id"]


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_the_ratings_on_a_phone(page: Page, live_url, shot, locale):
    _ = words(locale)
    lang = locale[:2]
    ali, badr, caro, dina = NAMES[locale]
    group = api(live_url, "POST", "/groups", {"name": _("Ratings") + " " + lang,
                                              "members": NAMES[locale]})
    _won(live_url, group["id"], NAMES[locale], (ali, caro))
    last = _won(live_url, group["id"], NAMES[locale], (ali, caro))

    # The group's page: each member's card and number, the last game's moves.
    page.goto(f"{live_url}/groups/{group['id']}")
    ratings = page.locator("#ratings")
    expect(ratings.locator(".ratings-table tbody tr")).to_have_count(4)
    expect(ratings.locator(".ratings-table tbody tr").first).to_contain_text(ali)
    expect(ratings.locator(".provisional").first).to_have_text(_("provisional"))
    expect(ratings.locator(".rating-moves li")).to_have_count(4)
    no_sideways_scroll(page)
    whole = shot(page, f"ratings-group-{lang}")
    ratings.screenshot(path=str(whole.with_name(f"ratings-group-part-{lang}.png")))

    # The ratings page, a tap away: how the rating works, the moves of both games.
    page.get_by_role("link", name=_("How the ratings work and moved")).click()
    expect(page.locator("h1")).to_have_text(_("Ratings"))
    expect(page.locator(".rated-game")).to_have_count(2)
    expect(page.locator(".rated-game .why").first).to_contain_text(
        re.compile(r"[+−]\d+"))
    page.get_by_text(_("How the rating works")).click()
    expect(page.locator(".how-rated p").first).to_be_visible()
    no_sideways_scroll(page)
    shot(page, f"ratings-page-{lang}")

    # A finished game's page: how each rating moved and why.
    page.goto(f"{live_url}/games/{last}")
    later_scripts_ran(page)
    moved = page.locator(".rating-change")
    expect(moved.locator("li")).to_have_count(4)
    expect(moved.locator("li").first).to_contain_text("→")
    no_sideways_scroll(page)
    shot(page, f"ratings-game-{lang}")

    # A new game of the group: Ali and Caro (both rated high) sat as partners; balanced,
    # Ali partners Badr or Dina.
    page.goto(f"{live_url}/groups/{group['id']}/new")
    later_scripts_ran(page)
    for seat, name in enumerate([ali, badr, caro, dina]):
        page.locator(f"#player_{seat}").fill(name)
    page.locator("input[name=partnerships]").check()
    page.get_by_role("button", name=_("Draw balanced partners")).click()
    note = page.locator("#balanced-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("%")
    expect(page.locator("#player_0")).to_have_value(ali)
    assert page.locator("#player_2").input_value() in (badr, dina)
    no_sideways_scroll(page)
    shot(page, f"ratings-balanced-{lang}")
