"""Issue 22 on a 360-px phone, in English and in Arabic: home and the new-game page name
both games; the card picker under a hand's cards left has no "Next meld" key (a first
meld's picker has one, its label inside its key); a deal whose cards need the indicator
says so at the indicator's field, in view. Screenshots: tests/screenshots/words-*.png."""

from __future__ import annotations

import pytest
from babel.support import Translations
from playwright.sync_api import Page, expect

from scorekeeper.catalogues import TRANSLATIONS

from .conftest import SCREENSHOTS

LANGUAGES = {"en-US": "en", "ar": "ar"}
PLAYERS = ["Sami", "Rana", "Omar"]


@pytest.fixture(params=list(LANGUAGES))
def locale(request):
    return request.param


def words(locale: str):
    """The app's own catalogue for *locale*: the tests follow its wording."""
    return Translations.load(str(TRANSLATIONS), [LANGUAGES[locale]]).gettext


def new_game(page: Page, live_url: str) -> None:
    answer = page.request.post(f"{live_url}/api/v1/games", data={
        "rules": "levant", "players": PLAYERS, "first_dealer": "Sami"})
    assert answer.ok, answer.text()
    page.goto(answer.json()["url"])


def test_home_and_the_new_game_page_name_every_game(page, live_url, locale, shot):
    _ = words(locale)
    page.goto(f"{live_url}/")
    kept = page.locator(".games-kept li")
    expect(kept).to_have_text([_("Hand"), _("Hand and Foot"), _("Points sheet")])
    shot(page, f"words-{LANGUAGES[locale]}-home")
    page.goto(f"{live_url}/new")
    presets = page.locator("fieldset.presets")
    expect(presets.locator("legend").first).to_have_text(_("Game"))
    expect(presets.locator(".game-name")).to_have_text([_("Hand")])
    expect(presets.get_by_role("radio", name=_("Hand and Foot"))).to_have_count(1)
    expect(presets).not_to_contain_text(_("Form of Hand"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, f"words-{LANGUAGES[locale]}-new-game")


def test_the_picker_on_cards_left_has_no_next_meld_key(page, live_url, locale):
    _ = words(locale)
    new_game(page, live_url)
    form = page.locator("form.deal-form")
    form.locator('input[name="melded_0"][value="yes"]').check()
    form.locator('.hand[data-seat="0"] .count [data-pick]').click()
    picker = page.locator("#card-picker")
    expect(picker).to_be_visible()
    expect(picker.locator(".next-meld")).to_be_hidden()
    picker.locator('[data-card="9H"]').click()
    picker.locator('[data-card="KC"]').click()
    expect(form.locator("#cards_0")).to_have_value("9H KC")
    picker.screenshot(path=str(SCREENSHOTS / f"words-{LANGUAGES[locale]}-picker-cards-left.png"))
    picker.locator("[data-pick-done]").click()

    # A first meld's picker has the key, its label inside it at 360 px.
    page.locator('.hand[data-seat="0"] details.first-meld summary').click()
    form.locator('.hand[data-seat="0"] .first-meld [data-pick]').click()
    key = picker.locator(".next-meld")
    expect(key).to_be_visible()
    expect(key).to_have_text(_("Next meld"))
    assert key.evaluate("k => k.scrollWidth <= k.clientWidth && k.scrollHeight <= k.clientHeight")
    picker.screenshot(path=str(SCREENSHOTS / f"words-{LANGUAGES[locale]}-picker-first-meld.png"))


def test_the_indicator_is_asked_for_at_its_field_only_when_a_card_needs_it(page, live_url,
                                                                          locale, shot):
    _ = words(locale)
    new_game(page, live_url)
    form = page.locator("form.deal-form")
    form.locator('input[name="winner"][value="1"]').check()
    form.locator('input[name="melded_2"][value="no"]').check()
    form.locator('input[name="melded_0"][value="yes"]').check()
    form.locator("#cards_0").fill("9H AH")
    form.locator('button.primary[type="submit"]').click()
    error = page.locator(".field.indicator .error")
    expect(error).to_contain_text(_("This form of Hand turns an indicator card to pick the "
                                    "wild cards; say which card is the indicator."))
    expect(error).to_be_in_viewport()
    page.screenshot(path=str(SCREENSHOTS / f"words-{LANGUAGES[locale]}-indicator-error.png"))

    # A 9♥ and a K♣ cost the same whatever card was turned: saved without an indicator.
    page.locator("#cards_0").fill("9H KC")
    page.locator('form.deal-form button.primary[type="submit"]').click()
    expect(page.locator(".field.indicator .error")).to_have_count(0)
    expect(page.locator("table.sheet tbody tr")).to_have_count(1)
