"""Playing games on a 360-px phone: the new-game form, recording deals through the htmx deal
form with its live preview, the sheet's totals and who deals next, the card picker,
corrections and undo, the print view, tap targets, and bad input.

Expected numbers come from the rules as the table knows them (docs/rules.md), worked out
here by hand (`levant_round`, `next_dealer`), not from the engine the app uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page, expect

from .conftest import previews_settled

LEVANT = re.compile(r"^Levant\b")
EGYPT = re.compile(r"^Egypt\b")
GULF = re.compile(r"^Gulf\b")

PARTIAL = "Over several turns"
FULL = "Full hand: all 14 in one turn"
MARKER = "window.__noReload"


# --- The rules, by hand ------------------------------------------------------------------


def levant_round(winner: str, hands: dict[str, int | None], factor: int = 1) -> dict[str, int]:
    """A standard round's scores: the winner -30, a player who melded the points left in
    hand, one who did not 100; a full hand and the bonus hands multiply everything."""
    scores = {winner: -30 * factor}
    for name, points in hands.items():
        scores[name] = (100 if points is None else points) * factor
    return scores


def next_dealer(players: list[str], dealer: str, scores: dict[str, int]) -> str:
    """The loser deals: the round's highest score; a tie with the dealer keeps the dealer,
    otherwise the first tied player after the dealer in the seating list."""
    worst = max(scores.values())
    tied = {name for name, score in scores.items() if score == worst}
    if dealer in tied:
        return dealer
    seat = players.index(dealer)
    for step in range(1, len(players)):
        name = players[(seat + step) % len(players)]
        if name in tied:
            return name
    raise AssertionError("no tied player")


def after(players: list[str], name: str) -> str:
    return players[(players.index(name) + 1) % len(players)]


@dataclass
class Scorer:
    """The running state the sheet should show."""

    players: list[str]
    dealer: str
    rotate: bool = False
    totals: dict[str, int] = field(default_factory=dict)
    rows: list[dict[str, int] | None] = field(default_factory=list)

    def __post_init__(self):
        self.totals = dict.fromkeys(self.players, 0)

    def scored(self, scores: dict[str, int]) -> None:
        scores = {p: scores.get(p, 0) for p in self.players}
        for name, value in scores.items():
            self.totals[name] += value
        self.rows.append(scores)
        self.dealer = (after(self.players, self.dealer) if self.rotate
                       else next_dealer(self.players, self.dealer, scores))

    def unscored(self) -> None:
        self.rows.append(None)

    @property
    def starter(self) -> str:
        return after(self.players, self.dealer)


# --- Driving the pages -------------------------------------------------------------------


def start_game(page: Page, live_url: str, players: list[str], *, preset=LEVANT, dealer_seat=1,
               partnerships=False, rounds: int | None = None, shot=None) -> str:
    """Fill the new-game form and start; returns the game page's URL."""
    page.goto(f"{live_url}/new")
    page.get_by_role("radio", name=preset).check()
    for seat, name in enumerate(players, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    row = page.locator(".player-row").nth(dealer_seat - 1)
    row.get_by_role("radio", name="deals").check()
    if partnerships:
        page.get_by_role("checkbox", name=re.compile("^Play in partnerships")).check()
    if rounds is not None:
        page.get_by_text("House rules").click()
        page.get_by_label("Rounds in a game").fill(str(rounds))
    if shot is not None:
        shot(page, "new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.get_by_role("heading", name=re.compile(r"^Record deal 1$"))).to_be_visible()
    return page.url


def deal_form(page: Page) -> Locator:
    return page.locator("form.deal-form")


def hand_of(page: Page, name: str) -> Locator:
    return deal_form(page).get_by_role("group", name=name, exact=True)


def type_into(box: Locator, text: str) -> None:
    """Type as a player does: key by key (the preview listens for keyup), then leave."""
    box.fill("")
    box.press_sequentially(text)
    box.blur()


def fill_deal(page: Page, winner: str, hands: dict[str, int | None], *, finish=PARTIAL,
              bonuses=(), indicator: str | None = None) -> None:
    """Someone went out: the winner, how, and for each other player melded-or-not and the
    points left in hand (None: did not meld)."""
    form = deal_form(page)
    form.get_by_role("radio", name="Someone went out").check()
    form.get_by_role("group", name="Who went out?").get_by_role(
        "radio", name=winner, exact=True).check()
    form.get_by_role("radio", name=finish).check()
    for bonus in bonuses:
        form.get_by_role("checkbox", name=bonus).check()
    if indicator is not None:
        type_into(form.get_by_label("Indicator card"), indicator)
    for name, points in hands.items():
        hand = hand_of(page, name)
        if points is None:
            hand.get_by_role("radio", name="no", exact=True).check()
        else:
            hand.get_by_role("radio", name="yes", exact=True).check()
            type_into(hand.get_by_label("Points left in hand"), str(points))


def preview_score(page: Page, name: str) -> Locator:
    return page.locator("#preview li").filter(
        has=page.locator("span", has_text=re.compile(f"^{re.escape(name)}$"))).locator("strong")


def shown(number: int | str) -> str:
    """A number as the pages print it: below 0 with the minus sign "−" (issue 39,
    point 8)."""
    return str(number).replace("-", "−")


def expect_preview(page: Page, scores: dict[str, int | str]) -> None:
    expect(page.locator("#preview")).to_contain_text("This deal scores:")
    for name, score in scores.items():
        expect(preview_score(page, name)).to_have_text(shown(score))


def save_deal(page: Page, number: int) -> None:
    """Save deal *number* through htmx and wait for the sheet to show it, without a reload."""
    previews_settled(page)
    deal_form(page).get_by_role("button", name=f"Save deal {number}").click()
    expect(page.locator(".sheet tbody tr[data-deal]")).to_have_count(number)
    expect(page.get_by_role("link", name=f"Correct deal {number}")).to_be_visible()
    assert page.evaluate(MARKER) is True, "saving the deal reloaded the page"


def mark_page(page: Page) -> None:
    page.evaluate(f"{MARKER} = true")


def who(page: Page, label: str) -> Locator:
    """The name under "Deals" or "Starts with 15 cards"."""
    return page.locator(".who > div").filter(
        has=page.locator("dt", has_text=re.compile(f"^{re.escape(label)}$"))).locator("dd")


def expect_sheet(page: Page, scorer: Scorer, *, columns=None) -> None:
    """The sheet's rows (score per column, or dashes for an unscored deal) and totals."""
    columns = columns or [(p,) for p in scorer.players]
    rows = page.locator(".sheet tbody tr")
    expect(rows).to_have_count(len(scorer.rows) or 1)
    for i, scores in enumerate(scorer.rows):
        cells = rows.nth(i).locator("td:not(:has(.edit))")
        if scores is None:
            expect(cells).to_have_text(["—"] * len(columns))
        else:
            expect(cells.locator(".score")).to_have_text(
                [shown(sum(scores[p] for p in side)) for side in columns])
    totals = [shown(sum(scorer.totals[p] for p in side)) for side in columns]
    # The totals row (under Hareeqa a row of points follows it, issue 22); the deals'
    # numbers are their correction links, in no column of their own (issue 39, point 1).
    expect(page.locator(".sheet tfoot tr:first-child td")).to_have_text(totals)


def expect_next(page: Page, scorer: Scorer) -> None:
    expect(who(page, "Deals")).to_have_text(scorer.dealer)
    expect(who(page, "Starts with 15 cards")).to_have_text(scorer.starter)


# --- 1. A whole Levant game --------------------------------------------------------------

SAMI, RANA, OMAR = "Sami", "Rana", "Omar"
# (winner, {other player: points left, None when they did not meld}); "redeal" for a redeal.
# Written to pass through each dealer rule: a clear loser, a tie that takes in the dealer
# (deal 4), a tie between two others (deal 5), and a dealer who loses again (deal 6).
LEVANT_GAME = [
    (RANA, {SAMI: 25, OMAR: 40}),
    "redeal",
    (SAMI, {RANA: None, OMAR: 12}),
    (OMAR, {SAMI: 30, RANA: 30}),
    (RANA, {SAMI: 20, OMAR: 20}),
    (SAMI, {RANA: 7, OMAR: None}),
    (OMAR, {SAMI: 55, RANA: 0}),
    (SAMI, {RANA: 15, OMAR: 9}),
]


def test_a_levant_game_from_the_new_game_form_to_the_winner(page, live_url, shot):
    players = [SAMI, RANA, OMAR]
    start_game(page, live_url, players, dealer_seat=1, shot=shot)
    scorer = Scorer(players, dealer=SAMI)
    expect(page.get_by_role("heading", name="Levant")).to_be_visible()
    expect(page.get_by_text("Deal 1 · round 1 of 7")).to_be_visible()
    expect_next(page, scorer)
    expect(page.get_by_text("No deals yet.")).to_be_visible()
    mark_page(page)

    for number, deal in enumerate(LEVANT_GAME, start=1):
        if deal == "redeal":
            dealer = scorer.dealer
            deal_form(page).get_by_role("radio", name="Redeal (identical pairs)").check()
            # No hands to count for a deal that is dealt again.
            expect(hand_of(page, SAMI)).to_be_hidden()
            expect(page.locator("#preview")).to_contain_text(
                "Not scored: the same dealer deals again.")
            save_deal(page, number)
            scorer.unscored()
            expect(page.locator(".sheet tbody tr").nth(number - 1)).to_contain_text("redeal")
            expect(page.locator(".notice")).to_have_text(
                f"The last deal was not scored, so {dealer} deals again.")
            assert scorer.dealer == dealer
        else:
            winner, hands = deal
            fill_deal(page, winner, hands)
            scores = levant_round(winner, hands)
            # The winner's block folds away: nothing to count.
            expect(hand_of(page, winner)).to_be_hidden()
            expect_preview(page, scores)
            if number == 3:
                shot(page, "game-in-progress")
            save_deal(page, number)
            scorer.scored(scores)
        expect_sheet(page, scorer)
        if number < len(LEVANT_GAME):
            expect_next(page, scorer)
            expect(page.get_by_role("heading", name=f"Record deal {number + 1}")).to_be_visible()

    assert scorer.totals == {SAMI: 40, RANA: 92, OMAR: 121}
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator(".winner-line")).to_have_text("Sami won.")
    expect(deal_form(page)).to_have_count(0)
    expect(page.locator(".who")).to_have_count(0)
    expect(page.locator(".sheet tfoot td.leader")).to_have_text("40")
    assert page.evaluate(MARKER) is True
    shot(page, "game-finished")


# --- 2. Gulf and Egypt -------------------------------------------------------------------


def test_a_gulf_game_rotates_the_dealer_to_the_end(page, live_url):
    players = ["Ali", "Huda", "Karim"]
    start_game(page, live_url, players, preset=GULF, dealer_seat=2)
    expect(page.get_by_role("heading", name="Gulf")).to_be_visible()
    expect(page.get_by_text("Deal 1 · round 1 of 5")).to_be_visible()
    form = deal_form(page)
    # Jokers are wild: no indicator to ask for, and no redeal for identical pairs.
    expect(form.get_by_label("Indicator card")).to_have_count(0)
    expect(form.get_by_role("radio", name="Redeal (identical pairs)")).to_have_count(0)
    scorer = Scorer(players, dealer="Huda", rotate=True)
    expect_next(page, scorer)
    mark_page(page)

    deals = [
        ("Ali", {"Huda": 45, "Karim": None}, PARTIAL),
        "stock",
        ("Karim", {"Ali": 12, "Huda": 33}, FULL),   # a full hand doubles: -60, 24, 66
        ("Huda", {"Ali": None, "Karim": 5}, PARTIAL),
        ("Ali", {"Huda": 0, "Karim": 18}, PARTIAL),
        ("Ali", {"Huda": 20, "Karim": 61}, PARTIAL),
    ]
    for number, deal in enumerate(deals, start=1):
        if deal == "stock":
            form.get_by_role("radio", name="Stock ran out").check()
            save_deal(page, number)
            scorer.unscored()
            expect(page.locator(".sheet tbody tr").nth(number - 1)).to_contain_text("stock out")
        else:
            winner, hands, finish = deal
            fill_deal(page, winner, hands, finish=finish)
            scores = levant_round(winner, hands, 2 if finish == FULL else 1)
            expect_preview(page, scores)
            save_deal(page, number)
            scorer.scored(scores)
        expect_sheet(page, scorer)
        if number < len(deals):
            expect_next(page, scorer)
            rounds_left = 5 - sum(row is not None for row in scorer.rows)
            expect(who(page, "Rounds left")).to_have_text(str(rounds_left))

    assert scorer.rows[2] == {"Ali": 24, "Huda": 66, "Karim": -60}
    assert scorer.totals == {"Ali": 34, "Huda": 101, "Karim": 124}
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator(".winner-line")).to_have_text("Ali won.")
    expect(deal_form(page)).to_have_count(0)


def test_an_egypt_full_hand_of_one_suit_multiplies_by_eight(page, live_url):
    players = ["Nour", "Tarek", "Yara"]
    start_game(page, live_url, players, preset=EGYPT, dealer_seat=3)
    expect(page.get_by_role("heading", name="Egypt")).to_be_visible()
    scorer = Scorer(players, dealer="Yara")
    mark_page(page)

    fill_deal(page, "Nour", {"Tarek": 10, "Yara": None}, finish=FULL,
              bonuses=["All one suit"])
    # Full hand ×2, one suit ×4.
    scores = levant_round("Nour", {"Tarek": 10, "Yara": None}, 8)
    assert scores == {"Nour": -240, "Tarek": 80, "Yara": 800}
    expect_preview(page, scores)
    save_deal(page, 1)
    scorer.scored(scores)
    expect_sheet(page, scorer)
    expect_next(page, scorer)

    # Full hand ×2, one colour ×2, a wild thrown ×2.
    fill_deal(page, "Tarek", {"Nour": 4, "Yara": 21}, finish=FULL,
              bonuses=["All one colour", "Threw a wild"])
    scores = levant_round("Tarek", {"Nour": 4, "Yara": 21}, 8)
    expect_preview(page, scores)
    save_deal(page, 2)
    scorer.scored(scores)
    expect_sheet(page, scorer)
    assert scorer.totals == {"Nour": -208, "Tarek": -160, "Yara": 968}
    expect_next(page, scorer)


# --- 3. Partnerships ---------------------------------------------------------------------


def test_partnerships_hide_the_partners_hand_and_total_by_team(page, live_url):
    players = ["Amal", "Basil", "Carim", "Dalia"]
    start_game(page, live_url, players, dealer_seat=2, partnerships=True)
    expect(page.get_by_role("heading", name="Levant · partnerships")).to_be_visible()
    teams = [("Amal", "Carim"), ("Basil", "Dalia")]
    for team in teams:
        expect(page.get_by_role("columnheader", name=" & ".join(team))).to_be_visible()
    scorer = Scorer(players, dealer="Basil")
    expect_next(page, scorer)
    mark_page(page)

    fill_deal(page, "Carim", {"Basil": 35, "Dalia": None})
    # Carim went out: his partner Amal has nothing to count either.
    for name in ("Carim", "Amal"):
        expect(hand_of(page, name)).to_be_hidden()
    for name in ("Basil", "Dalia"):
        expect(hand_of(page, name)).to_be_visible()
    scores = levant_round("Carim", {"Basil": 35, "Dalia": None}) | {"Amal": 0}
    expect_preview(page, scores)
    save_deal(page, 1)
    scorer.scored(scores)
    expect_sheet(page, scorer, columns=teams)
    expect(page.locator(".sheet tfoot td")).to_have_text(["−30", "135"])
    expect_next(page, scorer)  # Dalia lost most: she deals, Amal starts.
    assert (scorer.dealer, scorer.starter) == ("Dalia", "Amal")

    # The other side goes out: now Amal and Carim count, Basil and Dalia fold away.
    fill_deal(page, "Basil", {"Amal": 14, "Carim": 26})
    for name in ("Basil", "Dalia"):
        expect(hand_of(page, name)).to_be_hidden()
    scores = levant_round("Basil", {"Amal": 14, "Carim": 26}) | {"Dalia": 0}
    expect_preview(page, scores)
    save_deal(page, 2)
    scorer.scored(scores)
    expect_sheet(page, scorer, columns=teams)
    expect(page.locator(".sheet tfoot td")).to_have_text(["10", "105"])
    expect_next(page, scorer)


# --- 4. The card picker ------------------------------------------------------------------


def test_counting_a_hand_by_tapping_its_cards(page, live_url, shot):
    players = [SAMI, RANA, OMAR]
    start_game(page, live_url, players)
    mark_page(page)
    form = deal_form(page)
    fill_deal(page, RANA, {OMAR: 12}, indicator="7C")
    sami = hand_of(page, SAMI)
    sami.get_by_role("radio", name="yes", exact=True).check()

    picker = page.locator("#card-picker")
    expect(picker).to_be_hidden()
    sami.get_by_role("button", name="Tap the cards").click()
    expect(picker).to_be_visible()
    for card in ("5♥", "Joker", "A♣"):
        picker.get_by_role("button", name=card, exact=True).click()
    cards = sami.get_by_label("or the cards left")
    expect(cards).to_have_value("5H JK AC")
    expect(picker.locator(".picked .chip")).to_have_text(["5♥", "JK", "A♣"])
    # 5, the joker as the natural ace of clubs 11, the wild ace of clubs 15.
    expect_preview(page, {SAMI: 31, RANA: -30, OMAR: 12})
    shot(page, "card-picker")

    picker.locator(".picked").get_by_role("button", name="JK", exact=True).click()
    expect(cards).to_have_value("5H AC")
    expect(picker.locator(".picked .chip")).to_have_text(["5♥", "A♣"])
    expect_preview(page, {SAMI: 20})
    picker.get_by_role("button", name="Done").click()
    expect(picker).to_be_hidden()

    form.get_by_role("button", name="Save deal 1").click()
    expect(page.locator(".sheet tbody tr").first.locator(".score")).to_have_text(
        ["20", "−30", "12"])
    assert page.evaluate(MARKER) is True
    # The new form's picker opens again, empty, for the next deal.
    hand_of(page, SAMI).get_by_role("button", name="Tap the cards").click()
    expect(page.locator("#card-picker")).to_be_visible()
    expect(page.locator("#card-picker .chip")).to_have_count(0)


# --- 5. Correction and undo --------------------------------------------------------------


def record(page: Page, scorer: Scorer, number: int, winner: str, hands) -> None:
    fill_deal(page, winner, hands)
    scores = levant_round(winner, hands)
    expect_preview(page, scores)
    save_deal(page, number)
    scorer.scored(scores)


def dealers_in_csv(page: Page, game_url: str) -> list[str]:
    text = page.request.get(f"{game_url}.csv").text()
    return [line.split(",")[2] for line in text.splitlines()[1:-1]]


def test_correcting_a_deal_and_undoing_the_last(page, live_url):
    players = [SAMI, RANA, OMAR]
    game_url = start_game(page, live_url, players)
    mark_page(page)
    scorer = Scorer(players, dealer=SAMI)
    record(page, scorer, 1, RANA, {SAMI: 25, OMAR: 40})
    record(page, scorer, 2, SAMI, {RANA: 10, OMAR: 10})  # Omar ties and keeps the deal
    record(page, scorer, 3, SAMI, {RANA: 5, OMAR: 5})
    expect_sheet(page, scorer)
    expect_next(page, scorer)
    assert (scorer.dealer, scorer.starter) == (OMAR, SAMI)
    assert dealers_in_csv(page, game_url) == [SAMI, OMAR, OMAR]

    page.get_by_role("link", name="Correct deal 1").click()
    expect(page.get_by_role("heading", name="Correct deal 1")).to_be_visible()
    sami_points = hand_of(page, SAMI).get_by_label("Points left in hand")
    expect(sami_points).to_have_value("25")
    expect(hand_of(page, RANA)).to_be_hidden()  # Rana went out in deal 1
    type_into(sami_points, "60")
    expect_preview(page, {SAMI: 60, RANA: -30, OMAR: 40})
    page.get_by_role("button", name="Save the correction").click()
    expect(page).to_have_url(game_url)

    # Sami now lost deal 1 most and dealt deal 2, so the ties fall differently.
    corrected = Scorer(players, dealer=SAMI)
    for winner, hands in [(RANA, {SAMI: 60, OMAR: 40}), (SAMI, {RANA: 10, OMAR: 10}),
                          (SAMI, {RANA: 5, OMAR: 5})]:
        corrected.scored(levant_round(winner, hands))
    expect_sheet(page, corrected)
    expect_next(page, corrected)
    assert (corrected.dealer, corrected.starter) == (RANA, OMAR)
    assert corrected.totals == {SAMI: 0, RANA: -15, OMAR: 55}
    assert dealers_in_csv(page, game_url) == [SAMI, SAMI, RANA]

    undo = page.get_by_role("button", name="Undo deal 3")
    page.once("dialog", lambda dialog: dialog.dismiss())
    undo.click()
    expect(page.locator(".sheet tbody tr")).to_have_count(3)

    mark_page(page)
    page.once("dialog", lambda dialog: dialog.accept())
    undo.click()
    expect(page.locator(".sheet tbody tr")).to_have_count(2)
    expect(page.get_by_role("link", name="Correct deal 3")).to_have_count(0)
    expect(page.get_by_role("button", name="Undo deal 2")).to_be_visible()
    assert page.evaluate(MARKER) is True, "undo reloaded the page"
    corrected.rows.pop()
    corrected.totals = {SAMI: 30, RANA: -20, OMAR: 50}
    corrected.dealer = RANA
    expect_sheet(page, corrected)
    expect_next(page, corrected)
    expect(page.get_by_role("heading", name="Record deal 3")).to_be_visible()


def test_the_correction_preview_shows_the_corrected_totals(page, live_url):
    players = [SAMI, RANA, OMAR]
    start_game(page, live_url, players)
    mark_page(page)
    scorer = Scorer(players, dealer=SAMI)
    record(page, scorer, 1, RANA, {SAMI: 25, OMAR: 40})
    record(page, scorer, 2, SAMI, {RANA: 10, OMAR: 10})
    page.get_by_role("link", name="Correct deal 1").click()
    type_into(hand_of(page, SAMI).get_by_label("Points left in hand"), "60")
    expect_preview(page, {SAMI: 60})
    # After the correction Sami's total is 60 - 30 = 30 (not 25 - 30 + 60 = 55).
    expect(page.locator("#preview li").filter(has_text=SAMI).locator("small")).to_have_text(
        "total 30", timeout=2_000)


def test_correcting_a_finished_game_previews_the_correction(page, live_url):
    start_game(page, live_url, [SAMI, RANA], rounds=1)
    mark_page(page)
    record(page, Scorer([SAMI, RANA], dealer=SAMI), 1, RANA, {SAMI: 10})
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    page.get_by_role("link", name="Correct deal 1").click()
    type_into(hand_of(page, SAMI).get_by_label("Points left in hand"), "14")
    expect_preview(page, {SAMI: 14, RANA: -30})


# --- 6. The print view -------------------------------------------------------------------


def test_the_print_view(page, live_url, shot):
    players = [SAMI, RANA, OMAR]
    game_url = start_game(page, live_url, players, rounds=2)
    mark_page(page)
    scorer = Scorer(players, dealer=SAMI)
    record(page, scorer, 1, RANA, {SAMI: 25, OMAR: 40})

    # Printing the game page itself leaves out the header, the deal form and the buttons.
    page.emulate_media(media="print")
    expect(page.locator(".sheet")).to_be_visible()
    for hidden in (page.locator(".site-header"), deal_form(page), page.locator(".actions"),
                   page.get_by_role("link", name="Correct deal 1")):
        expect(hidden).to_be_hidden()
    page.emulate_media(media="screen")

    record(page, scorer, 2, OMAR, {SAMI: 3, RANA: 70})
    expect(page.locator(".winner-line")).to_have_text("Omar won.")
    page.get_by_role("link", name="Print the sheet").click()
    expect(page).to_have_url(f"{game_url}/print")
    expect(page.get_by_role("heading", name="Hand score sheet: Levant")).to_be_visible()
    expect(page.get_by_text("Players, counter-clockwise: Sami, Rana, Omar")).to_be_visible()
    expect_sheet(page, scorer)
    expect(page.get_by_role("link", name=re.compile("^Correct deal"))).to_have_count(0)
    expect(page.locator(".winner-line")).to_have_text("Omar won.")
    expect(page.get_by_role("img", name="Running totals after each scored round")).to_be_visible()
    print_button = page.get_by_role("button", name="Print")
    expect(print_button).to_be_visible()

    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(print_button).to_be_hidden()
    expect(page.get_by_role("link", name="Back to the game")).to_be_hidden()
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.locator(".winner-line")).to_be_visible()
    shot(page, "print")


# --- 7. Layout at 360 px -----------------------------------------------------------------

SMALL_TARGETS = """
form => {
  const out = [];
  for (const el of form.querySelectorAll("button, input, select, textarea, a[href]")) {
    if (el.type === "hidden") continue;
    // A radio or checkbox is tapped through the label around it.
    const target = ["radio", "checkbox"].includes(el.type) ? el.closest("label") || el : el;
    const box = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    if (!box.width || !box.height || style.visibility === "hidden") continue;
    if (box.height < 44) {
      const name = el.getAttribute("aria-label") || el.name || el.textContent.trim();
      out.push(`${target.tagName.toLowerCase()} ${JSON.stringify(name)} ${box.height}px`);
    }
  }
  return out;
}
"""


def scroll_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_the_new_game_page_fits_360_px_with_44_px_tap_targets(page, live_url):
    page.goto(f"{live_url}/new")
    page.get_by_text("House rules").click()
    page.get_by_role("checkbox", name=re.compile("^Play in partnerships")).check()
    for seat, name in enumerate(["Bartholomew", "Maximiliana", "Konstantinos", "Evangelina"]):
        page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
    assert scroll_width(page) <= 360, "the new-game page scrolls sideways"
    small = page.locator("form.new-game").evaluate(SMALL_TARGETS)
    assert not small, "tap targets under 44 px in the new-game form:\n" + "\n".join(small)


LONG_NAMES = ["Bartholomew", "Maximiliana", "Konstantinos", "Evangelina"]


def busy_game(page: Page, live_url: str) -> None:
    """Four long names, a deal with 1400 points on the sheet and the next one filled in."""
    start_game(page, live_url, LONG_NAMES, dealer_seat=4)
    mark_page(page)
    record(page, Scorer(LONG_NAMES, dealer="Evangelina"), 1, "Bartholomew",
           {"Maximiliana": 125, "Konstantinos": None, "Evangelina": 1400})
    fill_deal(page, "Konstantinos", {"Bartholomew": 88}, indicator="QH")


def open_picker(page: Page) -> None:
    """The card picker open under a hand, with a card picked (a chip shows)."""
    hand_of(page, "Maximiliana").get_by_role("button", name="Tap the cards").click()
    page.locator("#card-picker").get_by_role("button", name="10♦").click()
    expect(page.locator("#card-picker .chip")).to_have_text(["10♦"])


def test_the_game_page_fits_360_px(page, live_url):
    busy_game(page, live_url)
    assert scroll_width(page) <= 360, "the game page scrolls sideways"
    open_picker(page)
    assert scroll_width(page) <= 360, "the game page scrolls sideways with the picker open"


def test_the_deal_form_has_44_px_tap_targets(page, live_url):
    busy_game(page, live_url)
    small = deal_form(page).evaluate(SMALL_TARGETS)
    # With the card picker open, its cards and chips too.
    open_picker(page)
    small += [s for s in deal_form(page).evaluate(SMALL_TARGETS) if s not in small]
    assert not small, "tap targets under 44 px in the deal form:\n" + "\n".join(small)


# --- 8. Bad input ------------------------------------------------------------------------

def test_saving_without_a_winner_says_so_and_saves_nothing(page, live_url):
    start_game(page, live_url, [SAMI, RANA, OMAR])
    mark_page(page)
    form = deal_form(page)
    hand_of(page, SAMI).get_by_role("radio", name="yes", exact=True).check()
    type_into(hand_of(page, SAMI).get_by_label("Points left in hand"), "12")
    form.get_by_role("button", name="Save deal 1").click()

    alert = deal_form(page).get_by_role("alert")
    expect(alert).to_have_text("Say who went out.")
    expect(alert).to_be_in_viewport()
    expect(page.get_by_text("No deals yet.")).to_be_visible()
    expect(page.locator(".sheet tfoot td")).to_have_text(["0", "0", "0"])
    expect(deal_form(page).get_by_role("button", name="Save deal 1")).to_be_visible()
    # What was typed is still there to finish.
    expect(hand_of(page, SAMI).get_by_label("Points left in hand")).to_have_value("12")

    # Points beyond what 14 cards can hold are refused too, at Omar's points field.
    fill_deal(page, RANA, {SAMI: 12, OMAR: 2000})
    deal_form(page).get_by_role("button", name="Save deal 1").click()
    message = hand_of(page, OMAR).get_by_role("alert")
    expect(message).to_have_text("Number must be between 0 and 1400.")
    expect(message).to_be_in_viewport()
    expect(page.get_by_text("No deals yet.")).to_be_visible()
    expect(hand_of(page, OMAR).get_by_label("Points left in hand")).to_have_value("2000")
    assert page.evaluate(MARKER) is True


def test_a_refused_deal_is_announced_once(page, live_url):
    start_game(page, live_url, [SAMI, RANA])
    deal_form(page).get_by_role("button", name="Save deal 1").click()
    expect(deal_form(page).get_by_role("alert")).to_have_text("Say who went out.")
    expect(page.get_by_role("alert")).to_have_count(1, timeout=1_000)


def test_a_fresh_deal_form_shows_no_error(page, live_url):
    start_game(page, live_url, [SAMI, RANA])
    page.wait_for_load_state("networkidle")
    expect(page.locator("#preview .error")).to_have_count(0, timeout=1_000)
