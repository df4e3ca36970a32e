"""Several phones on one game, seen from one of them at 360 px: a deal recorded on another
phone (here, through the JSON API) appears on the open page without a reload, within the
5-second poll; a deal form being filled in keeps what was typed and says the sheet
changed; a page hidden (phone asleep) stops asking and asks at once when shown again; the
view-only page follows too; the history of changes opens from the game page."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .table import PLAYERS, api, new_game

MARKER = "window.__noReload"
POLL_MS = 5_000  # the live part asks every 5 s


def open_live(page: Page, url: str) -> None:
    """Open *url* with the page's timers on a clock the test moves on (``poll``)."""
    page.clock.install()
    page.goto(url)


def poll(page: Page) -> None:
    """As if five seconds went by: the live part asks the server once."""
    page.clock.fast_forward(POLL_MS)


def another_phone_records(live_url: str, game_id: str, number: int) -> None:
    api(live_url, "POST", f"/games/{game_id}/deals", {
        "deal": number, "outcome": "scored", "winner": "Rana", "finish": "partial",
        "hands": {"Sami": {"melded": True, "points": 35}, "Omar": {"melded": False}}})


def sheet_requests(page: Page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/sheet") else None)
    return asked


def test_another_phones_deal_appears_without_a_reload(page, live_url, shot):
    game = new_game(live_url)
    open_live(page, game["url"])
    page.evaluate(f"{MARKER} = true")
    another_phone_records(live_url, game["id"], 1)
    poll(page)
    expect(page.get_by_role("link", name="Correct deal 1")).to_be_visible()
    expect(page.locator(".sheet tfoot")).to_contain_text("35")
    # The form was untouched: it moved on to the next deal by itself.
    expect(page.get_by_role("heading", name="Record deal 2")).to_be_visible()
    expect(page.locator("[data-stale]")).to_be_hidden()
    assert page.evaluate(MARKER) is True, "the page reloaded"
    shot(page, "live-another-phones-deal")


def test_a_form_being_filled_keeps_its_entries_and_says_the_sheet_changed(page, live_url,
                                                                           shot):
    game = new_game(live_url)
    open_live(page, game["url"])
    form = page.locator("form.deal-form")
    form.get_by_role("group", name="Who went out?").get_by_role(
        "radio", name="Omar", exact=True).check()
    another_phone_records(live_url, game["id"], 1)
    poll(page)
    expect(page.get_by_role("link", name="Correct deal 1")).to_be_visible()
    notice = page.locator("[data-stale]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Another phone changed the sheet")
    expect(form.get_by_role("group", name="Who went out?").get_by_role(
        "radio", name="Omar", exact=True)).to_be_checked()
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()
    notice.scroll_into_view_if_needed()
    shot(page, "live-form-kept")


def test_a_hidden_page_stops_asking_and_asks_again_when_shown(page, live_url):
    game = new_game(live_url)
    open_live(page, game["url"])
    asked = sheet_requests(page)
    page.evaluate("""() => {
        for (const [name, value] of [["hidden", true], ["visibilityState", "hidden"]]) {
            Object.defineProperty(document, name, { value, configurable: true });
        }
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    another_phone_records(live_url, game["id"], 1)
    poll(page)
    poll(page)  # more than one poll
    page.evaluate("() => new Promise((shown) => requestAnimationFrame(shown))")
    assert asked == []
    expect(page.locator(".sheet tbody")).to_contain_text("No deals yet.")
    page.evaluate("""() => {
        delete document.hidden;
        delete document.visibilityState;
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    expect(page.get_by_role("link", name="Correct deal 1")).to_be_visible()
    assert len(asked) >= 1


def test_the_view_only_page_follows_the_game(page, live_url):
    game = new_game(live_url)
    page.goto(game["url"])
    view_url = page.locator(".share code").filter(has_text="/view/").text_content()
    open_live(page, view_url)
    another_phone_records(live_url, game["id"], 1)
    poll(page)
    expect(page.locator(".sheet tbody")).to_contain_text("35")
    expect(page.get_by_role("link", name=re.compile("^Correct deal"))).to_have_count(0)


def test_the_view_only_page_offers_the_result_picture_once_the_game_ends(page, live_url,
                                                                        shot):
    # Issue 25, "a result picture to share": the screen at the back of the room watching
    # the last deal go in offers the picture without anyone reloading it.
    game = api(live_url, "POST", "/games", {"rules": {"preset": "levant", "rounds": 1},
                                           "players": PLAYERS, "first_dealer": "Sami"})
    page.goto(game["url"])
    open_live(page, page.locator(".share code").filter(has_text="/view/").text_content())
    expect(page.locator("[data-share-result]")).to_have_count(0)
    number, state = 1, game
    while not state["finished"]:
        another_phone_records(live_url, game["id"], number)
        state = api(live_url, "GET", f"/games/{game['id']}")
        number += 1
    poll(page)
    expect(page.locator("[data-share-result]")).to_be_visible()
    shot(page, "view-only-game-ended")


def test_the_history_of_changes_opens_on_the_game_page(page, live_url, shot):
    game = new_game(live_url)
    another_phone_records(live_url, game["id"], 1)
    seen = api(live_url, "GET", f"/games/{game['id']}")["version"]
    api(live_url, "PUT", f"/games/{game['id']}/deals/1", {
        "version": seen, "deal": 1, "outcome": "scored", "winner": "Rana", "finish": "partial",
        "hands": {"Sami": {"melded": True, "points": 25}, "Omar": {"melded": False}}})
    page.goto(game["url"])
    page.get_by_text("History of changes").click()
    changes = page.locator(".changes li")
    expect(changes).to_have_count(2)
    expect(changes.first).to_contain_text("Deal 1 corrected")
    expect(changes.first).to_contain_text("Sami 35 → 25")
    # In the phone's own time, not "UTC".
    expect(changes.first.locator("time")).not_to_contain_text("UTC")
    changes.first.scroll_into_view_if_needed()
    shot(page, "live-history")


def test_a_deal_saved_here_adds_its_row_and_the_sheet_stays_current(page, live_url, shot):
    """Issue 12: a save answers with the new row and the totals only; the page then shows
    the game's current version, so its next question about the sheet is answered 304."""
    game = new_game(live_url)
    another_phone_records(live_url, game["id"], 1)
    page.goto(game["url"])
    page.evaluate(f"{MARKER} = true")
    page.get_by_label("Redeal (identical pairs)").check()
    page.get_by_role("button", name="Save deal 2").click()
    expect(page.get_by_role("heading", name="Record deal 3")).to_be_visible()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(2)
    expect(page.locator(".sheet tbody tr[data-deal='2']")).to_have_class(re.compile("redeal"))
    expect(page.get_by_role("button", name="Undo deal 2")).to_be_visible()
    expect(page.locator(".sheet tfoot")).to_contain_text("35")
    assert page.evaluate(MARKER) is True, "the page reloaded"
    status = page.evaluate("""async () => {
        const live = document.querySelector("[data-live]");
        const answer = await fetch(live.getAttribute("hx-get"),
                                   {headers: {"If-None-Match": `"${live.dataset.etag}"`}});
        return answer.status;
    }""")
    assert status == 304
    shot(page, "saved-row-added")


def test_the_last_deal_is_undone_after_another_phone_corrected_an_earlier_one(page,
                                                                              live_url):
    """The undo button kept the version it was shown with: after another phone's correction
    (the same deals, a new version) it was refused as stale (found with two phones)."""
    game = new_game(live_url)
    another_phone_records(live_url, game["id"], 1)
    another_phone_records(live_url, game["id"], 2)
    open_live(page, game["url"])
    seen = api(live_url, "GET", f"/games/{game['id']}")["version"]
    api(live_url, "PUT", f"/games/{game['id']}/deals/1", {
        "version": seen, "deal": 1, "outcome": "scored", "winner": "Rana", "finish": "partial",
        "hands": {"Sami": {"melded": True, "points": 25}, "Omar": {"melded": False}}})
    # The sheet follows the correction: Sami's total is 25 + 35.
    poll(page)
    expect(page.locator(".sheet tfoot td").first).to_have_text("60")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo deal 2").click()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    expect(page.locator(".sheet tfoot td").first).to_have_text("25")
    assert api(live_url, "GET", f"/games/{game['id']}")["deals"][0]["hands"]["Sami"][
        "points"] == 25
