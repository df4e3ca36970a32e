"""What happened in each deal, on a 360-px phone in English and Arabic (issue 22, points 5,
6, 8 and 13): the sheet and the printed sheet mark who went out and how, special hands by
their names, without the sheet scrolling sideways; the winner's cards tick the bonus hands
they bear out, and a player may untick them; Hareeqa's preview says who burns and which
points move, and its points stand in view above the sheet.

Screenshots: tests/screenshots/marks-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS
from .table import api

NAMES = {
    "en-US": ["Mohammed", "Alexandra", "Sami", "Lina", "Omar"],
    "ar": ["محمد", "ألكسندرا", "سامي", "لينا", "عمر"],
}
# What the marks say, in each language: seed 000's partial hand ("out" on the sheet), seed
# 001's joker hand and double joker colored hand.
MARKS = {
    "en-US": ["out", "joker hand", "double joker colored hand"],
    "ar": ["خلّص", "هاند بجوكر", "هاند ملوّن بجوكرين"],
}
RED_HAND = "2H 3H 4H 5D 6D 7D 8D 9H 10H JH QH QD KD AD AC"


def part(locator, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    locator.screenshot(path=SCREENSHOTS / f"{name}.png", animations="disabled")


def deal(number: int, winner: str, names: list[str], finish="partial", bonuses=()) -> dict:
    return {"deal": number, "outcome": "scored", "winner": winner, "finish": finish,
            "bonuses": list(bonuses),
            "hands": {n: {"melded": True, "points": 3 * number} for n in names
                      if n != winner}}


# How far the sheet reaches past its box, with the marks and without them.
OVERFLOW = """() => {
  const wrap = document.querySelector(".sheet-wrap");
  const marks = [...document.querySelectorAll(".sheet .out-mark")];
  const over = () => wrap.scrollWidth - wrap.clientWidth;
  const shown = over();
  marks.forEach((m) => { m.style.display = "none"; });
  const hidden = over();
  marks.forEach((m) => { m.style.display = ""; });
  return [shown, hidden];
}"""


def fits(page: Page) -> None:
    """The page never scrolls sideways, and the marks never make the sheet wider."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shown, hidden = page.evaluate(OVERFLOW)
    assert shown <= hidden, f"the marks widen the sheet by {shown - hidden} px"


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_the_sheet_marks_who_went_out_and_how_at_phone_size(page: Page, live_url, locale):
    names = NAMES[locale]
    game = api(live_url, "POST", "/games", {"rules": "kuwait", "players": names,
                                            "first_dealer": names[0]})
    path = f"/games/{game['id']}/deals"
    api(live_url, "POST", path, deal(1, names[2], names))
    api(live_url, "POST", path, deal(2, names[3], names, "full", ["wild_discard"]))
    api(live_url, "POST", path, deal(3, names[4], names, "full", ["two_wilds", "one_colour"]))

    page.goto(game["url"])
    marks = page.locator(".sheet tbody .out-mark")
    expect(marks.locator("[aria-hidden=true]")).to_have_text(MARKS[locale])
    # Each mark is in the winner's column; a screen reader hears whose and how.
    for row, column in enumerate((2, 3, 4)):
        cell = page.locator(".sheet tbody tr").nth(row).locator("td").nth(column)
        expect(cell.locator(".out-mark")).to_have_count(1)
        expect(cell.locator(".visually-hidden")).to_contain_text(names[column])
        expect(cell.locator(".visually-hidden")).to_contain_text(MARKS[locale][row]
                                                                 if row else "")
    fits(page)
    part(page.locator(".sheet-wrap"), f"marks-sheet-{locale[:2]}")

    page.goto(f"{game['url']}/print")
    expect(page.locator(".sheet tbody .out-mark [aria-hidden=true]")).to_have_text(
        MARKS[locale])
    fits(page)
    page.screenshot(path=SCREENSHOTS / f"marks-print-{locale[:2]}.png", full_page=True)


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_the_winners_cards_tick_the_bonus_hands_and_a_player_may_untick(
        page: Page, live_url, locale):
    names = NAMES[locale][:3]
    game = api(live_url, "POST", "/games", {"rules": "egypt", "players": names,
                                            "first_dealer": names[0]})
    page.goto(game["url"])
    form = page.locator("form.deal-form")
    form.locator("input[name=winner]").nth(1).check()
    form.locator("input[name=melded_0][value=yes]").check()
    form.locator("input[name=points_0]").fill("10")
    form.locator("input[name=melded_2][value=no]").check()
    form.locator("input[name=indicator]").fill("7C")
    cards = form.locator("input[name=winner_cards]")
    cards.fill(RED_HAND)
    cards.blur()
    ticked = form.locator("input[name=bonuses]")
    # Seed 000, "Bonus Scores": a wild discarded, and all of one colour.
    expect(ticked.nth(0)).to_be_checked()
    expect(ticked.nth(2)).to_be_checked()
    expect(ticked.nth(1)).not_to_be_checked()
    expect(ticked.nth(3)).not_to_be_checked()
    expect(page.locator("#preview .finish-name")).to_contain_text(
        {"en-US": "wild colored hand", "ar": "هاند ملوّن بجوكر"}[locale])
    part(page.locator("form.deal-form .scored-only").locator("fieldset.bonuses"),
         f"marks-bonuses-ticked-{locale[:2]}")
    # Unticked, the boxes stay as the player left them: the next preview changes nothing.
    ticked.nth(0).uncheck()
    ticked.nth(2).uncheck()
    page.locator("#preview .finish-name").wait_for()
    # Every preview the two taps asked for has come and been shown.
    page.wait_for_load_state("networkidle")
    expect(ticked.nth(0)).not_to_be_checked()
    expect(ticked.nth(2)).not_to_be_checked()


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_hareeqa_says_who_burns_and_which_points_move(page: Page, live_url, locale):
    names = NAMES[locale][:3]
    ali, badr, caro = names
    game = api(live_url, "POST", "/games", {"rules": "hareeqa", "players": names,
                                            "first_dealer": ali})
    api(live_url, "POST", f"/games/{game['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": ali, "finish": "partial",
        "hands": {badr: {"melded": True, "points": 150}, caro: {"melded": False}}})
    page.goto(game["url"])

    # The points that decide the game stand above the sheet, most points first.
    points = page.locator("#status .hareeqa")
    expect(points).to_be_visible()
    expect(points.locator(".standing .name")).to_have_text([ali, badr, caro])
    expect(points.locator(".standing.leader .name")).to_have_text([ali])
    expect(page.locator(".sheet tfoot tr.tally td.leader")).to_have_text(["−1"])
    part(page.locator("#live"), f"marks-hareeqa-status-{locale[:2]}")

    form = page.locator("form.deal-form")
    form.locator("input[name=winner]").nth(0).check()
    form.locator("input[name=finish][value=full]").check()
    form.locator("input[name=melded_1][value=yes]").check()
    form.locator("input[name=points_1]").fill("60")
    form.locator("input[name=melded_2][value=no]").check()
    form.locator("input[name=points_1]").blur()
    moves = page.locator("#preview .hareeqa-moves li")
    expect(moves).to_have_count(2)
    expect(moves.nth(0)).to_contain_text(badr)
    expect(moves.nth(0)).to_contain_text("200")
    expect(moves.nth(1)).to_contain_text(ali)
    if locale == "en-US":
        expect(moves).to_have_text([
            f"{badr} burns: the score goes back to 200 and 2 points go into the pot.",
            f"Points move: {ali} takes 2 points from each other player."])
    else:
        assert re.search("احترق", moves.nth(0).inner_text())
    page.locator("#preview").scroll_into_view_if_needed()
    part(page.locator("#preview"), f"marks-hareeqa-preview-{locale[:2]}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
