"""A full hand recorded by tapping the winner's 15 cards (issue 13), on a 360-pixel phone,
in English and in Arabic: the card picker takes the cards, the preview lays out the hand
the referee finds and its scores, and once saved the sheet says how the winner went out.
The taps are counted (docs/taps.md). Screenshots: tests/screenshots/winner-cards-*.png."""

from __future__ import annotations

import pytest
from babel.support import Translations
from playwright.sync_api import Page, expect

from scorekeeper.catalogues import TRANSLATIONS

from .table import api

# Under Egypt with 7♣ turned, A♣ is wild: 14 red cards and A♣ thrown are a full hand of
# one colour with a wild discarded (seed 000, "Bonus Scores"): -30 × 2 × 2 × 2 = -240.
RED_HAND = ["2♥", "3♥", "4♥", "5♦", "6♦", "7♦", "8♦", "9♥", "10♥", "J♥", "Q♥", "Q♦", "K♦",
            "A♦", "A♣"]
ARABIC = Translations.load(str(TRANSLATIONS), ["ar"])


def words(locale: str):
    if locale == "ar":
        return ARABIC.gettext
    return lambda text: text


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_full_hand_recorded_by_tapping_the_winners_fifteen_cards(page: Page, live_url,
                                                                   shot, locale):
    _ = words(locale)
    game = api(live_url, "POST", "/games", {"rules": "egypt",
                                            "players": ["Sami", "Rana", "Omar"],
                                            "first_dealer": "Omar"})
    page.goto(game["url"])
    form = page.locator(".deal-form")
    taps = 0
    form.locator("fieldset.winner").get_by_text("Sami", exact=True).click()
    taps += 1
    rana = form.get_by_role("group", name="Rana", exact=True)
    rana.get_by_role("radio", name=_("yes")).check()
    rana.get_by_label(_("Points left in hand")).fill("10")
    taps += 2  # a tap on "yes", one on the box (typing the number is not a tap)
    form.get_by_role("group", name="Omar", exact=True).get_by_role(
        "radio", name=_("no")).check()
    taps += 1
    form.get_by_label(_("Indicator card (needed to count an ace or a joker)")).fill("7C")
    taps += 1
    form.locator(".winner-cards").get_by_role("button", name=_("Tap the cards")).click()
    taps += 1
    picker = page.locator("#card-picker")
    for card in RED_HAND:
        picker.get_by_role("button", name=card, exact=True).click()
        taps += 1
    expect(picker.locator(".picked .chip")).to_have_count(15)
    picker.get_by_role("button", name=_("Done")).click()
    taps += 1
    expect(page.get_by_text(_("A full hand, as the referee lays it:"))).to_be_visible()
    expect(page.locator(".went-out .thrown")).to_contain_text("A♣")
    shot(page, f"winner-cards-preview-{locale[:2]}")
    form.locator("button[type=submit]").click()  # "Save deal 1"
    taps += 1
    went_out = page.locator(".went-out-list li")
    expect(went_out).to_contain_text("Sami")
    expect(went_out.locator(".thrown")).to_contain_text("A♣")
    expect(page.locator(".sheet tfoot td").first).to_have_text("−240")
    shot(page, f"winner-cards-saved-{locale[:2]}")
    # 1 winner + 3 for the two hands + 1 indicator + 1 open + 15 cards + 1 done + 1 save.
    assert taps == 23
