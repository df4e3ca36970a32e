"""The referee on a 360-px phone: each check from tapping the cards in to the verdict, a wild
whose meaning follows its place (moved with the arrows, then by dragging), the indicator
picked once for a game's deal, a ruling kept and shown on the game page and the printed
sheet, and the picker working as a plain form with JavaScript off.

Expected verdicts are the rules as docs/rules.md states them, worked out here by hand: in
the Gulf game the jokers are wild; in the Levant game the indicator's suit makes its aces
wild (7♦ turned: A♦ is wild).
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from .test_games import MARKER, SMALL_TARGETS, mark_page, scroll_width, start_game

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def symbol(card: str) -> str:
    """``"10C"`` → ``"10♣"`` as the buttons are labelled; ``"JK"`` → ``"Joker"``."""
    return "Joker" if card == "JK" else card[:-1] + SUITS[card[-1]]


def deck(page: Page) -> Locator:
    return page.locator(".picker-form > .deck")


def picked(page: Page, label: str | re.Pattern = "") -> Locator:
    """The picked cards of the list whose legend says *label* (the only list if none)."""
    lists = page.locator(".pick-list")
    if label:
        lists = lists.filter(has=page.locator("legend", has_text=label))
    return lists.locator(".picked-row .card")


def tap(page: Page, cards: str, into: Locator) -> None:
    """Tap *cards* (``"9C 10C JK"``) on the deck, waiting for each to land in *into*."""
    for card in cards.split():
        before = into.count()
        deck(page).get_by_role("button", name=symbol(card), exact=True).click()
        expect(into).to_have_count(before + 1)


def starts(text: str) -> re.Pattern:
    return re.compile(r"^\s*" + re.escape(text))


def expect_cards(row: Locator, cards: str) -> None:
    expect(row).to_have_text([starts(symbol(c).replace("Joker", "JK")) for c in cards.split()])


def verdict(page: Page) -> Locator:
    return page.locator("#verdict")


def ask(page: Page) -> None:
    page.get_by_role("button", name="Verdict", exact=True).click()
    expect(verdict(page)).to_be_visible()


def tab(page: Page, name: str) -> None:
    """Open another check and wait for it to be the one shown."""
    link = page.locator(".check-tabs").get_by_role("link", name=name, exact=True)
    link.click()
    expect(link).to_have_attribute("aria-current", "page")


def another_meld(page: Page, number: int) -> None:
    page.get_by_role("button", name="Another meld").click()
    expect(page.locator(".pick-list.target legend")).to_have_text(f"Meld {number}")


def pick_into(page: Page, label: str) -> Locator:
    """Make the list *label* take the next taps; its picked cards."""
    page.get_by_role("button", name="Tap cards into this").click()
    expect(page.locator(".pick-list.target legend")).to_have_text(label)
    return picked(page, label)


def open_referee(page: Page, live_url: str, check: str = "", preset: str = "gulf") -> None:
    page.goto(f"{live_url}/referee/{check or 'meld'}?preset={preset}")
    mark_page(page)


def meld_cards(page: Page, row: int = 0) -> Locator:
    return verdict(page).locator(".meld").nth(row).locator(".card")


def no_reload(page: Page) -> None:
    assert page.evaluate(MARKER) is True, "the referee reloaded the page"


# --- A meld, and a wild whose place says what it stands for -------------------------------


def take_out(page, card) -> None:
    """Tap *card*, then "Take out" once the card shows it is chosen: a tap while a verdict
    is still being swapped in was lost under load (two suites at once), twice."""
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Take out").click()

def test_a_wild_stands_for_the_card_its_place_says_moved_by_arrows_and_by_drag(
        page, live_url, shot):
    open_referee(page, live_url)
    row = picked(page)
    tap(page, "9C 10C JK", row)
    ask(page)
    # 9♣ 10♣ JK: the joker's place is after the 10♣, so it is the J♣ (9 + 10 + 10 = 29).
    expect(verdict(page).locator("h2")).to_have_text("A valid meld")
    expect(verdict(page)).to_contain_text("the wild JK stands for J♣")
    expect(meld_cards(page).nth(2).locator(".means")).to_have_text("= J♣")
    expect(meld_cards(page).locator(".worth")).to_have_text(["9", "10", "10"])
    shot(page, "referee-meld")

    # Tap the joker, then move it to the front: JK 9♣ 10♣ makes it the 8♣ (8 + 9 + 10).
    row.nth(2).click()
    expect(row.nth(2)).to_have_attribute("aria-pressed", "true")
    shot(page, "referee-card-selected")
    page.get_by_role("button", name="◀ Earlier").click()
    expect(row.nth(1)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="◀ Earlier").click()
    expect_cards(row, "JK 9C 10C")
    expect(verdict(page)).to_contain_text("the wild JK stands for 8♣")
    expect(meld_cards(page).locator(".worth")).to_have_text(["8", "9", "10"])

    # Drag it back after the 10♣: the J♣ again.
    row.nth(0).drag_to(row.nth(2))
    expect_cards(row, "9C 10C JK")
    expect(verdict(page)).to_contain_text("the wild JK stands for J♣")
    no_reload(page)

    # Take a card out: two cards are no meld.
    take_out(page, row.nth(0))
    expect_cards(row, "10C JK")
    expect(verdict(page).locator("h2")).to_have_text("Not a valid meld")
    expect(verdict(page)).to_contain_text("A meld needs at least three cards")
    no_reload(page)


def test_the_referee_fits_360_px_with_44_px_tap_targets(page, live_url):
    open_referee(page, live_url, "lay-off", preset="levant")
    deck_ = page.locator(".indicator-deck")
    deck_.get_by_role("button", name="7♦", exact=True).click()
    tap(page, "9C 10C JC", picked(page, "The meld on the table"))
    picked(page, "The meld on the table").nth(1).click()
    expect(page.get_by_role("button", name="Take out")).to_be_visible()
    assert scroll_width(page) <= 360, "the referee scrolls sideways"
    small = page.locator("#referee").evaluate(SMALL_TARGETS)
    assert not small, "tap targets under 44 px on the referee:\n" + "\n".join(small)


def test_a_third_copy_cannot_be_tapped_in(page, live_url):
    open_referee(page, live_url)
    row = picked(page)
    tap(page, "5H 5H", row)
    # Two packs hold two 5♥: the button is spent.
    expect(deck(page).get_by_role("button", name="5♥", exact=True)).to_be_disabled()
    tap(page, "JK JK", row)
    expect(deck(page).get_by_role("button", name="Joker", exact=True)).to_be_disabled()


# --- A first meld against the bar in force -------------------------------------------------

def test_hand_saudi_first_meld_must_beat_the_one_before(page, live_url, shot):
    open_referee(page, live_url, "initial-meld", preset="saudi")
    tap(page, "9C 10C JC", picked(page, "Meld 1"))
    another_meld(page, 2)
    tap(page, "QH QS QC", picked(page, "Meld 2"))
    # 9 + 10 + 10 and 10 + 10 + 10: 59, over the Gulf's 51.
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("Enough for a first meld")
    expect(verdict(page)).to_contain_text("Total 59 · bar 51")
    # Someone laid 60 before: the bar is 61, and 59 falls short.
    page.get_by_label("Worth of the last first meld laid this deal").fill("60")
    page.get_by_label("Worth of the last first meld laid this deal").blur()
    expect(page.locator(".bar-line")).to_have_text("Bar in force: 61")
    expect(verdict(page).locator("h2")).to_have_text("Not a first meld")
    expect(verdict(page)).to_contain_text("The melds are worth 59, short of the 61")
    shot(page, "referee-first-meld")
    no_reload(page)


def test_a_kuwaiti_announcement_starts_at_its_own_bar(page, live_url):
    open_referee(page, live_url, "initial-meld", preset="kuwait")
    expect(page.get_by_role("link", name="Announcement")).to_have_attribute(
        "aria-current", "page")
    tap(page, "9C 10C JC", picked(page, "Meld 1"))
    another_meld(page, 2)
    tap(page, "QH QS QC", picked(page, "Meld 2"))
    ask(page)
    # An announcement needs 91: 59 is not enough.
    expect(page.locator(".bar-line")).to_have_text("Bar in force: 91")
    expect(verdict(page).locator("h2")).to_have_text("Not enough to announce")


# --- Adding to a meld: which end a wild goes, and the one-card exception ----------------------

def test_adding_a_wild_goes_at_the_end_the_table_says(page, live_url, shot):
    open_referee(page, live_url, "lay-off", preset="levant")
    # 7♦ turned: A♦ is wild.
    page.locator(".indicator-deck").get_by_role("button", name="7♦", exact=True).click()
    expect(page.locator(".indicator-set")).to_contain_text("Wild: A♦")
    table = picked(page, "The meld on the table")
    tap(page, "9C 10C JC", table)
    tap(page, "AD", pick_into(page, "The cards to add"))
    page.get_by_text("Which end, going out").click()
    page.get_by_role("radio", name="the low end").check()
    # The address follows the form once the page has the change.
    expect(page).to_have_url(re.compile("end=low"))
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("The cards may be added")
    expect(meld_cards(page)).to_have_text([re.compile(r"^\s*A♦\s*= 8♣"), starts("9♣"),
                                           starts("10♣"), starts("J♣")])
    page.get_by_role("radio", name="the high end").check()
    expect(meld_cards(page).nth(3)).to_contain_text("= Q♣")
    shot(page, "referee-lay-off")
    no_reload(page)


def test_one_card_joins_two_and_a_wild_only_when_going_out(page, live_url):
    open_referee(page, live_url, "lay-off")
    tap(page, "5S 5D JK", picked(page, "The meld on the table"))
    tap(page, "5C", pick_into(page, "The cards to add"))
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("The cards may not be added")
    expect(verdict(page)).to_contain_text("unless you go out this turn")
    page.get_by_text("Which end, going out").click()
    page.get_by_role("checkbox", name="The player goes out this turn").check()
    expect(page).to_have_url(re.compile("going_out=yes"))
    expect(verdict(page).locator("h2")).to_have_text("The cards may be added")


# --- Taking a wild, a full hand, a redeal ----------------------------------------------------

def test_taking_the_wild_back_with_the_card_it_stands_for(page, live_url, shot):
    open_referee(page, live_url, "swap")
    tap(page, "9C JK JC", picked(page, "The meld on the table"))
    tap(page, "10C", pick_into(page, "The cards given for the wild"))
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("The wild may be taken")
    expect(verdict(page).locator(".takes")).to_contain_text("JK")
    expect(meld_cards(page)).to_have_text([starts("9♣"), starts("10♣"), starts("J♣")])
    shot(page, "referee-swap")


HAND = "10H JH QH KH AH 2S 2D 2C 5S 5D 5C 8S 8D 8C 4S"


def test_a_full_hand_shows_its_arrangement_and_discard(page, live_url, shot):
    open_referee(page, live_url, "hand", preset="egypt")
    page.locator(".indicator-deck").get_by_role("button", name="7♠", exact=True).click()
    tap(page, HAND, picked(page))
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("A full hand")
    # Three groups and the run of hearts; the 4♠ fits nothing and is thrown.
    expect(verdict(page).locator(".meld")).to_have_count(4)
    expect(verdict(page).locator(".discard")).to_contain_text("4♠")
    shot(page, "referee-hand")


def test_a_full_hand_of_one_colour_earns_its_bonus(page, live_url):
    open_referee(page, live_url, "hand", preset="egypt")
    page.locator(".indicator-deck").get_by_role("button", name="7♠", exact=True).click()
    # Every card red, in three runs: "all of one colour" doubles the score in Egypt.
    tap(page, "AH 2H 3H 4H 5H 9H 10H JH QH KH 6D 7D 8D 9D 3D", picked(page))
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("A full hand")
    expect(verdict(page).locator(".bonus")).to_contain_text(["all of one colour ×2"])


def test_a_redeal_claim_counts_the_identical_pairs(page, live_url, shot):
    open_referee(page, live_url, "redeal", preset="levant")
    page.locator(".indicator-deck").get_by_role("button", name="7♦", exact=True).click()
    tap(page, "2H 2H 3H 3H 4H 4H 5H 6H 7H 8H 9H 10H JH QH", picked(page))
    ask(page)
    # Three pairs and no wild: not enough.
    expect(verdict(page).locator("h2")).to_have_text("No redeal")
    # With the wild A♦ instead of the Q♥, three pairs and a wild are enough.
    take_out(page, picked(page).nth(13))
    expect(picked(page)).to_have_count(13)
    tap(page, "AD", picked(page))
    expect(verdict(page).locator("h2")).to_have_text("Redeal allowed")
    expect(verdict(page).locator(".pairs")).to_contain_text("2♥")
    shot(page, "referee-redeal")


# --- From a game: the indicator remembered, a ruling kept ---------------------------------

def test_a_ruling_kept_from_a_game_shows_on_its_page_and_printed_sheet(page, live_url, shot):
    game_url = start_game(page, live_url, ["Sami", "Rana", "Omar"])
    page.locator(".actions").get_by_role("link", name="Referee").click()
    expect(page.get_by_role("heading", name=re.compile("^Referee · Levant"))).to_be_visible()
    expect(page.locator(".meta")).to_contain_text("deal 1")
    page.locator(".indicator-deck").get_by_role("button", name="7♦", exact=True).click()
    tap(page, "9C AD JC", picked(page))
    ask(page)
    expect(verdict(page)).to_contain_text("the wild A♦ stands for 10♣")
    shot(page, "referee-from-game")

    # Another check of the same deal does not ask for the indicator again.
    tab(page, "Full hand")
    expect(page.locator(".indicator-set")).to_contain_text("7♦")
    tab(page, "Meld")
    tap(page, "9C AD JC", picked(page))
    ask(page)
    page.get_by_role("button", name="Keep this ruling in the game's history").click()
    expect(page).to_have_url(re.compile(re.escape(game_url) + "#rulings$"))
    rulings = page.locator("#rulings")
    expect(rulings.locator("li")).to_have_count(1)
    expect(rulings).to_contain_text("Deal 1 · Meld: A valid meld")
    expect(rulings).to_contain_text("the wild A♦ stands for 10♣")
    shot(page, "game-with-ruling")

    page.get_by_role("link", name="Print the sheet").click()
    expect(page.locator("#rulings")).to_contain_text("the wild A♦ stands for 10♣")
    shot(page, "print-with-ruling")


# --- Without JavaScript --------------------------------------------------------------------

def test_the_picker_works_as_a_plain_form_without_javascript(no_script_page, live_url, shot):
    page = no_script_page
    page.goto(f"{live_url}/referee/meld?preset=gulf")
    row = picked(page)
    tap(page, "10S JS JK", row)
    ask(page)
    expect(verdict(page)).to_contain_text("the wild JK stands for Q♠")
    row.nth(2).click()
    page.get_by_role("button", name="◀ Earlier").click()
    page.get_by_role("button", name="◀ Earlier").click()
    expect_cards(row, "JK 10S JS")
    expect(verdict(page)).to_contain_text("the wild JK stands for 9♠")
    # Each tap came back as the question's own address: a reload taps nothing again.
    page.reload()
    expect_cards(row, "JK 10S JS")
    shot(page, "referee-no-javascript")


# --- Issue 16: a card taken from the discard pile, going out, the Kuwaiti table -------------

def mark_taken(page: Page, row: Locator, index: int) -> None:
    """Select the picked card at *index* and press the toggle "Taken from the discard"."""
    row.nth(index).click()
    expect(row.nth(index)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Taken from the discard", exact=True).click()
    expect(row.nth(index)).to_have_class(re.compile(r"\btaken\b"))


def test_a_wild_ace_taken_from_the_discard_is_only_its_own_ace(page, live_url, shot):
    """Seed 000, "Play": "If a wild Ace is discarded, the player taking it can only use it
    as a natural Ace of the suit printed on it." 9♣ turned: the A♣ are wild."""
    open_referee(page, live_url, preset="levant")
    page.locator(".indicator-deck").get_by_role("button", name="9♣", exact=True).click()
    row = picked(page)
    tap(page, "7D AC 9D", row)
    ask(page)
    # From hand the wild A♣ fills the gap: the 8♦.
    expect(verdict(page).locator("h2")).to_have_text("A valid meld")
    expect(verdict(page)).to_contain_text("the wild A♣ stands for 8♦")

    mark_taken(page, row, 1)
    expect(row.nth(1).locator(".taken-mark")).to_have_text("discard")
    toggle = page.get_by_role("button", name="Taken from the discard", exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(verdict(page).locator("h2")).to_have_text("Not a valid meld")
    expect(verdict(page)).to_contain_text(
        "A wild A♣ taken from the discard pile may be used only as the natural A♣ printed "
        "on it, not as 8♦.")
    assert scroll_width(page) <= 360, "the referee scrolls sideways"
    small = page.locator("#referee").evaluate(SMALL_TARGETS)
    assert not small, "tap targets under 44 px on the referee:\n" + "\n".join(small)
    shot(page, "referee-discard-toggle")

    # The mark follows its card; at the top of Q♣ K♣ the A♣ is its own ace again.
    for left in (2, 1):
        take_out(page, row.filter(has_not=page.locator(".taken-mark")).first)
        # The verdict comes back with the row redrawn: wait for it before the next tap.
        expect(row).to_have_count(left)
    expect_cards(row, "AC")
    expect(row.nth(0)).to_have_class(re.compile(r"\btaken\b"))
    tap(page, "QC KC", row)
    expect_cards(row, "AC QC KC")
    row.nth(0).drag_to(row.nth(2))
    expect_cards(row, "QC KC AC")
    expect(row.nth(2)).to_have_class(re.compile(r"\btaken\b"))
    expect(verdict(page).locator("h2")).to_have_text("A valid meld")
    expect(verdict(page)).to_contain_text("plays as the natural A♣ printed on it")
    no_reload(page)


def test_the_discard_toggle_works_without_javascript(no_script_page, live_url, shot):
    page = no_script_page
    page.goto(f"{live_url}/referee/meld?preset=levant&indicator=AS")
    row = picked(page)
    # A♠ turned: the jokers are wild, and one taken from the discard is only an ace.
    tap(page, "9D 10D JK", row)
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("A valid meld")
    mark_taken(page, row, 2)
    expect(verdict(page)).to_contain_text("may be used only as an ace, not as J♦")
    page.reload()
    expect(row.nth(2)).to_have_class(re.compile(r"\btaken\b"))
    shot(page, "referee-discard-no-javascript")


def test_a_first_meld_going_out_this_turn_needs_no_bar(page, live_url):
    """Seed 000, "Initial Meld", "Exception": less than 51 is allowed to a player who gets
    rid of all their cards in a single turn."""
    open_referee(page, live_url, "initial-meld")
    tap(page, "2D 3D 4D", picked(page, "Meld 1"))
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("Not a first meld")
    page.get_by_role("checkbox", name="The player goes out this turn").check()
    expect(page).to_have_url(re.compile("going_out=yes"))
    expect(verdict(page).locator("h2")).to_have_text("Enough for a first meld")
    expect(verdict(page)).to_contain_text("is exempt from the minimum")
    expect(verdict(page).locator(".tally")).to_have_text(
        "Total 9 · no bar: the player goes out this turn")
    no_reload(page)


def test_the_kuwaiti_referee_plays_one_pack_for_three_players(page, live_url, shot):
    """Seed 001, "Hand Game": "In a 2 or 3 player game, only 1 deck of cards is used." """
    open_referee(page, live_url, preset="kuwait")
    size = page.locator(".table-size")
    expect(size.get_by_role("radio", name="4")).to_be_checked()
    size.get_by_role("radio", name="3").check()
    expect(page).to_have_url(re.compile("players=3"))
    expect(size).to_contain_text("each card is in play once")
    row = picked(page)
    tap(page, "5H", row)
    expect(deck(page).get_by_role("button", name="5♥", exact=True)).to_be_disabled()
    tap(page, "5S 5C", row)
    ask(page)
    expect(verdict(page).locator("h2")).to_have_text("A valid meld")
    # The announcement tab keeps the table's size: three players announce at 91.
    tab(page, "Announcement")
    expect(page.locator(".table-size").get_by_role("radio", name="3")).to_be_checked()
    expect(page.locator(".bar-line")).to_have_text("Bar in force: 91")
    page.locator(".table-size").get_by_role("radio", name="5").check()
    expect(page.locator(".bar-line")).to_have_text("Bar in force: 71")
    shot(page, "referee-kuwait-players")
    no_reload(page)
