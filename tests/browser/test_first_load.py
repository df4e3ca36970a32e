"""What a page loads up front and what comes once it is shown (issue 24, first load within
30 KB): a game's page asks for no referee style sheet, the referee's pages are styled by
theirs, its QR codes come when its share section opens (issue 40), and the offline outbox
(static/outbox.js), which comes once the page is shown, still keeps a deal saved with no
connection before it came: kept from the first tap."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import later_scripts_ran
from .table import new_foot_game, new_game
from .test_phones import deals_of, fill_deal, save


def requested(page: Page) -> list[str]:
    """The addresses *page* asks for from now on."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    return asked


def opened_quietly(page: Page, live_url: str) -> tuple[list[str], dict]:
    """A new game's page opened on *page* until it asks for nothing more: what it asked
    for, and the game."""
    asked = requested(page)
    game = new_game(live_url)
    page.goto(game["url"])
    expect(page.locator("form.deal-form")).to_be_visible()
    page.wait_for_load_state("networkidle")
    return asked, game


def test_a_game_page_loads_no_referee_style_and_the_referee_is_styled_by_its_own(
        page, live_url):
    asked, game = opened_quietly(page, live_url)
    assert not any("/static/referee.css" in url for url in asked), asked
    # The offline outbox came once the page was shown, not up front.
    assert any("/static/outbox.js" in url for url in asked), asked

    for address in ("/referee", f"/games/{game['id']}/referee"):
        page.goto(live_url + address)
        tabs = page.locator("nav.tabs").first
        expect(tabs).to_be_visible()
        # static/referee.css: the tabs are a grid of three.
        assert tabs.evaluate("(nav) => getComputedStyle(nav).display") == "grid", address


def test_a_hand_and_foot_page_loads_its_script_once_shown_and_its_steppers_count(
        page, live_url):
    # Issue 40: static/handfoot.js (1.2 KB on the wire) is not part of the first load: it
    # is asked for after the page's load event, and its − and + then work.
    game = new_foot_game(live_url)
    page.goto(game["url"])
    later_scripts_ran(page)
    asked, loaded = page.evaluate("""() => [
        performance.getEntriesByType("resource").find(r => r.name.includes("/handfoot.js"))
            .startTime,
        performance.getEntriesByType("navigation")[0].loadEventStart]""")
    assert asked >= loaded
    more = page.get_by_role("button", name="One more: Clean piles").first
    more.click()
    more.click()
    expect(page.locator("input[name=clean_piles_0]")).to_have_value("2")


def test_a_game_page_asks_for_its_qr_codes_once_its_share_section_opens(page, live_url):
    # Issue 40: the two codes (about 1 KB each on the wire) sit in a closed section.
    asked, game = opened_quietly(page, live_url)
    assert not any("qr.svg" in url for url in asked), asked
    share = page.locator("details.share")
    with page.expect_request(lambda request: "qr.svg" in request.url):
        share.locator("summary").click()
    images = share.locator("img.qr")
    for i in range(2):
        expect(images.nth(i)).to_have_js_property("complete", True)
        assert images.nth(i).evaluate("img => img.naturalWidth") > 0


def test_a_deal_saved_before_the_outbox_script_came_is_kept_and_sent_once(page, live_url):
    held = []
    # Held until the test lets it through.
    page.route("**/static/outbox.js*", lambda route: held.append(route))
    game = new_game(live_url)
    with page.expect_request(lambda request: "/static/outbox.js" in request.url):
        page.goto(game["url"])
    # No connection, as far as the page can tell.
    page.evaluate("""() => Object.defineProperty(navigator, "onLine",
        {configurable: true, get: () => !window.noConnection})""")
    page.evaluate("() => { window.noConnection = true; }")
    fill_deal(page, "Rana", {"Sami": 35, "Omar": None})
    # The save is tried (and held back for the outbox) as the button is tapped.
    page.evaluate("""() => document.addEventListener("htmx:beforeRequest", (event) => {
        if (event.detail.elt.matches(".deal-form")) document.body.dataset.saveTried = "yes";
    })""")
    save(page)
    expect(page.locator("body[data-save-tried=yes]")).to_have_count(1)
    outbox = page.locator("[data-outbox]")
    expect(outbox).to_be_hidden()
    assert deals_of(live_url, game["id"]) == []

    held[0].continue_()  # outbox.js comes: the deal waiting for it is kept
    expect(outbox).to_be_visible()
    expect(outbox).to_contain_text("Waiting to be sent")
    expect(outbox).to_contain_text("Sami 35")
    expect(page.get_by_role("button", name="Save deal 2")).to_be_visible()
    assert deals_of(live_url, game["id"]) == []

    page.evaluate("""() => { window.noConnection = false;
        window.dispatchEvent(new Event("online")); }""")
    expect(outbox).to_be_hidden()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    [deal] = deals_of(live_url, game["id"])
    assert deal["winner"] == "Rana" and deal["scores"]["Sami"] == 35
