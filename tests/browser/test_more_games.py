"""Whole games of the other forms of Hand on a 360-px phone, each from the new-game form to
"Game over" and the winner: Kuwait (announcing, mistakes, the Kuwaiti table), Hand Saudi
(the Gulf rules, with a tie-break round), Egypt (bonus hands, the loser deals) and Hareeqa
(the burn at 201, the pot and the points line).

Every expected number is worked out here by hand from docs/scoring.md, written out next to
the deal it belongs to; nothing is asked of the engine.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .test_games import (
    EGYPT,
    FULL,
    Scorer,
    deal_form,
    dealers_in_csv,
    expect_next,
    expect_preview,
    expect_sheet,
    fill_deal,
    hand_of,
    mark_page,
    save_deal,
    scroll_width,
    shown,
    start_game,
    type_into,
    who,
)

KUWAIT = re.compile(r"^Kuwait\b")
SAUDI = re.compile(r"^Hand Saudi\b")
HAREEQA = re.compile(r"^Hareeqa\b")

# A losing hand, beyond fill_deal's points (an int) and did-not-meld (None).
MISTAKE = ("mistake", None)                 # "Made a mistake", announcement left unsaid
ANNOUNCED_MISTAKE = ("mistake", "yes")      # announced, and made a mistake


def cards(text: str) -> tuple[str, str]:
    """Melded (announced), and the cards left in hand typed in instead of the points."""
    return ("cards", text)


def fill(page: Page, winner: str, hands: dict, **options) -> None:
    """fill_deal, plus hands given as cards and Kuwaiti mistakes."""
    plain = {name: h for name, h in hands.items() if not isinstance(h, tuple)}
    fill_deal(page, winner, plain, **options)
    for name, h in hands.items():
        if not isinstance(h, tuple):
            continue
        hand = hand_of(page, name)
        kind, value = h
        if kind == "cards":
            hand.get_by_role("radio", name="yes", exact=True).check()
            type_into(hand.get_by_label("or the cards left"), value)
        else:
            if value == "yes":
                hand.get_by_role("radio", name="yes", exact=True).check()
            hand.get_by_role("checkbox", name="Made a mistake").check()


def play(page: Page, scorer: Scorer, number: int, deal, rounds: int | None,
         totals: dict[str, int] | None = None) -> None:
    """Record deal *number*: ("stock",), ("redeal",) or (winner, hands, options, scores),
    check the preview, the sheet and, while the game goes on, who deals and starts.
    *totals*, when given, are the totals after the deal (Hareeqa's burns reset them)."""
    if deal[0] in ("stock", "redeal"):
        name = "Stock ran out" if deal[0] == "stock" else "Redeal (identical pairs)"
        deal_form(page).get_by_role("radio", name=name).check()
        expect(page.locator("#preview")).to_contain_text(
            "Not scored: the same dealer deals again.")
        dealer = scorer.dealer
        save_deal(page, number)
        scorer.unscored()
        expect(page.locator(".notice")).to_have_text(
            f"The last deal was not scored, so {dealer} deals again.")
    else:
        winner, hands, options, scores = deal
        fill(page, winner, hands, **options)
        expect_preview(page, scores)
        save_deal(page, number)
        scorer.scored(scores)
    if totals is not None:
        scorer.totals = dict(totals)
    expect_sheet(page, scorer)
    played = sum(row is not None for row in scorer.rows)
    if rounds is not None and played < rounds:
        expect(page.get_by_text(f"Deal {number + 1} · round {played + 1} of {rounds}")
               ).to_be_visible()
        expect(who(page, "Rounds left")).to_have_text(str(rounds - played))
        expect_next(page, scorer)


def expect_over(page: Page, winner: str) -> None:
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator(".winner-line")).to_have_text(f"{winner} won.")
    expect(deal_form(page)).to_have_count(0)
    expect(page.locator(".next")).to_have_count(0)
    assert scroll_width(page) <= 360, "the finished game scrolls sideways"


# --- 1. Kuwait ---------------------------------------------------------------------------

FAHAD, MONA, SALEM = "Fahad", "Mona", "Salem"
# docs/scoring.md, seed 001's table — winner / did not announce / announced × / mistake:
#   finished after announcing (partial) -30 / 100 / 1× / 150
#   regular (full) hand                 -60 / 200 / 2× / 300
#   joker hand (a wild thrown)         -120 / 400 / 4× / 600
# An announcer's joker counts 20; a mistake pays its column, announced or not.
# The deal rotates: Fahad, Mona, Salem, Fahad, ...; a deal without a score is dealt again.
KUWAIT_GAME = [
    # 1, Fahad deals. Fahad announced, 35 in hand, 1×; Salem never announced, 100.
    (MONA, {FAHAD: 35, SALEM: None}, {},
     {FAHAD: 35, MONA: -30, SALEM: 100}),
    # 2, Mona deals. Fahad made a mistake, 150; Mona announced, 12.
    (SALEM, {FAHAD: MISTAKE, MONA: 12}, {},
     {FAHAD: 150, MONA: 12, SALEM: -30}),
    # 3, Salem deals. A regular hand: -60; Mona announced, 20 × 2 = 40; Salem 200.
    (FAHAD, {MONA: 20, SALEM: None}, {"finish": FULL},
     {FAHAD: -60, MONA: 40, SALEM: 200}),
    # 4, Fahad deals. A regular hand: Fahad announced, a joker (20) and the 7♠,
    # (20 + 7) × 2 = 54; Salem announced 44 but made a mistake, 300 (not 88).
    (MONA, {FAHAD: cards("JK 7S"), SALEM: ANNOUNCED_MISTAKE}, {"finish": FULL},
     {FAHAD: 54, MONA: -60, SALEM: 300}),
    # 5, Mona deals: the stock runs out; Mona deals again.
    ("stock",),
    # 6, Mona deals. Fahad announced and holds nothing worth a point; Mona 100.
    (SALEM, {FAHAD: 0, MONA: None}, {},
     {FAHAD: 0, MONA: 100, SALEM: -30}),
    # 7, Salem deals. A joker hand: -120; Mona announced, 15 × 4 = 60; Salem 400.
    (FAHAD, {MONA: 15, SALEM: None}, {"finish": FULL, "bonuses": ["Threw a wild"]},
     {FAHAD: -120, MONA: 60, SALEM: 400}),
    # 8, Fahad deals, the 7th round. Both announced: 8 and 30.
    (MONA, {FAHAD: 8, SALEM: 30}, {},
     {FAHAD: 8, MONA: -30, SALEM: 30}),
]
# Fahad 35 + 150 - 60 + 54 + 0 - 120 + 8 = 67; Mona -30 + 12 + 40 - 60 + 100 + 60 - 30 = 92;
# Salem 100 - 30 + 200 + 300 - 30 + 400 + 30 = 970.
KUWAIT_TOTALS = {FAHAD: 67, MONA: 92, SALEM: 970}


def test_a_kuwait_game_with_announcements_and_mistakes(page, live_url, shot):
    players = [FAHAD, MONA, SALEM]
    game_url = start_game(page, live_url, players, preset=KUWAIT, dealer_seat=1)
    expect(page.get_by_role("heading", name="Kuwait")).to_be_visible()
    expect(page.get_by_text("Deal 1 · round 1 of 7")).to_be_visible()
    scorer = Scorer(players, dealer=FAHAD, rotate=True)
    expect_next(page, scorer)
    # The Kuwaiti form asks who announced, not who melded, and for mistakes; jokers are
    # wild (no indicator) and there is no redeal for identical pairs.
    form = deal_form(page)
    fahad = hand_of(page, FAHAD)
    expect(fahad).to_contain_text("Announced?")
    expect(fahad).not_to_contain_text("Melded?")
    expect(fahad.get_by_role("checkbox", name="Made a mistake")).to_have_count(1)
    expect(form.get_by_label("Indicator card")).to_have_count(0)
    expect(form.get_by_role("radio", name="Redeal (identical pairs)")).to_have_count(0)
    mark_page(page)

    for number, deal in enumerate(KUWAIT_GAME, start=1):
        play(page, scorer, number, deal, rounds=7)

    assert scorer.totals == KUWAIT_TOTALS
    expect_over(page, FAHAD)
    # Rotating: Fahad, Mona, Salem, Fahad, Mona (stock out), Mona, Salem, Fahad.
    assert dealers_in_csv(page, game_url) == [
        FAHAD, MONA, SALEM, FAHAD, MONA, MONA, SALEM, FAHAD]
    shot(page, "kuwait-finished")


# --- 2. Hand Saudi -----------------------------------------------------------------------

BADR, DANA, HIND, MAJID = "Badr", "Dana", "Hind", "Majid"
# The Gulf scores (docs/scoring.md): the winner -30, a melded hand its points, an unmelded
# one 100; a full hand doubles all (-60, 2×, 200). Jokers are wild: a joker left in hand
# costs 15 and a natural ace 11. Five rounds; the deal passes to the right.
SAUDI_GAME = [
    # 1, Hind deals.
    (BADR, {DANA: 20, HIND: None, MAJID: 35}, {},
     {BADR: -30, DANA: 20, HIND: 100, MAJID: 35}),
    # 2, Majid deals. Dana's full hand: -60, 10 × 2, 5 × 2, 200.
    (DANA, {BADR: 10, HIND: 5, MAJID: None}, {"finish": FULL},
     {BADR: 20, DANA: -60, HIND: 10, MAJID: 200}),
    # 3, Badr deals: the stock runs out; Badr deals again.
    ("stock",),
    # 4, Badr deals. Badr is left a joker and the ace of spades: 15 + 11 = 26.
    (HIND, {BADR: cards("JK AS"), DANA: 20, MAJID: 12}, {},
     {BADR: 26, DANA: 20, HIND: -30, MAJID: 12}),
    # 5, Dana deals.
    (MAJID, {BADR: 4, DANA: 0, HIND: 60}, {},
     {BADR: 4, DANA: 0, HIND: 60, MAJID: -30}),
    # 6, Hind deals, the 5th round.
    (BADR, {DANA: 10, HIND: 45, MAJID: 22}, {},
     {BADR: -30, DANA: 10, HIND: 45, MAJID: 22}),
    # Badr -30 + 20 + 26 + 4 - 30 = -10 and Dana 20 - 60 + 20 + 0 + 10 = -10 tie for the
    # lowest total: a tie-break round. 7, Majid deals.
    (DANA, {BADR: 7, HIND: 3, MAJID: None}, {},
     {BADR: 7, DANA: -30, HIND: 3, MAJID: 100}),
]
# Hind 100 + 10 - 30 + 60 + 45 + 3 = 188; Majid 35 + 200 + 12 - 30 + 22 + 100 = 339.
SAUDI_TOTALS = {BADR: -3, DANA: -40, HIND: 188, MAJID: 339}


def test_a_hand_saudi_game_to_its_tie_break(page, live_url, shot):
    players = [BADR, DANA, HIND, MAJID]
    game_url = start_game(page, live_url, players, preset=SAUDI, dealer_seat=3)
    expect(page.get_by_role("heading", name="Hand Saudi")).to_be_visible()
    expect(page.get_by_text("Deal 1 · round 1 of 5")).to_be_visible()
    scorer = Scorer(players, dealer=HIND, rotate=True)
    expect_next(page, scorer)
    form = deal_form(page)
    expect(hand_of(page, BADR)).to_contain_text("Melded?")
    expect(form.get_by_role("checkbox", name="Made a mistake")).to_have_count(0)
    expect(form.get_by_label("Indicator card")).to_have_count(0)
    expect(form.get_by_text("Bonus hands")).to_have_count(0)
    mark_page(page)

    for number, deal in enumerate(SAUDI_GAME[:-1], start=1):
        play(page, scorer, number, deal, rounds=5)
    # Five rounds are played, but Badr and Dana are level on -10: not over yet.
    assert (scorer.totals[BADR], scorer.totals[DANA]) == (-10, -10)
    expect(page.get_by_role("heading", name="Game over")).to_have_count(0)
    expect(page.get_by_text("Deal 7 · tie-break round")).to_be_visible()
    expect(who(page, "Rounds left")).to_have_count(0)
    expect_next(page, scorer)
    assert (scorer.dealer, scorer.starter) == (MAJID, BADR)

    play(page, scorer, 7, SAUDI_GAME[-1], rounds=5)
    assert scorer.totals == SAUDI_TOTALS
    expect_over(page, DANA)
    assert dealers_in_csv(page, game_url) == [HIND, MAJID, BADR, BADR, DANA, HIND, MAJID]
    shot(page, "saudi-finished")


# --- 3. Egypt ----------------------------------------------------------------------------

NABIL, REEM, TAMER = "Nabil", "Reem", "Tamer"
# The Levant scores; a full hand doubles, and its bonuses multiply on top (docs/scoring.md):
# one colour ×2, both wilds thrown ×4. The round's biggest loser deals next (a tie that
# takes in the dealer keeps the dealer; otherwise the first tied player after the dealer).
EGYPT_GAME = [
    # 1, Reem deals. Tamer lost most: he deals.
    (NABIL, {REEM: 30, TAMER: 45}, {},
     {NABIL: -30, REEM: 30, TAMER: 45}),
    # 2, Tamer deals. A full hand of one colour, ×2 ×2 = ×4: -120, 10 × 4, 100 × 4.
    (REEM, {NABIL: 10, TAMER: None}, {"finish": FULL, "bonuses": ["All one colour"]},
     {NABIL: 40, REEM: -120, TAMER: 400}),
    # 3, Tamer deals: identical pairs, a redeal; Tamer deals again.
    ("redeal",),
    # 4, Tamer deals, the 7♥ turned: the ace of hearts is wild (15), so Nabil's A♥ and
    # 10♦ cost 25. Nabil and Reem tie on 25; the first after Tamer is Nabil: he deals.
    (TAMER, {NABIL: cards("AH 10D"), REEM: 25}, {"indicator": "7H"},
     {NABIL: 25, REEM: 25, TAMER: -30}),
    # 5, Nabil deals. A full hand, both wilds thrown, ×2 ×4 = ×8: -240, 3 × 8, 800.
    (NABIL, {REEM: 3, TAMER: None}, {"finish": FULL, "bonuses": ["Threw both wilds"]},
     {NABIL: -240, REEM: 24, TAMER: 800}),
    # 6, Tamer deals. Nabil and Tamer tie on 50, and Tamer, the dealer, keeps the deal.
    (REEM, {NABIL: 50, TAMER: 50}, {},
     {NABIL: 50, REEM: -30, TAMER: 50}),
    # 7, Tamer deals. Reem never melded: she deals.
    (NABIL, {REEM: None, TAMER: 9}, {},
     {NABIL: -30, REEM: 100, TAMER: 9}),
    # 8, Reem deals, the 7th round.
    (TAMER, {NABIL: 14, REEM: 60}, {},
     {NABIL: 14, REEM: 60, TAMER: -30}),
]
# Nabil -30 + 40 + 25 - 240 + 50 - 30 + 14 = -171; Reem 30 - 120 + 25 + 24 - 30 + 100 + 60
# = 89; Tamer 45 + 400 - 30 + 800 + 50 + 9 - 30 = 1244.
EGYPT_TOTALS = {NABIL: -171, REEM: 89, TAMER: 1244}


def test_an_egypt_game_with_bonus_hands(page, live_url, shot):
    players = [NABIL, REEM, TAMER]
    game_url = start_game(page, live_url, players, preset=EGYPT, dealer_seat=2)
    expect(page.get_by_role("heading", name="Egypt")).to_be_visible()
    expect(page.get_by_text("Deal 1 · round 1 of 7")).to_be_visible()
    scorer = Scorer(players, dealer=REEM)
    expect_next(page, scorer)
    expect(deal_form(page).get_by_role("checkbox", name="Made a mistake")).to_have_count(0)
    mark_page(page)

    for number, deal in enumerate(EGYPT_GAME, start=1):
        play(page, scorer, number, deal, rounds=7)

    assert scorer.totals == EGYPT_TOTALS
    expect_over(page, NABIL)
    assert dealers_in_csv(page, game_url) == [
        REEM, TAMER, TAMER, TAMER, NABIL, TAMER, TAMER, REEM]
    shot(page, "egypt-finished")


# --- 4. Hareeqa --------------------------------------------------------------------------

LAYLA, ZAID = "Layla", "Zaid"


def points_line(layla: int, zaid: int, pot: int) -> tuple[int, int, int]:
    return layla, zaid, pot


def expect_points(points, line: tuple[int, int, int]) -> None:
    """Each player's points and the pot, as the status shows them (issue 22: above the
    sheet, the most points first)."""
    layla, zaid, pot = line
    for name, value in ((LAYLA, layla), (ZAID, zaid)):
        expect(points.locator(".standing", has=points.page.locator(
            ".name", has_text=name)).locator(".points")).to_have_text(shown(value))
    expect(points.locator(".pot .points")).to_have_text(shown(pot))


# docs/scoring.md, Hareeqa: scores are never doubled (a full hand is -30 and the others pay
# plain values); each player starts on -3 points; the loser gives the winner 1 point, 2
# for a full hand. A score of 201 or more burns: 2 points into the pot, the score reset to
# the highest among those who did not burn. With two players the first burn leaves one
# never burned, so the game ends in that round: no points move and Layla takes the pot.
# (winner, hands, options, scores, totals after the deal, points line); the deal rotates.
HAREEQA_GAME = [
    # 1, Layla deals. Points: Layla -3 + 1 = -2, Zaid -3 - 1 = -4. Scores -30, 40.
    (LAYLA, {ZAID: 40}, {}, {LAYLA: -30, ZAID: 40}, {LAYLA: -30, ZAID: 40},
     points_line(-2, -4, 0)),
    # 2, Zaid deals. A full hand, not doubled; it moves 2 points: 0 and -6. Scores -60, 140.
    (LAYLA, {ZAID: None}, {"finish": FULL}, {LAYLA: -30, ZAID: 100},
     {LAYLA: -60, ZAID: 140}, points_line(0, -6, 0)),
    # 3, Layla deals. Zaid wins a point back: -1 and -5. Scores -35, 110.
    (ZAID, {LAYLA: 25}, {}, {LAYLA: 25, ZAID: -30}, {LAYLA: -35, ZAID: 110},
     points_line(-1, -5, 0)),
    # 4, Zaid deals. Zaid's 110 + 91 = 201 burns: -5 - 2 = -7, 2 to the pot, which Layla
    # takes: -1 + 2 = 1. Zaid's score is reset to Layla's -35 - 30 = -65.
    (LAYLA, {ZAID: 91}, {}, {LAYLA: -30, ZAID: 91}, {LAYLA: -65, ZAID: -65},
     points_line(1, -7, 0)),
]


def test_a_hareeqa_game_ends_when_a_player_burns(page, live_url, shot):
    players = [LAYLA, ZAID]
    start_game(page, live_url, players, preset=HAREEQA, dealer_seat=1)
    expect(page.get_by_role("heading", name="Hareeqa")).to_be_visible()
    # No number of rounds: the game ends by burning.
    expect(page.get_by_text("Deal 1 · round 1", exact=True)).to_be_visible()
    expect(who(page, "Rounds left")).to_have_count(0)
    points = page.locator("#status .hareeqa")
    expect_points(points, points_line(-3, -3, 0))
    scorer = Scorer(players, dealer=LAYLA, rotate=True)
    expect_next(page, scorer)
    mark_page(page)

    for number, (winner, hands, options, scores, totals, line) in enumerate(
            HAREEQA_GAME, start=1):
        play(page, scorer, number, (winner, hands, options, scores), None, totals)
        expect_points(points, line)
        if number < len(HAREEQA_GAME):
            expect(page.get_by_text(f"Deal {number + 1} · round {number + 1}", exact=True)
                   ).to_be_visible()
            expect_next(page, scorer)

    # Zaid burned at 201 and took Layla's score; the sheet keeps the round's 91.
    last = page.locator(".sheet tbody tr").nth(3)
    expect(last.locator(".score")).to_have_text(["−30", "91"])
    expect(last.locator(".running")).to_have_text(["−65", "−65"])
    expect(page.locator(".sheet tfoot tr:first-child td")).to_have_text(["−65", "−65"])
    # The most points win: Layla 1 against Zaid -7.
    expect_over(page, LAYLA)
    expect_points(points, points_line(1, -7, 0))
    shot(page, "hareeqa-finished")
