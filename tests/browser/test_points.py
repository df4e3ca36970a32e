"""A plain points sheet played on a 360-pixel phone, in English and in Arabic: started
from the new-game form with partners and a target, two deals typed in (points against
with a minus sign), the sheet's totals, the end and the winner (docs/api.md, "A plain
points sheet"). Screenshots: tests/screenshots/points-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import later_scripts_ran, previews_settled
from .table import api
from .test_winner_cards import words

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def type_points(page: Page, points: list[str]) -> None:
    form = page.locator(".deal-form")
    for i, value in enumerate(points):
        box = form.locator(f"input[name='points_{i}']")
        box.fill(value)
        box.press("Tab")  # leaving the box asks for the preview, as on a phone


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_tarneeb_night_on_a_points_sheet(page: Page, live_url, shot, locale):
    _ = words(locale)
    page.goto(f"{live_url}/new")
    page.locator("input[name=preset][value=points]").check()
    for i, name in enumerate(FOUR):
        page.locator(f"input[name=player_{i}]").fill(name)
    page.locator("input[name=first_dealer][value='0']").check()
    page.locator("input[name=points_sides][value=partners]").check()
    page.locator("details.house-rules > summary").click()
    page.locator("input[name=points_target]").fill("31")
    shot(page, f"points-new-{locale[:2]}")
    page.get_by_role("button", name=_("Start the game")).click()
    later_scripts_ran(page)
    expect(page.locator("#status")).to_contain_text("Ann")
    expect(page.locator("#actions")).not_to_contain_text(_("Referee"))
    type_points(page, ["16", "-4"])
    expect(page.locator("#preview .preview-scores li")).to_have_count(2)
    shot(page, f"points-preview-{locale[:2]}")
    previews_settled(page)
    page.locator(".deal-form button[type=submit]").click()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("Bob")  # the deal passed on
    type_points(page, ["15", "٣"])
    previews_settled(page)
    page.locator(".deal-form button[type=submit]").click()
    expect(page.locator(".result")).to_be_visible()
    expect(page.locator(".sheet tfoot td").first).to_have_text("31")
    expect(page.locator(".sheet tfoot td").nth(1)).to_have_text("−1")
    shot(page, f"points-over-{locale[:2]}")
    game = api(live_url, "GET", "/games/" + page.url.split("/games/")[1].split("#")[0])
    assert game["finished"] and game["winners"] == ["Ann", "Cy"]
    assert game["teams"] == [["Ann", "Cy"], ["Bob", "Dee"]]


def test_the_new_game_form_has_a_box_for_each_player_the_game_seats(page: Page, live_url,
                                                                    shot):
    """Eight players at a points sheet, six at Hand and Foot, five at Hand: choosing the
    game shows its number of boxes, and a name typed in a box beyond stays."""
    page.goto(f"{live_url}/new")
    later_scripts_ran(page)
    rows = page.locator(".player-row")
    expect(rows.locator("visible=true")).to_have_count(5)
    page.locator("input[name=preset][value=points]").check()
    expect(rows.locator("visible=true")).to_have_count(8)
    page.locator("input[name=player_6]").fill("Gus")
    shot(page, "points-eight-players-en")
    page.locator("input[name=preset][value=hand_and_foot]").check()
    expect(rows.locator("visible=true")).to_have_count(7)  # six, and Gus's
    page.locator("input[name=player_6]").fill("")
    page.locator("input[name=preset][value=levant]").check()
    expect(rows.locator("visible=true")).to_have_count(5)
