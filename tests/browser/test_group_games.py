"""A group's older games on a 360-pixel phone (issue 40), in English and Arabic: its page
lists the newest games; a tap on "Older games" adds the next ones under them, in place,
and without script it opens the page of them, with the way back to the newest.
Screenshots: tests/screenshots/group-games-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.web.group.games import LISTED

from .table import api
from .test_season import NAMES, fits, part
from .test_winner_cards import words

OLDER = 3  # the games beyond the page's newest


def group_with_games(live_url: str, locale: str, count: int) -> tuple[dict, list[str]]:
    """A group of three whose *count* one-deal Hand games are won in turn: the group, and
    its games' addresses, newest first (as its page lists them)."""
    players = NAMES[locale][:3]
    group = api(live_url, "POST", "/groups", {"name": "Thursday", "members": players})
    made = []
    for n in range(count):
        game = api(live_url, "POST", "/games", {
            "rules": {"preset": "levant", "rounds": 1}, "players": players,
            "first_dealer": players[0], "group": group["id"]})
        winner = players[n % 3]
        api(live_url, "POST", f"/games/{game['id']}/deals", {
            "deal": 1, "outcome": "scored", "winner": winner, "finish": "partial",
            "hands": {p: {"melded": True, "points": 20} for p in players if p != winner}})
        made.append(f"/games/{game['id']}")
    return group, made[::-1]


def listed(page: Page) -> list[str]:
    """Where the group's list of games leads, in order."""
    return page.locator(".group-games .game-list > li:not(.older) > a").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_older_games_are_added_under_the_newest_with_a_tap(page: Page, live_url, shot,
                                                           locale):
    _ = words(locale)
    lang = locale[:2]
    group, games = group_with_games(live_url, locale, LISTED + OLDER)
    page.goto(group["url"])
    expect(page.locator(".group-games .game-list > li:not(.older)")).to_have_count(LISTED)
    assert listed(page) == games[:LISTED]
    older = page.get_by_role("link", name=_("Older games"), exact=True)
    older.scroll_into_view_if_needed()
    fits(page, "the group's page with older games")
    part(page.locator(".group-games"), f"group-games-newest-{lang}")

    older.click()
    rows = page.locator(".group-games .game-list > li:not(.older)")
    expect(rows).to_have_count(LISTED + OLDER)
    assert listed(page) == games
    # In place: the same page, its address unchanged, the link gone with no more to
    # bring, and the first game brought in holding the focus the tapped link had.
    assert page.url == group["url"]
    expect(older).to_have_count(0)
    expect(rows.nth(LISTED).locator("a")).to_be_focused()
    fits(page, "the group's page, older games added")
    part(page.locator(".group-games"), f"group-games-older-{lang}")
    shot(page, f"group-games-page-{lang}")


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_older_games_are_a_page_of_their_own_without_script(no_script_page: Page, live_url,
                                                            shot, locale):
    _ = words(locale)
    lang = locale[:2]
    page = no_script_page
    group, games = group_with_games(live_url, locale, LISTED + OLDER)
    page.goto(group["url"])
    page.get_by_role("link", name=_("Older games"), exact=True).click()
    page.wait_for_url("**#games")
    assert listed(page) == games[LISTED:]
    expect(page.get_by_role("link", name=_("Older games"), exact=True)).to_have_count(0)
    # The page opens at its games. (Not the Arabic page, in this Chromium without script:
    # it scrolls to none of the group page's #anchors, its members' neither, while the
    # standings' sideways-scrolling tables are on it.)
    if lang == "en":
        expect(page.locator("#games-title")).to_be_in_viewport()
    fits(page, "the group's older games, without script")
    shot(page, f"group-games-no-script-{lang}")
    page.get_by_role("link", name=_("Newest games"), exact=True).click()
    page.wait_for_url("**#games")
    assert listed(page) == games[:LISTED]
