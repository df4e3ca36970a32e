"""Deals the other side confirms, on two phones at 360 pixels, in English and in Arabic
(issue 37, "Done when"): the host's phone (with the table's PIN) records as Ali; a deal
is confirmed on the other side's own phone (no PIN); one is disputed there, then corrected
on the host's phone and confirmed; one is confirmed by handing the host's phone across (the
confirmer taps their own name); the other side's phone is refused a correction. The game
ends once every deal is confirmed. Screenshots: tests/screenshots/trust-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import Phone, later_scripts_ran, previews_settled
from .table import api
from .test_games import deal_form, fill_deal
from .test_winner_cards import words

NAMES = {"en-US": ["Ali", "Badr", "Caro", "Dina"], "ar": ["علي", "بدر", "كارو", "دينا"]}
PIN = "2468"


def record(page: Page, winner: str, losers: list[str], number: int, locale: str,
           live_url: str, game_id: str) -> None:
    """The host's phone records a deal: through the deal form in English (whose labels the
    form helpers know), as that phone's API call in Arabic; either way as the phone's
    player."""
    if locale == "en-US":
        fill_deal(page, winner, dict.fromkeys(losers, 30))
        previews_settled(page)
        deal_form(page).get_by_role("button", name=f"Save deal {number}").click()
    else:
        request = page.context.request
        answer = request.post(f"{live_url}/api/v1/games/{game_id}/deals",
                              headers={"X-Table-PIN": PIN}, data={
            "deal": number, "outcome": "scored", "winner": winner, "finish": "partial",
            "recorded_by": winner, "hands": {p: {"melded": True, "points": 30}
                                             for p in losers}})
        assert answer.status == 201, answer.text()
        page.reload()
        later_scripts_ran(page)
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(number)


def confirm_on(page: Page, _, number: int, name: str) -> None:
    item = page.locator(f".trust-deal[data-deal='{number}']")
    item.locator(".confirm-form").get_by_text(name, exact=True).click()
    item.locator(".confirm-form button[type=submit]").click()
    later_scripts_ran(page)


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_two_phones_confirm_dispute_and_hand_over(page: Page, browser, live_url, shot,
                                                  locale):
    _ = words(locale)
    lang = locale[:2]
    ali, badr, caro, dina = NAMES[locale]
    game = api(live_url, "POST", "/games", {
        "rules": {"preset": "levant", "rounds": 3}, "players": NAMES[locale],
        "first_dealer": ali, "partnerships": True, "confirm": "other_side", "pin": PIN})
    url = f"{live_url}/games/{game['id']}"

    # The host's phone: the table's PIN, then "I am Ali".
    page.goto(url)
    later_scripts_ran(page)
    page.get_by_label(_("Table PIN")).fill(PIN)
    page.get_by_role("button", name=_("Unlock")).click()
    later_scripts_ran(page)
    page.locator(".whoami").get_by_text(ali, exact=True).click()
    page.get_by_role("button", name=_("I am this player")).click()
    expect(page.locator(".whoami legend")).to_contain_text(ali)
    record(page, ali, [badr, dina], 1, locale, live_url, game["id"])
    expect(page.locator(".trust-deal")).to_have_count(1)
    expect(page.locator(".sheet .trust-mark.waiting")).to_have_count(1)
    no_sideways_scroll(page)
    shot(page, f"trust-recorded-{lang}")

    # The other side's phone, without the PIN: it confirms deal 1.
    theirs_phone = Phone(browser, locale)
    theirs = theirs_phone.context.new_page()
    theirs.goto(url)
    later_scripts_ran(theirs)
    expect(theirs.locator("a.edit")).to_have_count(0)  # locked: no correction
    confirm_on(theirs, _, 1, dina)
    expect(theirs.locator(".sheet .trust-mark.confirmed")).to_have_count(1)

    # Deal 2: recorded by the host, disputed on the other side's phone.
    page.reload()
    later_scripts_ran(page)
    record(page, ali, [badr, dina], 2, locale, live_url, game["id"])
    theirs.reload()
    later_scripts_ran(theirs)
    item = theirs.locator(".trust-deal")
    item.locator("details.dispute > summary").click()
    item.locator("details.dispute").get_by_text(badr, exact=True).click()
    item.get_by_label(_("What is wrong")).fill("Dina had 20")
    item.get_by_role("button", name=_("Dispute"), exact=True).click()
    later_scripts_ran(theirs)
    expect(theirs.locator(".trust-deal.disputed")).to_contain_text("Dina had 20")
    expect(theirs.locator(".sheet .trust-mark.disputed")).to_have_count(1)
    no_sideways_scroll(theirs)
    shot(theirs, f"trust-disputed-{lang}")

    # The host corrects deal 2 (it was never confirmed: no reason asked), then hands the
    # phone across: Badr taps his own name and confirms.
    if locale == "en-US":
        page.goto(f"{url}/deals/2/edit")
        later_scripts_ran(page)
        fill_deal(page, ali, {badr: 30, dina: 20})
        previews_settled(page)
        deal_form(page).get_by_role("button", name="Save the correction").click()
        later_scripts_ran(page)
    else:
        version = api(live_url, "GET", f"/games/{game['id']}")["version"]
        answer = page.context.request.put(
            f"{live_url}/api/v1/games/{game['id']}/deals/2",
            headers={"X-Table-PIN": PIN, "If-Match": f'"{version}"'}, data={
                "deal": 2, "outcome": "scored", "winner": ali, "finish": "partial",
                "hands": {badr: {"melded": True, "points": 30},
                          dina: {"melded": True, "points": 20}}})
        assert answer.status == 200, answer.text()
    page.goto(url)
    later_scripts_ran(page)
    confirm_on(page, _, 2, badr)
    expect(page.locator(".trust-deal")).to_have_count(0)

    # Deal 3 ends the rounds: the game waits for the other side, then is over.
    record(page, ali, [badr, dina], 3, locale, live_url, game["id"])
    expect(page.locator(".result")).to_contain_text(_("Waiting for the other side"))
    shot(page, f"trust-waiting-{lang}")
    theirs.reload()
    later_scripts_ran(theirs)
    confirm_on(theirs, _, 3, dina)
    expect(theirs.locator(".result")).to_contain_text(_("Game over"))
    no_sideways_scroll(theirs)
    shot(theirs, f"trust-over-{lang}")
    state = api(live_url, "GET", f"/games/{game['id']}")
    assert state["finished"] and state["unconfirmed"] == []
    assert [d["confirmed"]["by"] for d in state["deals"]] == [dina, badr, dina]
    theirs_phone.check()


def test_a_phone_says_who_it_is_before_the_deal_form(page: Page, browser, live_url):
    """Issue 48, point 9: in a game whose deals the other side confirms, a phone that has
    not said who holds it is asked that first, where the deal form would be (never refused
    after filling it in); "I am" then chooses that player on Confirm."""
    ali, badr, _caro, dina = NAMES["en-US"]
    game = api(live_url, "POST", "/games", {
        "rules": {"preset": "levant", "rounds": 2}, "players": NAMES["en-US"],
        "first_dealer": ali, "partnerships": True, "confirm": "other_side"})
    url = f"{live_url}/games/{game['id']}"
    page.goto(url)
    later_scripts_ran(page)
    expect(page.locator(".whoami legend")).to_have_text("Who records from this phone?")
    expect(deal_form(page)).to_have_count(0)
    page.locator(".whoami").get_by_text(ali, exact=True).click()
    page.get_by_role("button", name="I am this player").click()
    later_scripts_ran(page)
    expect(page.locator(".whoami legend")).to_contain_text(ali)
    record(page, ali, [badr, dina], 1, "en-US", live_url, game["id"])
    expect(page.locator(".sheet .trust-by")).to_have_text(f"entered by {ali}")

    # The other side's phone says who it is: Confirm has that player chosen already.
    theirs_phone = Phone(browser, "en-US")
    theirs = theirs_phone.context.new_page()
    theirs.goto(url)
    later_scripts_ran(theirs)
    theirs.locator(".whoami").get_by_text(badr, exact=True).click()
    theirs.get_by_role("button", name="I am this player").click()
    later_scripts_ran(theirs)
    item = theirs.locator(".trust-deal[data-deal='1']")
    expect(item.locator(".confirm-form").get_by_role("radio", name=badr)).to_be_checked()
    item.locator(".confirm-form button[type=submit]").click()
    later_scripts_ran(theirs)
    expect(theirs.locator(".sheet .trust-mark.confirmed")).to_have_count(1)
    assert api(live_url, "GET", f"/games/{game['id']}")["deals"][0]["confirmed"]["by"] == badr
    theirs_phone.check()
