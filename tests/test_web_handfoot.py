"""Hand and Foot's pages (issue 14): a game started from the new-game form with its sides,
deals recorded on the deal form (typed or counted from cards), the preview broken down by
side, refusals with the engine's reason, corrections, undo, print, CSV, the view-only page
and the referee page.

Seed 003 sections are quoted per test.
"""

from __future__ import annotations

import csv
import html
import io
import re
from html.parser import HTMLParser

import pytest
from pagework import HX, alerts

from scorekeeper.extensions import db
from scorekeeper.models import Game

FOUR = ["Ann", "Bob", "Cy", "Dee"]
SIX = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def start(client, players=FOUR, sides="opposite", **extra) -> str:
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": sides, **extra}
    data |= {f"player_{i}": name for i, name in enumerate(players)}
    response = client.post("/new", data=data)
    assert response.status_code == 302, alerts(response.text)
    return response.location.rsplit("/", 1)[1]


def side(i: int, clean=0, dirty=0, wild=0, red=0, caught=0, melded="", left="",
         melded_cards="", left_cards="") -> dict:
    return {f"clean_piles_{i}": str(clean), f"dirty_piles_{i}": str(dirty),
            f"wild_piles_{i}": str(wild), f"red_threes_{i}": str(red),
            f"red_threes_caught_{i}": str(caught), f"melded_{i}": str(melded),
            f"left_{i}": str(left), f"melded_cards_{i}": melded_cards,
            f"left_cards_{i}": left_cards}


def deal(number: int, went_out: str, *sides: dict) -> dict:
    out = {"deal": str(number), "went_out": went_out}
    for s in sides:
        out |= s
    return out


OUT = dict(clean=2, dirty=2, wild=1, red=1, melded=2400, left=0)
BEHIND = dict(clean=1, dirty=1, melded=900, left=120)
OUT_SCORE = 2400 + 3100 + 100 + 100
BEHIND_SCORE = 900 - 120 + 800


def state(client, game_id) -> dict:
    return client.get(f"/api/v1/games/{game_id}").get_json()


def test_the_new_game_form_offers_hand_and_foot_with_its_sides_and_house_rules(client):
    page = client.get("/new").text
    assert 'value="hand_and_foot"' in page
    assert 'name="sides"' in page and 'name="hf_minimums"' in page
    assert 'name="player_5"' in page  # six seats


@pytest.mark.parametrize(("players", "sides", "teams"), [
    (FOUR, "opposite", [["Ann", "Cy"], ["Bob", "Dee"]]),
    (SIX, "opposite", [["Ann", "Dee"], ["Bob", "Eve"], ["Cy", "Fay"]]),
    (SIX, "threes", [["Ann", "Cy", "Eve"], ["Bob", "Dee", "Fay"]]),
    (FOUR[:3], "alone", None),
])
def test_a_game_starts_with_the_sides_chosen(client, players, sides, teams):
    """Seed 003 "Players, Cards, Deal": "Partners sit opposite each other"; "Introduction":
    two teams of three, or individuals."""
    game_id = start(client, players, sides)
    assert state(client, game_id)["teams"] == teams


def test_sides_the_players_cannot_make_are_refused_on_the_form(client):
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": "threes",
            "player_0": "Ann", "player_1": "Bob", "player_2": "Cy", "player_3": "Dee"}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert "Two teams of three need six players." in alerts(response.text)


def test_house_rules_on_the_form_reach_the_game(client):
    game_id = start(client, hf_rounds="2", hf_minimums="60 100", hf_going_out="200",
                    hf_red_three="500")
    rules = state(client, game_id)["rules"]
    assert (rules["rounds"], rules["minimums"], rules["going_out"], rules["red_three"]) == (
        2, [60, 100], 200, 500)
    bad = client.post("/new", data={"preset": "hand_and_foot", "first_dealer": "0",
                                    "player_0": "Ann", "player_1": "Bob",
                                    "sides": "alone", "hf_minimums": "fifty"})
    assert bad.status_code == 422 and "one whole number per deal" in html.unescape(bad.text)


def test_the_page_shows_who_deals_who_plays_first_and_the_minimum(client):
    """Seed 003: play "begins with the player to the left of the one who dealt"; deal 1's
    minimum is 50."""
    game_id = start(client)
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert "Deals the hands" in page and "Plays first" in page
    assert re.search(r"Opening meld at least</dt><dd>50", page)
    assert "Ann &amp; Cy" in client.get(f"/games/{game_id}").text


def test_a_deal_recorded_on_the_form_scores_each_side(client):
    """Seed 003 "Bonus Points" and "Card Values"."""
    game_id = start(client)
    form = deal(1, "0", side(0, **OUT), side(1, **BEHIND))
    preview = client.post(f"/games/{game_id}/preview", data=form, headers=HX).text
    assert f"<strong>{OUT_SCORE}</strong>" in preview
    assert "cards 2400 · piles 3100 · red threes 100 · going out 100" in preview
    response = client.post(f"/games/{game_id}/deals", data=form)
    assert response.status_code == 302, alerts(response.text)
    after = state(client, game_id)
    assert after["team_totals"] == [OUT_SCORE, BEHIND_SCORE]
    assert (after["dealer"], after["minimum"]) == ("Bob", 90)


def test_cards_tapped_in_are_counted_and_a_red_three_left_is_caught(client):
    """Seed 003 "The red and black threes": red threes left "count against you"."""
    game_id = start(client, FOUR[:2], "alone")
    form = deal(1, "none", side(0, melded_cards="KH KS KC JK", left_cards="3H 3C AS"),
                side(1, melded=0))
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    assert state(client, game_id)["deals"][0]["breakdown"][0] == {
        "cards": 55, "piles": 0, "red_threes": -100, "going_out": 0, "total": -45}


def test_a_side_going_out_without_its_piles_is_refused_naming_them(client):
    """Seed 003: to go out "your partnership must have completed at least two dirty piles,
    two clean piles and one wild pile"."""
    game_id = start(client)
    form = deal(1, "1", side(0, **OUT), side(1, **BEHIND))
    response = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert response.status_code == 422
    assert ("Bob & Dee cannot have gone out: the side still needed more complete piles "
            "(clean: 1, dirty: 1, wild: 1).") in [html.unescape(a) for a in alerts(
                response.text)]
    preview = client.post(f"/games/{game_id}/preview", data=form, headers=HX)
    assert "clean: 1, dirty: 1, wild: 1" in html.unescape(preview.text)
    assert state(client, game_id)["deals"] == []


def test_a_count_out_of_range_is_named_at_its_field(client):
    game_id = start(client)
    form = deal(1, "none", side(0, clean=-1), side(1))
    response = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert response.status_code == 422
    assert any(a.startswith("Clean piles:") for a in alerts(response.text))


def test_a_deal_is_corrected_and_undone(client, actions):
    game_id = start(client)
    client.post(f"/games/{game_id}/deals", data=deal(1, "0", side(0, **OUT),
                                                     side(1, **BEHIND)))
    edit = client.get(f"/games/{game_id}/deals/1/edit").text
    assert 'name="melded_0"' in edit and 'value="2400"' in edit
    version = state(client, game_id)["version"]
    corrected = deal(1, "1", side(0, **BEHIND), side(1, **OUT)) | {"version": version}
    response = client.post(f"/games/{game_id}/deals/1/edit", data=corrected)
    assert response.status_code == 302, alerts(response.text)
    assert state(client, game_id)["team_totals"] == [BEHIND_SCORE, OUT_SCORE]
    version = state(client, game_id)["version"]
    undone = client.post(f"/games/{game_id}/undo", data={"deal": "1", "version": version})
    assert undone.status_code == 302
    assert state(client, game_id)["deals"] == []


def test_the_game_ends_after_four_deals_and_the_highest_total_wins(client):
    """Seed 003: "A complete game consists of four deals"; the side with the most points
    wins."""
    game_id = start(client)
    for number, went_out, sides in ((1, "0", (OUT, BEHIND)), (2, "3", (BEHIND, OUT)),
                                    (3, "none", (BEHIND, BEHIND)), (4, "2", (OUT, BEHIND))):
        form = deal(number, went_out, side(0, **sides[0]), side(1, **sides[1]))
        assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert "Ann & Cy won." in page
    assert 'name="went_out"' not in page  # no more deals
    printed = html.unescape(client.get(f"/games/{game_id}/print").text)
    assert "Hand and Foot score sheet" in printed and "Ann & Cy won." in printed
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}.csv").text)))
    assert rows[0] == ["Deal", "Dealer", "Minimum", "Went out", "Ann & Cy", "Bob & Dee"]
    assert [r[2] for r in rows[1:5]] == ["50", "90", "120", "150"]
    assert rows[-1][4:] == [str(t) for t in state(client, game_id)["team_totals"]]
    view = state(client, game_id)["url"]
    assert client.get(view).status_code == 200


def test_the_view_only_page_and_exports_serve(client, app):
    game_id = start(client)
    client.post(f"/games/{game_id}/deals", data=deal(1, "0", side(0, **OUT),
                                                     side(1, **BEHIND)))
    with app.app_context():
        view_id = db.session.get(Game, game_id).view_id
    for path in (f"/view/{view_id}", f"/view/{view_id}/print", f"/view/{view_id}.csv",
                 f"/view/{view_id}.json", f"/view/{view_id}/sheet",
                 f"/games/{game_id}/sheet", f"/games/{game_id}.json", "/"):
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize(("path", "reason"), [
    ("meld?cards=9H+9S+2C", "is a dirty meld worth 40"),
    ("initial-meld?melds=9H+9S+9C+2C&deal=2", "short of the 90"),
    ("pickup?top=9H&hand=9S+9C+2C&deal=1", "Yes: these cards make up to 50"),
    ("go-out?clean=2&dirty=1&wild=1&partner=yes", "(dirty: 1)"),
    ("go-out?clean=2&dirty=2&wild=1&partner=no", "picked up the foot"),
])
def test_the_referee_page_answers_as_the_api_does(client, path, reason):
    """Seed 003: the meld kinds, the opening minimum of each deal, taking the pile (the
    example of the nines), the contract to go out."""
    page = client.get(f"/referee/hand-and-foot/{path}")
    assert page.status_code == 200
    assert reason in html.unescape(page.text)


def test_a_games_referee_page_uses_the_deal_being_played(client):
    game_id = start(client)
    client.post(f"/games/{game_id}/deals", data=deal(1, "0", side(0, **OUT),
                                                     side(1, **BEHIND)))
    assert client.get(f"/games/{game_id}/referee").status_code == 302
    page = client.get(f"/games/{game_id}/referee/hand-and-foot/initial-meld"
                      "?melds=9H+9S+9C+2C", follow_redirects=True)
    assert "short of the 90 an opening meld needs in deal 2" in html.unescape(page.text)
    assert client.get("/referee/meld?preset=hand_and_foot").status_code == 302


# --- Counting by kind (issue 21, part 4) ---------------------------------------------------

class Inputs(HTMLParser):
    """A page's form as a browser would send it: each input's value, a radio or checkbox
    only when checked."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag != "input" or "name" not in a:
            return
        if a.get("type") in ("radio", "checkbox") and "checked" not in a:
            return
        self.values[a["name"]] = a.get("value") or ""


def inputs(page: str) -> dict[str, str]:
    parser = Inputs()
    parser.feed(page)
    return parser.values


def api_game(client, **rules) -> str:
    made = client.post("/api/v1/games", json={
        "rules": {"preset": "hand_and_foot", **rules}, "players": FOUR,
        "first_dealer": "Ann", "partnerships": True})
    assert made.status_code == 201, made.text
    return made.get_json()["id"]


def kinds(i: int, part: str, **counts: int) -> dict:
    return {f"kind_{part}_{key}_{i}": str(n) for key, n in counts.items()}


# The side out's 38 cards melded: two clean piles (kings, sevens), two dirty (five aces and
# two twos; five nines, a joker and a two), a wild pile (three jokers, four twos) and three
# eights: seed 003 "Card Values".
MELDED_38 = dict(joker=4, two=7, ace=5, eight_to_king=15, four_to_seven=7)
MELDED_38_POINTS = 4 * 50 + 7 * 20 + 5 * 20 + 15 * 10 + 7 * 5


def test_a_side_counted_by_kind_on_the_form_is_scored_and_sent_as_counts(client):
    """Seed 003 "Card Values": jokers 50, twos and aces 20, eights to kings 10, fours to
    sevens 5, black threes 5 against. Counts left at 0 are not sent."""
    game_id = start(client)
    form = deal(1, "0", side(0, clean=2, dirty=2, wild=1, red=1),
                side(1, clean=1, dirty=1, melded=900))
    form |= kinds(0, "melded", **MELDED_38, black_three=0)
    form |= kinds(1, "left", joker=1, black_three=2, two=0)
    preview = client.post(f"/games/{game_id}/preview", data=form, headers=HX).text
    assert f"cards {MELDED_38_POINTS} · piles 3100" in preview
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    sent = state(client, game_id)["deals"][0]
    assert sent["sides"][0]["melded_by_kind"] == MELDED_38
    assert "left_by_kind" not in sent["sides"][0] and "left" not in sent["sides"][0]
    assert sent["sides"][1]["left_by_kind"] == {"joker": 1, "black_three": 2}
    assert [b["cards"] for b in sent["breakdown"]] == [MELDED_38_POINTS, 900 - 60]


def test_points_and_counts_for_the_same_cards_are_refused_with_the_engines_reason(client):
    game_id = start(client)
    form = deal(1, "none", side(0, melded=100), side(1)) | kinds(0, "melded", joker=2)
    response = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert response.status_code == 422
    assert any("one of them, not both" in a for a in alerts(response.text))


def test_a_correction_puts_the_counts_back_and_saves_them_unchanged(client):
    game_id = start(client)
    form = deal(1, "0", side(0, clean=2, dirty=2, wild=1, caught=0),
                side(1, clean=1, caught=1, melded=400)) | kinds(
        0, "melded", **MELDED_38) | kinds(1, "left", ace=2, black_three=1)
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    before = state(client, game_id)
    edit = client.get(f"/games/{game_id}/deals/1/edit").text
    shown = inputs(edit)
    assert {k: shown[f"kind_melded_{k}_0"] for k in MELDED_38} == {
        k: str(n) for k, n in MELDED_38.items()}
    assert (shown["red_threes_caught_1"], shown["melded_1"], shown["kind_left_ace_1"],
            shown["kind_left_black_three_1"], shown["kind_left_joker_1"]) == (
        "1", "400", "2", "1", "0")
    assert '<details class="by-kind" open>' in edit
    sent = client.post(f"/games/{game_id}/deals/1/edit", data=shown)
    assert sent.status_code == 302, alerts(sent.text)
    after = state(client, game_id)
    assert after["deals"][0]["breakdown"] == before["deals"][0]["breakdown"]
    assert after["team_totals"] == before["team_totals"]


def test_counts_the_api_recorded_by_rank_or_with_red_threes_come_back_to_the_form(client):
    """The API may count a rank alone ("9"), and red threes among the cards left (by kind or
    as cards); the form counts the rank with its band, and the red threes as caught."""
    game_id = api_game(client)
    body = {"deal": 1, "went_out": None, "sides": [
        {"clean_piles": 1, "melded_by_kind": {"9": 3, "eight_to_king": 4},
         "left_by_kind": {"red_three": 1, "joker": 1}, "red_threes_caught": 1},
        {"melded": 0, "left_cards": ["KS", "3D"]}]}
    assert client.post(f"/api/v1/games/{game_id}/deals", json=body).status_code == 201
    shown = inputs(client.get(f"/games/{game_id}/deals/1/edit").text)
    assert (shown["kind_melded_eight_to_king_0"], shown["red_threes_caught_0"],
            shown["kind_left_joker_0"]) == ("7", "2", "1")
    assert (shown["left_cards_1"], shown["red_threes_caught_1"]) == ("KS", "1")
    before = state(client, game_id)["deals"][0]["breakdown"]
    assert client.post(f"/games/{game_id}/deals/1/edit", data=shown).status_code == 302
    assert state(client, game_id)["deals"][0]["breakdown"] == before


@pytest.mark.parametrize(("left", "caught", "counted"), [
    ("3H KS", 1, 1),     # the stepper and the card are the same red three
    ("3H 3D KS", 1, 2),  # the cards say more: both count, once each
    ("3H", 0, 1),        # typed only
])
def test_a_red_three_left_on_the_form_is_counted_once(client, left, caught, counted):
    """Seed 003: a red three caught in hand or foot counts −100 — once, however the form
    was told."""
    game_id = start(client, FOUR[:2], "alone")
    form = deal(1, "none", side(0, caught=caught, left_cards=left, melded=0),
                side(1, melded=0))
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    [sent] = state(client, game_id)["deals"]
    assert sent["breakdown"][0]["red_threes"] == -100 * counted
    assert sent["sides"][0]["red_threes_caught"] == counted
    assert not any(c in ("3H", "3D") for c in sent["sides"][0].get("left_cards", []))


def test_the_form_has_no_red_three_count_among_the_cards_left_but_the_caught_stepper(client):
    page = client.get(f"/games/{start(client)}").text
    assert 'name="kind_left_joker_0"' in page and 'name="kind_left_black_three_0"' in page
    assert "kind_left_red_three" not in page and "kind_melded_red_three" not in page
    # Black threes meld only under the house rule.
    assert "kind_melded_black_three" not in page
    # A complete pile's worth in one tap, its size from the rules.
    assert 'data-step="7" data-for="kind_melded_joker_0"' in page
    six = client.get(f"/games/{api_game(client, pile_size=6, black_three_melded=5)}").text
    assert 'data-step="6" data-for="kind_melded_ace_0"' in six
    assert 'name="kind_melded_black_three_0"' in six


def test_a_band_the_house_values_apart_is_counted_rank_by_rank(client):
    """House card values (8 and 9 worth 5): the eights to kings are no longer one kind, so
    the form counts each of their ranks."""
    game_id = api_game(client, card_values={"8": 5, "9": 5})
    page = client.get(f"/games/{game_id}").text
    assert "kind_melded_eight_to_king_0" not in page
    assert all(f'name="kind_melded_{r}_0"' in page for r in ("8", "9", "10", "J", "Q", "K"))
    assert 'name="kind_melded_four_to_seven_0"' in page
    form = deal(1, "none", side(0), side(1, melded=0)) | kinds(0, "melded", **{"9": 3, "K": 7})
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    [sent] = state(client, game_id)["deals"]
    assert sent["sides"][0]["melded_by_kind"] == {"9": 3, "K": 7}
    assert sent["breakdown"][0]["cards"] == 3 * 5 + 7 * 10
    shown = inputs(client.get(f"/games/{game_id}/deals/1/edit").text)
    assert (shown["kind_melded_9_0"], shown["kind_melded_K_0"]) == ("3", "7")


def test_a_count_more_than_the_packs_hold_is_named_at_its_field(client):
    game_id = start(client)
    form = deal(1, "none", side(0), side(1)) | kinds(0, "melded", joker=11)
    response = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert response.status_code == 422
    assert any(a.startswith("Jokers:") for a in alerts(response.text))


@pytest.mark.parametrize(("query", "reason"), [
    # Seed 003, "Going Out": "you must ask partner's permission" — alone, there is none.
    ("partner=alone", "Yes: the side has its piles, and a player without a partner asks "
                      "nobody's permission"),
    ("partner=", "a player without a partner asks nobody's permission"),  # older links
    ("", "Has the partner picked up the foot"),  # nothing said: the referee asks
])
def test_the_go_out_question_takes_no_partner_explicitly(client, query, reason):
    page = client.get(f"/referee/hand-and-foot/go-out?clean=2&dirty=2&wild=1&{query}")
    text = html.unescape(page.text)
    assert reason in text
    assert '<div id="answer" tabindex="-1" autofocus>' in text
    assert 'action="/referee/hand-and-foot/go-out#answer"' in text
    checked = re.findall(r'name="partner" value="(\w*)" checked', text)
    assert checked == ([] if not query else ["alone"])


def test_the_go_out_question_of_a_table_of_players_alone_starts_at_no_partner(client):
    game_id = start(client, FOUR[:3], "alone")
    page = client.get(f"/games/{game_id}/referee/hand-and-foot/go-out").text
    assert re.findall(r'name="partner" value="(\w*)" checked', page) == ["alone"]
    sides = client.get(f"/games/{start(client)}/referee/hand-and-foot/go-out").text
    assert 'checked' not in re.sub(r'<input type="checkbox"[^>]*>', "", sides)


@pytest.mark.parametrize(("check", "boxes"), [
    ("meld", ["cards"]), ("initial-meld", ["melds"]), ("pickup", ["top", "hand", "table"]),
])
def test_the_referee_pages_card_boxes_open_the_card_picker(client, check, boxes):
    page = client.get(f"/referee/hand-and-foot/{check}").text
    assert re.findall(r'data-pick="(\w+)"', page) == boxes
    assert 'id="card-picker"' in page and 'data-card="3H"' in page


def test_a_finished_games_referee_asks_about_its_last_deal(client):
    """Issue 39, point 10: the referee of a finished four-deal game said "deal 5" and
    refused any question as "past its end"; it now asks about deal 4, the last played
    (seed 003: "A complete game consists of four deals")."""
    game_id = start(client)
    for number, went_out, sides in ((1, "0", (OUT, BEHIND)), (2, "3", (BEHIND, OUT)),
                                    (3, "none", (BEHIND, BEHIND)), (4, "2", (OUT, BEHIND))):
        form = deal(number, went_out, side(0, **sides[0]), side(1, **sides[1]))
        assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    page = html.unescape(client.get(
        f"/games/{game_id}/referee/hand-and-foot/initial-meld?melds=9H+9S+9C+2C",
        follow_redirects=True).text)
    assert "past its end" not in page and "deal 5" not in page
    assert "an opening meld needs in deal 4" in page
