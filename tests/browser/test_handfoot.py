"""Hand and Foot played on a 360-pixel phone (issue 14), in English and in Arabic: a whole
4-deal partnership game recorded on the deal form — steppers for piles and red threes,
points typed or the cards left tapped in — and a whole game of three sides of two. The
sheet, the status (dealer, who plays first, the minimum, deals left) and the winner are
checked against seed 003's scoring. Screenshots: tests/screenshots/handfoot-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .table import api
from .test_games import shown
from .test_winner_cards import words

FOUR = ["Ann", "Bob", "Cy", "Dee"]
SIX = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
# Each side's report: piles (clean, dirty, wild), red threes (laid, caught), points melded
# and left; the side that went out has the contract of seed 003 (2 clean, 2 dirty, 1 wild).
OUT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1, "red_threes": 1,
       "melded": 2400, "left": 0}
BEHIND = {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120}
OUT_SCORE = 2400 + 2 * 500 + 2 * 300 + 1500 + 100 + 100
BEHIND_SCORE = 900 - 120 + 500 + 300


def on_page(element) -> list[float]:
    """Where *element* is on the page (not in the viewport, which clicks scroll)."""
    return element.evaluate("e => { const r = e.getBoundingClientRect(); "
                            "return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }")


def fill_side(page: Page, i: int, report: dict) -> int:
    """Fill side *i* of the deal form: steppers tapped, points typed; the taps made."""
    taps = 0
    form = page.locator(".deal-form")
    for key in ("clean_piles", "dirty_piles", "wild_piles", "red_threes",
                "red_threes_caught"):
        for _ in range(report.get(key, 0)):
            form.locator(f"[data-step='1'][data-for='{key}_{i}']").click()
            taps += 1
    for key in ("melded", "left"):
        if key in report:
            box = form.locator(f"input[name='{key}_{i}']")
            box.fill(str(report[key]))
            box.press("Tab")  # leaving the box asks for the preview, as on a phone
            taps += 1
    return taps


def record(page: Page, went_out: str, reports: list[dict], _) -> int:
    """Record a deal on the form; the taps it took (docs/taps.md)."""
    form = page.locator(".deal-form")
    form.locator("fieldset.winner").get_by_text(went_out, exact=True).click()
    taps = 1 + sum(fill_side(page, i, report) for i, report in enumerate(reports))
    expect(page.locator("#preview .preview-scores li")).to_have_count(len(reports))
    form.locator("button[type=submit]").click()
    return taps + 1


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_four_deal_partnership_game_on_a_phone(page: Page, live_url, shot, locale):
    """Seed 003: partners opposite; the deal passes to the left; minimums 50, 90, 120, 150;
    four deals; the highest total wins."""
    _ = words(locale)
    game = api(live_url, "POST", "/games", {"rules": "hand_and_foot", "players": FOUR,
                                            "first_dealer": "Ann", "partnerships": True})
    page.goto(game["url"])
    expect(page.locator("#status")).to_contain_text("50")
    form = page.locator(".deal-form")
    # Deal 1: Ann goes out; the other side's cards left are tapped in (a red three among
    # them is caught: −100, once).
    form.locator("fieldset.winner").get_by_text("Ann", exact=True).click()
    fill_side(page, 0, OUT)
    fill_side(page, 1, {"clean_piles": 1, "dirty_piles": 1, "melded": 900})
    page.locator("fieldset.side[data-side='1'] .count").nth(1).get_by_role(
        "button", name=_("Tap the cards")).click()
    picker = page.locator("#card-picker")
    # The picked cards stay on one line: the deck does not move down as they are tapped.
    ace = picker.locator("[data-card='AS']")
    deck = on_page(ace)
    for card in ("KS", "9D", "3H", "KS", "9D", "JK", "JK", "5C", "7C", "8D"):
        picker.locator(f"[data-card='{card}']").click()
    assert on_page(ace) == deck
    # Seven taken back: the first three remain.
    for _tap in range(7):
        picker.locator(".picked .chip").last.click()
    # The red three goes to the side's one count of red threes caught, not among the cards.
    expect(picker.locator(".caught-note")).to_contain_text("1")
    shot(page, f"handfoot-picker-{locale[:2]}")
    picker.get_by_role("button", name=_("Done")).click()
    expect(form.locator("input[name='left_cards_1']")).to_have_value("KS 9D")
    expect(form.locator("input[name='red_threes_caught_1']")).to_have_value("1")
    first_behind = 900 - 20 + 800 - 100
    expect(page.locator("#preview .preview-scores li").nth(1)).to_contain_text(
        str(first_behind))
    shot(page, f"handfoot-preview-{locale[:2]}")
    form.locator("button[type=submit]").click()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("90")
    # Deals 2 to 4.
    # Who went out, 6 steppers for the side out and 2 for the other, 2 points boxes per
    # side (typing is not a tap), Save: docs/taps.md.
    assert record(page, "Dee", [BEHIND, OUT], _) == 14
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(2)
    record(page, _("Nobody: the stock ran out"), [BEHIND, BEHIND], _)
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(3)
    expect(page.locator("#status")).to_contain_text("150")
    shot(page, f"handfoot-deal4-{locale[:2]}")
    record(page, "Cy", [OUT, BEHIND], _)
    expect(page.locator(".result")).to_be_visible()
    totals = [OUT_SCORE + BEHIND_SCORE + BEHIND_SCORE + OUT_SCORE,
              first_behind + OUT_SCORE + BEHIND_SCORE + BEHIND_SCORE]
    expect(page.locator(".sheet tfoot td").first).to_have_text(shown(totals[0]))
    expect(page.locator(".sheet tfoot td").nth(1)).to_have_text(shown(totals[1]))
    expect(page.locator(".result")).to_contain_text("Ann")
    shot(page, f"handfoot-over-{locale[:2]}")
    state = api(live_url, "GET", f"/games/{game['id']}")
    assert state["team_totals"] == totals and state["winners"] == ["Ann", "Cy"]
    assert [d["dealer"] for d in state["deals"]] == FOUR


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_game_of_three_sides_of_two_on_a_phone(page: Page, live_url, shot, locale):
    """Seed 003 "Introduction" and RULES.md section 9: six players in three sides of two,
    partners opposite; a side going out without its piles is refused with them named."""
    _ = words(locale)
    game = api(live_url, "POST", "/games", {"rules": "hand_and_foot", "players": SIX,
                                            "first_dealer": "Fay", "partnerships": True})
    page.goto(game["url"])
    expect(page.locator("fieldset.side")).to_have_count(3)
    form = page.locator(".deal-form")
    form.locator("fieldset.winner").get_by_text("Bob", exact=True).click()
    fill_side(page, 1, BEHIND)
    expect(page.locator("#preview .error")).to_be_visible()
    shot(page, f"handfoot-three-refused-{locale[:2]}")
    reports = [[BEHIND, OUT, BEHIND], [OUT, BEHIND, BEHIND], [BEHIND, BEHIND, OUT],
               [BEHIND, OUT, BEHIND]]
    outs = ["Eve", "Ann", "Fay", "Bob"]
    page.goto(game["url"])  # a fresh form, not the refused one's values
    for number, (went_out, sides) in enumerate(zip(outs, reports, strict=True), 1):
        record(page, went_out, sides, _)
        if number < 4:
            expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(number)
    expect(page.locator(".result")).to_be_visible()
    shot(page, f"handfoot-three-over-{locale[:2]}")
    state = api(live_url, "GET", f"/games/{game['id']}")
    assert state["team_totals"] == [OUT_SCORE + 3 * BEHIND_SCORE,
                                    2 * OUT_SCORE + 2 * BEHIND_SCORE,
                                    OUT_SCORE + 3 * BEHIND_SCORE]
    assert state["winners"] == ["Bob", "Eve"]
    assert [d["dealer"] for d in state["deals"]] == ["Fay", "Ann", "Bob", "Cy"]


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_the_referee_rules_on_taking_the_pile_on_a_phone(page: Page, live_url, shot, locale):
    """Seed 003 "The Play": the example of the nines — two nines and a two in hand take
    the pile in deal 1 (50); with the two buried in the pile they cannot."""
    _ = words(locale)
    page.goto(f"{live_url}/referee/hand-and-foot/pickup")
    page.get_by_label(_("Top card of the discard pile")).fill("9H")
    page.get_by_label(_("The player's hand")).fill("9S 9C 2C")
    page.get_by_role("button", name=_("Ask the referee")).click()
    expect(page.locator("#verdict.upheld")).to_be_visible()
    shot(page, f"handfoot-referee-{locale[:2]}")
    page.get_by_label(_("The player's hand")).fill("9S 9C KH")
    page.get_by_role("button", name=_("Ask the referee")).click()
    expect(page.locator("#verdict.refused")).to_contain_text("30")


# --- Counting by kind (issue 21, part 4; docs/taps.md) ---------------------------------------

PILE = 7  # seed 003: a complete pile is seven cards


def count_by_kind(page: Page, i: int, part: str, counts: dict[str, int]) -> int:
    """Count side *i*'s cards *part* ("melded" or "left") by kind with the fewest taps: its
    "by kind" opened, then per kind +, or +7 (melded only) and − where fewer; the taps."""
    side = page.locator(f"fieldset.side[data-side='{i}'] .count-{part}")
    side.locator(".by-kind summary").click()
    taps = 1
    for key, n in counts.items():
        field = f"kind_{part}_{key}_{i}"
        piles, rest = divmod(n, PILE) if part == "melded" else (0, n)
        if part == "melded" and PILE - rest < rest:
            # Over by a pile, then back: 5 aces are +7 − −.
            steps = [str(PILE)] * (piles + 1) + ["-1"] * (PILE - rest)
        else:
            steps = [str(PILE)] * piles + ["1"] * rest
        for step in steps:
            side.locator(f"[data-for='{field}'][data-step='{step}']").click()
        expect(side.locator(f"input[name='{field}']")).to_have_value(str(n))
        taps += len(steps)
    return taps


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def targets_are_big_enough(page: Page, selector: str) -> None:
    """Every visible button matched is at least 44×44 px (WCAG 2.5.5)."""
    for box in page.locator(selector).evaluate_all(
            "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect())"
            ".map(r => [r.width, r.height])"):
        assert box[0] >= 44 and box[1] >= 44, box


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_typical_deal_with_the_cards_left_counted_by_kind(page: Page, live_url, shot,
                                                           locale):
    """The deal of docs/taps.md: Dee goes out with the contract's five piles and a red
    three laid, points melded typed; her partners' opponents, one clean and one dirty pile,
    count the one joker left by kind instead of adding it up: 14 taps."""
    _ = words(locale)
    game = api(live_url, "POST", "/games", {"rules": "hand_and_foot", "players": FOUR,
                                            "first_dealer": "Ann", "partnerships": True})
    page.goto(game["url"])
    form = page.locator(".deal-form")
    form.locator("fieldset.winner").get_by_text("Dee", exact=True).click()
    taps = 1
    # The side that went out holds no cards: its "left" stays empty.
    taps += fill_side(page, 1, {k: v for k, v in OUT.items() if k != "left"})
    taps += fill_side(page, 0, {"clean_piles": 1, "dirty_piles": 1, "melded": 900})
    taps += count_by_kind(page, 0, "left", {"joker": 1})
    expect(page.locator("#preview .preview-scores li").first).to_contain_text(
        str(900 - 50 + 800))
    no_sideways_scroll(page)
    targets_are_big_enough(page, ".deal-form [data-step]")
    shot(page, f"handfoot-by-kind-left-{locale[:2]}")
    form.locator("button[type=submit]").click()
    taps += 1
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    assert taps == 14
    state = api(live_url, "GET", f"/games/{game['id']}")
    assert state["team_totals"] == [900 - 50 + 800, OUT_SCORE]
    assert state["deals"][0]["sides"][0]["left_by_kind"] == {"joker": 1}


# Two clean piles (kings, sevens), two dirty (five aces and two twos; five nines, a joker
# and a two), a wild pile (three jokers, four twos) and three eights: 38 cards.
MELDED_38 = {"joker": 4, "two": 7, "ace": 5, "eight_to_king": 15, "four_to_seven": 7}
MELDED_38_POINTS = 4 * 50 + 7 * 20 + 5 * 20 + 15 * 10 + 7 * 5


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_sides_38_melded_cards_counted_by_kind_in_13_taps(page: Page, live_url, shot,
                                                            locale):
    """Issue 21: one side's 38 melded cards took 58 taps in the card picker. By kind, with
    +7 for a complete pile: 13, and the steppers stay where the finger is."""
    _ = words(locale)
    game = api(live_url, "POST", "/games", {"rules": "hand_and_foot", "players": FOUR,
                                            "first_dealer": "Ann", "partnerships": True})
    page.goto(game["url"])
    form = page.locator(".deal-form")
    form.locator("fieldset.winner").get_by_text("Ann", exact=True).click()
    taps = 1 + fill_side(page, 0, {k: v for k, v in OUT.items()
                                   if k not in ("melded", "left")})
    page.locator("fieldset.side[data-side='0'] .count-melded .by-kind summary").click()
    plus = form.locator("[data-for='kind_melded_eight_to_king_0'][data-step='7']")
    where = on_page(plus)
    page.locator("fieldset.side[data-side='0'] .count-melded .by-kind summary").click()
    counted = count_by_kind(page, 0, "melded", MELDED_38)
    assert sum(MELDED_38.values()) == 38 and counted == 13 <= 20
    # Issue 39, point 9: the points the steppers make so far, beside them.
    expect(page.locator("fieldset.side[data-side='0'] .count-melded .kind-total")
           ).to_contain_text(str(MELDED_38_POINTS))
    # Cards, piles, a red three laid and going out.
    expect(page.locator("#preview .preview-scores li strong").first).to_have_text(
        str(MELDED_38_POINTS + 3100 + 100 + 100))
    # Where the finger was: neither the counts growing to two digits nor the preview
    # answering moved the button.
    assert on_page(plus) == where
    no_sideways_scroll(page)
    targets_are_big_enough(page, ".deal-form [data-step]")
    shot(page, f"handfoot-by-kind-melded-{locale[:2]}")
    taps += counted
    taps += fill_side(page, 1, BEHIND)
    form.locator("button[type=submit]").click()
    taps += 1
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    # The whole deal: who went out, 6 steppers, the 13, the other side's 2 steppers and 2
    # points boxes, Save.
    assert taps == 25
    state = api(live_url, "GET", f"/games/{game['id']}")
    assert state["deals"][0]["sides"][0]["melded_by_kind"] == MELDED_38
    assert state["team_totals"][0] == MELDED_38_POINTS + 3100 + 100 + 100


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_the_referees_cards_are_tapped_in_and_the_verdict_lands_in_view(page: Page, live_url,
                                                                       shot, locale):
    """The pickup question asked with the card picker (seed 003's example of the nines),
    then the go-out question with steppers and no partner."""
    _ = words(locale)
    page.goto(f"{live_url}/referee/hand-and-foot/pickup")
    picker = page.locator("#card-picker")
    for box, cards in (("top", ["9♥"]), ("hand", ["9♠", "9♣", "2♣"])):
        page.locator(f"[data-pick='{box}']").click()
        for card in cards:
            picker.get_by_role("button", name=card, exact=True).click()
        picker.get_by_role("button", name=_("Done")).click()
    expect(page.locator("#top")).to_have_value("9H")
    expect(page.locator("#hand")).to_have_value("9S 9C 2C")
    page.get_by_role("button", name=_("Ask the referee")).click()
    verdict = page.locator("#verdict.upheld")
    expect(verdict).to_be_in_viewport()
    assert page.evaluate("document.activeElement.id") == "answer"
    no_sideways_scroll(page)
    shot(page, f"handfoot-referee-picked-{locale[:2]}")

    page.goto(f"{live_url}/referee/hand-and-foot/go-out")
    for kind, n in (("clean", 2), ("dirty", 2), ("wild", 1)):
        for _tap in range(n):
            page.locator(f"[data-for='{kind}'][data-step='1']").click()
    targets_are_big_enough(page, ".foot-question [data-step]")
    page.locator("input[name='partner'][value='alone']").check()
    page.get_by_role("button", name=_("Ask the referee")).click()
    expect(page.locator("#verdict.upheld")).to_be_in_viewport()
    expect(page.locator("input[name='partner'][value='alone']")).to_be_checked()
    no_sideways_scroll(page)
    shot(page, f"handfoot-referee-go-out-{locale[:2]}")
