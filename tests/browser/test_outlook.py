"""The outlook before the last round on a 360-px phone (issue 25), in English and Arabic:
the status card says what would put each player or side in front — long names and all,
without the page growing wider than the phone. Screenshots:
tests/screenshots/outlook-<game>-<language>.png (the status card)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS
from .table import api

NAMES = {
    "en-US": ["Mohammed", "Alexandra", "Bartholomew", "Konstantinos"],
    "ar": ["عبدالرحمن", "ألكسندرا", "بارثولوميو", "قسطنطينوس"],
}
CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}


def hand(live_url: str, names: list[str]) -> str:
    """A Levant game of three players and two rounds, the first a full hand: the second
    player catches up with a partial hand, the third only with a full one."""
    game = api(live_url, "POST", "/games", {
        "rules": {"preset": "levant", "rounds": 2}, "players": names[:3],
        "first_dealer": names[0]})
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": names[0], "finish": "full",
        "hands": {names[1]: {"melded": True, "points": 20},
                  names[2]: {"melded": False}}})
    return game["id"]


def foot(live_url: str, names: list[str]) -> str:
    """A Hand and Foot game of two deals in sides of two, the first scored."""
    game = api(live_url, "POST", "/games", {
        "rules": {"preset": "hand_and_foot", "rounds": 2}, "players": names,
        "first_dealer": names[0], "partnerships": True})
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "went_out": names[0],
        "sides": [{**CONTRACT, "melded": 2400}, {"melded": 900, "left": 120}]})
    return game["id"]


@pytest.mark.parametrize("locale", ["en-US", "ar"])
@pytest.mark.parametrize(("kind", "start", "lines"), [("hand", hand, 2), ("foot", foot, 1)])
def test_the_outlook_fits_a_phone(page: Page, live_url, locale, kind, start, lines):
    game_id = start(live_url, NAMES[locale])
    page.goto(f"{live_url}/games/{game_id}")
    card = page.locator("#status .outlook")
    expect(card).to_be_visible()
    expect(card.locator("li")).to_have_count(lines)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SCREENSHOTS.mkdir(exist_ok=True)
    page.locator("#status").screenshot(
        path=SCREENSHOTS / f"outlook-{kind}-{'ar' if locale == 'ar' else 'en'}.png",
        animations="disabled")
