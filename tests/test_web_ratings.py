"""The ratings on the pages (docs/league.md, "The rating"): each member's card and number
on the group's page and its view-only page, the ratings page with the recent games' moves
in words, how each rating moved on a finished game's page, the partners' expected wins,
"Draw balanced partners" on a group's new game, and a night balanced by the ratings."""

from __future__ import annotations

import re

import pytest
from game_actions import API
from pagework import alerts
from test_web_groups import text_of

from scorekeeper.extensions import db
from scorekeeper.league.engine.rating import NEW, Skill, chances
from scorekeeper.models import Group

FOUR = ["Ali", "Badr", "Caro", "Dina"]


def _group(client, members=FOUR) -> str:
    response = client.post(f"{API}/groups", json={"name": "Thursday", "members": members})
    assert response.status_code == 201
    return response.get_json()["id"]


def _won(client, group_id, winners: tuple[str, str], players=FOUR) -> dict:
    """A one-round Hand game in partnerships that *winners*' side wins."""
    made = client.post(f"{API}/games", json={
        "rules": {"preset": "levant", "rounds": 1}, "players": players,
        "first_dealer": players[0], "group": group_id, "partnerships": True})
    assert made.status_code == 201, made.get_data(as_text=True)
    state = made.get_json()
    losers = [p for p in players if p not in winners]
    done = client.post(f"{API}/games/{state['id']}/deals", json={
        "deal": 1, "outcome": "scored", "winner": winners[0], "finish": "partial",
        "hands": {winners[1]: {"melded": True, "points": 5},
                  **{p: {"melded": True, "points": 40} for p in losers}}})
    assert done.status_code == 201, done.get_data(as_text=True)
    return done.get_json()


def _arrange(client, group_id: str) -> None:
    """Ali and Caro win as partners twice: they rate above Badr and Dina."""
    for _ in range(2):
        _won(client, group_id, ("Ali", "Caro"))


def test_the_group_page_shows_each_members_card_number_and_the_last_games_moves(client):
    group_id = _group(client)
    _arrange(client, group_id)
    page = client.get(f"/groups/{group_id}")
    text = text_of(page.text)
    assert page.status_code == 200
    ratings = text[text.index("Ratings Card Player Rating Games"):]
    assert re.search(r"Ali (\d{4}) provisional 2", ratings)
    assert "card: Queen" in ratings or "card: Jack" in ratings or "card: 10" in ratings
    assert "The last game" in ratings
    assert "your side beat Badr & Dina, rated below you" in ratings
    assert f'href="/groups/{group_id}/ratings?game=hand"' in page.text


def test_the_ratings_page_lists_the_ratings_and_how_they_moved_in_words(client):
    group_id = _group(client)
    _arrange(client, group_id)
    page = client.get(f"/groups/{group_id}/ratings?game=hand")
    assert page.status_code == 200
    text = text_of(page.text)
    assert "How the rating works" in text and "Everyone starts at 1000, an 8." in text
    assert text.count("your side beat Badr & Dina") == 4  # two games, two winners each
    assert "+126: your side beat Badr & Dina, rated as you" in text
    assert "−126: Ali & Caro beat your side, rated as you" in text


def test_the_ratings_page_in_arabic(client):
    group_id = _group(client)
    _arrange(client, group_id)
    page = client.get(f"/groups/{group_id}/ratings?game=hand",
                      headers={"Accept-Language": "ar"})
    assert page.status_code == 200 and 'dir="rtl"' in page.text
    text = text_of(page.text)
    assert "How the rating works" not in text and "your side beat" not in text
    assert "التقييم" in text


def test_a_group_with_no_finished_game_shows_no_ratings_and_says_so(client):
    group_id = _group(client)
    assert "ratings-table" not in client.get(f"/groups/{group_id}").text
    page = client.get(f"/groups/{group_id}/ratings")
    assert page.status_code == 200
    assert "the ratings start with the first" in text_of(page.text)


def test_the_view_only_link_shows_the_ratings_and_names_no_group_link(app, client):
    group_id = _group(client)
    _arrange(client, group_id)
    with app.app_context():
        view = db.session.get(Group, group_id).view_id
    page = client.get(f"/groups/view/{view}")
    assert "ratings-table" in page.text
    assert f"/groups/view/{view}/ratings?game=hand" in page.text
    ratings = client.get(f"/groups/view/{view}/ratings?game=hand")
    assert ratings.status_code == 200 and group_id not in ratings.text


def test_an_unknown_groups_ratings_are_a_404(client):
    assert client.get("/groups/nope/ratings").status_code == 404
    assert client.get("/groups/view/nope/ratings").status_code == 404


def test_a_finished_group_games_page_says_how_each_rating_moved(client):
    group_id = _group(client)
    state = _won(client, group_id, ("Ali", "Caro"))
    text = text_of(client.get(f"/games/{state['id']}").text)
    assert "Ratings Ali 1000 → 1126 +126: your side beat Badr & Dina, rated as you" in text
    assert "Dina 1000 → 874 −126: Ali & Caro beat your side, rated as you" in text


def test_a_game_not_of_a_group_shows_no_ratings(client, actions):
    game_id = actions.start()
    assert "rating-change" not in client.get(f"/games/{game_id}").text


def test_the_partners_table_shows_the_wins_the_ratings_expected(client):
    group_id = _group(client)
    _arrange(client, group_id)
    page = client.get(f"/groups/{group_id}").text
    table = re.search(r'<table class="league-table expected-table">(.*?)</table>', page,
                      re.S).group(1)
    # Even the first game, favoured the second: 1.x expected of 2 won, the rest above.
    assert re.fullmatch(r"Partners Wins Expected wins Above expected "
                        r"Ali & Caro 2 1\.\d \+0\.\d Badr & Dina 0 0\.\d −0\.\d",
                        text_of(table)), text_of(table)
    assert "Expected wins: what the ratings predicted" in text_of(page)


def _new_game(players, **extra) -> dict[str, str]:
    form = {"preset": "levant", "first_dealer": "0", "partnerships": "y", "balance": "1"}
    form |= {f"player_{i}": name for i, name in enumerate(players)}
    return form | extra


def _seats(page: str) -> list[str]:
    return [v for v in re.findall(r'name="player_\d"[^>]*value="([^"]*)"', page) if v]


def test_draw_balanced_partners_seats_the_strong_with_the_weak(client):
    group_id = _group(client)
    _arrange(client, group_id)
    page = client.post(f"/groups/{group_id}/new", data=_new_game(FOUR))
    assert page.status_code == 200, alerts(page.text)
    # Ali and Caro sat opposite (partners); balanced, Ali partners Badr or Dina.
    seats = _seats(page.text)
    assert seats[0] == "Ali" and seats[2] in {"Badr", "Dina"}
    assert sorted(seats) == sorted(FOUR)
    note = text_of(re.search(r'id="balanced-note">([^<]*)<', page.text).group(1))
    assert note.startswith(f"Balanced sides: Ali & {seats[2]} against ")
    assert "chance to win" in note


def test_draw_balanced_partners_without_partnerships_says_what_is_needed(client):
    group_id = _group(client)
    form = _new_game(FOUR)
    del form["partnerships"]
    page = client.post(f"/groups/{group_id}/new", data=form)
    assert page.status_code == 422
    assert any("Balanced partners need sides of two or more" in a for a in alerts(page.text))


def test_draw_balanced_partners_with_a_gap_between_players_says_so(client):
    group_id = _group(client)
    page = client.post(f"/groups/{group_id}/new",
                       data=_new_game(["Ali", "", "Caro", "Dina", "Badr"]))
    assert page.status_code == 422
    assert any("no empty seat" in a for a in alerts(page.text))


def test_a_balanced_night_parts_the_two_strongest_in_round_one(client):
    members = [f"P{i}" for i in range(8)]
    group_id = _group(client, members)
    # P0 and P1 the strongest: they win every game, in every pairing.
    for n in range(6):
        others = [p for p in members[2:]][n % 3 * 2:n % 3 * 2 + 2]
        _won(client, group_id, ("P0", "P1"), ["P0", others[0], "P1", others[1]])
    rated = {r["player"]: Skill(r["mu"], r["sigma"]) for r in client.get(
        f"{API}/groups/{group_id}/ratings?game=hand").get_json()["rows"]}
    balanced = client.post(f"{API}/nights", json={
        "name": "Even", "rules": {"preset": "levant"}, "players": members,
        "format": "rotating", "group": group_id, "balance": True}).get_json()
    assert sorted(balanced["players"]) == members
    for table in balanced["rounds"][0]["tables"]:
        assert ["P0", "P1"] not in [sorted(side) for side in table["sides"]]
        chance = chances([[rated.get(p, NEW) for p in side] for side in table["sides"]])[0]
        assert 0.25 < chance < 0.75, table


@pytest.mark.parametrize(("body", "named"), [
    ({"format": "solo"}, "rotating partners"),
    ({"group": None}, "group's night"),
    ({"balance": "yes"}, "balance"),
])
def test_a_night_that_cannot_be_balanced_is_refused_naming_why(client, body, named):
    group_id = _group(client)
    answer = client.post(f"{API}/nights", json={
        "name": "N", "rules": {"preset": "levant"}, "players": FOUR, "format": "rotating",
        "group": group_id, "balance": True} | body)
    assert answer.status_code == 400 and named in answer.get_json()["error"]


def test_the_new_night_form_of_a_group_offers_balancing(client):
    group_id = _group(client)
    page = client.get(f"/nights/new?group={group_id}").text
    assert 'name="balance"' in page
    assert 'name="balance"' not in client.get("/nights/new").text
