"""Issue 22: the sheet says who went out of each deal and how (on screen, printed, in the
CSV), the special hands are named in the table's words and ticked on the form when the
winner's cards show them, Hareeqa's preview says who burns and which points move and its
points stand in view, counts agree with their number in both languages, names are put
together with the reader's "and", and the CSV is named after the players and the day."""

from __future__ import annotations

import csv
import html
import io
import re
from urllib.parse import unquote

import pytest
from apiwork import scored
from flask_babel import force_locale, ngettext
from game_actions import FOUR, THREE, deal_form
from pagework import HX

ARABIC = {"Accept-Language": "ar"}
ARABIC_FOUR = ["سامي", "رنا", "عمر", "لينا"]
# Under Egypt with 7♣ turned, A♣ is wild: 14 red cards and the wild thrown (seed 000,
# "Bonus Scores": one colour, and a wild discarded).
RED_HAND = "2H 3H 4H 5D 6D 7D 8D 9H 10H JH QH QD KD AD AC"


def row_cells(page: str, number: int) -> list[str]:
    """The cells of deal *number*'s row on a sheet, as HTML."""
    row = re.search(rf'<tr class="\w+" data-deal="{number}">(.*?)</tr>', page, re.S)
    assert row, f"no row for deal {number}"
    return re.findall(r"<td>(.*?)</td>", row.group(1), re.S)


def mark_of(cell: str) -> tuple[str, str] | None:
    """A cell's went-out mark: (what is seen, what a screen reader says)."""
    found = re.search(r'<small class="out-mark"[^>]*><span aria-hidden="true">(.*?)</span>'
                      r'<span class="visually-hidden">(.*?)</span></small>', cell)
    return None if found is None else (html.unescape(found.group(1)),
                                       html.unescape(found.group(2)))


def csv_of(client, game_id: str, headers=None) -> list[list[str]]:
    return list(csv.reader(io.StringIO(client.get(f"/games/{game_id}.csv",
                                                  headers=headers or {}).text)))


# --- who went out, and how -------------------------------------------------------------

def test_the_sheet_marks_the_player_who_went_out_and_the_finish(client, actions, played):
    """Seed 000, "End of the Play and Scoring": a finish over several turns is a partial
    hand. Badr (the second column) went out of deal 1."""
    cells = row_cells(client.get(f"/games/{played}").text, 1)
    assert [mark_of(c) for c in cells[:3]] == [
        None, ("out", "Badr went out: partial hand"), None]
    printed = row_cells(client.get(f"/games/{played}/print").text, 1)
    assert mark_of(printed[1]) == ("out", "Badr went out: partial hand")


def test_an_unscored_deal_has_no_mark(client, actions, played):
    actions.redeal(played, 2)
    assert not any(mark_of(c) for c in row_cells(client.get(f"/games/{played}").text, 2))


def test_a_partnership_sheet_marks_the_team_of_the_player_who_went_out(client, actions):
    game_id = actions.start("levant", FOUR, partnerships="y")
    actions.record(game_id, winner=3, hands={0: 10, 1: 0, 2: 20})  # Dina, with Badr
    cells = row_cells(client.get(f"/games/{game_id}").text, 1)
    assert [mark_of(c) for c in cells[:2]] == [None, ("out", "Dina went out: partial hand")]


@pytest.mark.parametrize(("preset", "bonuses", "name"), [
    # Seed 001, "Hand Game": its types of hand, and that the joker endings combine with
    # the colored and suited ones.
    ("kuwait", [], "full hand"),
    ("kuwait", ["one_colour"], "colored hand"),
    ("kuwait", ["one_suit"], "suited hand"),
    ("kuwait", ["wild_discard"], "joker hand"),
    ("kuwait", ["two_wilds"], "double joker hand"),
    ("kuwait", ["two_wilds", "one_colour"], "double joker colored hand"),
    # Seed 000, "Bonus Scores" (Egypt): the doubles for a wild card discarded, one colour
    # and one suit combine; an indicator picks the wilds, so a wild is no joker there.
    ("egypt", ["wild_discard"], "wild hand"),
    ("egypt", ["wild_discard", "one_colour"], "wild colored hand"),
    ("egypt", ["two_wilds", "one_suit"], "double wild suited hand"),
])
def test_a_special_hand_is_named_on_the_sheet_the_print_and_the_csv(
        client, actions, preset, bonuses, name):
    game_id = actions.create(preset, THREE)["id"]
    actions.post_deal(game_id, scored(1, "Caro", {"Ali": 10, "Badr": None}, "full",
                                      bonuses=bonuses))
    sheet = row_cells(client.get(f"/games/{game_id}").text, 1)
    assert mark_of(sheet[2]) == (name, f"Caro went out: {name}")
    printed = row_cells(client.get(f"/games/{game_id}/print").text, 1)
    assert mark_of(printed[2]) == (name, f"Caro went out: {name}")
    header, first = csv_of(client, game_id)[:2]
    assert first[header.index("Went out")] == "Caro"
    assert first[header.index("How")] == name


def test_the_preview_names_how_the_winner_went_out(client, actions):
    game_id = actions.start("egypt")
    preview = client.post(f"/games/{game_id}/preview", headers=HX,
                          data=deal_form(winner_cards=RED_HAND, indicator="7C")).text
    assert "Badr went out: wild colored hand" in html.unescape(preview)


def test_hand_and_foot_marks_the_side_that_went_out_and_a_stock_run_out(client):
    from test_web_handfoot import BEHIND, OUT, deal, side, start

    game_id = start(client)
    assert client.post(f"/games/{game_id}/deals", data=deal(
        1, "1", side(0, **BEHIND), side(1, **OUT))).status_code == 302
    assert client.post(f"/games/{game_id}/deals", data=deal(
        2, "none", side(0, **BEHIND), side(1, **BEHIND))).status_code == 302
    page = client.get(f"/games/{game_id}").text
    assert [mark_of(c) for c in row_cells(page, 1)[:2]] == [None, ("out", "Bob went out")]
    assert not any(mark_of(c) for c in row_cells(page, 2))
    assert "minimum 90 · stock ran out" in html.unescape(page)


# --- the bonuses ticked from the cards ------------------------------------------------

def checkbox(text: str, value: str) -> str:
    found = re.search(rf'<input[^>]*value="{value}"[^>]*>', text)
    assert found, value
    return found.group()


def test_the_preview_ticks_the_bonuses_the_winners_cards_bear_out(client, actions):
    game_id = actions.start("egypt")
    form_page = client.get(f"/games/{game_id}").text
    preview = client.post(f"/games/{game_id}/preview", headers=HX,
                          data=deal_form(winner_cards=RED_HAND, indicator="7C")).text
    for value in ("wild_discard", "two_wilds", "one_colour", "one_suit"):
        on_form, sent = checkbox(form_page, value), checkbox(preview, value)
        # The same box, replaced out of band, ticked as the cards bear out.
        box_id = re.search(r'id="([^"]+)"', on_form).group(1)
        assert f'id="{box_id}"' in sent and 'hx-swap-oob="true"' in sent
        assert ("checked" in sent) == (value in ("wild_discard", "one_colour")), value
    assert re.search(rf'<input type="hidden" id="bonuses_for" name="bonuses_for" '
                     rf'value="{RED_HAND}" hx-swap-oob="true">', preview)
    assert 'id="bonuses_for"' in form_page


def test_a_player_may_untick_what_the_preview_ticked(client, actions):
    game_id = actions.start("egypt")
    unticked = deal_form(winner_cards=RED_HAND.lower(), indicator="7C", bonuses_for=RED_HAND)
    preview = client.post(f"/games/{game_id}/preview", headers=HX, data=unticked).text
    assert "hx-swap-oob" not in preview  # the boxes are left as the player set them


def test_ticks_left_from_other_cards_give_way_to_the_cards(client, actions):
    game_id = actions.start("egypt")
    stale = deal_form(winner_cards=RED_HAND, indicator="7C", bonuses=["one_suit"],
                      bonuses_for="2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH AC 2H")
    assert client.post(f"/games/{game_id}/deals", data=stale).status_code == 302
    assert sorted(actions.state(game_id)["deals"][0]["bonuses"]) == ["one_colour",
                                                                     "wild_discard"]


def test_ticks_the_player_made_for_these_cards_are_still_checked(client, actions):
    game_id = actions.start("egypt")
    claimed = deal_form(winner_cards=RED_HAND, indicator="7C", bonuses=["one_suit"])
    assert client.post(f"/games/{game_id}/deals", data=claimed).status_code == 422


# --- Hareeqa --------------------------------------------------------------------------

def hareeqa_preview(client, game_id: str, number: int, **fields) -> str:
    answer = client.post(f"/games/{game_id}/preview", headers=HX,
                         data=deal_form(number, **fields))
    assert answer.status_code == 200
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", answer.text)).split())


def test_the_hareeqa_preview_says_who_burns_and_which_points_move(client, actions):
    """Seed 002, "Hareeqa Rules": a win takes 1 point from each other player, 2 for a full
    hand; a score of 201 or more burns, the score going back to the highest other one and
    2 points into the pot; when one player is left unburned the game ends and that player
    takes the pot, no points moving."""
    game_id = actions.create("hareeqa", THREE, "Ali")["id"]
    actions.post_deal(game_id, scored(1, "Ali", {"Badr": 150, "Caro": None}))
    text = hareeqa_preview(client, game_id, 2, winner=0, finish="full",
                           hands={1: 60, 2: None})
    assert "Ali went out: full hand" in text
    assert "Badr burns: the score goes back to 200 and 2 points go into the pot." in text
    assert "Points move: Ali takes 2 points from each other player." in text
    assert "points +4, now 3" in text and "points −4, now −8" in text

    actions.post_deal(game_id, scored(2, "Ali", {"Badr": 60, "Caro": None}, "full"))
    actions.post_deal(game_id, scored(3, "Caro", {"Ali": 20, "Badr": 5}))
    text = hareeqa_preview(client, game_id, 4, winner=0, hands={1: 10, 2: 40})
    assert "Caro burns" in text
    assert ("The game ends: no points move, and Ali takes the pot of 6 points." in text)
    assert "Points move" not in text


def test_hareeqa_points_decide_the_winner_in_view_and_on_the_sheet(client, actions):
    """Seed 002, "Hareeqa Rules": the most points win, not the lowest score."""
    game_id = actions.create("hareeqa", THREE, "Ali")["id"]
    actions.post_deal(game_id, scored(1, "Badr", {"Ali": 150, "Caro": 30}))
    page = client.get(f"/games/{game_id}").text
    status = re.search(r'<div id="status">(.*?)</div>\s*<div class="sheet-wrap"', page, re.S)
    assert status, "no status"
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", status.group(1))).split())
    assert "Points decide the winner: Badr −1 Ali −4 Caro −4 pot 0" in words
    assert "Not burned yet: Ali, Badr, Caro." in words
    tally = re.search(r'<tr class="tally">(.*?)</tr>', page, re.S)
    assert tally and "decide the winner" in tally.group(1)
    assert re.findall(r'<td( class="leader")?>([-−]?\d+)</td>', tally.group(1)) == [
        ("", "−4"), (' class="leader"', "−1"), ("", "−4")]
    assert csv_of(client, game_id)[-1][:6] == ["Points", "", "", "-4", "-1", "-4"]


# --- counts and names in both languages ------------------------------------------------

def test_counts_agree_with_their_number_in_both_languages(client, actions, app, played):
    assert "Game in progress: 1 round scored." in client.get(f"/games/{played}/print").text
    home = client.get("/").text
    assert "1 round scored" in home and "1 rounds" not in home
    with app.test_request_context(), force_locale("ar"):
        one = ngettext("Game in progress: %(num)d round scored.",
                       "Game in progress: %(num)d rounds scored.", 1)
        three = ngettext("Game in progress: %(num)d round scored.",
                         "Game in progress: %(num)d rounds scored.", 3)
    assert one != three and "%" not in one
    printed = client.get(f"/games/{played}/print", headers=ARABIC).text
    assert one in printed.replace("\u2068", "").replace("\u2069", "")


def test_arabic_pages_join_a_teams_names_with_wa(client, actions):
    game_id = actions.start("levant", ARABIC_FOUR, partnerships="y")
    actions.record(game_id, winner=0, hands={1: 10, 3: 20})
    # Each name set apart by isolates, so a side reads in one order (issue 39, point 3).
    page = client.get(f"/games/{game_id}", headers=ARABIC).text
    assert "\u2068سامي\u2069 و\u2068عمر\u2069" in page
    page = page.replace("\u2068", "").replace("\u2069", "")
    assert "سامي وعمر" in page and "رنا ولينا" in page
    assert "&amp;" not in row_cells(page, 1)[0]
    assert "سامي &amp; عمر" in client.get(f"/games/{game_id}").text
    assert "سامي وعمر" in csv_of(client, game_id, ARABIC)[0]
    # What is stored and the API keep the names as they are.
    assert actions.state(game_id)["teams"] == [["سامي", "عمر"], ["رنا", "لينا"]]


def test_arabic_hand_and_foot_sides_and_winners_are_joined_with_wa(client):
    from test_web_handfoot import start

    game_id = start(client, players=["آنا", "بشير", "كمال", "دينا"])
    page = client.get(f"/games/{game_id}", headers=ARABIC).text.replace(
        "\u2068", "").replace("\u2069", "")
    assert "آنا وكمال" in page and "&amp;" not in page.split('class="sheet"')[1]


# --- the CSV's name -------------------------------------------------------------------

def test_the_csv_is_named_after_the_players_and_the_day(client, actions, app, played):
    from pagework import view_id

    for path in (f"/games/{played}.csv", f"/view/{view_id(app, played)}.csv"):
        disposition = client.get(path).headers["Content-Disposition"]
        assert re.fullmatch(r'attachment; filename="hand-Ali-Badr-Caro-\d{4}-\d\d-\d\d\.csv"; '
                            r"filename\*=UTF-8''hand-Ali-Badr-Caro-\d{4}-\d\d-\d\d\.csv",
                            disposition), disposition
        assert played not in disposition and view_id(app, played) not in disposition


def test_an_arabic_named_csv_keeps_the_names_in_its_utf8_filename(client, actions):
    game_id = actions.start("levant", ["سامي", "Rana", "José"])
    disposition = client.get(f"/games/{game_id}.csv").headers["Content-Disposition"]
    plain = re.search(r'filename="([^"]+)"', disposition).group(1)
    typed = unquote(re.search(r"filename\*=UTF-8''(\S+)", disposition).group(1))
    # The plain name keeps the Arabic name in Latin letters (issue 39, point 12: it was
    # dropped, "hand-Rana-Jose-…").
    assert re.fullmatch(r"hand-samy-Rana-Jose-\d{4}-\d\d-\d\d\.csv", plain)
    assert re.fullmatch(r"hand-سامي-Rana-José-\d{4}-\d\d-\d\d\.csv", typed)
    assert disposition.isascii()


def test_a_piles_count_of_cards_agrees_with_its_number_in_arabic(client, actions, app):
    """Arabic counts 3 to 10 with a plural noun and 11 or more with a singular one: a
    pile of eleven cards is "11 ورقة", of seven "7 أوراق"."""
    for size, word in ((7, "أوراق"), (11, "ورقة")):
        game_id = actions.create({"preset": "hand_and_foot", "pile_size": size},
                                 ["Ann", "Bob", "Cy", "Dee"], partnerships=True)["id"]
        page = client.get(f"/games/{game_id}", headers=ARABIC).text
        page = page.replace("\u2068", "").replace("\u2069", "")
        assert f"رزمة مكتملة من {size} {word}" in page, size
    english = client.get(f"/games/{game_id}").text
    assert "A complete pile more (11 cards)" in english
