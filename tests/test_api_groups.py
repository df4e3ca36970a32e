"""Groups through the JSON API (docs/api.md, "Groups"; the contract's "Groups: the table's
league"): a group made, read and changed (members added and renamed into every game,
games counted, its PIN), games started in it, its standings over a season for both games
— partnerships, a shared win, each game's own figures — and two members head to head.
Every answer is checked against the OpenAPI description by the test client."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from apiwork import refused
from game_actions import API

from scorekeeper.extensions import db
from scorekeeper.models import GameResult

PIN = "2468"
CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}
OUT = {**CONTRACT, "red_threes": 1, "melded": 2400, "left": 0}
BEHIND = {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120,
          "red_threes_caught": 1}


def make(client, name="Thursday", members=("Ali", "Badr", "Caro"), **extra) -> dict:
    response = client.post(f"{API}/groups", json={"name": name, "members": list(members),
                                                  **extra})
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.headers["Location"].endswith(f"/api/v1/groups/{response.json['id']}")
    return response.get_json()


def start(client, group_id, players, rules=None, headers=None, **extra) -> dict:
    response = client.post(f"{API}/games", headers=headers or {}, json={
        "rules": rules or {"preset": "levant", "rounds": 1}, "players": list(players),
        "first_dealer": players[0], "group": group_id, **extra})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def deal(client, game_id, body) -> dict:
    response = client.post(f"{API}/games/{game_id}/deals", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def hand_won(client, group_id, players, winner, hands, finish="partial", **extra) -> dict:
    """A one-round Hand game of the group that *winner* wins, each other player finishing
    as *hands* says (points left, or None for never melded)."""
    game = start(client, group_id, players, **extra)
    state = deal(client, game["id"], {
        "deal": 1, "outcome": "scored", "winner": winner, "finish": finish,
        "hands": {p: {"melded": False} if v is None else {"melded": True, "points": v}
                  for p, v in hands.items()}})
    assert state["finished"]
    return state


def foot_played(client, group_id, players, sides, went_out, **extra) -> dict:
    """A one-deal Hand and Foot game of the group."""
    game = start(client, group_id, players, {"preset": "hand_and_foot", "rounds": 1},
                 **extra)
    state = deal(client, game["id"], {"deal": 1, "outcome": "scored", "went_out": went_out,
                                      "sides": sides})
    assert state["finished"]
    return state


def group(client, group_id) -> dict:
    response = client.get(f"{API}/groups/{group_id}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def standings(client, group_id, query="game=hand") -> dict:
    response = client.get(f"{API}/groups/{group_id}/standings?{query}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def rows_of(answer) -> dict:
    return {row["player"]: row for row in answer["rows"]}


# --- making and reading a group -----------------------------------------------------------

def test_a_group_is_made_with_its_members_and_links(client):
    made = make(client, "  Thursday   night ", ["Ali", "Badr", "ali"])
    assert made["name"] == "Thursday night"
    assert made["members"] == ["Ali", "Badr"]  # Ali once
    assert [m["name"] for m in made["people"]] == made["members"]
    assert made["url"].endswith(f"/groups/{made['id']}")
    assert "/groups/view/" in made["view_url"] and made["id"] not in made["view_url"]
    assert (made["pin"], made["house_rules"], made["games"]) == (False, {}, [])
    assert len(made["id"]) >= 22  # at least 128 random bits
    assert group(client, made["id"]) == made


def test_a_group_may_start_with_no_members_and_a_pin(client):
    made = make(client, members=(), pin="٢٤٦٨")
    assert made["members"] == [] and made["pin"] is True


@pytest.mark.parametrize(("body", "named"), [
    ({}, "name"),
    ({"name": 5}, "name"),
    ({"name": "   "}, "name"),
    ({"name": "x" * 61}, "60"),
    ({"name": "Thu", "members": "Ali"}, "members"),
    ({"name": "Thu", "members": ["Ali", 3]}, "members"),
    ({"name": "Thu", "members": ["Ali", "AIi"]}, "Ali"),
    ({"name": "Thu", "members": ["Ali\u202e"]}, "mark"),
    ({"name": "Thu", "members": ["x" * 41]}, "40"),
    ({"name": "Thu", "pin": "12"}, "pin"),
    ({"name": "Thu", "pin": 1234}, "pin"),
    ({"name": "Thu", "colour": "red"}, "colour"),
])
def test_a_bad_group_body_is_a_400_naming_the_problem(client, body, named):
    refused(client.post(f"{API}/groups", json=body), 400, named)


def test_a_group_body_that_is_not_an_object_or_not_json(client):
    refused(client.post(f"{API}/groups", json=["Ali"]), 400, "JSON object")
    refused(client.post(f"{API}/groups", data="name=x",
                        content_type="application/x-www-form-urlencoded"), 415)


@pytest.mark.parametrize("path", ["", "/standings?game=hand", "/head-to-head?a=A&b=B"])
def test_an_unknown_group_is_a_404(client, path):
    refused(client.get(f"{API}/groups/nosuchgroup0000000000{path}"), 404, "no group")


def test_changing_an_unknown_group_is_a_404(client):
    refused(client.patch(f"{API}/groups/nosuchgroup0000000000", json={"add": ["X"]}), 404)


# --- games started in a group -------------------------------------------------------------

def test_a_game_started_in_a_group_makes_new_players_members_and_is_listed(client):
    made = make(client, members=["Ali", "Badr"])
    state = start(client, made["id"], ["ali", "Badr", "Caro"])
    assert state["players"] == ["Ali", "Badr", "Caro"]  # the member's own spelling
    answer = group(client, made["id"])
    assert answer["members"] == ["Ali", "Badr", "Caro"]
    assert answer["house_rules"]["hand"]["preset"] == "levant"
    assert answer["house_rules"]["hand"]["rounds"] == 1
    [entry] = answer["games"]
    today = datetime.now(UTC).date().isoformat()
    assert entry == {"id": state["id"], "url": state["url"], "game": "hand", "kind": "hand",
                     "form": "levant", "players": ["Ali", "Badr", "Caro"], "teams": None,
                     "date": today, "finished": False, "winners": []}


def test_the_groups_games_are_newest_first_with_kind_form_and_winners(client):
    made = make(client, members=["Ali", "Badr", "Caro", "Dina"])
    first = hand_won(client, made["id"], ["Ali", "Badr", "Caro"], "Badr",
                     {"Ali": 20, "Caro": 40})
    second = foot_played(client, made["id"], ["Ali", "Badr", "Caro", "Dina"],
                         [OUT, BEHIND], "Ali", partnerships=True)
    games = group(client, made["id"])["games"]
    assert [g["id"] for g in games] == [second["id"], first["id"]]
    assert games[0]["game"] == "hand_and_foot" and games[0]["form"] == "hand_and_foot"
    assert games[0]["teams"] == [["Ali", "Caro"], ["Badr", "Dina"]]
    assert games[0]["winners"] == ["Ali", "Caro"]
    assert (games[1]["game"], games[1]["finished"], games[1]["winners"]) == (
        "hand", True, ["Badr"])
    assert set(group(client, made["id"])["house_rules"]) == {"hand", "hand_and_foot"}


def test_a_game_of_an_unknown_group_is_a_404_and_nothing_is_made(client):
    response = client.post(f"{API}/games", json={
        "rules": "levant", "players": ["Ali", "Badr"], "first_dealer": "Ali",
        "group": "nosuchgroup0000000000"})
    refused(response, 404, "no group")


@pytest.mark.parametrize("value", [5, ["x"], {"id": "x"}, True])
def test_a_group_that_is_not_an_id_is_a_400(client, value):
    response = client.post(f"{API}/games", json={
        "rules": "levant", "players": ["Ali", "Badr"], "first_dealer": "Ali",
        "group": value})
    refused(response, 400, "group")


def test_a_player_looking_like_a_member_is_refused_and_nothing_is_made(app, client):
    made = make(client, members=["Ali", "Badr"])
    response = client.post(f"{API}/games", json={
        "rules": "levant", "players": ["AIi", "Badr"], "first_dealer": "Badr",
        "group": made["id"]})
    refused(response, 400)
    assert group(client, made["id"])["games"] == []
    assert len(group(client, made["id"])["members"]) == 2


# --- changing a group ---------------------------------------------------------------------

def test_a_rename_follows_into_every_game_the_member_played(client):
    made = make(client)
    one = hand_won(client, made["id"], ["Ali", "Badr", "Caro"], "Badr",
                   {"Ali": 20, "Caro": 40})
    two = start(client, made["id"], ["Caro", "Ali"])
    response = client.patch(f"{API}/groups/{made['id']}",
                            json={"rename": {"ali": "Ali Hassan"}, "add": ["Dina"],
                                  "name": "Thursday night"})
    assert response.status_code == 200, response.get_data(as_text=True)
    answer = response.get_json()
    assert answer["name"] == "Thursday night"
    assert answer["members"] == ["Ali Hassan", "Badr", "Caro", "Dina"]
    for before in (one, two):
        after = client.get(f"{API}/games/{before['id']}").get_json()
        assert "Ali Hassan" in after["players"] and "Ali" not in after["players"]
        assert after["version"] != before["version"]  # every phone's sheet follows
    after = client.get(f"{API}/games/{one['id']}").get_json()
    assert "Ali Hassan" in after["totals"]
    assert rows_of(standings(client, made["id"]))["Ali Hassan"]["games"] == 1


def test_games_played_outside_are_counted_for_the_group(client, actions):
    made = make(client)
    outside = actions.create({"preset": "levant", "rounds": 1}, ["Caro", "Badr"])
    deal(client, outside["id"], {"deal": 1, "outcome": "scored", "winner": "Caro",
                                 "finish": "partial",
                                 "hands": {"Badr": {"melded": True, "points": 30}}})
    response = client.patch(f"{API}/groups/{made['id']}", json={"games": [outside["id"]]})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert [g["id"] for g in response.get_json()["games"]] == [outside["id"]]
    assert rows_of(standings(client, made["id"]))["Caro"]["wins"] == 1


@pytest.mark.parametrize(("body", "named"), [
    ({"rename": {"Zed": "Zack"}}, "Zed"),
    ({"rename": {"Ali": "Badr"}}, "Badr"),
    ({"rename": {"Ali": ""}}, "name"),
    ({"rename": {"Ali": 3}}, "rename"),
    ({"rename": ["Ali", "Al"]}, "rename"),
    ({"add": "Dina"}, "add"),
    ({"add": [None]}, "add"),
    ({"add": ["Dina", "AIi"]}, "Ali"),
    ({"games": ["nosuchgame0000000000"]}, "nosuchgame"),
    ({"games": "x"}, "games"),
    ({"name": ""}, "name"),
    ({"name": 7}, "name"),
    ({"pin": "abcd"}, "pin"),
    ({"members": "Dina"}, "members"),
    ({"members": ["Dina", "AIi"]}, "Ali"),
])
def test_a_bad_change_is_a_400_and_changes_nothing(client, body, named):
    made = make(client)
    # The good part of a body changes nothing either when another part is refused.
    refused(client.patch(f"{API}/groups/{made['id']}", json={"add": ["Emad"], **body}),
            400, named)
    assert group(client, made["id"]) == made


def test_a_game_of_strangers_is_not_counted(client, actions):
    made = make(client)
    outside = actions.create("levant", ["Ali", "Zed"])
    refused(client.patch(f"{API}/groups/{made['id']}", json={"games": [outside["id"]]}),
            400, "Zed")


# --- the group's PIN ----------------------------------------------------------------------

def test_a_pin_group_takes_changes_only_with_its_pin(client):
    made = make(client, pin=PIN)
    path = f"{API}/groups/{made['id']}"
    refused(client.patch(path, json={"add": ["Dina"]}), 403, "X-Table-PIN")
    error = refused(client.patch(path, json={"add": ["Dina"]},
                                 headers={"X-Table-PIN": "1357"}), 403)
    assert "group" in error
    assert len(group(client, made["id"])["members"]) == 3  # read without it
    response = client.patch(path, json={"add": ["Dina"]}, headers={"X-Table-PIN": PIN})
    assert response.status_code == 200
    assert len(response.get_json()["members"]) == 4


def test_a_game_in_a_pin_group_needs_the_groups_pin(client):
    made = make(client, pin=PIN)
    body = {"rules": "levant", "players": ["Ali", "Badr"], "first_dealer": "Ali",
            "group": made["id"]}
    refused(client.post(f"{API}/games", json=body), 403, "X-Table-PIN")
    refused(client.post(f"{API}/games", json=body, headers={"X-Table-PIN": "0000"}), 403)
    assert group(client, made["id"])["games"] == []
    state = start(client, made["id"], ["Ali", "Badr"], "levant",
                  headers={"X-Table-PIN": PIN})
    # The game has no PIN of its own: the group's guards it (issue 39, point 14: anyone
    # with the group's link but not its PIN could correct a game and move the season).
    deal = {"deal": 1, "outcome": "redeal"}
    refused(client.post(f"{API}/games/{state['id']}/deals", json=deal), 403,
            "the group's PIN")
    refused(client.post(f"{API}/games/{state['id']}/deals", json=deal,
                        headers={"X-Table-PIN": "0000"}), 403, "not the group's PIN")
    assert client.post(f"{API}/games/{state['id']}/deals", json=deal,
                       headers={"X-Table-PIN": PIN}).status_code == 201


def test_a_pin_can_be_set_later_and_then_guards_the_group(client):
    made = make(client)
    path = f"{API}/groups/{made['id']}"
    assert client.patch(path, json={"pin": PIN}).get_json()["pin"] is True
    refused(client.patch(path, json={"add": ["Dina"]}), 403)


def test_a_pin_taken_off_with_the_pin_lets_anyone_change_the_group_again(client):
    # "false" is how the group's answer says it has no PIN; sent, it takes the PIN off.
    made = make(client, pin=PIN)
    path = f"{API}/groups/{made['id']}"
    refused(client.patch(path, json={"pin": False}), 403)
    answer = client.patch(path, json={"pin": False}, headers={"X-Table-PIN": PIN})
    assert answer.status_code == 200 and answer.get_json()["pin"] is False
    assert client.patch(path, json={"add": ["Dina"]}).status_code == 200
    # A new group sent "pin": false has none, as one sent no pin.
    assert make(client, name="Friday", pin=False)["pin"] is False


def test_five_wrong_group_pins_a_minute_then_even_the_right_one_waits(client):
    made = make(client, pin=PIN)
    path = f"{API}/groups/{made['id']}"
    for n in range(5):
        refused(client.patch(path, json={}, headers={"X-Table-PIN": f"100{n}"}), 403)
    refused(client.patch(path, json={}, headers={"X-Table-PIN": PIN}), 429, "minute")


# --- standings ----------------------------------------------------------------------------

def test_hand_standings_count_wins_streaks_partners_and_the_games_figures(client):
    """A shared side's win counts for both partners (seed 000, "Partnerships": the side
    with the lower total wins); a full hand doubles the penalties (seed 000, "Scoring");
    deals won, full hands, never melded and the average penalty per deal lost."""
    made = make(client, members=["Ali", "Badr", "Caro", "Dina"])
    gid = made["id"]
    hand_won(client, gid, ["Ali", "Badr", "Caro"], "Badr", {"Ali": 20, "Caro": None})
    hand_won(client, gid, ["Ali", "Badr", "Caro"], "Badr", {"Ali": 30, "Caro": 10},
             finish="full")
    # Partners opposite: Ali and Caro against Badr and Dina; Ali goes out for his side.
    hand_won(client, gid, ["Ali", "Badr", "Caro", "Dina"], "Ali",
             {"Badr": 25, "Dina": None}, partnerships=True)
    answer = standings(client, gid)
    assert (answer["game"], answer["since"], answer["until"], answer["games"]) == (
        "hand", None, None, 3)
    rows = rows_of(answer)
    assert [r["player"] for r in answer["rows"]][:1] == ["Badr"]
    badr, ali, caro, dina = rows["Badr"], rows["Ali"], rows["Caro"], rows["Dina"]
    assert (badr["games"], badr["wins"], badr["win_rate"], badr["streak"],
            badr["best_streak"]) == (3, 2, 0.667, 0, 2)
    assert (ali["wins"], ali["streak"], caro["wins"], caro["streak"]) == (1, 1, 1, 1)
    assert (dina["games"], dina["wins"]) == (1, 0)
    assert (badr["deals_won"], badr["full_hands"]) == (2, 1)
    assert (ali["deals_won"], caro["deals_won"]) == (1, 0)
    # Caro never melded in game 1 (100) and paid 20 doubled in game 2 (partial 10 × 2);
    # the partner of the winner loses nothing in game 3.
    assert caro["never_melded"] == 1 and dina["never_melded"] == 1
    assert caro["average_penalty"] == 60.0
    assert ali["average_penalty"] == 40.0  # 20, then 30 doubled = 60
    assert badr["average_penalty"] == 25.0
    assert answer["partners"] == [
        {"players": ["Ali", "Caro"], "games": 1, "wins": 1, "win_rate": 1.0},
        {"players": ["Badr", "Dina"], "games": 1, "wins": 0, "win_rate": 0.0}]
    series = {s["player"]: s["wins"] for s in answer["wins_over_time"]["series"]}
    assert series == {"Ali": [0, 0, 1], "Badr": [1, 2, 2], "Caro": [0, 0, 1],
                      "Dina": [0, 0, 0]}
    assert len(answer["wins_over_time"]["dates"]) == 3


def test_hand_and_foot_standings_count_piles_red_threes_and_a_shared_win(client):
    """Seed 003: the side with the highest total wins; two sides level at the end share
    the win, which counts for each winner; each player is credited with their side's
    piles and red threes caught."""
    made = make(client, members=["Ann", "Bob", "Cy", "Dee"])
    gid = made["id"]
    foot_played(client, gid, ["Ann", "Bob", "Cy", "Dee"], [OUT, BEHIND], "Ann",
                partnerships=True)
    level = {"clean_piles": 1, "melded": 700, "left": 50}
    foot_played(client, gid, ["Ann", "Bob"], [level, level], None)
    answer = standings(client, gid, "game=hand_and_foot")
    assert answer["game"] == "hand_and_foot" and answer["games"] == 2
    rows = rows_of(answer)
    assert (rows["Ann"]["wins"], rows["Bob"]["wins"]) == (2, 1)  # the level game: both
    assert (rows["Cy"]["wins"], rows["Dee"]["wins"]) == (1, 0)
    assert rows["Ann"]["piles"] == {"clean": 3, "dirty": 2, "wild": 1}
    assert rows["Dee"]["piles"] == {"clean": 1, "dirty": 1, "wild": 0}
    assert (rows["Dee"]["red_threes_caught"], rows["Cy"]["red_threes_caught"]) == (1, 0)
    assert rows["Bob"]["red_threes_caught"] == 1
    assert isinstance(rows["Ann"]["average_deal_score"], float)
    assert standings(client, gid)["rows"] == []  # no Hand played


def test_a_game_not_finished_counts_for_nobody(client):
    made = make(client)
    start(client, made["id"], ["Ali", "Badr"])
    assert standings(client, made["id"])["rows"] == []


def _played_on(app, game_id, day):
    with app.app_context():
        db.session.get(GameResult, game_id).played_at = datetime.fromisoformat(
            day).replace(tzinfo=UTC)
        db.session.commit()


def test_a_season_is_chosen_by_dates_both_days_included(app, client):
    made = make(client)
    gid = made["id"]
    days = ["2026-01-31", "2026-02-01", "2026-02-28T23:59:00", "2026-03-01"]
    for winner, day in zip(["Ali", "Badr", "Caro", "Ali"], days, strict=True):
        others = {p: 10 for p in ("Ali", "Badr", "Caro") if p != winner}
        state = hand_won(client, gid, ["Ali", "Badr", "Caro"], winner, others)
        _played_on(app, state["id"], day)
    feb = standings(client, gid, "game=hand&since=2026-02-01&until=2026-02-28")
    assert (feb["since"], feb["until"], feb["games"]) == ("2026-02-01", "2026-02-28", 2)
    assert {r["player"]: r["wins"] for r in feb["rows"]} == {"Badr": 1, "Caro": 1, "Ali": 0}
    assert feb["wins_over_time"]["dates"] == ["2026-02-01", "2026-02-28"]
    assert standings(client, gid, "game=hand&since=2026-03-01")["games"] == 1
    assert standings(client, gid, "game=hand&until=2026-01-31")["games"] == 1
    assert standings(client, gid, "game=hand&since=&until=")["games"] == 4
    # A game counts for the day it ended: its list shows that day.
    assert sorted(g["date"] for g in group(client, gid)["games"]) == [
        "2026-01-31", "2026-02-01", "2026-02-28", "2026-03-01"]


@pytest.mark.parametrize(("query", "named"), [
    ("game=", "game"),
    ("game=canasta", "game"),
    ("game=handfoot", "game"),
    ("game=hand&since=2026-13-01", "since"),
    ("game=hand&since=yesterday", "since"),
    ("game=hand&until=2026-2-1", "until"),
    ("game=hand&until=2026-W05-1", "until"),
    ("game=hand&until=20260201", "until"),
    ("game=hand&since=0001-01-01", "since"),
    ("gmae=hand_and_foot", "gmae"),
    ("game=hand&until=9999-12-31", "until"),
    ("game=hand&since=٢٠٢٦-٠١-٠١", "since"),
    ("game=hand&since=2026-03-01&until=2026-02-01", "until"),
])
def test_a_bad_season_is_a_400_naming_the_parameter(client, query, named):
    made = make(client)
    refused(client.get(f"{API}/groups/{made['id']}/standings?{query}"), 400, named)


# --- head to head -------------------------------------------------------------------------

def test_head_to_head_counts_who_finished_ahead_and_games_as_partners(client):
    """Ahead = the better total on another side; partners are never ahead of each other
    (the contract's head-to-head)."""
    made = make(client, members=["Ali", "Badr", "Caro", "Dina"])
    gid = made["id"]
    hand_won(client, gid, ["Ali", "Badr", "Caro"], "Badr", {"Ali": 20, "Caro": 40})
    hand_won(client, gid, ["Ali", "Badr", "Caro"], "Ali", {"Badr": 20, "Caro": 40})
    hand_won(client, gid, ["Ali", "Badr", "Caro"], "Caro", {"Badr": 30, "Ali": 30})
    hand_won(client, gid, ["Ali", "Badr", "Caro", "Dina"], "Dina",
             {"Ali": 30, "Caro": 30}, partnerships=True)
    foot_played(client, gid, ["Ali", "Badr", "Caro", "Dina"], [OUT, BEHIND], "Ali",
                partnerships=True)
    path = f"{API}/groups/{gid}/head-to-head"
    answer = client.get(f"{path}?a=ali&b=Badr").get_json()
    assert answer == {"a": "Ali", "b": "Badr", "game": None, "games": 5, "a_ahead": 2,
                      "b_ahead": 2, "ties": 1, "as_partners": {"games": 0, "wins": 0}}
    hand = client.get(f"{path}?a=Ali&b=Badr&game=hand").get_json()
    assert (hand["game"], hand["games"], hand["a_ahead"], hand["b_ahead"]) == (
        "hand", 4, 1, 2)
    partners = client.get(f"{path}?a=Badr&b=Dina").get_json()
    assert partners["as_partners"] == {"games": 2, "wins": 1}
    assert (partners["a_ahead"], partners["b_ahead"], partners["ties"]) == (0, 0, 0)
    none = client.get(f"{path}?a=Ali&b=Dina&game=hand&since=2030-01-01").get_json()
    assert none["games"] == 0


@pytest.mark.parametrize(("query", "named"), [
    ("b=Badr", "“a”"),
    ("a=Ali", "“b”"),
    ("a=Ali&b=", "“b”"),
    ("a=Zed&b=Badr", "Zed"),
    ("a=Ali&b=ALI", "two different"),
    ("a=Ali&b=Badr&game=chess", "game"),
    ("a=Ali&b=Badr&since=2026-1-1", "since"),
    ("a=Ali&b=Badr&c=Caro", "“c”"),
])
def test_a_bad_head_to_head_is_a_400_naming_it(client, query, named):
    made = make(client)
    refused(client.get(f"{API}/groups/{made['id']}/head-to-head?{query}"), 400, named)


def test_the_openapi_description_lists_every_group_address(client):
    spec = client.get(f"{API}/openapi.json").get_json()
    for path in ("/api/v1/groups", "/api/v1/groups/{group_id}",
                 "/api/v1/groups/{group_id}/standings",
                 "/api/v1/groups/{group_id}/head-to-head",
                 "/api/v1/games/{game_id}/rematch"):
        assert path in spec["paths"]
    assert "group" in spec["paths"]["/api/v1/games"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]["properties"]


def test_members_listed_as_a_new_group_lists_them_add_the_new_names(client):
    made = make(client, members=["Ali", "Badr"])
    answer = client.patch(f"{API}/groups/{made['id']}",
                          json={"members": ["Ali", "Badr", "Caro"]}).get_json()
    assert answer["members"] == ["Ali", "Badr", "Caro"]


def test_standings_without_a_game_are_of_the_game_the_group_plays_now(client):
    made = make(client)
    assert standings(client, made["id"], "")["game"] == "hand"  # nothing played yet
    start(client, made["id"], ["Ali", "Badr", "Caro", "Dina"], rules="hand_and_foot")
    assert standings(client, made["id"], "")["game"] == "hand_and_foot"
