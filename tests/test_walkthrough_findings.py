"""What a walkthrough on a phone found (2026-11-26), each fixed and held here: numbers typed
the way an Arabic keyboard or a player writes them, a box left empty beside piles, house
rules refused out of sight, the go-out verdict for a player alone, and the sheet's deal
column of six players alone. Seed 003 sections are quoted where a rule is at stake."""

from __future__ import annotations

import html
import re

import pytest
from pagework import HX, alerts

from scorekeeper.games.handfoot.sheet import minimum_text

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def start(client, preset="hand_and_foot", **extra) -> str:
    data = {"preset": preset, "first_dealer": "0", "sides": "opposite", **extra}
    data |= {f"player_{i}": name for i, name in enumerate(FOUR)}
    response = client.post("/new", data=data)
    assert response.status_code == 302, alerts(response.text)
    return response.location.rsplit("/", 1)[1]


def test_number_boxes_take_the_digits_an_arabic_keyboard_types(client):
    """A type="number" box drops ٠–٩ as they are typed (Chromium): every whole-number box
    is a text box that brings up the number pad, and the server reads the digits."""
    page = client.get(f"/games/{start(client)}").text
    boxes = re.findall(r'<input[^>]*name="(?:melded|left|clean_piles)_0"[^>]*>', page)
    assert len(boxes) == 3
    for box in boxes:
        assert 'type="text"' in box and 'inputmode="numeric"' in box, box
    assert 'type="number"' not in client.get("/new").text


def test_a_minus_sign_is_named_as_what_is_wrong(client):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/deals", headers=HX, data={
        "deal": "1", "went_out": "none", "clean_piles_0": "1", "melded_0": "-100"})
    assert response.status_code == 422
    assert "Points melded: No minus sign here: type a whole number, in digits only." in [
        html.unescape(a) for a in alerts(response.text)]


@pytest.mark.parametrize("given", [{}, {"melded_0": ""}])
def test_a_side_with_piles_and_nothing_said_of_its_melded_cards_is_asked_for_them(
        client, given):
    """Seed 003, "Scoring": a side scores the cards it melded besides its piles' bonuses —
    a pile is seven melded cards, so piles with no melded points is a box forgotten."""
    game_id = start(client)
    form = {"deal": "1", "went_out": "0", "clean_piles_0": "2", "dirty_piles_0": "2",
            "wild_piles_0": "1", "left_1": "50", **given}
    for path in ("deals", "preview"):
        response = client.post(f"/games/{game_id}/{path}", data=form, headers=HX)
        assert ("Ann & Cy made piles: give what its melded cards are worth (the points, "
                "the cards or a count by kind).") in html.unescape(response.text), path
    assert client.get(f"/api/v1/games/{game_id}").get_json()["deals"] == []
    # Said by the points, the cards or a count by kind, the deal is in.
    response = client.post(f"/games/{game_id}/deals", data=form | {"melded_0": "2400"})
    assert response.status_code == 302


def test_a_side_with_no_piles_may_leave_its_melded_box_empty(client):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/deals", data={
        "deal": "1", "went_out": "none", "left_0": "40", "left_1": "60"})
    assert response.status_code == 302


def knee(client) -> str:
    """A game of Hand, Knee and Foot, whose opening minimums go by the side's score."""
    return start(client, hf_set="hand_knee_foot")


@pytest.mark.parametrize(("total", "verdict"), [
    ("٥٠٠٠٠", "needs 150"), ("50,000", "needs 150"), ("50 000", "needs 150"),
    ("-500", "needs 50"), ("−500", "needs 50"), ("", "needs 50"),
])
def test_the_referee_reads_a_sides_score_as_it_is_typed(client, total, verdict):
    """Hand, Knee and Foot's opening minimum goes by the side's score (50 below 15,000, 150
    from 50,000): a score typed with Arabic digits, grouped or below 0 sets it."""
    page = client.get(f"/games/{knee(client)}/referee/hand-and-foot/initial-meld",
                      query_string={"melds": "KH KS KD / QH QS QD", "total": total})
    text = html.unescape(page.text)
    minimum = re.search(r"minimum (\d+)", text)
    assert minimum and f"needs {minimum.group(1)}" == verdict, text[text.find('id="answer"'):][:400]


@pytest.mark.parametrize(("query", "error"), [
    ({"total": "abc"}, "The side's score so far is a whole number"),
    ({"total": "1.5"}, "The side's score so far is a whole number"),
    ({"deal": "x"}, "The deal is a whole number, 1 or more, in digits."),
])
def test_a_number_the_referee_cannot_read_is_named_not_taken_as_0(client, query, error):
    # A game's referee asks of its deal being played; on its own, of the deal typed.
    where = (f"/games/{knee(client)}/referee/hand-and-foot" if "total" in query
             else "/referee/hand-and-foot")
    page = client.get(f"{where}/initial-meld",
                      query_string={"melds": "KH KS KD / QH QS QD", **query})
    assert page.status_code == 422
    assert error in html.unescape(page.text)


@pytest.mark.parametrize(("piles", "valid"), [
    ({"clean": "٢", "dirty": "٢", "wild": "١"}, True),
    ({"clean": "2", "dirty": "2", "wild": "x"}, None),
])
def test_the_go_out_question_reads_arabic_digits_and_names_a_bad_count(client, piles, valid):
    page = client.get("/referee/hand-and-foot/go-out", query_string={
        **piles, "partner": "alone"})
    text = html.unescape(page.text)
    if valid:
        assert "a player without a partner asks nobody's permission" in text
    else:
        assert page.status_code == 422
        assert "each a whole number, 0 or more." in text


@pytest.mark.parametrize(("form", "field"), [
    ({"preset": "levant", "opt_rounds": "0"}, "opt_rounds"),
    ({"preset": "hand_and_foot", "hf_minimums": "50, 90, abc"}, "hf_minimums"),
])
def test_a_refused_house_rule_opens_the_house_rules_at_its_error(client, form, field):
    data = {"first_dealer": "0", "sides": "opposite", **form}
    data |= {f"player_{i}": name for i, name in enumerate(FOUR)}
    page = client.post("/new", data=data).text
    assert re.search(r'<details class="house-rules" open>', page), field
    assert f'name="{field}"' in page and 'class="error"' in page
    # Nothing refused: the house rules stay folded.
    assert '<details class="house-rules">' in client.get("/new").text


def test_a_deals_minimum_is_said_once_when_every_side_has_the_same():
    """Six players alone with minimums by score: "50 / 50 / 50 / 50 / 50 / 50" took most
    of a phone's width; the same minimum for all is one number."""
    assert minimum_text((50, 50, 50, 50, 50, 50)) == "50"
    assert minimum_text((50, 90)) == "50 / 90"
    assert minimum_text(90) == "90" and minimum_text(None) == ""


def test_the_printed_sheets_date_is_one_left_to_right_word(client):
    page = client.get(f"/games/{start(client)}/print").text
    assert re.search(r'<time class="date" dir="ltr" datetime="\d{4}-\d\d-\d\d">', page)


@pytest.mark.parametrize(("field", "typed", "said"), [
    ("hf_by_score", "0:50 5000:90 2500:120", "Give pairs of score:minimum, the scores rising"),
    ("hf_by_score", "0:5000", "Give pairs of score:minimum"),
    ("hf_contracts", "2/2/11", "Give clean/dirty/wild, such as 2/2/1"),
    ("hf_rank_piles", "7:9999999", "Give rank:points pairs"),
    ("hf_going_out", "100 200 300 400 500 600 700 800 900 1000 1100 1200 1300 1400 1500 "
                     "1600 1700 1800 1900 2000 2100 2200 2300 2400 2500 2600 2700 2800 2900 "
                     "3000 3100 3200", "Give a whole number, or one per deal"),
])
def test_a_house_rule_the_engine_refuses_is_named_at_its_box_in_the_boxs_terms(
        client, field, typed, said):
    """The engine's reasons name the API's option and JSON ("Option minimums_by_score must
    list [from total, minimum] pairs"); the form's box takes score:minimum or 2/2/1."""
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": "opposite",
            field: typed} | {f"player_{i}": name for i, name in enumerate(FOUR)}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    text = html.unescape(response.text)
    assert said in text
    assert "Option " not in text and "{" not in " ".join(alerts(response.text))


def test_a_player_alone_opens_and_a_side_open_with_at_least(client):
    """Minimums by the side's score, one per side: "Annabelle open with at least" read
    wrong for a player alone."""
    alone = start(client, hf_set="hand_knee_foot", sides="alone")
    page = html.unescape(client.get(f"/games/{alone}").text)
    assert "Ann opens with at least" in page and "Ann open with" not in page
    sides = html.unescape(client.get(f"/games/{knee(client)}").text)
    assert "Ann & Cy open with at least" in sides


def test_a_game_that_asks_no_pile_to_go_out_says_so(client):
    """The red-threes-for-going-out scorer checks no contract: "To go out: 0 clean, 0
    dirty and 0 wild piles" said it in numbers no player would use."""
    page = html.unescape(client.get(
        f"/games/{start(client, hf_set='hand_and_foot_canasta_threes')}").text)
    assert "To go out: no complete pile." in page


@pytest.mark.parametrize(("house_set", "shown"), [
    ("hand_and_foot_threes_against", ["a wild pile mixing twos and jokers 1,300",
                                      "a black three left −100", "the first side to meld 100",
                                      "cards worth: 8 5, 9 5"]),
    ("hand_knee_foot", ["7 red threes laid in one deal: 300 more", "a black three left −300"]),
    ("hand_and_foot_rising", ["a black three melded going out +5",
                              "a pile of black threes 2,000", "a perfect draw 100"]),
])
def test_the_rules_line_names_every_rarer_rule_the_house_plays(client, house_set, shown):
    """The game's rules line left out rules in force (black-three penalties, a bonus for
    many red threes, the first meld, card values): the sheet and the print name them."""
    game_id = start(client, hf_set=house_set)
    for where in ("", "/print"):
        page = html.unescape(client.get(f"/games/{game_id}{where}").text)
        for phrase in shown:
            assert phrase in page, (where, phrase)
    seed = html.unescape(client.get(f"/games/{start(client)}").text)
    assert "cards worth" not in seed and "a black three" not in seed


def test_the_meld_question_says_whether_the_game_allows_melds_of_wild_cards_only(client):
    """The hint said "or all wild" in a game that allows no wild melds."""
    seed = html.unescape(client.get("/referee/hand-and-foot/meld").text)
    assert "A meld of wild cards only is allowed too." in seed
    game_id = start(client, hf_set="hand_and_foot_simpson")
    page = html.unescape(client.get(f"/games/{game_id}/referee/hand-and-foot/meld").text)
    assert "This game allows no meld of wild cards only." in page
    assert "or all wild" not in page and "allowed too" not in page


def test_the_apis_seating_order_error_names_no_one_games_direction(client):
    """Hand is played counter-clockwise, Hand and Foot clockwise (seed 003, "Players,
    Cards, Deal"): one message serves both."""
    answer = client.post("/api/v1/games", json={"rules": "hand_and_foot", "players": "Ann",
                                                "first_dealer": "Ann"})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert "in the direction the game is played" in error and "clockwise" not in error


def test_the_chosen_house_rule_set_says_what_it_plays(client):
    """After picking a set every box stayed empty and nothing said what the set plays: its
    line is shown under it (the others' come up as it changes)."""
    page = html.unescape(client.get("/new").text)
    notes = re.findall(r'<p class="hint set-note" data-set="(\w+)"( hidden)?>', page)
    assert len(notes) == 8 and [key for key, hidden in notes if not hidden] == ["hand_and_foot"]
    assert "played over four deals with rising opening minimums." in page
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": "opposite",
            "hf_set": "hand_knee_foot", "hf_minimums": "x"}
    data |= {f"player_{i}": name for i, name in enumerate(FOUR)}
    again = client.post("/new", data=data).text
    shown = re.findall(r'<p class="hint set-note" data-set="(\w+)">', again)
    assert shown == ["hand_knee_foot"]


@pytest.mark.parametrize(("cards", "reason"), [
    ("AS 2H 2H 3H 3H 4H 4H 6H 7H 8H 9H 10H JH QH",
     "Redeal allowed: identical pairs 3 (2♥ 3♥ 4♥), wild cards 1."),
    ("AS 2H 2H 3H 3H 4H 6H 7H 8H 9H 10H JH QH KH",
     "No redeal: identical pairs 2 (2♥ 3♥), wild cards 1; a claim needs four pairs"),
])
def test_a_redeal_verdict_counts_without_pair_s(client, cards, reason):
    """Seed 000's redeal claim (four pairs, three and a wild, two and two wilds): the
    verdict read "3 identical pair(s) … 1 wild card(s)" aloud."""
    answer = client.post("/api/v1/referee/redeal", json={
        "rules": "levant", "indicator": "7S", "cards": cards.split()}).get_json()
    assert answer["reason"].startswith(reason), answer["reason"]
    assert "(s)" not in answer["reason"]


def test_the_arabic_winner_line_takes_no_verb_of_one_gender(client):
    """"فاز رنا" gave Rana a masculine verb: the Arabic says whose the win is instead."""
    from babel.support import Translations

    from scorekeeper.catalogues import TRANSLATIONS
    arabic = Translations.load(str(TRANSLATIONS), ["ar"])
    for text in ("%(names)s won.", "won by %(names)s", "Game over: %(names)s won.",
                 "Game over — %(names)s won."):
        assert "الفوز لـ%(names)s" in arabic.gettext(text), text


@pytest.mark.parametrize(("first", "second"), [
    ("أحمد", "احمد"),    # the hamza over the alef, as people leave it out
    ("إيمان", "ايمان"),  # the hamza under it
    ("آمنة", "امنة"),    # the madda
    ("فاطمة", "فاطمه"),  # taa marbuta typed as a haa
    ("عَلِي", "علي"),     # vowel marks
    ("محمّد", "محمد"),   # shadda
])
def test_arabic_names_a_reader_takes_for_one_are_refused_together(first, second):
    """A group took أحمد and احمد for two people, splitting one player's season for good."""
    from scorekeeper.rulekit import RulesError
    from scorekeeper.rulekit.names import new_names
    with pytest.raises(RulesError, match="look the same on the sheet"):
        new_names((first, second))


def test_a_group_game_with_a_members_name_typed_another_way_makes_no_new_member(client):
    made = client.post("/api/v1/groups", json={"name": "الخميس",
                                               "members": ["أحمد", "فاطمة", "علي"]})
    group_id = made.get_json()["id"]
    answer = client.post("/api/v1/games", json={
        "rules": "levant", "players": ["احمد", "فاطمه", "عَلِي"], "first_dealer": "احمد",
        "group": group_id})
    assert answer.status_code == 400 and "look the same" in answer.get_json()["error"]
    members = client.get(f"/api/v1/groups/{group_id}").get_json()["members"]
    assert len(members) == 3


@pytest.mark.parametrize("length", [41, 60])
def test_a_group_name_may_be_as_long_as_the_form_says(client, length):
    """The form and docs/api.md allow 60 characters; 41 to 60 got the players' 40 rule."""
    answer = client.post("/api/v1/groups", json={"name": "G" * length,
                                                 "members": ["Ann", "Bob"]})
    assert answer.status_code == 201, answer.get_json()
    too_long = client.post("/api/v1/groups", json={"name": "G" * 61,
                                                   "members": ["Ann", "Bob"]})
    assert too_long.status_code == 400
    assert "Keep the group's name to 60 characters." in too_long.get_json()["error"]
