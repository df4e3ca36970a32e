"""The result picture on a phone (issue 25): a finished game's page offers it at 360 px.
A browser that shares files hands the picture itself to the phone's share sheet; one that
does not (Chromium on Linux, as here) downloads it from the plain link, which is also what
a phone without JavaScript gets."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import Phone
from .table import PLAYERS, api
from .test_games import MARKER, fill_deal, mark_page, save_deal

PNG = b"\x89PNG\r\n\x1a\n"
# What a phone's share sheet would be handed, kept for the test to read; or a refusal.
SHARES_FILES = """
window.shared = [];
Object.defineProperty(navigator, "canShare", {configurable: true, value: (data) =>
  Boolean(data && data.files && data.files.every((f) => f.type === "image/png"))});
Object.defineProperty(navigator, "share", {configurable: true, value: async (data) => {
  if (window.refuseShare) throw new DOMException("not now", "NotAllowedError");
  const file = data.files[0];
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  window.shared.push({name: file.name, type: file.type, size: file.size,
                      head: Array.from(head), title: data.title});
}});
"""


def finished_game(live_url: str) -> str:
    """A one-round Levant game of Sami, Rana and Omar that Sami has won."""
    game = api(live_url, "POST", "/games", {"rules": {"preset": "levant", "rounds": 1},
                                            "players": PLAYERS, "first_dealer": "Sami"})
    state = api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": "Rana", "finish": "partial",
        "hands": {"Sami": {"melded": True, "points": 25}, "Omar": {"melded": False}}})
    assert state["finished"]
    return game["id"]


def test_without_file_sharing_the_picture_is_downloaded(page, live_url, shot):
    game_id = finished_game(live_url)
    page.goto(f"{live_url}/games/{game_id}")
    link = page.locator("a[data-share-result]")
    expect(link).to_be_visible()
    expect(link).to_have_text("Download the result picture")
    expect(link).to_have_attribute("download", "")
    box = link.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    shot(page, "share-result-download")
    with page.expect_download() as downloading:
        link.click()
    download = downloading.value
    # Named after the game, its players and the day, never the game's link.
    name = download.suggested_filename
    assert name.startswith("hand-Sami-Rana-Omar-") and name.endswith(".png"), name
    with open(download.path(), "rb") as picture:
        assert picture.read(8) == PNG


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_phone_that_shares_files_gets_the_picture_in_its_share_sheet(browser, live_url,
                                                                        locale):
    phone = Phone(browser, locale)
    phone.context.add_init_script(SHARES_FILES)
    page = phone.context.new_page()
    game_id = finished_game(live_url)
    page.goto(f"{live_url}/games/{game_id}")
    link = page.locator("a[data-share-result]")
    # The label says what a tap does here; the link still names the picture.
    expect(link).to_have_text(link.get_attribute("data-share-label"))
    assert link.get_attribute("href") == f"/games/{game_id}/result.png"
    link.click()
    page.wait_for_function("() => window.shared.length === 1")
    [shared] = page.evaluate("window.shared")
    assert shared["type"] == "image/png" and shared["size"] > 10_000
    assert bytes(shared["head"]) == PNG
    assert shared["name"].startswith("hand-") and shared["name"].endswith(".png")
    assert "Rana" in shared["title"]
    phone.check()


def test_a_share_the_browser_refuses_falls_back_to_the_download(browser, live_url):
    phone = Phone(browser, "en-US")
    phone.context.add_init_script(SHARES_FILES + "window.refuseShare = true;")
    page = phone.context.new_page()
    page.goto(f"{live_url}/games/{finished_game(live_url)}")
    with page.expect_download() as downloading:
        page.locator("a[data-share-result]").click()
    assert downloading.value.suggested_filename.endswith(".png")
    phone.check()


def test_the_view_only_link_offers_its_own_picture(page, live_url):
    game_id = finished_game(live_url)
    page.goto(f"{live_url}/games/{game_id}")
    view = page.locator("details.share p.link code").nth(1).text_content()
    page.goto(view)
    link = page.locator("a[data-share-result]")
    expect(link).to_be_visible()
    assert game_id not in link.get_attribute("href")
    assert page.request.get(f"{live_url}{link.get_attribute('href')}").body()[:8] == PNG


def test_a_game_ended_by_the_page_s_own_save_offers_the_picture_at_once(browser, live_url,
                                                                        shot):
    # The last deal saved through htmx swaps the game's end in, without a reload: the
    # script comes with it, and the share sheet gets the picture of the finished game.
    phone = Phone(browser, "en-US")
    phone.context.add_init_script(SHARES_FILES)
    page = phone.context.new_page()
    game = api(live_url, "POST", "/games", {"rules": {"preset": "levant", "rounds": 1},
                                            "players": PLAYERS, "first_dealer": "Sami"})
    page.goto(f"{live_url}/games/{game['id']}")
    expect(page.locator("a[data-share-result]")).to_have_count(0)
    mark_page(page)
    fill_deal(page, "Omar", {"Sami": 30, "Rana": None})
    save_deal(page, 1)
    link = page.locator("a[data-share-result]")
    expect(link).to_have_text("Share the result")
    shot(page, "share-result-after-save")
    link.click()
    page.wait_for_function("() => window.shared.length === 1")
    assert page.evaluate("window.shared")[0]["type"] == "image/png"
    assert page.evaluate(MARKER) is True, "the game's end reloaded the page"
    phone.check()
