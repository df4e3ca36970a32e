"""A night of several tables through the JSON API (docs/api.md, "Nights"; issue 36): made
from the players present, each round's games made at once with the right seats, a round
refused while a table plays (or forced), a late arrival and someone leaving re-planning
only what is not played, the PIN, a group's night, and the standing against an
independent count from the games themselves."""

from __future__ import annotations

import nightwork
import pytest
from apiwork import refused
from game_actions import API
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, Night

EIGHT = ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda"]
ONE_ROUND = {"preset": "levant", "rounds": 1}


def create(client, **changes):
    body = {"name": "Thursday", "rules": ONE_ROUND, "players": EIGHT,
            "format": "rotating"} | changes
    response = client.post(f"{API}/nights", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def start(client, night, headers=None, **body):
    return client.post(f"{API}/nights/{night['id']}/rounds", json=body, headers=headers or {})


def win(client, game_id, winner, points=20):
    """The game's one deal: *winner* goes out, everyone else keeps *points*."""
    state = client.get(f"{API}/games/{game_id}").get_json()
    hands = {p: {"melded": True, "points": points} for p in state["players"] if p != winner}
    answer = client.post(f"{API}/games/{game_id}/deals", json={
        "deal": 1, "outcome": "scored", "winner": winner, "finish": "partial",
        "hands": hands})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()


def nights_stored(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Night))


def test_a_night_is_planned_with_everyone_seated_in_its_first_round(client):
    night = create(client)
    assert night["format"] == "rotating" and night["game"] == "hand"
    assert night["table_size"] == 4 and night["planned_rounds"] == 7
    assert night["current_round"] is None and night["repeats"] == {"partners": 0,
                                                                   "opponents": 0}
    first = night["rounds"][0]
    seated = [n for t in first["tables"] for side in t["sides"] for n in side]
    assert sorted(seated) == sorted(EIGHT) and first["sitting_out"] == []
    assert all(t["game"] is None for t in first["tables"])
    assert night["url"].endswith(f"/nights/{night['id']}")
    assert "/nights/view/" in night["view_url"] and "/nights/tv/" in night["tv_url"]
    assert [line["rank"] for line in night["standing"]] == [1] * 8


def test_eight_players_over_seven_rounds_partner_everyone_once(client):
    """Issue 36: the plan the API gives is the complete round robin of partners."""
    night = create(client)
    pairs = [frozenset(side) for r in night["rounds"] for t in r["tables"]
             for side in t["sides"]]
    assert len(pairs) == len(set(pairs)) == 28


@pytest.mark.parametrize(("change", "said"), [
    ({"players": EIGHT[:3]}, "at least one full table"),
    ({"table_size": 5}, "2, 4 or 6"),
    ({"table_size": 2}, "Partners need a table of 4 or 6"),
    ({"players": [*EIGHT[:7], "ali"]}, "“ali”"),
    ({"players": [*EIGHT[:7], "A1i"]}, "look"),
    ({"format": "swiss"}, "rotating, pairs, solo, progressive"),
    ({"rounds": 0}, "1 to 40"),
    ({"name": " "}, "name"),
    ({"pairs": [["Ali", "Badr"]], "format": "pairs"}, "exactly one pair"),
    ({"colour": "red"}, "“colour”"),
    ({"rules": "bridge"}, "levant"),
    ({"pin": "12"}, "4 to 8 digits"),
    ({"sit_out": "bye"}, "average"),
    ({"table_size": 6}, "at most 4 players"),
])
def test_a_night_that_cannot_be_is_refused_and_nothing_is_stored(app, client, change, said):
    body = {"name": "Thursday", "rules": ONE_ROUND, "players": EIGHT,
            "format": "rotating"} | change
    refused(client.post(f"{API}/nights", json=body), 400, said)
    assert nights_stored(app) == 0


def test_a_round_makes_a_game_at_each_table_with_its_seats(client):
    night = start(client, create(client)).get_json()
    assert night["current_round"] == 1
    for table in night["rounds"][0]["tables"]:
        state = client.get(f"{API}/games/{table['game']['id']}").get_json()
        # Partners sit opposite: the sides as the night seated them.
        assert state["teams"] == table["sides"]
        assert state["players"] == [table["sides"][0][0], table["sides"][1][0],
                                    table["sides"][0][1], table["sides"][1][1]]
        assert state["night"] == {"name": night["name"], "view_url": night["view_url"]}
        assert state["rules"]["preset"] == "levant" and state["rules"]["rounds"] == 1


def test_the_next_round_waits_for_every_table_unless_forced(app, client):
    night = start(client, create(client)).get_json()
    table = night["rounds"][0]["tables"][0]
    win(client, table["game"]["id"], table["sides"][0][0])
    answer = start(client, night)
    error = refused(answer, 409, "table 2")
    assert "force" in error and answer.get_json()["night"]["current_round"] == 1
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 2
    forced = start(client, night, force=True)
    assert forced.status_code == 201 and forced.get_json()["current_round"] == 2
    with app.app_context():
        history = [c.action for c in db.session.get(Night, night["id"]).changes]
    assert history == ["created", "round", "forced", "round"]


def independent_standing(client, night) -> dict[str, tuple[float, int]]:
    return nightwork.independent_standing(
        night, lambda game_id: client.get(f"{API}/games/{game_id}").get_json())


def test_the_standing_agrees_with_an_independent_count_and_moves_with_a_correction(
        client):
    night = create(client, players=[*EIGHT, "Imad"])  # one sits out each round
    for number in (1, 2):
        night = start(client, night).get_json()
        for i, table in enumerate(night["rounds"][number - 1]["tables"]):
            win(client, table["game"]["id"], table["sides"][i % 2][0], 10 + 30 * i)
    night = client.get(f"{API}/nights/{night['id']}").get_json()
    expected = independent_standing(client, night)
    got = {line["player"]: (line["points"], line["tiebreak"]) for line in night["standing"]}
    assert got == expected
    # Ranks: competition ranking over (points, margins).
    order = sorted(expected.values(), reverse=True)
    for line in night["standing"]:
        assert line["rank"] == 1 + sum(v > expected[line["player"]] for v in order)
    # A correction at one table moves the standing at once.
    table = night["rounds"][0]["tables"][0]
    game = client.get(f"{API}/games/{table['game']['id']}").get_json()
    loser = table["sides"][1][0]
    hands = {p: {"melded": True, "points": 20} for p in game["players"] if p != loser}
    corrected = client.put(f"{API}/games/{game['id']}/deals/1", json={
        "deal": 1, "outcome": "scored", "winner": loser, "finish": "partial",
        "hands": hands}, headers={"If-Match": game["version"]})
    assert corrected.status_code == 200, corrected.get_data(as_text=True)
    after = client.get(f"{API}/nights/{night['id']}").get_json()
    assert {line["player"]: (line["points"], line["tiebreak"])
            for line in after["standing"]} == independent_standing(client, after)
    assert after["standing"] != night["standing"]


def test_a_late_arrival_and_someone_leaving_change_only_the_rounds_to_come(client):
    night = start(client, create(client)).get_json()
    first = night["rounds"][0]
    night = client.post(f"{API}/nights/{night['id']}/players", json={"name": "Zaid"}
                        ).get_json()
    assert night["players"][-1] == "Zaid" and night["rounds"][0] == first
    assert all("Zaid" in [n for t in r["tables"] for s in t["sides"] for n in s]
               + r["sitting_out"] for r in night["rounds"][1:])
    answer = client.delete(f"{API}/nights/{night['id']}/players/Caro")
    assert answer.status_code == 200
    night = answer.get_json()
    assert "Caro" not in night["players"] and night["rounds"][0] == first
    assert all("Caro" not in [n for t in r["tables"] for s in t["sides"] for n in s]
               + r["sitting_out"] for r in night["rounds"][1:])
    # Caro played round 1: she stays in the standing.
    assert "Caro" in [line["player"] for line in night["standing"]]
    refused(client.delete(f"{API}/nights/{night['id']}/players/Caro"), 400, "Caro")
    refused(client.post(f"{API}/nights/{night['id']}/players", json={"name": "zaid"}),
            400, "“zaid”")


def test_a_nights_pin_guards_its_changes(client):
    night = create(client, pin="2468")
    assert night["pin"] is True
    refused(start(client, night), 403, "X-Table-PIN")
    refused(start(client, night, {"X-Table-PIN": "1111"}), 403, "night's PIN")
    assert start(client, night, {"X-Table-PIN": "2468"}).status_code == 201
    refused(client.post(f"{API}/nights/{night['id']}/players", json={"name": "Zaid"}),
            403, "X-Table-PIN")
    assert client.get(f"{API}/nights/{night['id']}").status_code == 200


def test_a_groups_night_counts_its_games_for_the_group(client):
    group = client.post(f"{API}/groups", json={"name": "Diwaniya"}).get_json()
    night = start(client, create(client, group=group["id"])).get_json()
    games = {g["id"] for g in client.get(f"{API}/groups/{group['id']}").get_json()["games"]}
    assert games == {t["game"]["id"] for t in night["rounds"][0]["tables"]}
    members = client.get(f"{API}/groups/{group['id']}").get_json()["members"]
    assert sorted(members) == sorted(EIGHT)


def test_progressive_winners_move_up_once_their_round_is_over(client):
    night = start(client, create(client, format="progressive")).get_json()
    assert len(night["rounds"]) == 1
    tables = night["rounds"][0]["tables"]
    for table in tables:
        win(client, table["game"]["id"], table["sides"][0][0])
    night = client.get(f"{API}/nights/{night['id']}").get_json()
    assert len(night["rounds"]) == 2
    top = {n for side in night["rounds"][1]["tables"][0]["sides"] for n in side}
    assert top == set(tables[0]["sides"][0]) | set(tables[1]["sides"][0])


def test_a_progressive_round_forced_moves_the_winners_as_they_stand(client):
    night = start(client, create(client, format="progressive")).get_json()
    tables = night["rounds"][0]["tables"]
    win(client, tables[1]["game"]["id"], tables[1]["sides"][1][0])  # table 1 yet to deal
    refused(start(client, night), 409, "table 1")
    forced = start(client, night, force=True)
    assert forced.status_code == 201, forced.get_data(as_text=True)
    second = forced.get_json()["rounds"][1]["tables"]
    # Table 2's winners move up to table 1 (table 1, never dealt, had no winners).
    top = {n for side in second[0]["sides"] for n in side}
    assert set(tables[1]["sides"][1]) <= top


def test_a_hand_and_foot_night_of_three_pairs_a_table(client):
    six = [*EIGHT, "Imad", "Jana", "Kamal", "Lina"]
    night = start(client, create(client, rules="hand_and_foot", players=six,
                                 table_size=6)).get_json()
    table = night["rounds"][0]["tables"][0]
    assert len(table["sides"]) == 3
    state = client.get(f"{API}/games/{table['game']['id']}").get_json()
    assert state["teams"] == table["sides"]


def test_an_unknown_night_is_a_404(client):
    refused(client.get(f"{API}/nights/nope"), 404, "night")
    refused(client.post(f"{API}/nights/nope/rounds", json={}), 404, "night")


def test_two_players_swap_seats_in_the_next_round(client):
    """Issue 36, "the organiser's controls": swap two players; the round starts so."""
    night = create(client)
    first = night["rounds"][0]
    one, other = first["tables"][0]["sides"][0][0], first["tables"][1]["sides"][1][1]
    answer = client.post(f"{API}/nights/{night['id']}/swaps", json={"players": [one, other]})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    swapped = answer.get_json()["rounds"][0]
    assert swapped["tables"][0]["sides"][0][0] == other
    assert swapped["tables"][1]["sides"][1][1] == one
    started = start(client, answer.get_json()).get_json()
    assert started["rounds"][0]["tables"] == [t | {"game": s["game"]} for t, s in zip(
        swapped["tables"], started["rounds"][0]["tables"], strict=True)]
    state = client.get(f"{API}/games/{started['rounds'][0]['tables'][0]['game']['id']}"
                       ).get_json()
    assert other in state["players"] and one not in state["players"]
    # The rounds after it are planned again from it: round 2 repeats none of its pairs.
    first_pairs = {frozenset(side) for t in started["rounds"][0]["tables"]
                   for side in t["sides"]}
    assert not first_pairs & {frozenset(side) for t in started["rounds"][1]["tables"]
                              for side in t["sides"]}
    for players in (["Ali"], ["Ali", "Ali"], ["Ali", "Nobody"], "Ali"):
        refused(client.post(f"{API}/nights/{night['id']}/swaps", json={"players": players}),
                400, "two players")


def test_a_round_sat_out_scores_as_the_night_says(client):
    night = start(client, create(client, players=[*EIGHT, "Imad"], sit_out="none")).get_json()
    assert night["sit_out"] == "none"
    out = night["rounds"][0]["sitting_out"][0]
    for table in night["rounds"][0]["tables"]:
        win(client, table["game"]["id"], table["sides"][0][0])
    night = client.get(f"{API}/nights/{night['id']}").get_json()
    line = next(line for line in night["standing"] if line["player"] == out)
    assert (line["points"], line["sat_out"]) == (0, 1)
    assert create(client)["sit_out"] == "average"


def test_a_round_clock_counts_down_and_says_when_time_is_up(app, client):
    """Issue 36: a time limit per round, kept by the round clock."""
    from datetime import UTC, datetime, timedelta

    from scorekeeper.night import store as stored

    night = create(client, minutes=45)
    assert (night["minutes"], night["time_left"]) == (45, None)  # no round yet
    night = start(client, night).get_json()
    assert 45 * 60 - 5 <= night["time_left"] <= 45 * 60
    with app.app_context():
        row = db.session.get(Night, night["id"])
        later = datetime.now(UTC) + timedelta(minutes=50)
        assert stored.time_left(row, later) == 0
    assert create(client)["minutes"] is None
    for minutes in (0, 4, 301, True, "45"):
        body = {"name": "T", "rules": ONE_ROUND, "players": EIGHT, "format": "rotating",
                "minutes": minutes}
        refused(client.post(f"{API}/nights", json=body), 400, "5 to 300 minutes")
