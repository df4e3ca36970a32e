"""Hand and Foot's house rules through the pages: the new-game form's set and house rules
reach the game, the page and the printed sheet show the rules in force, and a game's
house rules survive a backup (docs/handfoot.md, "House rules")."""

import html
import json
import re

import pytest
from pagework import alerts

from scorekeeper.backup import export_games, import_games

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def start(client, **extra) -> str:
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": "opposite", **extra}
    data |= {f"player_{i}": name for i, name in enumerate(FOUR)}
    response = client.post("/new", data=data)
    assert response.status_code == 302, alerts(response.text)
    return response.location.rsplit("/", 1)[1]


def rules_of(client, game_id) -> dict:
    return client.get(f"/api/v1/games/{game_id}").get_json()["rules"]


def test_a_house_rule_set_is_chosen_on_the_form(client):
    """Hand, Knee and Foot: books of fives and sevens, minimums by score."""
    game_id = start(client, hf_set="hand_knee_foot")
    rules = rules_of(client, game_id)
    assert rules["preset"] == "hand_knee_foot"
    assert rules["rank_piles"] == {"5": 3000, "7": 5000}
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert "Ann & Cy open with at least" in page and "Bob & Dee open with at least" in page
    assert "House rules: Hand, Knee and Foot" in page
    assert "a pile of 7s 5,000" in page


@pytest.mark.parametrize(("fields", "expected"), [
    ({"hf_target": "10000"}, {"target": 10000}),
    ({"hf_by_score": "0:50 2500:90 5000:120 7500:150"},
     {"minimums_by_score": [[0, 50], [2500, 90], [5000, 120], [7500, 150]]}),
    ({"hf_going_out": "100 200 300 400"}, {"going_out": [100, 200, 300, 400]}),
    ({"hf_red_three_caught": "500"}, {"red_three_caught": 500}),
    ({"hf_rank_piles": "7:1000 5:3000"}, {"rank_piles": {"5": 3000, "7": 1000}}),
    ({"hf_wild_melds": "no", "hf_contracts": "2/2/0"},
     {"wild_melds": False, "contract": {"clean": 2, "dirty": 2, "wild": 0}}),
    ({"hf_contracts": "1/1/0 2/2/0 3/3/0"}, {"contracts": [
        {"clean": n, "dirty": n, "wild": 0} for n in (1, 2, 3)]}),
    ({"hf_pickup": "whole"}, {"pickup": None}),
    ({"hf_perfect_draw": "100", "hf_first_meld": "100"},
     {"perfect_draw": 100, "first_meld": 100}),
    ({"hf_minimums": "٥٠ ٩٠"}, {"minimums": [50, 90]}),   # an Arabic keyboard's digits
])
def test_each_house_rule_on_the_form_reaches_the_game(client, fields, expected):
    rules = rules_of(client, start(client, **fields))
    for name, value in expected.items():
        assert rules[name] == value


@pytest.mark.parametrize(("fields", "error"), [
    ({"hf_by_score": "0-50"}, "pairs of score:minimum"),
    ({"hf_rank_piles": "seven"}, "rank:points"),
    ({"hf_contracts": "2/2"}, "clean/dirty/wild"),
    ({"hf_going_out": "²"}, "a whole number"),
    ({"hf_minimums": "9" * 50}, "one whole number per deal"),
    ({"hf_wild_melds": "no"}, "no contract may ask for a wild pile"),
    ({"hf_rank_piles": "2:1000"}, "ranks from 4 to A"),
])
def test_a_bad_house_rule_is_refused_with_a_reason(client, fields, error):
    data = {"preset": "hand_and_foot", "first_dealer": "0", "sides": "opposite", **fields}
    data |= {f"player_{i}": name for i, name in enumerate(FOUR)}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert error in html.unescape(response.text)


def test_the_sheet_shows_the_target_and_each_deals_contract(client):
    game_id = start(client, hf_target="5000", hf_contracts="1/1/0 2/2/1")
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert "the game goes to 5,000" in page and "1 clean, 1 dirty and 0 wild piles" in page
    assert "Deals left" not in page
    printed = html.unescape(client.get(f"/games/{game_id}/print").text)
    assert "to 5,000" in printed and "(clean/dirty/wild): 1/1/0, 2/2/1" in printed


def test_a_games_house_rules_survive_a_backup(client, app):
    game_id = start(client, hf_set="hand_and_foot_rising", hf_target="20000")
    before = rules_of(client, game_id)
    with app.app_context():
        dump = export_games()
    with app.app_context():
        from scorekeeper.extensions import db
        from scorekeeper.models import Game
        db.session.delete(db.session.get(Game, game_id))
        db.session.commit()
        import_games(json.loads(json.dumps(dump)))
    assert rules_of(client, game_id) == before


def test_the_deal_form_asks_for_what_the_house_scores(client):
    """Special piles, perfect draws and the first meld: steppers on the deal form only
    where the house scores them, and back on the form for a correction."""
    game_id = start(client, hf_set="hand_knee_foot", hf_perfect_draw="100",
                    hf_first_meld="100")
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert "Clean piles of 5s, among the clean piles" in page
    assert "Perfect draws" in page and "Which side melded first?" in page
    out = {"clean_piles_0": "3", "rank_piles_5_0": "1", "rank_piles_7_0": "1",
           "dirty_piles_0": "1", "wild_piles_0": "1", "perfect_draws_0": "1",
           "melded_0": "1200", "first_meld": "0"}
    behind = {"clean_piles_1": "1", "melded_1": "300", "left_1": "50"}
    data = {"deal": "1", "went_out": "0", **out, **behind}
    response = client.post(f"/games/{game_id}/deals", data=data)
    assert response.status_code == 302, alerts(response.text)
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    side = state["deals"][0]["sides"][0]
    assert side["rank_piles"] == {"5": 1, "7": 1} and side["perfect_draws"] == 1
    assert side["first_meld"] is True
    assert state["team_totals"][0] == 1200 + 500 + 3000 + 5000 + 300 + 2500 + 200 + 100 + 100
    edit = client.get(f"/games/{game_id}/deals/1/edit").text
    for name, value in (("rank_piles_7_0", "1"), ("perfect_draws_0", "1")):
        [tag] = re.findall(rf'<input[^>]*name="{name}"[^>]*>', edit)
        assert f'value="{value}"' in tag
    [chosen] = [tag for tag in re.findall(r'<input[^>]*name="first_meld"[^>]*>', edit)
                if " checked" in tag]
    assert 'value="0"' in chosen


def test_the_referee_page_asks_for_the_sides_score_and_the_deals_contract(client):
    """Minimums by score: the page asks the side's score; a contract per deal and one
    naming special piles: the go-out question counts them for the deal asked about."""
    page = client.get("/referee/hand-and-foot/initial-meld").text
    assert 'name="total"' not in page
    game_id = start(client, hf_set="hand_knee_foot")
    base = f"/games/{game_id}/referee/hand-and-foot"
    asked = html.unescape(client.get(f"{base}/initial-meld", query_string={
        "melds": "KH KS KC 2C", "total": "16000"}).text)
    assert 'name="total"' in asked and "short of the 90" in asked
    go_out = html.unescape(client.get(f"{base}/go-out", query_string={
        "clean": "3", "dirty": "1", "wild": "1", "5": "1", "7": "0",
        "partner": "yes"}).text)
    assert "Clean piles of 7s" in go_out and "(7: 1)" in go_out
    rising = start(client, hf_set="hand_and_foot_rising")
    first = html.unescape(client.get(f"/games/{rising}/referee/hand-and-foot/go-out",
                                     query_string={"clean": "1", "dirty": "1", "wild": "0",
                                                   "partner": "yes"}).text)
    # A set without wild melds says nothing of wild piles (issue 39, point 9).
    assert "1 clean and 1 dirty piles" in first and "Yes, with the partner" in first
    assert "wild piles" not in first and 'id="wild"' not in first


def test_a_deal_with_nobody_marked_as_going_out_is_asked_not_saved(client):
    """Issue 23, point 5: an unanswered "Who went out?" is not "the stock ran out"."""
    game_id = start(client)
    data = {"deal": "1", "clean_piles_0": "2", "dirty_piles_0": "2", "wild_piles_0": "1",
            "melded_0": "1200", "melded_1": "300"}
    response = client.post(f"/games/{game_id}/deals", data=data)
    assert response.status_code == 422
    assert "Say who went out, or that nobody did" in html.unescape(response.text)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["deals"] == []
