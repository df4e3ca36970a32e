"""A whole season of a group on a 360-pixel phone (issue 25), in English and in Arabic: the
group made from home with its members typed once; three games started from its page by
tapping its members into their seats — Hand in partnerships, Hand and Foot, plain Hand
(its usual rules filled in) — and played to the end; the standings of each game, head to
head and the partners read; "Play again"; the view-only page a screen at the back of the
room shows; the result picture. Screenshots: tests/screenshots/season-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS, later_scripts_ran
from .test_handfoot import BEHIND, OUT, fill_side
from .test_phone_fit import SMALL_TARGETS, open_all_details
from .test_winner_cards import words

NAMES = {"en-US": ["Ali", "Badr", "Caro", "Dina"], "ar": ["علي", "بدر", "سارة", "دينا"]}
GROUP = {"en-US": "Thursday night", "ar": "سهرة الخميس"}


def part(locator, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    locator.screenshot(path=SCREENSHOTS / f"{name}.png", animations="disabled")


def fits(page: Page, where: str) -> None:
    """The page fits the phone: no sideways scroll, every tap target 44 × 44 px — measured
    once its style sheets are in (a page reached by a form's redirect can be read before)."""
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
    assert page.evaluate(SMALL_TARGETS) == [], where


def new_game(page: Page, preset: str, seated: list[str], **fields: str) -> int:
    """From the group's page: "New game", the form of the game, its members tapped into
    their seats in seating order, the house rules given; the taps it took, without the
    house rules' (docs/taps.md). "Start the game" is left to the caller."""
    page.locator(".group .start a").click()
    expect(page.locator(".seat-chips")).to_be_visible()
    later_scripts_ran(page)  # the form's script shows the chosen game's own fields
    page.locator(f"label.preset:has(input[value='{preset}'])").click()
    chips = page.locator(".seat-chips")
    for name in seated:
        chips.get_by_role("button", name=name, exact=True).click()
    boxes = page.locator("input[name^='player_']")
    for seat, name in enumerate(seated):
        expect(boxes.nth(seat)).to_have_value(name)
        expect(chips.get_by_role("button", name=name, exact=True)).to_have_attribute(
            "aria-pressed", "true")
    for name, value in fields.items():
        if name == "partnerships":
            page.locator("label.choice:has(input[name='partnerships'])").click()
            continue
        box = page.locator(f"input[name='{name}']")
        if not box.is_visible():
            page.locator("details.house-rules > summary").click()
        box.fill(value)
    return 2 + len(seated)


def hand_deal(page: Page, _, winner: str, points: dict[str, int | None]) -> None:
    """Record the deal on Hand's form: who went out, each other hand (None: never
    melded), Save."""
    form = page.locator(".deal-form")
    form.locator("fieldset.winner").get_by_text(winner, exact=True).click()
    for name, left in points.items():
        hand = form.get_by_role("group", name=name, exact=True)
        hand.get_by_role("radio", name=_("yes") if left is not None else _("no")).check()
        if left is not None:
            hand.get_by_label(_("Points left in hand")).fill(str(left))
    form.locator("button[type=submit]").click()
    expect(page.locator(".result")).to_be_visible()


def to_group(page: Page) -> None:
    page.locator(".group-line a").click()
    expect(page.locator("#standings")).to_be_visible()


def first_rows(page: Page, count: int) -> list[list[str]]:
    return page.locator(".standings-table tbody tr").evaluate_all(
        f"rows => rows.slice(0, {count}).map(r => [...r.cells].map(c => c.textContent.trim()))")


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_groups_whole_season_on_a_phone(page: Page, live_url, shot, locale):
    _ = words(locale)
    ali, badr, caro, dina = names = NAMES[locale]
    lang = locale[:2]

    # The group, from home: its name and its members, typed once.
    page.goto(live_url)
    page.get_by_role("link", name=_("Start a group")).click()
    page.get_by_label(_("The group's name")).fill(GROUP[locale])
    page.get_by_label(_("Who plays (one name per line)")).fill("\n".join(names))
    shot(page, f"season-new-group-{lang}")
    page.get_by_role("button", name=_("Start the group")).click()
    expect(page.locator("h1")).to_have_text(GROUP[locale])
    expect(page.locator(".member-list li")).to_have_text(names)
    fits(page, "a new group's page")

    # 1. Hand in partnerships (Levant, one round): Ali and Caro against Badr and Dina.
    new_game(page, "levant", names, partnerships="y", opt_rounds="1")
    shot(page, f"season-seated-{lang}")
    fits(page, "the group's new game")
    page.get_by_role("button", name=_("Start the game")).click()
    later_scripts_ran(page)  # htmx wired to the deal form before it is filled in
    expect(page.locator(".group-line")).to_contain_text(GROUP[locale])
    hand_deal(page, _, ali, {badr: 20, dina: None})
    to_group(page)

    # 2. Hand and Foot, one deal: Ali's side goes out with its piles.
    new_game(page, "hand_and_foot", names, hf_rounds="1")
    page.get_by_role("button", name=_("Start the game")).click()
    later_scripts_ran(page)  # htmx wired to the deal form before it is filled in
    form = page.locator(".deal-form")
    form.locator("fieldset.winner").get_by_text(ali, exact=True).click()
    fill_side(page, 0, OUT)
    fill_side(page, 1, BEHIND)
    expect(page.locator("#preview .preview-scores li")).to_have_count(2)
    form.locator("button[type=submit]").click()
    expect(page.locator(".result")).to_be_visible()
    to_group(page)

    # 3. Plain Hand: the group's usual Hand rules (one round) are filled in again.
    taps = new_game(page, "levant", [badr, caro, dina])
    expect(page.locator("input[name='opt_rounds']")).to_have_value("1")
    page.get_by_role("button", name=_("Start the game")).click()
    later_scripts_ran(page)  # htmx wired to the deal form before it is filled in
    # "New game", the form of Hand, three members, "Start the game"; nothing typed.
    assert taps + 1 == 6
    hand_deal(page, _, badr, {caro: 20, dina: 15})
    last_game = page.url
    shot(page, f"season-game-over-{lang}")
    to_group(page)

    # The standings: Hand first (the game played last), this year.
    standings = page.locator("#standings")
    expect(standings.locator(".standings-table tbody tr")).to_have_count(4)
    assert first_rows(page, 2) == [
        [ali, "1", "1", "100%", "1", "1", "1", "0", "0", "0", "—"],
        [badr, "2", "1", "50%", "1", "1", "1", "0", "0", "0", "20"],
    ]
    expect(standings.locator(".season-chart polyline")).to_have_count(4)
    fits(page, "the group's page")
    shot(page, f"season-group-{lang}")
    part(standings, f"season-standings-hand-{lang}")
    # Issue 39, point 2: the table was 805 px wide in a 326 px box. Each player is now a
    # card, every figure on the screen under its label; nothing scrolls sideways.
    wrap = standings.locator(".table-wrap").first
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), "the standings scroll"
    cells = standings.locator(".standings-table tbody tr").first.locator("td")
    for box in cells.evaluate_all("cs => cs.map(c => c.getBoundingClientRect())"
                                  ".map(r => [r.left, r.right, r.width])"):
        assert box[2] > 0 and box[0] >= 0 and box[1] <= 360, box
    # Each figure is drawn under its label.
    assert cells.first.evaluate("c => getComputedStyle(c, '::before').content") == (
        f'"{_("Games")}"')
    part(standings.locator(".table-wrap").first, f"season-standings-cards-{lang}")

    # Hand and Foot's tab, all time: its own figures.
    standings.get_by_role("link", name=_("Hand and Foot"), exact=True).click()
    expect(standings.locator(".standings-table thead")).to_contain_text(_("Clean piles"))
    standings.get_by_role("link", name=_("All time")).click()
    expect(standings.get_by_role("link", name=_("All time"))).to_have_attribute(
        "aria-current", "page")
    assert first_rows(page, 1)[0][:4] == [ali, "1", "1", "100%"]
    part(standings, f"season-standings-foot-{lang}")

    # Head to head, Hand, all time: Ali and Caro were partners, then Caro played Badr.
    standings.get_by_role("link", name=_("Hand"), exact=True).click()
    expect(standings.locator(".standings-table thead")).to_contain_text(_("Full hands"))
    standings.get_by_label(_("Member"), exact=True).select_option(label=caro)
    standings.get_by_label(_("Against"), exact=True).select_option(label=badr)
    standings.get_by_role("button", name=_("Compare")).click()
    meeting = page.locator(".meeting")
    expect(meeting.locator("div").first).to_contain_text("2")
    expect(meeting.locator("div").nth(2)).to_contain_text(badr)
    expect(page.locator(".partners-table tbody tr")).to_have_count(2)
    part(page.locator("#standings"), f"season-head-to-head-{lang}")

    # Play again: the same table, seats and group.
    page.goto(last_game)
    page.get_by_role("button", name=_("Play again")).click()
    page.wait_for_url(lambda url: url != last_game)
    expect(page.locator(".sheet thead")).to_contain_text(badr)
    expect(page.locator(".group-line")).to_contain_text(GROUP[locale])
    expect(page.locator(".deal-form")).to_be_visible()
    shot(page, f"season-rematch-{lang}")

    # The view-only link, for the screen at the back of the room.
    to_group(page)
    page.locator("details.share > summary").click()
    page.get_by_role("link", name=_("Open the view-only page")).click()
    expect(page.locator("#standings .standings-table")).to_be_visible()
    assert page.locator("form[method=post]").count() == 0
    open_all_details(page)
    fits(page, "the view-only page")
    shot(page, f"season-view-only-{lang}")

    # The result picture of the last game, where the server can draw it.
    page.goto(last_game)
    share = page.locator("[data-share-result]")
    if share.count():
        # As the phone's own fetch asks for it: in the phone's language (the request
        # context beside the page sends no Accept-Language of its own).
        picture = page.request.get(live_url + share.get_attribute("href"),
                                   headers={"Accept-Language": locale})
        assert picture.ok and picture.headers["content-type"] == "image/png"
        (SCREENSHOTS / f"season-result-picture-{lang}.png").write_bytes(picture.body())


def test_a_pair_of_partners_is_shown_whole_on_a_phone(page: Page, live_url):
    """"Badr Al-Saleh & Dina" was cut to "Badr Al-Sal…": the pair wraps instead."""
    from .table import api

    names = ["Badr Al-Saleh", "Ali Hassan", "Dina", "Caro Mendes"]
    made = api(live_url, "POST", "/groups", {"name": "Pairs", "members": names})
    game = api(live_url, "POST", "/games", {
        "rules": {"preset": "levant", "rounds": 1}, "players": names, "partnerships": True,
        "first_dealer": names[0], "group": made["id"]})
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": names[0], "finish": "partial",
        "hands": {name: {"melded": True, "points": 35} for name in (names[1], names[3])}})
    page.goto(f"{live_url}/groups/{made['id']}")
    pairs = page.locator(".partners-table tbody th")
    expect(pairs).to_have_count(2)
    cut = pairs.evaluate_all("(cells) => cells.filter((th) => th.scrollWidth > th.clientWidth)"
                             ".map((th) => th.textContent.trim())")
    assert not cut, cut
