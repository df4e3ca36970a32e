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
