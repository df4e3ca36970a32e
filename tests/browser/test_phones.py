"""The app on phones, in Chromium at 360 px with the service worker allowed (issue 15):

- installable: the manifest (in the page's language, icons of 192 and 512 px, maskable
  too) and the service worker at the site's root, which keeps the static files every page
  loads under their versioned addresses;
- the offline page, in the phone's language, when the server cannot be reached; a game's
  page kept for its own address only, never shown for another game's link nor for its
  view-only link;
- nothing lost: a deal saved offline is kept on the phone, survives a reload, and is on the
  sheet once when the connection is back; one another phone recorded first is shown as a
  conflict to resolve; one already recorded exactly is not recorded again;
- the "Add to home screen" hint (iPhone, Android; remembered when dismissed) and the
  "Keep the screen awake" switch (hidden where the phone cannot).

Every context still fails on a request to another host, a console error or a page error
(tests/browser/conftest.py); the worker's own requests go through the same check.
"""

from __future__ import annotations

import re
import struct
import time

import pytest
from playwright.sync_api import Page, expect

from .conftest import Phone, later_scripts_ran, previews_settled
from .table import PLAYERS, api, new_foot_game, new_game

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
ANDROID_FIREFOX = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"
# static/phone.js shows Android's install line 2.5 s after the page (Chrome may offer its
# own prompt meanwhile); the tests move the page's clock past it rather than wait.
HINT_WAIT_MS = 3_000
# Offline, Chromium logs each request the page makes that cannot go out.
OFFLINE_ERRORS = re.compile(r"ERR_INTERNET_DISCONNECTED|Failed to load resource")


def deals_of(live_url: str, game_id: str) -> list[dict]:
    return api(live_url, "GET", f"/games/{game_id}")["deals"]


@pytest.fixture
def phones(browser, locale):
    """phones(**options) opens a phone-sized context with the service worker allowed."""
    opened: list[Phone] = []

    def open_phone(**options) -> Phone:
        phone = Phone(browser, locale, service_workers="allow", **options)
        opened.append(phone)
        return phone

    yield open_phone
    for phone in opened:
        phone.check()


@pytest.fixture
def phone(phones) -> Phone:
    return phones()


def until(page: Page, expression: str, arg=None, seconds: float = 10) -> None:
    """Wait until *expression* (a function of *arg*) is true in the page. Not
    wait_for_function, which evaluates text in the page: the CSP refuses that."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression, arg):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(100)


def worker_ready(page: Page) -> None:
    """Wait until the service worker runs this page."""
    until(page, "() => navigator.serviceWorker.controller !== null")


def kept(page: Page, path: str) -> None:
    """Wait until the worker keeps a copy of the page at *path*."""
    until(page, "path => caches.open('hand-pages').then(c => c.match(location.origin + path))"
                ".then(Boolean)", path)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


# --- Installable ------------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "language", "name"), [
    ("en-US", "en", "Hand Scorekeeper"), ("ar", "ar", "حاسبة الهاند")])
def test_the_manifest_in_the_pages_language_with_its_icons(phone, live_url, language, name):
    page = phone.context.new_page()
    page.goto(f"{live_url}/")
    link = page.locator("link[rel=manifest]")
    href = link.get_attribute("href")
    assert href == f"/manifest.webmanifest?lang={language}"
    answer = page.request.get(live_url + href)
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["name"] == name
    assert manifest["lang"] == language
    assert manifest["dir"] == ("rtl" if language == "ar" else "ltr")
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["theme_color"] == page.locator("meta[name=theme-color]").get_attribute(
        "content") == "#0b6e4f"
    sizes = {}
    for icon in manifest["icons"]:
        # Versioned like every static file, so a new drawing is fetched at once.
        assert re.fullmatch(r"/static/icons/[a-z-]+\d+\.png\?v=[0-9a-f]+", icon["src"])
        data = page.request.get(live_url + icon["src"]).body()
        width, height = png_size(data)
        assert f"{width}x{height}" == icon["sizes"]
        sizes.setdefault(icon["purpose"], set()).add(icon["sizes"])
    assert sizes == {"any": {"192x192", "512x512"}, "maskable": {"192x192", "512x512"}}
    touch = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert png_size(page.request.get(live_url + touch).body()) == (180, 180)


def test_the_service_worker_runs_from_the_root_and_keeps_what_pages_load(phone, live_url):
    page = phone.context.new_page()
    page.goto(f"{live_url}/")
    worker_ready(page)
    registration = page.evaluate("""navigator.serviceWorker.ready.then(r => ({
        scope: r.scope, script: r.active.scriptURL}))""")
    assert registration == {"scope": f"{live_url}/", "script": f"{live_url}/sw.js"}
    answer = page.request.get(f"{live_url}/sw.js")
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["service-worker-allowed"] == "/"
    assert answer.headers["content-type"].startswith("text/javascript")
    # Every stylesheet and script this page loads is kept, under the address it uses.
    loaded = page.evaluate("""[...document.querySelectorAll(
        'link[rel=stylesheet], script[src], link[rel=icon]')].map(e => e.href || e.src)""")
    assert all("?v=" in url for url in loaded), loaded
    keys = page.evaluate("""caches.keys().then(names => Promise.all(names
        .filter(n => n.startsWith('hand-static-'))
        .map(n => caches.open(n).then(c => c.keys()))))
        .then(lists => lists.flat().map(r => r.url))""")
    assert set(loaded) <= set(keys), set(loaded) - set(keys)


# --- Offline ----------------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "heading"), [("en-US", "No connection"),
                                                 ("ar", "لا اتصال")])
def test_a_page_never_opened_shows_the_offline_page(phone, live_url, shot, heading, locale):
    page = phone.context.new_page()
    page.goto(f"{live_url}/")
    worker_ready(page)
    phone.allowed.append(OFFLINE_ERRORS)
    phone.context.set_offline(True)
    page.goto(f"{live_url}/history?q=Sami")
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator("html")).to_have_attribute("lang", locale[:2])
    expect(page.locator("link[rel=stylesheet]").first).to_have_attribute(
        "href", re.compile(r"style\.css\?v="))
    # Styled from the kept stylesheet: the header has the app's green.
    assert page.evaluate("getComputedStyle(document.querySelector('.site-header'))"
                         ".backgroundColor") == "rgb(11, 110, 79)"
    shot(page, "offline-page" if locale == "en-US" else "offline-page-ar")
    phone.context.set_offline(False)
    page.locator("[data-reload]").click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text(heading)


def test_a_kept_game_page_is_shown_for_its_own_link_only(phone, live_url):
    mine, other = new_game(live_url), new_game(live_url)
    page = phone.context.new_page()
    page.goto(mine["url"])
    worker_ready(page)
    kept(page, f"/games/{mine['id']}")
    view_url = page.locator(".share .link code").nth(1).text_content()
    assert "/view/" in view_url
    phone.allowed.append(OFFLINE_ERRORS)
    phone.context.set_offline(True)
    # Another game's link, and this game's own view-only link: never this game's page.
    for url in (other["url"], view_url, mine["url"] + "/print"):
        page.goto(url)
        expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
        assert mine["id"] not in page.content()
    # Its own link: the copy, saying it is one.
    page.goto(mine["url"])
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()
    expect(page.locator("[data-offline-note]")).to_be_visible()


# --- Nothing lost -----------------------------------------------------------------------


def fill_deal(page: Page, winner: str, points: dict[str, int | None]) -> None:
    """Fill the deal form by its fields, whatever the page's language."""
    form = page.locator("form.deal-form")
    form.locator("input[name=outcome][value=scored]").check()
    form.locator(f"input[name=winner][value='{PLAYERS.index(winner)}']").check()
    form.locator("input[name=finish][value=partial]").check()
    for name, left in points.items():
        seat = PLAYERS.index(name)
        melded = "no" if left is None else "yes"
        form.locator(f"input[name=melded_{seat}][value={melded}]").check()
        if left is not None:
            form.locator(f"input[name=points_{seat}]").fill(str(left))


def save(page: Page) -> None:
    previews_settled(page)
    page.locator("form.deal-form button[type=submit]").click()


def offline_page(phone: Phone, live_url: str, game: dict | None = None) -> tuple[Page, dict]:
    """A game (by default a new Levant one) open on a phone whose worker kept its page,
    then the connection gone."""
    game = game or new_game(live_url)
    page = phone.context.new_page()
    page.goto(game["url"])
    worker_ready(page)
    kept(page, f"/games/{game['id']}")
    phone.allowed.append(OFFLINE_ERRORS)
    phone.context.set_offline(True)
    return page, game


def test_a_deal_saved_offline_survives_a_reload_and_is_recorded_once(phone, live_url, shot):
    page, game = offline_page(phone, live_url)
    fill_deal(page, "Rana", {"Sami": 35, "Omar": None})
    save(page)
    outbox = page.locator("[data-outbox]")
    expect(outbox).to_be_visible()
    expect(outbox).to_contain_text("Deal 1")
    expect(outbox).to_contain_text("Waiting to be sent")
    expect(outbox).to_contain_text("Sami 35")
    # The form moved on: the next deal entered is deal 2.
    expect(page.get_by_role("button", name="Save deal 2")).to_be_visible()
    assert deals_of(live_url, game["id"]) == []

    page.reload()  # still offline: the worker's copy, with the kept deal
    expect(page.locator("[data-offline-note]")).to_be_visible()
    expect(outbox).to_contain_text("Waiting to be sent")
    expect(page.get_by_role("heading", name="Record deal 2")).to_be_visible()
    shot(page, "offline-deal-waiting")

    phone.context.set_offline(False)
    expect(outbox).to_be_hidden(timeout=15_000)
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    expect(page.locator(".sheet tfoot")).to_contain_text("35")
    [deal] = deals_of(live_url, game["id"])
    assert deal["winner"] == "Rana" and deal["scores"]["Sami"] == 35
    # Sent again for any reason (another reload, another tab): still once.
    page.reload()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    assert len(deals_of(live_url, game["id"])) == 1


def test_a_deal_sent_again_after_it_was_recorded_is_not_recorded_twice(phone, live_url):
    game = new_game(live_url)
    page = phone.context.new_page()
    page.goto(game["url"])
    fill_deal(page, "Omar", {"Sami": 10, "Rana": 20})
    # The deal as this phone would keep it, then sent through the page (recorded)...
    entries = page.evaluate("[...new FormData(document.querySelector('.deal-form'))]")
    save(page)
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    # ...and kept too, as if the answer had been lost on the way back.
    page.evaluate("""([game, action, entries]) => localStorage.setItem('hand-outbox',
        JSON.stringify([{id: 'x', game, action, deal: 1, entries, summary: 'Omar',
                         savedAt: Date.now(), status: 'waiting'}]))""",
                  [game["id"], f"/games/{game['id']}/deals", entries])
    page.reload()
    expect(page.locator("[data-outbox]")).to_be_hidden()
    until(page, "() => localStorage.getItem('hand-outbox') === '[]'")
    assert len(deals_of(live_url, game["id"])) == 1


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_deal_another_phone_recorded_first_is_a_conflict_to_resolve(phone, live_url, shot,
                                                                       locale):
    page, game = offline_page(phone, live_url)
    fill_deal(page, "Rana", {"Sami": 35, "Omar": None})
    save(page)
    expect(page.locator("[data-outbox]")).to_be_visible()
    # Meanwhile another phone records deal 1: Omar went out.
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": "Omar", "finish": "partial",
        "hands": {"Sami": {"melded": True, "points": 5}, "Rana": {"melded": True,
                                                                  "points": 15}}})
    phone.allowed.append(re.compile(r"status of 409"))
    phone.context.set_offline(False)
    item = page.locator(".outbox-item")
    expect(item).to_have_attribute("data-status", "conflict", timeout=15_000)
    # Both are shown: the sheet's deal 1 (Omar out: -30), and what this phone entered.
    expect(item.locator("[data-slot=theirs]")).to_contain_text("−30")
    expect(item.locator("[data-slot=mine]")).to_contain_text("Sami 35")
    expect(item.locator("[data-outbox-action=correct]")).to_have_attribute(
        "href", f"/games/{game['id']}/deals/1/edit")
    shot(page, "offline-conflict" if locale == "en-US" else "offline-conflict-ar")
    # Nothing of it is dropped while the player has not chosen, whatever the reloads.
    page.reload()
    expect(item).to_have_attribute("data-status", "conflict")
    # This phone's deal was another deal: back in the form, as deal 2, and saved.
    item.locator("[data-outbox-action=use]").click()
    expect(page.locator("[data-outbox]")).to_be_hidden()
    expect(page.locator("form.deal-form input[name=points_0]")).to_have_value("35")
    expect(page.locator("form.deal-form input[name=deal]")).to_have_value("2")
    save(page)
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(2)
    deals = deals_of(live_url, game["id"])
    assert [d["winner"] for d in deals] == ["Omar", "Rana"]


def test_a_conflicting_deal_can_be_deleted(phone, live_url):
    page, game = offline_page(phone, live_url)
    fill_deal(page, "Rana", {"Sami": 35, "Omar": None})
    save(page)
    api(live_url, "POST", f"/games/{game['id']}/deals", {"deal": 1, "outcome": "redeal"})
    phone.allowed.append(re.compile(r"status of 409"))
    phone.context.set_offline(False)
    item = page.locator(".outbox-item")
    expect(item).to_have_attribute("data-status", "conflict", timeout=15_000)
    item.get_by_role("button", name="Delete mine").click()
    expect(page.locator("[data-outbox]")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('hand-outbox')") == "[]"
    assert [d["outcome"] for d in deals_of(live_url, game["id"])] == ["redeal"]


# --- Add to home screen, keep the screen awake -------------------------------------------


@pytest.mark.parametrize(("agent", "line"), [(IPHONE, "ios"), (ANDROID_FIREFOX, "android")])
def test_the_add_to_home_screen_hint_says_how_and_is_remembered(phones, live_url, shot, agent,
                                                                line):
    phone = phones(user_agent=agent)
    page = phone.context.new_page()
    page.clock.install()  # Android's line comes 2.5 s late: the test moves the clock on
    page.goto(f"{live_url}/")
    later_scripts_ran(page)
    page.clock.fast_forward(HINT_WAIT_MS)
    hint = page.locator("[data-install-hint]")
    expect(hint).to_be_visible()
    expect(hint.locator(f"[data-install-for={line}]")).to_be_visible()
    expect(hint.locator("[data-install-for]:visible")).to_have_count(1)
    shot(page, f"install-hint-{line}")
    hint.get_by_role("button", name="Not now").click()
    expect(hint).to_be_hidden()
    page.reload()
    later_scripts_ran(page)
    page.clock.fast_forward(HINT_WAIT_MS)  # past the Android line's wait
    expect(hint).to_be_hidden()


def test_the_add_to_home_screen_hint_moves_nothing_on_the_page(phones, live_url):
    # Issue 24: "the hint shifts the page as it appears, CLS 0.19–0.29 — reserve its place
    # or show it without moving anything". It comes 2.5 s late on Android.
    phone = phones(user_agent=ANDROID_FIREFOX)
    page = phone.context.new_page()
    page.clock.install()
    page.goto(f"{live_url}/")
    top = page.evaluate("document.querySelector('main').getBoundingClientRect().top")
    later_scripts_ran(page)
    page.clock.fast_forward(HINT_WAIT_MS)
    expect(page.locator("[data-install-hint]")).to_be_visible()
    assert page.evaluate("document.querySelector('main').getBoundingClientRect().top") == top


def test_no_hint_where_the_browser_needs_none(phone, live_url):
    page = phone.context.new_page()  # Chromium on Linux: neither an iPhone nor Android
    page.clock.install()
    page.goto(f"{live_url}/")
    later_scripts_ran(page)
    page.clock.fast_forward(HINT_WAIT_MS)
    expect(page.locator("[data-install-hint]")).to_be_hidden()


def test_keep_the_screen_awake_on_a_secure_page(phone, live_url, shot):
    game = new_game(live_url)
    page = phone.context.new_page()
    page.goto(game["url"])
    awake = page.get_by_role("switch", name="Keep the screen awake")
    expect(awake).to_be_visible()  # 127.0.0.1 is a secure context
    awake.check()
    until(page, "() => localStorage.getItem('hand-awake') === 'true'")
    shot(page, "game-keep-awake")
    page.reload()
    expect(awake).to_be_checked()


#: Resolves once the page has drawn two more frames.
TWO_FRAMES = ("() => new Promise((drawn) => requestAnimationFrame(() => "
              "requestAnimationFrame(drawn)))")

#: Every layout shift the page makes, as Lighthouse adds them up (none a tap caused).
SHIFTS = """window.shifts = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.shifts += entry.value;
  }
}).observe({type: "layout-shift", buffered: true});"""


def test_the_awake_switch_moves_nothing_as_it_appears(phone, live_url):
    # Issue 24: the switch came after the first paint and pushed the sheet down (a layout
    # shift of 0.044); it now sits below the game's tools, and comes once the page is shown.
    game = new_game(live_url)
    page = phone.context.new_page()
    page.add_init_script(SHIFTS)
    page.goto(game["url"])
    expect(page.get_by_role("switch", name="Keep the screen awake")).to_be_visible()
    # Two frames drawn with the switch: any shift it caused is observed by then.
    page.evaluate(TWO_FRAMES)
    assert page.evaluate("window.shifts") == 0
    assert page.evaluate("""document.querySelector('#actions').compareDocumentPosition(
        document.querySelector('[data-awake]')) & Node.DOCUMENT_POSITION_FOLLOWING""")


def test_no_awake_switch_where_the_phone_cannot(phones, live_url):
    phone = phones()
    phone.context.add_init_script("delete Navigator.prototype.wakeLock")
    game = new_game(live_url)
    page = phone.context.new_page()
    page.goto(game["url"])
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()
    expect(page.locator("[data-awake]")).to_be_hidden()


def test_a_hand_and_foot_deal_saved_offline_is_recorded_once_back_online(phone, live_url):
    """Issue 14: a Hand and Foot table with a dropped connection keeps its deal like a Hand
    table, summed up with each side's points melded, and sends it once when back."""
    page, game = offline_page(phone, live_url, new_foot_game(live_url))
    form = page.locator("form.deal-form")
    form.locator("input[name=went_out][value=none]").check()
    form.locator("input[name=melded_0]").fill("600")
    form.locator("input[name=melded_1]").fill("450")
    save(page)
    outbox = page.locator("[data-outbox]")
    expect(outbox).to_contain_text("Waiting to be sent")
    expect(outbox).to_contain_text("Ann & Cy 600")
    assert deals_of(live_url, game["id"]) == []
    phone.context.set_offline(False)
    expect(outbox).to_be_hidden(timeout=15_000)
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    [deal] = deals_of(live_url, game["id"])
    assert deal["team_scores"] == [600, 450] and deal["went_out"] is None


def test_a_groups_page_is_kept_for_offline_use_like_a_games(phone, live_url):
    group = api(live_url, "POST", "/groups", {"name": "Thursday night",
                                              "members": list(PLAYERS)})
    page = phone.context.new_page()
    page.goto(group["url"])
    worker_ready(page)
    kept(page, f"/groups/{group['id']}")
    phone.allowed.append(OFFLINE_ERRORS)
    phone.context.set_offline(True)
    page.goto(group["url"])
    expect(page.get_by_role("heading", level=1)).to_have_text("Thursday night")
    expect(page.locator("[data-offline-note]")).to_be_visible()


def test_a_conflict_on_a_finished_game_offers_no_form_to_put_the_deal_back_in(phone,
                                                                             live_url):
    """A deal kept offline that another phone's last deal beat: "Put mine back in the
    form" did nothing, the game having ended (found with two phones)."""
    game = api(live_url, "POST", "/games", {"rules": {"preset": "levant", "rounds": 1},
                                            "players": PLAYERS, "first_dealer": "Sami"})
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": "Rana", "finish": "partial",
        "hands": {"Sami": {"melded": True, "points": 35}, "Omar": {"melded": False}}})
    page = phone.context.new_page()
    page.goto(game["url"])
    expect(page.locator(".deal-form")).to_have_count(0)
    page.evaluate("""([game, action]) => localStorage.setItem('hand-outbox',
        JSON.stringify([{id: 'x', game, action, deal: 1, entries: [], summary: 'Omar',
                         savedAt: Date.now(), status: 'conflict', theirs: 'Rana'}]))""",
                  [game["id"], f"/games/{game['id']}/deals"])
    page.reload()
    outbox = page.locator("[data-outbox]")
    expect(outbox).to_be_visible()
    expect(outbox.get_by_role("button", name="Put mine back in the form")).to_be_hidden()
    expect(outbox.get_by_role("link", name="Correct the sheet's deal")).to_be_visible()
    outbox.get_by_role("button", name="Delete mine").click()
    expect(outbox).to_be_hidden()
