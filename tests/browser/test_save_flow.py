"""Saving a deal at the table, on 360-pixel phones, in English and Arabic (issue 22, points
1, 3, 4 and 7):

- two phones save deal 1 a moment apart: the one that lost keeps its entries, and sees at
  its save button what the other phone recorded, with one tap to make its entries the
  correction of deal 1 (or to drop them);
- Undo gives the removed deal back into the form;
- a save says, in view and to screen readers, what the deal scored and who deals next, and
  the last deal says who won, big, where the form was;
- after its saves, the saving phone's page is the page a reload shows.

Screenshots: tests/screenshots/save-*.png (viewport ones end in -view: what the player
sees without scrolling).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS, Phone, later_scripts_ran
from .table import PLAYERS, api, new_foot_game, new_game
from .test_phones import fill_deal, save


def view_shot(page: Page, name: str) -> None:
    """What the player sees, without scrolling."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), animations="disabled")


def suffix(locale: str) -> str:
    return "" if locale == "en-US" else "-ar"


@pytest.fixture
def two_phones(browser, locale):
    phones = [Phone(browser, locale), Phone(browser, locale)]
    yield phones
    for phone in phones:
        phone.check()


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_the_phone_that_lost_the_race_keeps_its_entries_and_can_make_them_the_correction(
        two_phones, live_url, shot, locale):
    game = new_game(live_url)
    first, second = (phone.context.new_page() for phone in two_phones)
    for page in (first, second):
        page.goto(game["url"])
    # Both enter deal 1; the first phone saves it (Rana out, Sami 35 left, Omar never
    # melded); the second, a moment later, has Omar out.
    fill_deal(first, "Rana", {"Sami": 35, "Omar": None})
    fill_deal(second, "Omar", {"Sami": 10, "Rana": 15})
    save(first)
    expect(first.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    save(second)
    kept = second.locator("#kept")
    expect(kept).to_be_visible()
    # Told where it is looking: the choice and the save button are in view.
    expect(kept).to_be_in_viewport()
    expect(second.locator("#form-error")).to_be_in_viewport()
    save_button = second.locator("form.deal-form button[type=submit]:not([formaction])")
    expect(save_button).to_be_in_viewport()
    # What the other phone recorded for deal 1: Rana -30, Sami 35, Omar 100.
    expect(kept.locator("dd").first).to_contain_text("−30")
    expect(kept.locator("dd").first).to_contain_text("100")
    # Its own entries are still in the form, and previewed.
    form = second.locator("form.deal-form")
    expect(form.locator("input[name=points_0]")).to_have_value("10")
    expect(form.locator("input[name=winner][value='2']")).to_be_checked()
    expect(second.locator("#preview .preview-scores")).to_contain_text("−30")
    view_shot(second, f"save-race-kept-view{suffix(locale)}")
    shot(second, f"save-race-kept{suffix(locale)}")
    # One tap: they are deal 1's correction.
    kept.locator("button[formaction]").click()
    saved = second.locator("#saved")
    expect(saved).to_be_visible()
    expect(saved).to_have_attribute("role", "status")
    expect(saved).to_be_in_viewport()
    expect(saved).to_contain_text("10")
    [deal] = api(live_url, "GET", f"/games/{game['id']}")["deals"]
    assert deal["winner"] == "Omar" and deal["scores"]["Sami"] == 10
    view_shot(second, f"save-race-corrected-view{suffix(locale)}")


def test_the_phone_that_lost_the_race_can_drop_its_entries(two_phones, live_url):
    game = new_game(live_url)
    first, second = (phone.context.new_page() for phone in two_phones)
    for page in (first, second):
        page.goto(game["url"])
    fill_deal(first, "Rana", {"Sami": 35, "Omar": None})
    fill_deal(second, "Omar", {"Sami": 10, "Rana": 15})
    save(first)
    expect(first.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    save(second)
    second.locator("#kept a.button").click()
    expect(second.locator("#kept")).to_have_count(0)
    expect(second.locator("form.deal-form input[name=points_0]")).to_have_value("")
    expect(second.locator("form.deal-form input[name=deal]")).to_have_value("2")
    [deal] = api(live_url, "GET", f"/games/{game['id']}")["deals"]
    assert deal["winner"] == "Rana"


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_a_save_says_what_it_did_in_view_and_undo_gives_the_deal_back(page, live_url, shot,
                                                                     locale):
    game = new_game(live_url)
    page.goto(game["url"])
    for number, (winner, points) in enumerate(
            [("Rana", {"Sami": 35, "Omar": None}), ("Omar", {"Sami": 12, "Rana": 40})], 1):
        fill_deal(page, winner, points)
        save(page)
        expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(number)
    saved = page.locator("#saved")
    expect(saved).to_have_attribute("role", "status")
    expect(saved).to_be_in_viewport()
    state = api(live_url, "GET", f"/games/{game['id']}")
    expect(saved).to_contain_text("12")
    expect(saved).to_contain_text("40")
    expect(saved).to_contain_text(state["dealer"])
    expect(saved).to_contain_text(state["starter"])
    view_shot(page, f"save-saved-view{suffix(locale)}")
    # Undo deal 2: what it recorded is back in the form, in view, ready to fix.
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#actions form button[type=submit]").click()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    form = page.locator("form.deal-form")
    expect(form.locator("input[name=winner][value='2']")).to_be_checked()
    expect(form.locator("input[name=points_0]")).to_have_value("12")
    expect(form.locator("input[name=points_1]")).to_have_value("40")
    expect(page.locator(".restored")).to_be_in_viewport()
    expect(page.locator("#preview .preview-scores")).to_contain_text("40")
    view_shot(page, f"save-undone-view{suffix(locale)}")
    # Fixed and saved: deal 2 again.
    form.locator("input[name=points_1]").fill("45")
    save(page)
    expect(page.locator("#saved")).to_contain_text("45")
    deals = api(live_url, "GET", f"/games/{game['id']}")["deals"]
    assert [d["scores"]["Rana"] for d in deals] == [-30, 45]


def test_a_deal_given_back_by_undo_is_not_replaced_when_another_phone_saves(page, live_url):
    game = new_game(live_url)
    page.goto(game["url"])
    for number, (winner, points) in enumerate(
            [("Rana", {"Sami": 35, "Omar": None}), ("Omar", {"Sami": 12, "Rana": 40})], 1):
        fill_deal(page, winner, points)
        save(page)
        expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(number)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#actions form button[type=submit]").click()
    expect(page.locator("form.deal-form input[name=points_1]")).to_have_value("40")
    # Another phone records deal 2 meanwhile; this phone's sheet follows it...
    api(live_url, "POST", f"/games/{game['id']}/deals", {"deal": 2, "outcome": "redeal"})
    # The undo swapped in a new live part: htmx wires its triggers as the swap settles,
    # and a "refresh" sent before that is lost (the 5 s poll would come after the wait).
    page.wait_for_function("() => document.querySelector('[data-live]')"
                           "?.['htmx-internal-data']?.initHash")
    page.evaluate("htmx.trigger(document.querySelector('[data-live]'), 'refresh')")
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(2)
    # ...and the entries given back stay, with the note that the sheet changed.
    expect(page.locator("[data-stale]")).to_be_visible()
    expect(page.locator("form.deal-form input[name=points_1]")).to_have_value("40")


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_the_last_deal_saved_says_who_won_where_the_form_was(page, live_url, shot, locale):
    game = api(live_url, "POST", "/games", {"rules": {"preset": "levant", "rounds": 1},
                                            "players": PLAYERS[:2], "first_dealer": "Sami"})
    page.goto(game["url"])
    form = page.locator("form.deal-form")
    form.locator("input[name=winner][value='1']").check()
    form.locator("input[name=melded_0][value=no]").check()
    save(page)
    end = page.locator("#game-end")
    expect(end).to_be_in_viewport()
    expect(end.locator(".game-end")).to_contain_text("Rana")
    expect(page.locator("form.deal-form")).to_have_count(0)
    size = end.locator(".game-end").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 22, size  # unmistakable: bigger than anything but the page's title
    view_shot(page, f"save-game-over-view{suffix(locale)}")


# --- The saving phone's page is the page a reload shows ------------------------------------

NORMAL = """root => {
  const copy = root.cloneNode(true);
  // What this phone was just told, and the form's token, are the only differences allowed.
  copy.querySelectorAll('#saved, input[name=csrf_token]').forEach(e => e.remove());
  copy.querySelectorAll('*').forEach(e => {
    e.classList.remove('htmx-settling', 'htmx-added', 'htmx-swapping', 'htmx-request');
    if (!e.classList.length) e.removeAttribute('class');
  });
  return copy.outerHTML.replace(/>\\s+</g, '><').replace(/\\s+/g, ' ');
}"""


def differences(saved: str, fresh: str) -> str:
    """Where the two pages' HTML first part ways, with some context."""
    at = next((i for i, (a, b) in enumerate(zip(saved, fresh, strict=False)) if a != b),
              min(len(saved), len(fresh)))
    return f"after save: …{saved[at - 300:at + 300]}…\nreloaded: …{fresh[at - 300:at + 300]}…"


def same_as_reload(page: Page) -> None:
    later_scripts_ran(page)
    saved = page.locator("#game").evaluate(NORMAL)
    fresh_page = page.context.new_page()
    fresh_page.goto(page.url)
    later_scripts_ran(fresh_page)  # the awake switch shown, as on the page saved from
    fresh = fresh_page.locator("#game").evaluate(NORMAL)
    fresh_page.close()
    assert saved == fresh, differences(saved, fresh)


def test_after_its_saves_the_hand_phones_page_is_the_one_a_reload_shows(page, live_url):
    """Egypt, 7♣ turned: the second deal is a full hand whose cards are given, listed
    under the sheet (seed 000, "Bonus Scores": 14 red cards and the wild A♣ thrown)."""
    game = api(live_url, "POST", "/games", {"rules": "egypt", "players": PLAYERS,
                                            "first_dealer": "Sami"})
    page.goto(game["url"])
    fill_deal(page, "Rana", {"Sami": 35, "Omar": None})
    page.locator("form.deal-form input[name=indicator]").fill("7C")
    save(page)
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(1)
    form = page.locator("form.deal-form")
    form.locator("input[name=winner][value='1']").check()
    form.locator("input[name=winner_cards]").fill(
        "2H 3H 4H 5D 6D 7D 8D 9H 10H JH QH QD KD AD AC")
    form.locator("input[name=indicator]").fill("7C")
    form.locator("input[name=melded_0][value=yes]").check()
    form.locator("input[name=points_0]").fill("20")
    form.locator("input[name=melded_2][value=no]").check()
    save(page)
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(2)
    expect(page.locator("#went-out")).to_be_visible()  # the list of full hands, at once
    same_as_reload(page)


def test_after_its_saves_the_hand_and_foot_phones_page_is_the_one_a_reload_shows(
        page, live_url):
    game = new_foot_game(live_url)
    page.goto(game["url"])
    for number, went_out in ((1, "0"), (2, "1")):
        form = page.locator("form.deal-form")
        form.locator(f"input[name=went_out][value='{went_out}']").check()
        for side in (0, 1):
            out = str(side) == went_out
            for key, count in (("clean_piles", 2), ("dirty_piles", 2), ("wild_piles", 1)):
                form.locator(f"input[name={key}_{side}]").fill(str(count if out else 0))
            form.locator(f"input[name=melded_{side}]").fill("2400" if out else "900")
            form.locator(f"input[name=left_{side}]").fill("0" if out else "120")
        save(page)
        expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(number)
    same_as_reload(page)


def test_a_saved_hand_and_foot_form_shows_its_steppers_before_its_script_comes_again(
        page, live_url):
    """The form a save swaps in once named static/handfoot.js again, and a loaded machine
    could take seconds to run it (CI once compared the page in between: its − and + were
    still hidden). Here the script fetched again would do nothing: the steppers show
    anyway. Since issue 40 the page loads it once, once shown, for every form swapped in."""
    fetched = []

    def first_only(route):
        fetched.append(route.request.url)
        if len(fetched) == 1:
            route.continue_()
        else:
            route.fulfill(body="", content_type="text/javascript")
    page.route("**/handfoot.js*", first_only)
    game = new_foot_game(live_url)
    page.goto(game["url"])
    steppers = page.locator("form.deal-form button[data-step]")
    expect(steppers.first).to_be_visible()
    for number in (1, 2):
        form = page.locator("form.deal-form")
        form.locator("input[name=went_out][value='0']").check()
        for key, count in (("clean_piles_0", 2), ("dirty_piles_0", 2), ("wild_piles_0", 1),
                           ("melded_0", 2400), ("left_0", 0), ("clean_piles_1", 0),
                           ("dirty_piles_1", 0), ("wild_piles_1", 0), ("melded_1", 900),
                           ("left_1", 120)):
            form.locator(f"input[name={key}]").fill(str(count))
        save(page)
        expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(number)
        expect(page.locator("form.deal-form button[data-step][hidden]")).to_have_count(0)
    assert len(fetched) == 1, fetched  # the page's one copy serves the saved forms
