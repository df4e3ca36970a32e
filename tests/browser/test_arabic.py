"""The app in Arabic on a 360-px phone whose browser asks for Arabic: a game set up, a deal
recorded with its live preview, the printed sheet and a meld refereed, all right to left,
with the cards and scores still reading left to right (docs/glossary.md), nothing clipped,
overlapping or wider than the screen; and the language switch in the header.

The Arabic is looked up in the catalogue the app uses, so the tests follow its wording.
Screenshots: tests/screenshots/ar-*.png.
"""

from __future__ import annotations

import re

import pytest
from babel.support import Translations
from playwright.sync_api import Page, expect

from scorekeeper.catalogues import TRANSLATIONS

from .table import api
from .test_games import (
    SMALL_TARGETS,
    deal_form,
    hand_of,
    mark_page,
    scroll_width,
    type_into,
)

PLAYERS = ["سامي", "رنا", "عمر"]
ARABIC = Translations.load(str(TRANSLATIONS), ["ar"])


@pytest.fixture
def locale():
    return "ar"


def ar(text: str) -> str:
    translated = ARABIC.gettext(text)
    assert translated != text or not re.search(r"[a-z]{2}", text), f"untranslated: {text}"
    return translated


def said(text: str, **values) -> re.Pattern:
    """The Arabic of *text* with *values* filled in, each maybe set apart by the isolates
    the pages put around values in right-to-left sentences."""
    parts = re.split(r"(%\(\w+\)[sd])", ar(text))
    pattern = "".join(
        "\u2068?" + re.escape(str(values[part[2:-2]])) + "\u2069?" if part.startswith("%(")
        else re.escape(part) for part in parts)
    return re.compile(f"^{pattern}$")


# Anything drawn outside the screen, text cut off inside its box, and controls or text
# blocks drawn over one another (neither inside the other). The sheet scrolls sideways in
# its own box by design, so what is inside it is measured against that box instead.
LAYOUT_PROBLEMS = """
() => {
  const out = [];
  const name = (el) => `${el.tagName.toLowerCase()}${el.className ? "." +
    String(el.className).trim().split(/\\s+/).join(".") : ""} "${
    (el.getAttribute("aria-label") || el.textContent).trim().slice(0, 30)}"`;
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    // Text kept for screen readers only (.visually-hidden) is 1 px wide on purpose.
    // checkVisibility: not inside a closed <details>, display: none or hidden.
    return box.width > 1 && box.height > 1 && el.checkVisibility({visibilityProperty: true});
  };
  const width = document.documentElement.clientWidth;
  for (const el of document.body.querySelectorAll("*")) {
    if (!shown(el) || el.closest("svg")) continue;
    const box = el.getBoundingClientRect();
    const frame = el.closest(".sheet-wrap");
    const [left, right] = frame && frame !== el
      ? [frame.getBoundingClientRect().left, frame.getBoundingClientRect().right]
      : [0, width];
    if (!frame && (box.left < left - 1 || box.right > right + 1)) {
      out.push(`outside the screen: ${name(el)} ${box.left}..${box.right}`);
    }
    const style = getComputedStyle(el);
    if (style.overflowX !== "visible" && !el.matches(".sheet-wrap")
        && el.scrollWidth > el.clientWidth + 1 && el.tagName !== "INPUT") {
      out.push(`cut off: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  const blocks = [...document.querySelectorAll(
    "a, button, input, select, summary, label, h1, h2, h3, legend, p, dt, dd, th, td, li")]
    .filter(shown);
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      const [a, b] = [blocks[i], blocks[j]];
      if (a.contains(b) || b.contains(a)) continue;
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (across > 2 && down > 2) out.push(`overlap: ${name(a)} and ${name(b)}`);
    }
  }
  return out;
}
"""


# The characters of an element in the order they are drawn: line by line, left to right
# across the screen (not the order they are written in, which bidi may turn around).
DRAWN = """
el => {
  const chars = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    for (let i = 0; i < node.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width && node.data[i].trim()) chars.push([node.data[i], box.x, box.y]);
    }
  }
  chars.sort((a, b) => (Math.round(a[2] / 8) - Math.round(b[2] / 8)) || a[1] - b[1]);
  return chars.map((c) => c[0]).join("");
}
"""


def drawn(locator) -> str:
    return locator.evaluate(DRAWN)


def expect_clean_layout(page: Page, where: str) -> None:
    assert scroll_width(page) <= 360, f"{where} scrolls sideways"
    problems = page.evaluate(LAYOUT_PROBLEMS)
    assert not problems, f"{where}:\n" + "\n".join(problems)


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found, "not on the page"
    return found


def right_to_left(locators) -> None:
    """Each of *locators* stands to the left of the one before."""
    edges = [box(loc)["x"] for loc in locators]
    assert edges == sorted(edges, reverse=True), edges


def left_to_right(locators) -> None:
    edges = [box(loc)["x"] for loc in locators]
    assert edges == sorted(edges), edges


def rana_goes_out(page: Page, left: str):
    """The first deal on the form: رنا goes out; سامي melded and kept *left* points (as
    typed); عمر never melded (100). Returns سامي's points box."""
    form = deal_form(page)
    form.get_by_role("radio", name=ar("Someone went out")).check()
    form.get_by_role("group", name=ar("Who went out?")).get_by_role(
        "radio", name="رنا", exact=True).check()
    form.get_by_role("radio", name=ar("Over several turns")).check()
    hand_of(page, "سامي").get_by_role("radio", name=ar("yes"), exact=True).check()
    box = hand_of(page, "سامي").get_by_label(ar("Points left in hand"))
    type_into(box, left)
    hand_of(page, "عمر").get_by_role("radio", name=ar("no"), exact=True).check()
    return box


def test_an_arabic_game_set_up_recorded_and_printed(page, live_url, shot):
    page.goto(f"{live_url}/new")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    expect(page.get_by_role("heading", name=ar("New game"))).to_be_visible()
    page.get_by_role("radio", name=re.compile("^" + re.escape(ar("Levant")))).check()
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(said("Player %(number)d", number=seat)).fill(name)
    page.locator(".player-row").first.get_by_role("radio", name=ar("deals")).check()
    page.get_by_text(ar("House rules")).click()
    expect_clean_layout(page, "the new-game page")
    small = page.locator("form.new-game").evaluate(SMALL_TARGETS)
    assert not small, "tap targets under 44 px:\n" + "\n".join(small)
    # The header reads from the right: the app's name first, then the links.
    assert box(page.locator(".site-name"))["x"] > 180
    shot(page, "ar-new-game")

    page.get_by_role("button", name=ar("Start the game")).click()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.get_by_role("heading", name=said("Record deal %(n)d", n=1))).to_be_visible()
    mark_page(page)

    form = deal_form(page)
    rana_goes_out(page, "25")
    preview = page.locator("#preview")
    expect(preview).to_contain_text(ar("This deal scores:"))
    going_out = preview.locator("li").filter(has_text="رنا").locator("strong")
    expect(going_out).to_have_text("−30")
    # A minus drawn in front of its number, not after it as a right-to-left run puts it;
    # the minus sign "−", as everywhere (issue 39, point 8).
    assert drawn(going_out) == "−30"
    expect_clean_layout(page, "the deal form")
    small = deal_form(page).evaluate(SMALL_TARGETS)
    assert not small, "tap targets under 44 px:\n" + "\n".join(small)
    shot(page, "ar-deal-form")

    form.get_by_role("button", name=said("Save deal %(n)d", n=1)).click()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    assert page.evaluate("window.__noReload") is True, "saving the deal reloaded the page"
    expect(page.locator(".sheet tbody .score")).to_have_text(["25", "−30", "100"])
    expect(page.locator(".sheet tfoot td")).to_have_text(["25", "−30", "100"])
    # The sheet reads from the right: the deal number, then the players in seating order.
    heads = page.locator(".sheet thead th")
    expect(heads.nth(0)).to_have_text(ar("Deal"))
    right_to_left([heads.nth(i) for i in range(4)])
    expect(heads.nth(1)).to_have_text("سامي")
    assert drawn(page.locator(".sheet tbody .score").nth(1)) == "−30"
    assert drawn(page.locator(".sheet tbody .running").nth(1)) == "−30"
    assert drawn(page.locator(".sheet tfoot td").nth(1)) == "−30"
    expect(page.locator(".who dt").first).to_have_text(ar("Deals"))
    page.evaluate("window.scrollTo(0, 0)")
    expect_clean_layout(page, "the game page")
    shot(page, "ar-game")

    page.get_by_role("link", name=ar("Print the sheet")).click()
    expect(page).to_have_url(re.compile(r"/print$"))
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("h1")).to_contain_text(ar("Hand score sheet"))
    expect(page.locator(".meta").first).to_contain_text(ar(", ").join(PLAYERS))
    expect(page.locator(".sheet tfoot td")).to_have_text(["25", "−30", "100"])
    expect(page.get_by_role("button", name=ar("Print"), exact=True)).to_be_visible()
    expect_clean_layout(page, "the print view")
    shot(page, "ar-print")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    right_to_left([page.locator(".sheet thead th").nth(i) for i in range(4)])
    shot(page, "ar-print-media")


def test_a_meld_refereed_in_arabic(page, live_url, shot):
    page.goto(f"{live_url}/referee/meld?preset=gulf")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    mark_page(page)
    deck = page.locator(".picker-form > .deck")
    picked = page.locator(".picked-row .card")
    for label, count in (("5♥", 1), ("6♥", 2), (ar("Joker"), 3)):
        deck.get_by_role("button", name=label, exact=True).click()
        expect(picked).to_have_count(count)
    # The picked cards read as laid on the table, left to right.
    left_to_right([picked.nth(i) for i in range(3)])
    page.get_by_role("button", name=ar("Verdict"), exact=True).click()
    verdict = page.locator("#verdict")
    expect(verdict.get_by_role("heading")).to_have_text(ar("A valid meld"))
    laid = verdict.locator(".meld .card")
    expect(laid.locator(".rank")).to_have_text(["5", "6", ar("JK")])
    left_to_right([laid.nth(i) for i in range(3)])
    # The reason, an Arabic sentence, draws the cards in their own order, each rank
    # before its suit; the card the wild stands for too (7♥, not ♥7).
    reason = drawn(verdict.locator(".reason"))
    assert re.search(r"[\u0600-\u06ff]", reason)
    assert "5♥6♥JK" in reason, reason
    assert "7♥" in reason and "♥7" not in reason, reason
    assert page.evaluate("window.__noReload") is True, "the referee reloaded the page"
    expect_clean_layout(page, "the referee")
    shot(page, "ar-referee")


def test_the_language_switch_is_remembered_on_the_phone(page, live_url):
    page.goto(f"{live_url}/history")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    page.get_by_role("link", name="English", exact=True).click()
    expect(page).to_have_url(f"{live_url}/history")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"[A-Za-z]"))
    # The browser still asks for Arabic; this phone chose English.
    page.goto(f"{live_url}/new")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("link", name="العربية", exact=True).click()
    expect(page).to_have_url(f"{live_url}/new")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.get_by_role("heading", name=ar("New game"))).to_be_visible()


# Where the text of each element is drawn, left and right (a block's box spans its cell).
TEXT_EDGES = """(elements) => elements.map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const box = range.getBoundingClientRect();
  return [Math.round(box.left), Math.round(box.right)];
})"""


def test_arabic_keyboard_digits_typed_on_the_deal_form_are_saved(page, live_url, shot):
    """An Arabic keyboard types ٠–٩; a number box dropped them as they were typed, and the
    deal was refused, or saved without them (found on a phone walkthrough)."""
    game = api(live_url, "POST", "/games", {"rules": "levant", "players": PLAYERS,
                                            "first_dealer": PLAYERS[0]})
    page.goto(f"{live_url}/games/{game['id']}")
    form = deal_form(page)
    expect(rana_goes_out(page, "٢٥")).to_have_value("٢٥")
    form.get_by_role("button", name=said("Save deal %(n)d", n=1)).click()
    expect(page.locator(".sheet tbody .score")).to_have_text(["25", "−30", "100"])
    shot(page, "ar-arabic-digits-saved")


def test_each_columns_score_running_total_and_total_line_up_right_to_left(page, live_url,
                                                                          shot):
    """In Arabic the running totals and the totals sat at the cell's right while the scores
    sat at its left (the page's end): one column's numbers share the page's end."""
    game = api(live_url, "POST", "/games", {"rules": "levant", "players": PLAYERS,
                                            "first_dealer": PLAYERS[0]})
    for number, winner in ((1, "رنا"), (2, "عمر")):
        api(live_url, "POST", f"/games/{game['id']}/deals", {
            "deal": number, "outcome": "scored", "winner": winner, "finish": "partial",
            "hands": {name: {"melded": True, "points": 5 + 100 * (name == "سامي")}
                      for name in PLAYERS if name != winner}})
    for where in ("", "/print"):
        page.goto(f"{live_url}/games/{game['id']}{where}")
        for column in range(len(PLAYERS)):
            cells = page.locator(f".sheet tbody tr[data-deal] td:nth-of-type({column + 1})")
            numbers = [*cells.locator(".score").all(), *cells.locator(".running").all(),
                       page.locator(".sheet tfoot tr").first.locator("td").nth(column)]
            edges = page.evaluate(TEXT_EDGES, [n.element_handle() for n in numbers])
            assert len({left for left, _right in edges}) == 1, (where, column, edges)
    # The printed sheet's date is one word read left to right, on one line.
    date = page.locator("time.date")
    expect(date).to_have_attribute("dir", "ltr")
    assert box(date)["height"] < 2 * page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('time.date')).fontSize)")
    shot(page, "ar-print-aligned")


def test_a_games_line_in_the_lists_reads_right_to_left_with_latin_names(page, live_url, shot):
    """"Levant · won by Dina · 2026-11-26" in Arabic put the date between the winner's
    name and the words (seen on a phone walkthrough): each part is set apart."""
    names = ["Dina", "Ali", "Caro"]
    game = api(live_url, "POST", "/games", {"rules": {"preset": "levant", "rounds": 1},
                                            "players": names, "first_dealer": "Ali"})
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": "Dina", "finish": "partial",
        "hands": {"Ali": {"melded": True, "points": 35}, "Caro": {"melded": False}}})
    assert api(live_url, "GET", f"/games/{game['id']}")["finished"]
    page.goto(game["url"])  # opened here: the history lists it
    page.goto(f"{live_url}/history")
    line = page.locator("li small").filter(has_text="Dina").first
    parts = [box(line.locator("bdi").nth(0)), box(line.locator("bdi").nth(1)),
             box(line.locator("time.date"))]
    # Right to left: the form, then who won, then the date, each whole.
    assert parts[0]["x"] > parts[1]["x"] > parts[2]["x"], parts
    expect(line.locator("bdi").nth(1)).to_contain_text("Dina")
    shot(page, "ar-history-line")
