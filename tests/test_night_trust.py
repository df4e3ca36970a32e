"""A night a club can trust (issue 48; docs/security.md, "Links"; docs/night.md, "Starting
a round" and "The standing"): one table's link opens that table and nothing that writes
elsewhere; a night of a PIN group takes the group's PIN; a start names its round, so a
repeat starts nothing; a round started by mistake is taken back while no table has
dealt; the standing counts a deal once the other side has confirmed it."""

from __future__ import annotations

import re

from game_actions import API
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game

EIGHT = ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda"]
PIN = "2468"


def new_night(client, headers=None, **changes) -> dict:
    body = {"name": "Thursday", "rules": {"preset": "levant", "rounds": 1},
            "players": EIGHT, "format": "rotating"} | changes
    made = client.post(f"{API}/nights", json=body, headers=headers or {})
    assert made.status_code == 201, made.get_data(as_text=True)
    return made.get_json()


def start(client, night, headers=None, **body):
    return client.post(f"{API}/nights/{night['id']}/rounds", json=body,
                       headers=headers or {})


def local(url: str) -> str:
    return url.replace("http://localhost", "")


def record(client, table: dict, number: int = 1, **extra) -> dict:
    """Table *table*'s deal *number*: its first side's first player goes out, recorded by
    them; the other side keeps 30 each."""
    (a, _), (c, d) = table["sides"]
    answer = client.post(f"{API}/games/{table['game']['id']}/deals", json={
        "deal": number, "outcome": "scored", "winner": a, "finish": "partial",
        "recorded_by": a, "hands": {c: {"melded": True, "points": 30},
                                    d: {"melded": True, "points": 30}}} | extra)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()


def act(client, state: dict, number: int, action: str, **body) -> dict:
    answer = client.post(f"{API}/games/{state['id']}/deals/{number}/{action}", json=body,
                         headers={"If-Match": f'"{state["version"]}"'})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def games_of(app, night_id: str) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game).where(
            Game.night_id == night_id))


# --- a link gives what it says and no more -------------------------------------------------

def test_one_tables_link_reaches_no_other_table_and_no_change_of_the_night(client):
    """Point 1: everything a table's link answers — its page, state, exports and print,
    and the night's view-only page it names — holds neither another table's link, nor
    the night's, nor the group's."""
    group = client.post(f"{API}/groups", json={"name": "Diwaniya", "members": EIGHT})
    group_id = group.get_json()["id"]
    night = start(client, new_night(client, group=group_id)).get_json()
    first, second = (t["game"]["id"] for t in night["rounds"][0]["tables"])
    state = client.get(f"{API}/games/{first}").get_json()
    assert state["night"] == {"name": "Thursday", "view_url": night["view_url"]}
    reachable = [client.get(f"{API}/games/{first}").get_data(as_text=True)]
    for address in (f"/games/{first}", f"/games/{first}.json", f"/games/{first}.csv",
                    f"/games/{first}/print", local(state["night"]["view_url"]),
                    local(night["tv_url"])):
        answer = client.get(address)
        assert answer.status_code == 200, address
        reachable.append(answer.get_data(as_text=True))
    for secret in (second, night["id"], group_id):
        assert not any(secret in text for text in reachable), secret
    # The group the game counts for is linked by its view-only page alone.
    page = client.get(f"/games/{first}").text
    assert re.search(r'href="/groups/view/[\w-]+"', page)


def test_a_nights_table_plays_the_nights_next_round_not_a_rematch(client):
    """Point 1: a rematch of a table's game would be a game of the night's group made
    from that table's link: it is refused, saying why, and the page offers the night."""
    night = start(client, new_night(client, confirm="off")).get_json()
    table = night["rounds"][0]["tables"][0]
    record(client, table)
    answer = client.post(f"{API}/games/{table['game']['id']}/rematch", json={})
    assert answer.status_code == 409
    assert "night" in answer.get_json()["error"]
    page = client.get(f"/games/{table['game']['id']}").text
    assert "Play again" not in page and "The night's standing" in page


def test_a_night_of_a_pin_group_takes_the_groups_pin_for_its_changes(client):
    """Point 2: a night with no PIN of its own, in a group with one, asks the group's
    PIN to start a round (which makes games of the group) or change who plays."""
    group = client.post(f"{API}/groups", json={"name": "Diwaniya", "members": EIGHT,
                                               "pin": PIN}).get_json()
    pin = {"X-Table-PIN": PIN}
    night = new_night(client, pin, group=group["id"])
    assert night["pin"] is False
    assert start(client, night, round=1).status_code == 403
    assert start(client, night, {"X-Table-PIN": "1111"}, round=1).status_code == 403
    for refused in (client.post(f"{API}/nights/{night['id']}/players", json={"name": "Zaid"}),
                    client.delete(f"{API}/nights/{night['id']}/players/Huda"),
                    client.post(f"{API}/nights/{night['id']}/swaps",
                                json={"players": ["Ali", "Badr"]})):
        assert refused.status_code == 403
    # The organiser's page asks for the group's PIN, and refuses a start without it.
    assert "The group's PIN" in client.get(f"/nights/{night['id']}").text
    page = client.post(f"/nights/{night['id']}/rounds", data={"round": "1"})
    assert page.status_code == 422 and "PIN" in page.text
    assert client.get(f"{API}/nights/{night['id']}").get_json()["current_round"] is None
    assert start(client, night, pin, round=1).status_code == 201
    assert client.post(f"/nights/{night['id']}/players",
                       data={"name": "Zaid", "pin": PIN}).status_code == 303


def test_a_new_night_for_an_unknown_group_says_the_group_does_not_exist(client):
    """Point 3: not a night made without the group the link meant."""
    answer = client.get("/nights/new?group=nosuchgroup")
    assert answer.status_code == 404 and "There is no group with that link" in answer.text
    posted = client.post("/nights/new?group=nosuchgroup", data={"name": "X"})
    assert posted.status_code == 404


# --- a round starts once ------------------------------------------------------------------

def test_starting_a_round_already_started_changes_nothing_and_says_so(app, client):
    """Point 4: a repeat or a retry of a start names the round it meant: a 409 naming
    it, with the night; never the round after it."""
    night = new_night(client, confirm="off", rules={"preset": "levant", "rounds": 1})
    assert start(client, night, round=1).status_code == 201
    again = start(client, night, round=1)
    assert again.status_code == 409
    assert again.get_json()["error"] == "Round 1 has already started: nothing was changed."
    assert again.get_json()["night"]["current_round"] == 1
    # Forced, as "End the unfinished games" ticked twice: round 2 once, not round 3.
    assert start(client, night, round=2, force=True).status_code == 201
    assert start(client, night, round=2, force=True).status_code == 409
    ahead = start(client, night, round=5, force=True)
    assert ahead.status_code == 409
    assert ahead.get_json()["error"] == "Round 5 cannot start yet: round 3 is next."
    read = client.get(f"{API}/nights/{night['id']}").get_json()
    assert read["current_round"] == 2 and games_of(app, night["id"]) == 4
    for bad in ("2", 0, True, 1.5):
        assert start(client, night, round=bad).status_code == 400


def test_the_start_form_names_its_round_so_a_second_tap_starts_nothing(app, client):
    """Point 4: the organiser's form carries the round it starts; posted twice with
    "End the unfinished games" ticked, the night moves from round 1 to round 2 only."""
    night = new_night(client, confirm="off")
    page = client.get(f"/nights/{night['id']}").text
    assert '<input type="hidden" name="round" value="1">' in page
    assert client.post(f"/nights/{night['id']}/rounds", data={"round": "1"}).status_code == 303
    tap = {"round": "2", "force": "y"}
    assert client.post(f"/nights/{night['id']}/rounds", data=tap).status_code == 303
    second = client.post(f"/nights/{night['id']}/rounds", data=tap)
    assert second.status_code == 409
    assert "Round 2 has already started: nothing was changed." in second.text
    assert client.get(f"{API}/nights/{night['id']}").get_json()["current_round"] == 2
    assert games_of(app, night["id"]) == 4


def test_a_round_started_by_mistake_is_taken_back_while_no_table_has_dealt(app, client):
    """Point 6: its games go, the history says so, and the round starts again anew."""
    night = new_night(client, confirm="off", pin=PIN)
    pin = {"X-Table-PIN": PIN}
    started = start(client, night, pin, round=1).get_json()
    games = [t["game"]["id"] for t in started["rounds"][0]["tables"]]
    assert client.delete(f"{API}/nights/{night['id']}/rounds/1").status_code == 403
    assert client.delete(f"{API}/nights/{night['id']}/rounds/2",
                         headers=pin).status_code == 409
    taken = client.delete(f"{API}/nights/{night['id']}/rounds/1", headers=pin)
    assert taken.status_code == 200, taken.get_data(as_text=True)
    assert taken.get_json()["current_round"] is None
    assert all(client.get(f"{API}/games/{g}").status_code == 404 for g in games)
    assert games_of(app, night["id"]) == 0
    history = client.get(f"/nights/{night['id']}").text
    assert "Round 1 taken back before any deal: its games were removed." in history
    again = start(client, night, pin, round=1).get_json()
    record(client, again["rounds"][0]["tables"][1])
    refused = client.delete(f"{API}/nights/{night['id']}/rounds/1", headers=pin)
    assert refused.status_code == 409
    assert refused.get_json()["error"] == ("Table 2 has dealt: a round with a deal "
                                           "recorded cannot be taken back.")
    assert games_of(app, night["id"]) == 2


def test_the_organisers_page_takes_back_a_round_with_the_nights_pin(client):
    night = new_night(client, confirm="off", pin=PIN)
    start(client, night, {"X-Table-PIN": PIN}, round=1)
    page = client.get(f"/nights/{night['id']}").text
    assert "Take back round 1" in page
    wrong = client.post(f"/nights/{night['id']}/rounds/1/undo", data={"pin": "1111"})
    assert wrong.status_code == 422
    right = client.post(f"/nights/{night['id']}/rounds/1/undo", data={"pin": PIN})
    assert right.status_code == 303
    assert client.get(f"{API}/nights/{night['id']}").get_json()["current_round"] is None


# --- the standing counts what both sides signed ---------------------------------------------

def test_a_deal_moves_the_standing_once_the_other_side_confirms_it(client):
    """Point 7: recorded, the deal is pending and the standing provisional; disputed, it
    still waits; confirmed, it counts."""
    night = start(client, new_night(client, confirm="other_side"), round=1).get_json()
    table = night["rounds"][0]["tables"][0]
    state = record(client, table)
    read = client.get(f"{API}/nights/{night['id']}").get_json()
    assert read["pending"] == [{"round": 1, "table": 1, "deals": [1]}]
    assert all(line["points"] == 0 for line in read["standing"])
    seated = {n for side in table["sides"] for n in side}
    assert {line["player"] for line in read["standing"] if line["provisional"]} == seated
    for address in (f"/nights/{night['id']}", local(night["view_url"]),
                    local(night["tv_url"])):
        assert "Table 1: 1 deal awaits confirmation" in client.get(address).text
    other = table["sides"][1][0]
    state = act(client, state, 1, "dispute", by=other, reason="Counted twice")
    assert client.get(f"{API}/nights/{night['id']}").get_json()["pending"][0]["deals"] == [1]
    act(client, state, 1, "confirm", by=other)
    read = client.get(f"{API}/nights/{night['id']}").get_json()
    assert read["pending"] == [] and not any(line["provisional"] for line in read["standing"])
    winners = set(table["sides"][0])
    assert {line["player"] for line in read["standing"] if line["points"] == 1} == winners
    assert "awaits confirmation" not in client.get(local(night["tv_url"])).text


def test_a_members_rename_follows_into_the_groups_nights(client):
    """A rename after a night was played renamed the member in its games but not in the
    night's seats: every page of the night failed. It follows into the night now, and a
    name someone else already has at the night is refused."""
    group = client.post(f"{API}/groups", json={"name": "Diwaniya", "members": EIGHT})
    group_id = group.get_json()["id"]
    night = start(client, new_night(client, confirm="off", group=group_id),
                  round=1).get_json()
    # A late arrival, listed for the next round and not yet a member.
    client.post(f"{API}/nights/{night['id']}/players", json={"name": "Zaid"})
    record(client, night["rounds"][0]["tables"][0])
    renamed = client.patch(f"{API}/groups/{group_id}", json={"rename": {"Ali": "Alia"}})
    assert renamed.status_code == 200, renamed.get_data(as_text=True)
    read = client.get(f"{API}/nights/{night['id']}")
    assert read.status_code == 200
    names = {line["player"] for line in read.get_json()["standing"]}
    assert "Alia" in names and "Ali" not in names
    for address in (f"/nights/{night['id']}", local(night["view_url"]),
                    local(night["tv_url"])):
        assert client.get(address).status_code == 200
    clash = client.patch(f"{API}/groups/{group_id}", json={"rename": {"Badr": "Zaid"}})
    assert clash.status_code == 400
    assert "already plays at the night" in clash.get_json()["error"]
