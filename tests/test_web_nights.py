"""A night's pages (scorekeeper/web/night/routes.py; issue 36) with Flask's test client: a new
night from its form (and what it refuses), the organiser's page starting a round and
changing who plays, the night's PIN, the players' view-only page and the TV board, which
never link to anything that changes a game."""

from __future__ import annotations

import html
import re

from pagework import alerts
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, Group, Night

EIGHT = ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda"]


def form(**changes) -> dict:
    return {"name": "Thursday", "preset": "levant", "players": "\n".join(EIGHT),
            "format": "rotating", "table_size": "4", "rounds": "", "pin": "",
            "first_dealer": "random", "sit_out": "average"} | changes


def new_night(client, **changes) -> str:
    response = client.post("/nights/new", data=form(**changes))
    assert response.status_code == 303, alerts(response.text)
    return response.location.rsplit("/", 1)[-1]


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def test_home_offers_a_night(client):
    assert 'href="/nights/new"' in client.get("/").text


def test_a_night_is_planned_from_its_form(app, client):
    page = client.get("/nights/new")
    assert page.status_code == 200 and "Rotating partners" in page.text
    night_id = new_night(client)
    page = client.get(f"/nights/{night_id}").text
    assert "Next: round 1" in page and "Start round 1" in page
    assert "Table 1" in page and "Table 2" in page and ">against<" in page
    assert count(app, Game) == 0


def test_a_night_that_cannot_be_is_said_and_nothing_is_stored(app, client):
    response = client.post("/nights/new", data=form(players="Ali\nBadr\nCaro"))
    assert response.status_code == 422
    assert any("at least one full table" in a for a in alerts(response.text))
    response = client.post("/nights/new", data=form(table_size="6"))
    assert response.status_code == 422
    assert any("at most 4 players" in a for a in alerts(response.text))
    assert count(app, Night) == 0


def test_starting_a_round_makes_each_tables_game_and_links_it(app, client):
    night_id = new_night(client)
    response = client.post(f"/nights/{night_id}/rounds", data={})
    assert response.status_code == 303
    page = client.get(f"/nights/{night_id}").text
    games = re.findall(r'href="/games/([^"]+)"', page)
    assert len(games) == 2 and count(app, Game) == 2
    assert "Round 1 of 7" in page and "Start round 2" in page
    # A second tap while both tables play is refused, saying so, and makes nothing.
    again = client.post(f"/nights/{night_id}/rounds", data={})
    assert again.status_code == 422
    assert any("Still playing: table 1, 2" in a for a in alerts(again.text))
    assert count(app, Game) == 2
    forced = client.post(f"/nights/{night_id}/rounds", data={"force": "y"})
    assert forced.status_code == 303 and count(app, Game) == 4


def test_a_late_arrival_and_someone_leaving(client):
    night_id = new_night(client)
    assert client.post(f"/nights/{night_id}/players", data={"name": "Zaid"}
                       ).status_code == 303
    page = client.get(f"/nights/{night_id}").text
    assert "Sitting out: " in page and "Zaid" in page
    assert client.post(f"/nights/{night_id}/players/remove", data={"name": "Zaid"}
                       ).status_code == 303
    refused = client.post(f"/nights/{night_id}/players", data={"name": "ali"})
    assert refused.status_code == 422 and alerts(refused.text)


def test_the_nights_pin_guards_the_organisers_changes(app, client):
    night_id = new_night(client, pin="2468")
    page = client.get(f"/nights/{night_id}").text
    assert 'name="pin"' in page
    wrong = client.post(f"/nights/{night_id}/rounds", data={"pin": "1111"})
    assert wrong.status_code == 422
    assert "That is not the night's PIN." in alerts(wrong.text)
    assert count(app, Game) == 0
    right = client.post(f"/nights/{night_id}/rounds", data={"pin": "2468"})
    assert right.status_code == 303 and count(app, Game) == 2


def view_of(app, night_id) -> str:
    with app.app_context():
        return db.session.get(Night, night_id).view_id


def test_the_players_page_and_the_tv_board_change_nothing(app, client):
    night_id = new_night(client)
    client.post(f"/nights/{night_id}/rounds", data={})
    view = view_of(app, night_id)
    for path in (f"/nights/view/{view}", f"/nights/tv/{view}"):
        page = client.get(path)
        assert page.status_code == 200
        # Nothing that writes: the players' page asks only who is looking (GET).
        assert 'method="post"' not in page.text and f"/nights/{night_id}" not in page.text
        assert not re.search(r'href="/games/', page.text)
        assert len(re.findall(r'href="/view/', page.text)) == 2  # each table, view-only
        assert "The night's standing" in page.text
    board = client.get(f"/nights/tv/{view}", headers={"HX-Request": "true"})
    assert board.text.lstrip().startswith('<div id="board"')
    assert 'hx-trigger="every 3s"' in board.text
    assert board.headers["Cache-Control"] == "no-store"
    assert client.get("/nights/tv/nope").status_code == 404


def test_the_pages_speak_arabic(client):
    night_id = new_night(client)
    page = client.get(f"/nights/{night_id}", headers={"Accept-Language": "ar"}).text
    plain = re.sub("[\u2066-\u2069]", "", page)  # numbers isolated in Arabic sentences
    assert 'dir="rtl"' in page and "الجولة 1" in plain and "ترتيب السهرة" in page


def test_the_night_prints_every_rounds_seats_and_the_standing(client):
    night_id = new_night(client)
    page = client.get(f"/nights/{night_id}/print")
    assert page.status_code == 200 and 'media="print"' in page.text
    assert "Who sits where" in page.text and "The night's standing" in page.text
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>', page.text)
    assert rows == [str(n) for n in range(1, 8)]
    assert f'href="/nights/{night_id}/print"' in client.get(f"/nights/{night_id}").text


def test_home_lists_the_nights_opened_on_this_phone(client):
    night_id = new_night(client)
    assert f'href="/nights/{night_id}"' not in client.get("/").text
    client.get(f"/nights/{night_id}")
    assert f'href="/nights/{night_id}"' in client.get("/").text


def test_a_groups_night_offers_its_members_and_is_listed_with_its_leaders(app, client):
    from game_actions import API

    group = client.post(f"{API}/groups", json={"name": "Diwaniya", "members": EIGHT}
                        ).get_json()
    page = client.get(f"/groups/{group['id']}").text
    assert f'href="/nights/new?group={group["id"]}"' in page
    form_page = client.get(f"/nights/new?group={group['id']}").text
    assert "\n".join(EIGHT) in form_page and "Diwaniya" in form_page
    response = client.post(f"/nights/new?group={group['id']}",
                           data=form(players="\n".join(EIGHT)))
    assert response.status_code == 303
    night_id = response.location.rsplit("/", 1)[-1]
    with app.app_context():
        assert db.session.get(Night, night_id).group_id == group["id"]
    client.post(f"/nights/{night_id}/rounds", data={})
    night = client.get(f"{API}/nights/{night_id}").get_json()
    table = night["rounds"][0]["tables"][0]
    state = client.get(f"{API}/games/{table['game']['id']}").get_json()
    winner = table["sides"][0][0]
    client.post(f"{API}/games/{state['id']}/deals", json={
        "deal": 1, "outcome": "scored", "winner": winner, "finish": "partial",
        "hands": {p: {"melded": True, "points": 20} for p in state["players"]
                  if p != winner}})
    page = client.get(f"/groups/{group['id']}").text
    assert "The group's nights" in page and f'href="/nights/{night_id}"' in page
    assert "First: " in page and winner in page.split("The group's nights")[1]
    with app.app_context():
        view = db.session.get(Night, night_id).view_id
        group_view = db.session.get(Group, group["id"]).view_id
    view_page = client.get(f"/groups/view/{group_view}").text
    assert f'href="/nights/view/{view}"' in view_page
    assert f'href="/nights/{night_id}"' not in view_page


def test_the_organiser_swaps_two_players_in_the_next_round(client):
    night_id = new_night(client)
    page = client.get(f"/nights/{night_id}").text
    assert "Swap two players in round 1" in page
    response = client.post(f"/nights/{night_id}/swaps", data={"name": "Ali", "other": "Badr"})
    assert response.status_code == 303
    page = client.get(f"/nights/{night_id}").text
    assert "Ali and Badr swap seats in round 1." in page
    refused = client.post(f"/nights/{night_id}/swaps", data={"name": "Ali", "other": "Ali"})
    assert refused.status_code == 422
    assert "Name two players who are here to swap." in alerts(refused.text)


def test_a_nights_games_take_house_rules_as_a_new_game_does(app, client):
    """Each table's game is set as at a new game: a Levant game of two rounds keeps a
    night's round short; Hand and Foot's own rules for a Hand and Foot night."""
    night_id = new_night(client, opt_rounds="2")
    with app.app_context():
        assert db.session.get(Night, night_id).rules["rounds"] == 2
    page = client.get("/nights/new").text
    assert "House rules" in page and 'name="opt_rounds"' in page and 'name="hf_rounds"' in page
    night_id = new_night(client, preset="hand_and_foot", hf_rounds="2")
    with app.app_context():
        rules = db.session.get(Night, night_id).rules
    assert rules["preset"] == "hand_and_foot" and rules["rounds"] == 2
    refused = client.post("/nights/new", data=form(opt_rounds="0"))
    assert refused.status_code == 422 and alerts(refused.text)


def test_a_player_is_told_their_own_seat(app, client):
    night_id = new_night(client, players="\n".join([*EIGHT, "Imad"]))
    client.post(f"/nights/{night_id}/rounds", data={})
    view = view_of(app, night_id)
    from game_actions import API

    night = client.get(f"{API}/nights/{night_id}").get_json()
    first, second = night["rounds"][0], night["rounds"][1]
    out = first["sitting_out"][0]
    page = client.get(f"/nights/view/{view}?me={out.upper()}").text
    plain = re.sub("[\u2066-\u2069]", "", page)
    assert "Round 1: you sit out." in plain
    table = second["tables"][0]
    me, partner = table["sides"][0]
    page = re.sub("[\u2066-\u2069]", "", client.get(f"/nights/view/{view}?me={me}").text)
    against = " & ".join(table["sides"][1])
    assert f"Round 2: table 1, with {partner}, against {against}." in html.unescape(page)
    # Nobody chosen (or a name not tonight's): every table, no line of one's own.
    assert "my-seat" not in client.get(f"/nights/view/{view}?me=Nobody").text


def test_the_round_clock_shows_on_the_night_and_the_tv(app, client):
    from datetime import UTC, datetime, timedelta

    night_id = new_night(client, minutes="30")
    assert 'class="round-clock' not in client.get(f"/nights/{night_id}").text  # no round yet
    client.post(f"/nights/{night_id}/rounds", data={})
    page = re.sub("[\\u2066-\\u2069]", "", client.get(f"/nights/{night_id}").text)
    assert re.search(r"Round 1: (30:00|29:5\d) left", page)
    with app.app_context():
        started = db.session.get(Night, night_id).started[-1]
        started.started_at = datetime.now(UTC) - timedelta(minutes=31)
        db.session.commit()
    board = client.get(f"/nights/tv/{view_of(app, night_id)}", headers={"HX-Request": "1"})
    assert "Time is up: finish the deal in progress" in board.text
