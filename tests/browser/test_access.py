"""Who may change a game, on a 360-px phone: a table PIN set on the new-game form, another
phone that sees the sheet and the PIN form, a wrong PIN and the right one, the game's two
links with their QR codes, and the view-only page. Every page here runs under the strict
Content-Security-Policy: the page fixture fails on any violation it logs."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import later_scripts_ran

PIN = "2468"
PLAYERS = ["Sami", "Rana", "Omar"]


def start_with_pin(page: Page, live_url: str, shot) -> str:
    page.goto(f"{live_url}/new")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("Table PIN (optional)").fill(PIN)
    page.get_by_label("Table PIN (optional)").scroll_into_view_if_needed()
    shot(page, "new-game-pin")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    later_scripts_ran(page)
    return page.url


def test_a_table_pin_keeps_another_phone_to_the_sheet_until_it_is_typed(page, live_url,
                                                                         shot):
    game_url = start_with_pin(page, live_url, shot)
    # The phone that set the PIN records straight away.
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()

    # Now it is another phone, given the link. Leave the page first: a sheet update in
    # flight would bring the old session cookie back.
    page.goto("about:blank")
    page.context.clear_cookies()
    page.goto(game_url)
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.get_by_role("heading", name="This table has a PIN")).to_be_visible()
    expect(page.locator("form.deal-form")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Undo"))).to_have_count(0)
    shot(page, "pin-locked")

    page.get_by_label("Table PIN").fill("1357")
    page.get_by_role("button", name="Unlock").click()
    expect(page.locator("#unlock .error")).to_have_text("That is not the table's PIN.")
    expect(page.locator("#unlock")).to_be_in_viewport()
    shot(page, "pin-wrong")

    page.get_by_label("Table PIN").fill(PIN)
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()
    expect(page.locator("#unlock")).to_have_count(0)


def test_the_game_shares_its_link_and_a_view_only_link(page, live_url, shot):
    start_with_pin(page, live_url, shot)
    share = page.locator("details.share")
    share.locator("summary").click()
    images = share.locator("img.qr")
    expect(images).to_have_count(2)
    for i in range(2):
        expect(images.nth(i)).to_have_js_property("complete", True)
        assert images.nth(i).evaluate("img => img.naturalWidth") > 0
    # Read once shown: the answer to Unlock may still be swapping the page in.
    expect(share.locator("code").nth(1)).to_contain_text("/view/")
    view_link = share.locator("code").nth(1).inner_text()
    assert "/view/" in view_link
    share.scroll_into_view_if_needed()
    shot(page, "share-links")

    game_id = page.url.rsplit("/", 1)[-1]
    page.goto(view_link)
    expect(page.get_by_text("View only")).to_be_visible()
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.locator("form")).to_have_count(0)
    assert game_id not in page.content()
    shot(page, "view-only")
