"""The league's pages (issue 25): a group made, its members added and renamed (a rename
following into its games), its PIN, its view-only page, a game started from it by tapping
its members into their seats with its usual rules filled in, a game on this phone counted
for it, its standings over a season with each game's own figures, head to head, partners,
the season's chart, and "Play again"."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime

import pytest
from game_actions import API, FOUR, deal_form, new_game_form
from pagework import HX, alerts, rows
from sqlalchemy import select, update

from scorekeeper.extensions import db
from scorekeeper.games import games
from scorekeeper.models import Game, GameResult, Group

PIN = "2468"
GROUP_PAGE = re.compile(r"/groups/([A-Za-z0-9_-]{24})$")


def make_group(client, name="Thursday night", members="Ali\nBadr\nCaro\nDina", **extra):
    response = client.post("/groups/new", data={"name": name, "members": members, **extra})
    assert response.status_code == 303, alerts(response.text)
    match = GROUP_PAGE.search(response.location)
    assert match, response.location
    return match.group(1)


def group_game(client, group_id, preset="levant", players=FOUR[:3], **fields) -> str:
    """A game started from the group's page; its id."""
    form = new_game_form(preset, players, **fields) | {"player_5": ""}
    response = client.post(f"/groups/{group_id}/new", data=form)
    assert response.status_code == 302, alerts(response.text)
    return response.location.rsplit("/", 1)[1]


def hand_won_by(actions, game_id, winner: str, players, partners=False) -> None:
    """The one deal of a one-round Hand game: *winner* goes out, the others pay."""
    out = {winner}
    if partners:
        out.add(players[(players.index(winner) + 2) % 4])
    hands = {p: {"melded": True, "points": 20} for p in players if p not in out}
    actions.post_deal(game_id, {"deal": 1, "outcome": "scored", "winner": winner,
                                "finish": "full", "hands": hands})


FOOT_DEAL = {"deal": 1, "went_out": "Ali", "sides": [
    {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1, "red_threes": 1, "melded": 2400,
     "left": 0},
    {"clean_piles": 1, "dirty_piles": 1, "red_threes_caught": 1, "melded": 900,
     "left": 120}]}


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def standings_rows(page: str) -> list[list[str]]:
    """The standings table's rows: the player, then each cell, as shown."""
    table = re.search(r'<table class="league-table standings-table">(.*?)</table>', page, re.S)
    assert table, "no standings on the page"
    body = re.search(r"<tbody>(.*?)</tbody>", table.group(1), re.S).group(1)
    return [[text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def group_of(app, group_id) -> Group:
    return db.session.get(Group, group_id)


@pytest.fixture
def group_id(client):
    return make_group(client)


# --- a new group -------------------------------------------------------------------------


def test_a_group_is_made_with_its_members_typed_once_and_listed_on_home(app, client):
    assert client.get("/groups/new").status_code == 200
    group_id = make_group(client, members="Ali, Badr\nCaro،Dina\n\n")
    page = client.get(f"/groups/{group_id}")
    assert page.status_code == 200
    members = re.search(r'<ul class="member-list">(.*?)</ul>', page.text, re.S).group(1)
    assert text_of(members).split() == ["Ali", "Badr", "Caro", "Dina"]
    assert "4 members" in page.text
    home = client.get("/").text
    assert f'href="/groups/{group_id}"' in home and "Thursday night" in home
    # Another phone, never given the link, is shown no group on its home page.
    assert group_id not in app.test_client().get("/").text


@pytest.mark.parametrize(("name", "members", "said"), [
    ("", "Ali\nBadr", "Give the group a name."),
    ("x" * 61, "Ali\nBadr", "Keep the group's name to 60 characters."),
    ("Family", "Ali", "A group is at least two people"),
    ("Family", "Badr\nΒadr", "look the same"),  # the second is a Greek capital beta
    ("Family", "Ali\n" + "B" * 41, "Keep names to 40 characters"),
    ("Family", "Ali\nBa\u202edr", "invisible or direction-reversing"),
])
def test_bad_names_are_refused_at_their_field_and_nothing_is_stored(app, client, name,
                                                                     members, said):
    before = rows(app)
    response = client.post("/groups/new", data={"name": name, "members": members})
    assert response.status_code == 422
    assert any(said in alert for alert in alerts(response.text)), alerts(response.text)
    assert rows(app) == before


def test_a_short_pin_is_refused_at_its_field(app, client):
    response = client.post("/groups/new", data={"name": "Family", "members": "A\nB",
                                                "pin": "12"})
    assert response.status_code == 422 and "A PIN is 4 to 8 digits." in alerts(response.text)


def test_a_pin_of_spaces_only_is_no_pin(app, client):
    """Issue 39 (a 500): the optional PIN typed as spaces is left blank, as an empty one."""
    response = client.post("/groups/new", data={"name": "Family", "members": "A\nB",
                                                "pin": "    "})
    assert response.status_code == 303
    with app.app_context():
        assert db.session.scalars(select(Group.pin_hash)).one() is None


# --- members -------------------------------------------------------------------------


def test_members_are_added_and_a_look_alike_refused(app, client, group_id):
    response = client.post(f"/groups/{group_id}/members", data={"members": "Emad, Fadi"})
    assert response.status_code == 303
    with app.app_context():
        assert [m.name for m in group_of(app, group_id).members][-2:] == ["Emad", "Fadi"]
    response = client.post(f"/groups/{group_id}/members", data={"members": "Εmad"})
    assert response.status_code == 422
    assert any("look the same" in a for a in alerts(response.text))
    response = client.post(f"/groups/{group_id}/members", data={"members": " "})
    assert response.status_code == 422
    assert "Type the name of who joins the group." in alerts(response.text)
    with app.app_context():
        assert len(group_of(app, group_id).members) == 6


def test_a_rename_follows_into_every_game_of_the_member(app, client, group_id):
    game_id = group_game(client, group_id)
    with app.app_context():
        ali = next(m for m in group_of(app, group_id).members if m.name == "Ali")
        member = str(ali.id)
    response = client.post(f"/groups/{group_id}/rename", data={"member": member,
                                                               "name": "Badr"})
    assert response.status_code == 422
    assert any("already a member" in a for a in alerts(response.text))
    response = client.post(f"/groups/{group_id}/rename", data={"member": member,
                                                               "name": ""})
    assert response.status_code == 422
    assert "Type the member's new name." in alerts(response.text)
    response = client.post(f"/groups/{group_id}/rename", data={"member": "999",
                                                               "name": "Aly"})
    assert response.status_code == 422
    response = client.post(f"/groups/{group_id}/rename", data={"member": member,
                                                               "name": "Aly"})
    assert response.status_code == 303
    game = client.get(f"/games/{game_id}").text
    assert "Aly" in game and ">Ali<" not in game
    assert "Aly" in client.get(f"/groups/{group_id}").text


# --- the PIN -------------------------------------------------------------------------


def test_the_groups_pin_guards_its_changes_and_not_its_standings(app, client):
    group_id = make_group(client, pin=PIN)
    # Whoever made it need not type it again.
    assert client.post(f"/groups/{group_id}/members",
                       data={"members": "Emad"}).status_code == 303
    other = app.test_client()
    page = other.get(f"/groups/{group_id}")
    assert page.status_code == 200
    assert "This group has a PIN" in page.text and "Standings" in page.text
    assert f'action="/groups/{group_id}/members"' not in page.text
    assert f'href="/groups/{group_id}/new"' not in page.text
    before = rows(app)
    for path, data in ((f"/groups/{group_id}/members", {"members": "Zed"}),
                       (f"/groups/{group_id}/rename", {"member": "1", "name": "Zed"}),
                       (f"/groups/{group_id}/pin", {"pin": "1357"}),
                       (f"/groups/{group_id}/new", new_game_form())):
        refused = other.post(path, data=data)
        assert refused.status_code == 403, path
        assert "This group has a PIN: enter it to make changes." in alerts(refused.text)
    assert rows(app) == before
    assert other.get(f"/groups/{group_id}/new").status_code == 302
    wrong = other.post(f"/groups/{group_id}/unlock", data={"pin": "1111"})
    assert wrong.status_code == 422 and "That is not the group's PIN." in alerts(wrong.text)
    assert other.post(f"/groups/{group_id}/unlock", data={"pin": "٢٤٦٨"}).status_code == 303
    assert other.post(f"/groups/{group_id}/members",
                      data={"members": "Zed"}).status_code == 303


def test_a_pin_set_later_locks_other_phones(app, client, group_id):
    refused = client.post(f"/groups/{group_id}/pin", data={"pin": "12"})
    assert refused.status_code == 422 and "A PIN is 4 to 8 digits." in alerts(refused.text)
    assert client.post(f"/groups/{group_id}/pin", data={"pin": PIN}).status_code == 303
    assert client.post(f"/groups/{group_id}/members",
                       data={"members": "Emad"}).status_code == 303
    assert app.test_client().post(f"/groups/{group_id}/members",
                                  data={"members": "Fadi"}).status_code == 403


def test_the_pin_taken_off_lets_every_phone_change_the_group_again(app, client, group_id):
    client.post(f"/groups/{group_id}/pin", data={"pin": PIN})
    other = app.test_client()
    # Only a phone that may change the group can take its PIN off.
    assert other.post(f"/groups/{group_id}/pin/off").status_code == 403
    page = client.get(f"/groups/{group_id}").text
    assert "Take the PIN off" in page
    assert client.post(f"/groups/{group_id}/pin/off").status_code == 303
    assert other.post(f"/groups/{group_id}/members",
                      data={"members": "Fadi"}).status_code == 303
    page = client.get(f"/groups/{group_id}").text
    assert "Take the PIN off" not in page and "Set a PIN for changes" in page


# --- the view-only page --------------------------------------------------------------


def test_the_view_only_page_shows_the_standings_and_nothing_that_changes_them(
        app, client, actions, group_id):
    game_id = group_game(client, group_id, opt_rounds="1")
    hand_won_by(actions, game_id, "Badr", FOUR[:3])
    with app.app_context():
        group = group_of(app, group_id)
        view, game_view = group.view_id, db.session.get(Game, game_id).view_id
    assert view != group_id
    for headers in ({}, HX):
        page = app.test_client().get(f"/groups/view/{view}", headers=headers)
        assert page.status_code == 200
        assert standings_rows(page.text)[0][:3] == ["Badr", "1", "1"]
        assert 'method="post"' not in page.text and "hx-post" not in page.text
        assert group_id not in page.text and game_id not in page.text
        assert f'href="/view/{game_view}"' in page.text
    assert app.test_client().get(f"/groups/view/{group_id}").status_code == 404
    assert client.get(f"/groups/{view}").status_code == 404
    svg = client.get(f"/groups/view/{view}/qr.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


# --- a game started from the group ---------------------------------------------------


def seats_of(page: str) -> list[str]:
    return [re.search(rf'name="player_{i}"[^>]*value="([^"]*)"', page).group(1)
            if re.search(rf'name="player_{i}"[^>]*value="([^"]*)"', page) else ""
            for i in range(6)]


def test_a_game_from_the_group_seats_members_by_taps_in_the_order_tapped(app, client,
                                                                        group_id):
    page = client.get(f"/groups/{group_id}/new").text
    chips = re.findall(r'<button type="submit" name="seat" value="([^"]+)"', page)
    assert chips == ["Ali", "Badr", "Caro", "Dina"]
    form = new_game_form("levant", []) | {"player_5": ""}
    for name in ("Caro", "Ali", "Dina"):
        answer = client.post(f"/groups/{group_id}/new", data=form | {"seat": name})
        assert answer.status_code == 200
        form |= {f"player_{i}": n for i, n in enumerate(seats_of(answer.text))}
    assert seats_of(answer.text)[:4] == ["Caro", "Ali", "Dina", ""]
    assert 'value="Caro" formnovalidate class="chip seat-chip" aria-pressed="true"' in (
        answer.text)
    # Tapped again, Caro stands up and the others move up a seat.
    answer = client.post(f"/groups/{group_id}/new", data=form | {"seat": "Caro"})
    assert seats_of(answer.text)[:3] == ["Ali", "Dina", ""]
    form |= {f"player_{i}": n for i, n in enumerate(seats_of(answer.text))}
    # A new name typed joins the group.
    game_id = group_game(client, group_id, "gulf", ["Ali", "Dina", "Emad", "Badr"],
                         partnerships="y", opt_rounds="3", first_dealer="1")
    with app.app_context():
        game = db.session.get(Game, game_id)
        group = group_of(app, group_id)
        assert game.group_id == group_id
        members = {m.name: m.id for m in group.members}
        assert "Emad" in members
        assert [(s.name, s.member_id) for s in game.seats] == [
            (n, members[n]) for n in ("Ali", "Dina", "Emad", "Badr")]
        assert group.house_rules["hand"]["preset"] == "gulf"
        assert group.house_rules["hand"]["rounds"] == 3
        assert db.session.get(GameResult, game_id).finished is False
    # The game's page names the group and its usual form.
    shown = text_of(client.get(f"/games/{game_id}").text)
    assert "Group: Thursday night · usually plays Gulf" in shown


def test_the_groups_usual_rules_are_filled_in_for_either_game(app, client, group_id):
    group_game(client, group_id, "egypt", FOUR[:3], opt_rounds="4",
               opt_bonus_hands="no")
    page = client.get(f"/groups/{group_id}/new").text
    assert re.search(r'<input[^>]*checked[^>]*value="egypt"|<input[^>]*value="egypt"[^>]*'
                     r'checked', page)
    assert re.search(r'name="opt_rounds"[^>]*value="4"', page)
    assert re.search(r'<option selected value="no">|<option value="no" selected>',
                     re.search(r'name="opt_bonus_hands".*?</select>', page, re.S).group())
    assert "The group's usual rules are filled in" in page
    group_game(client, group_id, "hand_and_foot", FOUR, sides="opposite",
               hf_set="hand_and_foot_simpson", hf_rounds="2", hf_red_three="400")
    page = client.get(f"/groups/{group_id}/new").text
    # The game the group started last is chosen, each game's usual rules kept.
    assert re.search(r'<input[^>]*checked[^>]*value="hand_and_foot"|<input[^>]*'
                     r'value="hand_and_foot"[^>]*checked', page)
    assert re.search(r'<option selected value="hand_and_foot_simpson">',
                     page) or 'value="hand_and_foot_simpson" selected' in page
    assert re.search(r'name="hf_rounds"[^>]*value="2"', page)
    assert re.search(r'name="hf_red_three"[^>]*value="400"', page)
    assert re.search(r'name="opt_rounds"[^>]*value="4"', page)
    with app.app_context():
        rules = group_of(app, group_id).house_rules
        assert rules["handfoot"]["preset"] == "hand_and_foot_simpson"
        assert rules["handfoot"]["red_three"] == 400 and rules["hand"]["rounds"] == 4


def test_a_refused_game_from_the_group_stores_nothing(app, client, group_id):
    before = rows(app)
    # A new name that looks like a member's is no new member, nor a game.
    response = client.post(f"/groups/{group_id}/new",
                           data=new_game_form("levant", ["Ali", "Βadr"]))
    assert response.status_code == 422 and alerts(response.text)
    response = client.post(f"/groups/{group_id}/new", data=new_game_form("levant", ["Ali"]))
    assert response.status_code == 422
    assert rows(app) == before


# --- a game on this phone, counted for the group ----------------------------------------


def test_a_game_on_this_phone_whose_players_are_members_can_be_added(app, client, actions,
                                                                     group_id):
    fits = actions.create("levant", ["Ali", "Badr"])["id"]
    stranger = actions.create("levant", ["Ali", "Zed"])["id"]
    elsewhere = actions.create("levant", ["Caro", "Dina"])["id"]  # not opened on this phone
    for game_id in (fits, stranger):
        client.get(f"/games/{game_id}")
    page = client.get(f"/groups/{group_id}").text
    addable = re.search(r'<ul class="game-list addable">(.*?)</ul>', page, re.S).group(1)
    assert f'value="{fits}"' in addable
    assert stranger not in addable and elsewhere not in addable
    refused = client.post(f"/groups/{group_id}/games", data={"game": stranger})
    assert refused.status_code == 422 and "“Zed” is not a member of the group." in alerts(
        refused.text)
    assert client.post(f"/groups/{group_id}/games",
                       data={"game": "x" * 24}).status_code == 404
    assert client.post(f"/groups/{group_id}/games", data={"game": fits}).status_code == 303
    with app.app_context():
        assert db.session.get(Game, fits).group_id == group_id
    page = client.get(f"/groups/{group_id}").text
    assert 'class="game-list addable"' not in page
    assert f'href="/games/{fits}"' in page
    assert "Group: Thursday night" in text_of(client.get(f"/games/{fits}").text)


def test_a_locked_game_is_not_added_from_a_phone_without_its_pin(app, client, actions,
                                                                group_id):
    game_id = actions.create("levant", ["Ali", "Badr"], pin=PIN)["id"]
    answer = client.post(f"/groups/{group_id}/games", data={"game": game_id})
    assert answer.status_code == 403
    with app.app_context():
        assert db.session.get(Game, game_id).group_id is None


# --- standings, head to head, partners, the chart --------------------------------------


@pytest.fixture
def season(app, client, actions, group_id):
    """Three finished games: Hand in partnerships (Ali and Caro win), Hand and Foot (Ali
    and Caro's side wins), plain Hand (Badr wins); the first played last January."""
    partners = group_game(client, group_id, "levant", FOUR, partnerships="y",
                          opt_rounds="1")
    hand_won_by(actions, partners, "Ali", FOUR, partners=True)
    foot = group_game(client, group_id, "hand_and_foot", FOUR, sides="opposite",
                      hf_rounds="1")
    actions.post_deal(foot, FOOT_DEAL)
    plain = group_game(client, group_id, "levant", FOUR[:3], opt_rounds="1")
    hand_won_by(actions, plain, "Badr", FOUR[:3])
    with app.app_context():
        db.session.execute(update(GameResult).where(GameResult.game_id == partners).values(
            played_at=datetime(datetime.now(UTC).year - 1, 1, 15, tzinfo=UTC)))
        db.session.commit()
    return {"partners": partners, "foot": foot, "plain": plain}


def test_standings_over_each_season(app, client, group_id, season):
    page = client.get(f"/groups/{group_id}?game=hand&season=all").text
    assert standings_rows(page) == [
        # Player, games, wins, rate, streak now, best; deals won, full hands, bonus hands,
        # caught without melding, average penalty per deal lost (a full hand doubles the
        # 20 left). Level on wins and rate, who joined first comes first.
        ["Ali", "2", "1", "50%", "0", "1", "1", "1", "0", "0", "40"],
        ["Badr", "2", "1", "50%", "1", "1", "1", "1", "0", "0", "40"],
        ["Caro", "2", "1", "50%", "0", "1", "0", "0", "0", "0", "40"],
        ["Dina", "1", "0", "0%", "0", "0", "0", "0", "0", "0", "40"],
    ]
    for label in ("Deals won", "Full hands", "Caught without melding",
                  "Average penalty per deal lost"):
        assert label in page
    # This year leaves out the game of last January.
    page = client.get(f"/groups/{group_id}?game=hand&season=year").text
    assert standings_rows(page)[0] == ["Badr", "1", "1", "100%", "1", "1", "1", "1", "0",
                                       "0", "—"]  # no deal lost: no average
    assert [row[:3] for row in standings_rows(page)[1:]] == [["Ali", "1", "0"],
                                                             ["Caro", "1", "0"]]
    assert "1 game finished since" in text_of(page)
    page = client.get(f"/groups/{group_id}?game=hand&season=month").text
    assert len(standings_rows(page)) == 3
    last_year = datetime.now(UTC).year - 1
    page = client.get(f"/groups/{group_id}?game=hand&season=dates&since={last_year}-01-01"
                      f"&until={last_year}-12-31").text
    assert [row[0] for row in standings_rows(page)] == ["Ali", "Caro", "Badr", "Dina"]
    page = client.get(f"/groups/{group_id}?game=hand&season=dates&since=2000-01-01"
                      "&until=2000-01-31").text
    assert "No finished games of Hand in this season yet." in page
    # Hand and Foot: its own figures.
    page = client.get(f"/groups/{group_id}?game=handfoot&season=all").text
    # Each player of a side shares its figures: piles clean, dirty and wild, red threes
    # caught, the average deal's score.
    assert standings_rows(page) == [
        ["Ali", "1", "1", "100%", "1", "1", "2", "2", "1", "0", "5700"],
        ["Caro", "1", "1", "100%", "1", "1", "2", "2", "1", "0", "5700"],
        ["Badr", "1", "0", "0%", "0", "0", "1", "1", "0", "1", "1480"],
        ["Dina", "1", "0", "0%", "0", "0", "1", "1", "0", "1", "1480"],
    ]
    for label in ("Clean piles", "Dirty piles", "Wild piles", "Red threes caught",
                  "Average deal score"):
        assert label in page
    # A tab for each game the group played.
    assert 'href="/groups/' in page and "game=hand&amp;" in page


@pytest.mark.parametrize(("query", "said"), [
    ("since=2026-13-01", "Give the date as year-month-day, like 2026-11-22."),
    ("since=yesterday", "Give the date as year-month-day, like 2026-11-22."),
    ("since=2026-05-01&until=2026-04-01", "The last day comes on or after the first."),
])
def test_dates_that_are_no_season_are_said_at_their_field(client, group_id, season, query,
                                                          said):
    page = client.get(f"/groups/{group_id}?game=hand&season=dates&{query}")
    assert page.status_code == 400
    assert said in alerts(page.text)
    assert "Fix the dates to see the standings." in page.text


@pytest.mark.parametrize("blank", ["since=%20", "until=%20", "since=%20&until=%20%20"])
def test_blank_dates_are_no_dates(app, client, group_id, season, blank):
    """Issue 39 (a 500): a date field sent as spaces is left blank, on the group's page
    and its view-only page alike: the season from the first game, or to the last."""
    whole = client.get(f"/groups/{group_id}?game=hand&season=dates").text
    page = client.get(f"/groups/{group_id}?game=hand&season=dates&{blank}")
    assert page.status_code == 200 and not alerts(page.text)
    assert standings_rows(page.text) == standings_rows(whole) != []
    with app.app_context():
        view = db.session.get(Group, group_id).view_id
    assert client.get(f"/groups/view/{view}?game=hand&season=dates&{blank}").status_code == 200


def test_junk_in_the_address_is_no_500(client, group_id, season):
    for query in ("game=bridge", "season=decade", "a=1" + "9" * 5000 + "&b=2",
                  "a=%00&b=x", "since=" + "9" * 5000, "game=hand&a=1&b=1"):
        assert client.get(f"/groups/{group_id}?{query}").status_code < 500, query


def ids_of(app, group_id) -> dict[str, str]:
    with app.app_context():
        return {m.name: str(m.id) for m in group_of(app, group_id).members}


def test_head_to_head_and_partners(app, client, group_id, season):
    ids = ids_of(app, group_id)
    page = client.get(f"/groups/{group_id}?game=hand&season=all&a={ids['Ali']}"
                      f"&b={ids['Caro']}").text
    meeting = text_of(re.search(r'<dl class="meeting">(.*?)</dl>', page, re.S).group(1))
    assert meeting == ("Games together 2 Ali finished ahead 0 Caro finished ahead 0 "
                       "Level 1 Games as partners 1 Won as partners 1")
    page = client.get(f"/groups/{group_id}?game=hand&season=all&a={ids['Badr']}"
                      f"&b={ids['Ali']}").text
    meeting = text_of(re.search(r'<dl class="meeting">(.*?)</dl>', page, re.S).group(1))
    assert meeting.startswith("Games together 2 Badr finished ahead 1 Ali finished ahead 1")
    partners = re.search(r'<table class="league-table partners-table">(.*?)</table>', page,
                         re.S).group(1)
    assert text_of(partners).endswith("Ali & Caro 1 1 100% Badr & Dina 1 0 0%")
    same = client.get(f"/groups/{group_id}?game=hand&a={ids['Ali']}&b={ids['Ali']}").text
    assert "Choose two different members." in same


def test_the_seasons_wins_are_charted_one_line_per_member(client, group_id, season):
    page = client.get(f"/groups/{group_id}?game=hand&season=all").text
    chart = re.search(r'<figure class="chart season-chart">(.*?)</figure>', page, re.S)
    assert chart, "no chart of the season"
    assert len(re.findall(r"<polyline", chart.group(1))) == 4
    assert "Wins over the season" in chart.group(1)
    # Two games, so three points a line: before the first, after each.
    points = re.findall(r'<polyline points="([^"]+)"', chart.group(1))
    assert all(len(p.split()) == 3 for p in points)


def test_the_standings_alone_are_sent_to_htmx(client, group_id, season):
    part = client.get(f"/groups/{group_id}?game=handfoot&season=all",
                      headers=HX | {"HX-Target": "standings"})
    assert part.status_code == 200
    assert part.text.lstrip().startswith('<section id="standings"')
    assert "<html" not in part.text and "Members" not in part.text


# --- play again ------------------------------------------------------------------------


def test_play_again_starts_the_same_table_in_the_same_group(app, client, actions,
                                                           group_id):
    game_id = group_game(client, group_id, "levant", FOUR[:3], opt_rounds="1")
    unfinished = client.post(f"/games/{game_id}/again")
    assert unfinished.status_code == 409
    assert "Only a finished game can be played again." in unfinished.text
    assert f'action="/games/{game_id}/again"' not in client.get(f"/games/{game_id}").text
    hand_won_by(actions, game_id, "Badr", FOUR[:3])
    page = client.get(f"/games/{game_id}").text
    assert f'action="/games/{game_id}/again"' in page and "Play again" in page
    assert f'href="/groups/{group_id}/new"' in page  # "New game" of the group
    again = client.post(f"/games/{game_id}/again")
    assert again.status_code == 303
    new_id = again.location.rsplit("/", 1)[1]
    assert new_id != game_id
    # A second tap (or phone) leads to the same rematch; the finished game links it.
    assert client.post(f"/games/{game_id}/again").location.endswith(new_id)
    page = client.get(f"/games/{game_id}").text
    assert f'href="/games/{new_id}"' in page and "The next game" in page
    assert f'action="/games/{game_id}/again"' not in page
    state = actions.state(new_id)
    assert state["players"] == ["Ali", "Badr", "Caro"] and state["deals"] == []
    with app.app_context():
        new = db.session.get(Game, new_id)
        assert new.group_id == group_id and new.rules["rounds"] == 1
        assert db.session.scalar(select(Game.id).where(Game.rematch_of == game_id)) == new_id
    assert "Group: Thursday night" in text_of(client.get(f"/games/{new_id}").text)


def test_play_again_needs_the_tables_pin(app, client, actions):
    game_id = actions.start(pin=PIN, opt_rounds="1")
    actions.record(game_id, winner=1)
    stranger = app.test_client()
    assert "Play again" not in stranger.get(f"/games/{game_id}").text
    before = rows(app)
    assert stranger.post(f"/games/{game_id}/again").status_code == 403
    assert rows(app) == before
    again = client.post(f"/games/{game_id}/again")
    assert again.status_code == 303
    # The same table keeps its PIN, and this phone need not enter it again.
    new_id = again.location.rsplit("/", 1)[1]
    assert client.post(f"/games/{new_id}/deals", data=deal_form()).status_code == 302


# --- every game's figures, from its kind ----------------------------------------------


@pytest.mark.parametrize("kind", games(), ids=lambda kind: kind.info.name)
def test_each_games_columns_name_figures_its_kind_gives(app, kind):
    figures = kind.league_figures({})
    for key, label in kind.pages.league_columns:
        value = figures
        for part in key.split("."):
            assert part in value, key
            value = value[part]
        with app.test_request_context():
            assert str(label)


def test_the_api_and_the_pages_agree_on_the_group(app, client, group_id):
    # The group pages never answer on the API's address, nor the API on theirs.
    assert client.get(f"{API}/groups/{group_id}/qr.svg").status_code == 404


@pytest.mark.parametrize("language", ["en", "ar"])
def test_no_group_page_shows_a_code(app, client, actions, language):
    """Issue 22's words, not codes, on the league's pages too."""
    from test_words_not_codes import codes_in

    client.set_cookie("lang", language)
    group_id = make_group(client)
    game_id = group_game(client, group_id, opt_rounds="1")
    hand_won_by(actions, game_id, "Badr", FOUR[:3])
    foot = group_game(client, group_id, "hand_and_foot", FOUR, sides="opposite",
                      hf_rounds="1")
    actions.post_deal(foot, FOOT_DEAL)
    with app.app_context():
        view = group_of(app, group_id).view_id
    for path in ("/", "/groups/new", f"/groups/{group_id}", f"/groups/{group_id}/new",
                 f"/groups/{group_id}?game=hand&season=all",
                 f"/groups/{group_id}?game=handfoot&season=dates&since=x",
                 f"/groups/view/{view}", f"/games/{game_id}", f"/games/{foot}"):
        response = client.get(path)
        assert response.status_code < 500, path
        assert codes_in(response.text) == [], path
    refused = client.post("/groups/new", data={"name": "", "members": ""})
    assert codes_in(refused.text) == []


def test_every_group_form_carries_its_token(tmp_path):
    """With CSRF on, as in production: each form of the group's page is sent with the
    token it carries, and a form without one is refused with nothing stored."""
    from game_actions import csrf_token

    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "SECRET_KEY": "csrf"})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    token = csrf_token(client.get("/groups/new").text)
    made = client.post("/groups/new", data={"name": "Family", "members": "Ali\nBadr",
                                            "csrf_token": token})
    assert made.status_code == 303
    group = made.location
    before = rows(app)
    assert client.post(f"{group}/members", data={"members": "Caro"}).status_code == 400
    assert rows(app) == before
    page = client.get(group).text
    forms = re.findall(r'<form method="post" action="([^"#]+)[^"]*"[^>]*>(.*?)</form>', page,
                       re.S)
    assert {action.rsplit("/", 1)[1] for action, _ in forms} >= {"members", "rename", "pin"}
    sent = {"members": {"members": "Caro"}, "rename": {"member": "1", "name": "Aly"},
            "pin": {"pin": PIN}}
    for action, body in forms:
        name = action.rsplit("/", 1)[1]
        if name in sent:
            answer = client.post(action, data=sent[name] | {"csrf_token": csrf_token(body)})
            assert answer.status_code == 303, (name, alerts(answer.text))


@pytest.mark.parametrize("preset", ["levant", "hand_and_foot"])
def test_the_printed_sheet_names_the_group(app, client, group_id, preset):
    players = FOUR if preset == "hand_and_foot" else FOUR[:3]
    game_id = group_game(client, group_id, preset, players)
    with app.app_context():
        view_id = db.session.get(Game, game_id).view_id
    for address in (f"/games/{game_id}/print", f"/view/{view_id}/print"):
        assert "Group: Thursday night" in text_of(client.get(address).text)


def test_win_rates_round_a_half_up_and_game_takes_both_names(client, group_id, season):
    """Issue 39, point 20: 15 wins of 24 showed "62%" (a half rounded to even); the
    standings' ``game`` took ``handfoot`` where the API takes ``hand_and_foot``, and an
    unknown one silently showed Hand."""
    from scorekeeper.web.group.season import percent
    assert (percent(15, 24), percent(1, 8), percent(1, 3), percent(0, 0)) == (63, 13, 33, 0)
    by_api_name = client.get(f"/groups/{group_id}?game=hand_and_foot&season=all")
    assert by_api_name.status_code == 200
    assert re.search(r'aria-current="page">Hand and Foot</a>', by_api_name.text)
    unknown = client.get(f"/groups/{group_id}?game=bridge")
    assert unknown.status_code == 400
    assert "There is no game “bridge”" in html.unescape(unknown.text)
    assert client.get(f"/groups/{group_id}/ratings?game=bridge").status_code == 400
