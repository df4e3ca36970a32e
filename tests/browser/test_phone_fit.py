"""The pages fit a 360-px phone (issue 22, points 15 to 17), in English and in Arabic:

- the sheet's column names are never broken inside a word, however long the names or many
  the columns (five players of Hand, two sides of Hand, two and three sides of Hand and
  Foot); a name too long is cut short and a tap on it shows it whole;
- every tap target of every page is at least 44 × 44 CSS px;
- with no connection the deal form's preview says the scores come when the connection is
  back, and shows them once it is.

Screenshots: tests/screenshots/fit-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS, Phone
from .table import api
from .test_winner_cards import words

# Long names, as in the issue ("Moha/mmed", "Alexan/dra & Domini/c"); Arabic ones too.
LONG = {
    "en-US": ["Mohammed", "Alexandra", "Bartholomew", "Konstantinos", "Evangelina", "Dominic"],
    "ar": ["عبدالرحمن", "ألكسندرا", "بارثولوميو", "قسطنطينوس", "إيفانجيلينا", "دومينيك"],
}
CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}
OUT = {**CONTRACT, "red_threes": 1, "melded": 2400, "left": 0}
BEHIND = {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120}


def hand_game(live_url: str, names: list[str], **extra) -> dict:
    """A Hand game of *names* (Gulf rules take five) with one deal scored."""
    game = api(live_url, "POST", "/games", {"rules": "gulf" if len(names) == 5 else "levant",
                                            "players": names, "first_dealer": names[0],
                                            **extra})
    # The second player goes out; everyone else but a partner counts 35.
    out = {names[1], names[3]} if extra.get("partnerships") else {names[1]}
    hands = {name: {"melded": True, "points": 35} for name in names if name not in out}
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": names[1], "finish": "partial",
        "hands": hands})
    return game


def foot_game(live_url: str, names: list[str]) -> dict:
    """A Hand and Foot game of *names* in sides of two, with one deal scored."""
    game = api(live_url, "POST", "/games", {"rules": "hand_and_foot", "players": names,
                                            "first_dealer": names[0], "partnerships": True})
    sides = [OUT] + [BEHIND] * (len(names) // 2 - 1)
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "went_out": names[0], "sides": sides})
    return game


def group_with_a_game(page: Page, live_url: str, names: list[str]) -> tuple[str, str]:
    """A group of *names* made on its page, with a game of Hand started from the group's
    page by tapping three members into their seats and played to the end (so its standings
    and chart are shown): the group's address and its view-only address."""
    page.goto(f"{live_url}/groups/new")
    page.locator("input[name='name']").fill(names[0])
    page.locator("textarea[name='members']").fill("\n".join(names))
    page.locator("form.group-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/groups/[A-Za-z0-9_-]{24}$"))
    group = page.url
    page.goto(f"{group}/new")
    page.locator("label.preset:has(input[value='levant'])").click()
    for name in names[:3]:
        page.locator(".seat-chips").get_by_role("button", name=name, exact=True).click()
    page.locator("details.house-rules > summary").click()
    page.locator("input[name='opt_rounds']").fill("1")
    page.locator("form.new-game button.primary[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{24}$"))
    api(live_url, "POST", f"/games/{page.url.rsplit('/', 1)[1]}/deals", {
        "deal": 1, "outcome": "scored", "winner": names[1], "finish": "partial",
        "hands": {names[0]: {"melded": True, "points": 35}, names[2]: {"melded": False}}})
    page.goto(group)
    view = page.locator("a[href^='/groups/view/']").first.get_attribute("href")
    return group, live_url + view


def part(locator, name: str) -> None:
    """A screenshot of one part of the page, as tests/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(exist_ok=True)
    locator.screenshot(path=SCREENSHOTS / f"{name}.png", animations="disabled")


SHEETS = {
    "hand-five": lambda url, names: hand_game(url, names[:5]),
    "hand-sides": lambda url, names: hand_game(url, names[:4], partnerships=True),
    "foot-sides": lambda url, names: foot_game(url, names[:4]),
    "foot-three-sides": lambda url, names: foot_game(url, names[:6]),
}

# Each word of each column name, with the tops of the lines it is drawn on: a word on two
# lines was broken inside. The computed style that would allow it is returned too.
WORDS_BROKEN = """
() => [...document.querySelectorAll(".sheet thead .col-name")].flatMap((button) => {
  const style = getComputedStyle(button);
  const broken = [];
  if (style.overflowWrap !== "normal" || style.wordBreak !== "normal") {
    broken.push(`${button.textContent}: ${style.overflowWrap} ${style.wordBreak}`);
  }
  const text = button.firstChild;
  for (const word of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) broken.push(`${word[0]} on ${lines.size} lines`);
  }
  return broken;
})
"""


@pytest.mark.parametrize("sheet", sorted(SHEETS))
@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_sheet_headers_never_break_a_name_inside_a_word_and_a_tap_shows_it_whole(
        page: Page, live_url, locale, sheet):
    names = LONG[locale]
    game = SHEETS[sheet](live_url, names)
    page.goto(game["url"])
    heads = page.locator(".sheet thead .col-name")
    expect(heads.first).to_be_visible()
    assert page.evaluate(WORDS_BROKEN) == []
    # The sheet fits the phone: no sideways scroll, of the page or of the sheet itself.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    wrap = page.locator(".sheet-wrap")
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), "the sheet scrolls sideways"
    part(page.locator(".sheet-wrap"), f"fit-sheet-{sheet}-{locale[:2]}")

    columns = heads.evaluate_all("els => els.map(e => e.closest('th').dataset.name)")
    # Every player is in one column, in seat order.
    assert sorted(n for n in names if any(n in c for c in columns)) == sorted(
        names[:{"hand-five": 5, "hand-sides": 4, "foot-sides": 4}.get(sheet, 6)])
    for i, name in enumerate(columns):
        # The whole name is the column's accessible name and its button's, cut or not.
        expect(page.get_by_role("columnheader", name=name, exact=True)).to_be_visible()
        button = page.get_by_role("button", name=name, exact=True)
        expect(button).to_have_text(name)
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (name, box)
        # A tap shows it whole, inside the screen; a second tap puts it away.
        button.tap()
        whole = page.locator(f"#col-name-{i}")
        expect(whole).to_be_visible()
        assert whole.evaluate("e => getComputedStyle(e, '::before').content") == f'"{name}"'
        shown = whole.bounding_box()
        assert shown and shown["x"] >= 0 and shown["x"] + shown["width"] <= 360, shown
        assert shown["width"] > button.evaluate("b => b.clientWidth") or (
            button.evaluate("b => b.scrollWidth <= b.clientWidth"))
        if i == len(columns) - 1:
            # The screen as the player sees it, the whole name over the sheet.
            page.screenshot(path=SCREENSHOTS / f"fit-name-{sheet}-{locale[:2]}.png")
        button.tap()
        expect(whole).to_be_hidden()


# --- 44-px tap targets -----------------------------------------------------------------

# Every visible control of the page, as tapped: a radio or checkbox through the label
# around it. Exempt: a link inside a line of text (a sentence, "names · deal 3 · Back to
# the game"), where a 44-px box would overlap the lines above and below it; WCAG 2.5.5
# exempts such inline targets too. A link standing alone is not exempt.
SMALL_TARGETS = """
() => {
  const small = [];
  const seen = new Set();
  const controls = "button, a[href], summary, select, textarea, input:not([type=hidden]), "
    + "[role=button]";
  for (const el of document.querySelectorAll(controls)) {
    const target = el.matches("input[type=radio], input[type=checkbox]")
      ? el.closest("label") || el : el;
    if (seen.has(target) || !target.checkVisibility({ visibilityProperty: true })) continue;
    seen.add(target);
    const inText = [...el.parentElement.childNodes]
      .some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
    if (el.matches("a:not(.button)") && getComputedStyle(el).display === "inline" && inText) {
      continue;
    }
    const box = target.getBoundingClientRect();
    if (box.width < 44 || box.height < 44) {
      const name = el.getAttribute("aria-label") || el.textContent.trim() || el.name;
      small.push(`${target.tagName.toLowerCase()} ${JSON.stringify(name.slice(0, 40))} `
        + `${Math.round(box.width * 10) / 10}×${Math.round(box.height * 10) / 10}`);
    }
  }
  return small;
}
"""


def open_all_details(page: Page) -> None:
    for summary in page.locator("details:not([open]) > summary").all():
        if summary.is_visible():
            summary.click()


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_every_tap_target_of_every_page_is_at_least_44_px(page: Page, live_url, shot,
                                                           locale):
    names = LONG[locale]
    hand = hand_game(live_url, names[:5])
    sides = hand_game(live_url, names[:4], partnerships=True)
    foot = foot_game(live_url, names[:6])
    _ = words(locale)
    checks: list[tuple[str, str]] = [
        ("home", "/"), ("history", "/history"),
        ("hand", hand["url"]), ("hand-sides", sides["url"]), ("foot", foot["url"]),
        ("hand-edit", f"{hand['url']}/deals/1/edit"), ("foot-edit", f"{foot['url']}/deals/1/edit"),
        ("hand-print", f"{hand['url']}/print"), ("foot-print", f"{foot['url']}/print"),
        ("changes", f"{hand['url']}/changes"), ("game-referee", f"{hand['url']}/referee"),
    ]
    checks += [(f"referee-{check}", f"/referee/{check}") for check in (
        "meld", "initial-meld", "lay-off", "swap", "hand", "redeal")]
    checks += [(f"referee-foot-{check}", f"/referee/hand-and-foot/{check}") for check in (
        "meld", "initial-meld", "pickup", "go-out")]
    # The group's pages (the table's league): its new-group form, its page with a game's
    # standings, its new game with the members to tap, its view-only page.
    group, group_view = group_with_a_game(page, live_url, names[:4])
    checks += [("group-new", "/groups/new"), ("group", group), ("group-game", f"{group}/new"),
               ("group-view", group_view)]
    small: dict[str, list[str]] = {}

    def check(where: str) -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
        found = page.evaluate(SMALL_TARGETS)
        if found:
            small[where] = found

    # The new-game page for each game, its house rules open.
    page.goto(f"{live_url}/new")
    for preset in page.locator("input[name=preset][data-game]").evaluate_all(
            "els => [...new Set(els.map(e => e.dataset.game))]"):
        page.locator(f"input[name=preset][data-game='{preset}']").first.check()
        open_all_details(page)
        check(f"new-{preset}")
        shot(page, f"fit-targets-new-{preset}-{locale[:2]}")
    for where, path in checks:
        page.goto(path if path.startswith("http") else live_url + path)
        open_all_details(page)
        check(where)
        if where in {"home", "hand", "foot", "hand-edit", "referee-meld", "group",
                     "group-game", "group-view"}:
            shot(page, f"fit-targets-{where}-{locale[:2]}")
    # The deal form with its card picker open under a hand, and Hand's first melds.
    page.goto(hand["url"])
    form = page.locator(".deal-form")
    form.locator("fieldset.winner label").nth(1).click()
    open_all_details(page)
    form.locator("[data-pick]:visible").last.click()
    expect(page.locator("#card-picker")).to_be_visible()
    check("hand-picker")
    part(page.locator("#card-picker"), f"fit-targets-picker-{locale[:2]}")
    assert not small, "tap targets under 44 × 44 px:\n" + "\n".join(
        f"{where}: {target}" for where, found in small.items() for target in found)


# --- The preview offline ------------------------------------------------------------------

# Offline, Chromium logs the requests the page cannot make, and htmx a request unanswered.
OFFLINE_ERRORS = re.compile(r"ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to load "
                            r"resource|htmx:(sendError|afterRequest)")


@pytest.mark.parametrize("locale", ["en-US", "ar"])
@pytest.mark.parametrize("game", ["hand", "foot"])
def test_the_preview_offline_says_the_scores_come_when_the_connection_is_back(
        browser, live_url, locale, game):
    _ = words(locale)
    names = LONG[locale]
    phone = Phone(browser, locale)
    phone.allowed.append(OFFLINE_ERRORS)
    page = phone.context.new_page()
    # The page's timers run on a clock the test moves on (its 10-second retry below).
    page.clock.install()
    started = (hand_game(live_url, names[:3]) if game == "hand"
               else foot_game(live_url, names[:4]))
    page.goto(started["url"])
    form = page.locator(".deal-form")
    preview = page.locator("#preview")
    waiting = _("No connection: this deal's scores will be worked out when the connection "
                "is back.")

    # Online, what the preview says for each of two players going out (the rest of the
    # form not filled in yet: it says what is missing).
    said = []
    for i in (1, 0):
        form.locator("fieldset.winner label").nth(i).click()
        expect(preview).to_be_visible()
        expect(preview).not_to_have_text(said[-1] if said else "")
        said.append(preview.inner_text())
    assert all(said) and waiting not in said

    phone.context.set_offline(True)
    form.locator("fieldset.winner label").nth(1).click()
    expect(preview).to_have_text(waiting)
    expect(preview).to_be_visible()
    preview.evaluate("p => p.scrollIntoView({block: 'center'})")
    # The screen as the player sees it there, the form around the preview.
    page.screenshot(path=SCREENSHOTS / f"fit-preview-offline-{game}-{locale[:2]}.png")
    phone.context.set_offline(False)
    expect(preview).to_have_text(said[0])

    # The server not answering, though the phone is online: the same, then the preview.
    page.route("**/preview", lambda route: route.abort("connectionrefused"))
    form.locator("fieldset.winner label").nth(0).click()
    expect(preview).to_have_text(waiting)
    page.unroute("**/preview")
    page.clock.fast_forward(10_000)  # the page asks again every 10 s
    expect(preview).to_have_text(said[1])
    phone.check()


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_name_of_one_long_word_never_makes_a_page_wider_than_the_phone(page: Page,
                                                                         live_url, shot):
    """The form takes a name of 40 letters and no space; its chip, its hand's legend and
    the headings pushed the page to 767 px (found on a phone walkthrough)."""
    long = "W" * 40
    hand = hand_game(live_url, [long, "Bo", "Cy", "Di", "Ed"])
    foot = api(live_url, "POST", "/games", {"rules": "hand_and_foot", "first_dealer": "Bo",
                                            "players": [long, "Bo", "Cy", "Di"],
                                            "partnerships": True})
    for where in (f"/games/{hand['id']}", f"/games/{foot['id']}",
                  f"/games/{hand['id']}/referee", f"/games/{hand['id']}/print",
                  f"/games/{foot['id']}/print"):
        page.goto(f"{live_url}{where}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
    page.goto(f"{live_url}/new")
    page.locator("input[name='player_0']").fill(long)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "/new"
    shot(page, f"long-name-new-{page.evaluate('document.documentElement.lang')}")


# Where a word of an element's text is drawn: the box of its first occurrence.
WORD_BOX = """
(el, word) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const at = node.data.indexOf(word);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    const box = range.getBoundingClientRect();
    return {x: box.x, y: box.y};
  }
  return null;
}
"""


def reads_first(element, first: str, second: str, rtl: bool) -> bool:
    """Whether *first* is read before *second* in *element*: on a line above it, or on
    its line at the side a line starts from."""
    one, two = (element.evaluate(WORD_BOX, w) for w in (first, second))
    assert one and two, (first, second)
    if abs(one["y"] - two["y"]) > 4:
        return one["y"] < two["y"]
    return one["x"] > two["x"] if rtl else one["x"] < two["x"]


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_sides_names_read_in_one_order_in_the_header_and_the_form(page: Page, live_url,
                                                                    locale):
    """Issue 39, point 3: an Arabic header showed "Alice وCathy" where the deal form's
    legend showed "Cathy وAlice" (a Latin first name made the header's line run left to
    right), and an English side wrapped "Alice / & / Cathy" onto three lines."""
    game = foot_game(live_url, ["Alice", "Bob", "Cathy", "Dee"])
    page.goto(game["url"])
    rtl = locale == "ar"
    header = page.locator(".sheet thead th[data-name] .col-name").first
    legend = page.locator("fieldset.side[data-side='0'] legend")
    expect(header).to_be_visible()
    for element in (header, legend):
        assert reads_first(element, "Alice", "Cathy", rtl), element
    if not rtl:
        # "&" is never a line of its own: it stays with the name after it.
        amp, cathy = (header.evaluate(WORD_BOX, w) for w in ("&", "Cathy"))
        assert abs(amp["y"] - cathy["y"]) <= 4, (amp, cathy)
    part(page.locator(".sheet-wrap"), f"fit-side-names-{locale[:2]}")


# The tables the issue names: five Gulf players, two of them told apart by one letter;
# four English players; six Hand and Foot players in three sides.
WHOLE = {
    "gulf-ar": ("gulf", ["محمد", "عبدالله", "محمود", "فيصل", "سلطان"], False),
    "levant-en": ("levant", ["Bashir", "Mohammed", "Caroline", "Dominic"], False),
    "gulf-en": ("gulf", ["Bashir", "Omar", "Lina", "Samir", "Rana"], False),
    "foot-six": ("hand_and_foot", ["Alice", "Bashir", "Cathy", "Dominic", "Rana", "Samir"],
                 True),
}


@pytest.mark.parametrize("table", sorted(WHOLE))
@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_every_name_of_a_usual_table_is_read_whole_in_the_header(page: Page, live_url,
                                                                 locale, table):
    """Issue 39, point 1: five Arabic names were cut to two letters ("مح…", so محمد and
    محمود read alike) and "Bashir" to "Bash…" with four English players. The deals'
    numbers are now their correction links (no column of pencils), the names take the
    room, and a long one is set smaller before it would be cut."""
    rules, names, partners = WHOLE[table]
    game = api(live_url, "POST", "/games", {"rules": rules, "players": names,
                                            "first_dealer": names[0],
                                            "partnerships": partners})
    page.goto(game["url"])
    page.wait_for_load_state("load")
    heads = page.locator(".sheet thead .col-name")
    expect(heads.first).to_be_visible()
    cut = heads.evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)")
    assert cut == [], cut
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    part(page.locator(".sheet-wrap"), f"fit-whole-{table}-{locale[:2]}")
