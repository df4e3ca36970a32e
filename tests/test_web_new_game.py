"""Starting a game through the new-game form (``/new``) with Flask's test client: the
presets offered, the players in seating order and the first dealer, house rules and
partnerships, the buttons that reorder the seats, and bad input.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``actions.state``). CSRF is off in the
test app (tests/conftest.py).
"""

from __future__ import annotations

import html
import re

import pytest
from game_actions import FOUR, NAMES, PRESETS, THREE, new_game_form
from pagework import alerts, game_count


def test_new_game_form_offers_the_six_presets(client):
    response = client.get("/new")
    assert response.status_code == 200
    offered = re.findall(r'name="preset"[^>]*value="([a-z]+)"', response.text)
    assert offered == [*PRESETS, "points"]  # and the points sheet, offered after them
    for label in ("Levant", "Egypt", "Gulf", "Hand Saudi", "Kuwait", "Hareeqa"):
        assert f"<strong>{label}</strong>" in response.text
    for seat in range(5):
        assert f'name="player_{seat}"' in response.text


def test_the_form_shows_a_box_for_each_player_the_chosen_game_seats(client):
    """Hand seats at most five, Hand and Foot six, the points sheet eight: the form has
    eight boxes and shows the chosen game's number (static/app.js hides or shows the rest
    as another game is chosen; without script all show, static/noscript.css)."""
    def shown(text: str) -> list[int]:
        rows = re.findall(r'<li class="player-row" data-seat="(\d)"( hidden)?>', text)
        assert [int(seat) for seat, _ in rows] == list(range(8))
        return [int(seat) for seat, hidden in rows if not hidden]

    assert shown(client.get("/new").text) == [0, 1, 2, 3, 4]
    # The form sent back (a seat moved) for the chosen game: its own number of boxes.
    for preset, seats in (("hand_and_foot", 6), ("points", 8)):
        again = client.post("/new", data=new_game_form(preset, move="down-0"))
        assert shown(again.text) == list(range(seats))
    # A box holding a name stays, whatever the game.
    again = client.post("/new", data=new_game_form(players=THREE, move="down-0",
                                                   player_6="Gus"))
    assert shown(again.text) == [0, 1, 2, 3, 4, 6]


def test_new_game_is_created_with_its_players_in_order_and_first_dealer(app, client,
                                                                        actions):
    response = client.post("/new", data=new_game_form("levant", THREE, "0"))
    assert response.status_code == 302
    game_id = response.location.rsplit("/", 1)[-1]
    assert response.location == f"/games/{game_id}"
    assert game_count(app) == 1
    data = actions.state(game_id)
    assert data["rules"]["preset"] == "levant"
    assert data["players"] == THREE
    assert data["first_dealer"] == "Ali"
    assert data["dealer"] == "Ali"
    assert data["teams"] is None
    assert data["deals"] == []


def test_new_game_first_dealer_is_the_chosen_seat(actions):
    game_id = actions.start("gulf", FOUR, first_dealer="2")
    assert actions.state(game_id)["first_dealer"] == "Caro"


def test_new_game_skips_blank_seats(actions):
    game_id = actions.start(players=["Ali", "", "Caro"], first_dealer="2")
    data = actions.state(game_id)
    assert data["players"] == ["Ali", "Caro"]
    assert data["first_dealer"] == "Caro"


def test_new_game_random_first_dealer_is_one_of_the_players(actions):
    dealers = {actions.state(actions.start(players=THREE, first_dealer="random"))
               ["first_dealer"] for _ in range(8)}
    assert dealers <= set(THREE)
    assert dealers


def test_new_game_house_rules_are_kept(actions):
    game_id = actions.start(opt_rounds="3", opt_dealer_rule="rotate", opt_bonus_hands="yes")
    rules = actions.state(game_id)["rules"]
    assert (rules["rounds"], rules["dealer_rule"], rules["bonus_hands"]) == (3, "rotate", True)


def test_new_game_house_rules_for_cards_taken_from_the_discard_and_announcing(actions):
    """Seed 000, "Taking a discarded card" and seed 001, "Turns before announcing" and
    "Announcing special rules": the variants a table agrees on before the game."""
    game_id = actions.start("levant", opt_discarded_wild="aces_group",
                            opt_discard_lay_off="yes")
    rules = actions.state(game_id)["rules"]
    assert (rules["discarded_wild"], rules["discard_lay_off"]) == ("aces_group", True)
    game_id = actions.start("kuwait", opt_announce_after_turns="16",
                            opt_announce_after_discard="no")
    rules = actions.state(game_id)["rules"]
    assert (rules["announce_after_turns"], rules["announce_after_discard"]) == (16, False)


def test_new_game_house_rules_name_numbers_as_numbers(client):
    # 1 == True in Python: the ace's worth of 1 is not called "yes".
    page = client.get("/new").text
    assert '<option value="1">1</option>' in page
    assert '<option value="0">0</option>' in page


def test_new_game_partnerships_with_four_players_make_two_teams(client, actions):
    game_id = actions.start("levant", FOUR, partnerships="y")
    data = actions.state(game_id)
    assert data["teams"] == [["Ali", "Caro"], ["Badr", "Dina"]]
    # The sheet has one column per team.
    text = client.get(f"/games/{game_id}").text
    assert "Ali &amp; Caro" in text and "Badr &amp; Dina" in text


def test_new_game_sets_the_cookie_that_lists_it(client):
    response = client.post("/new", data=new_game_form())
    game_id = response.location.rsplit("/", 1)[-1]
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("hand_games=") and game_id in cookie
    assert "HttpOnly" in cookie


def player_inputs(text: str) -> list[str]:
    """The names in the five seats of the new-game form."""
    return [html.unescape(re.search(rf'<input[^>]*name="player_{seat}"[^>]*value="([^"]*)"',
                                    text).group(1)) for seat in range(5)]


def dealer_pick(text: str) -> str:
    match = re.search(r'name="first_dealer" value="([^"]+)" checked', text)
    assert match, "no first dealer ticked"
    return match.group(1)


@pytest.mark.parametrize("move", ["up-1", "down-0"])
def test_reorder_buttons_swap_two_seats_and_create_nothing(app, client, move):
    response = client.post("/new", data=new_game_form(players=THREE, move=move))
    assert response.status_code == 200
    assert player_inputs(response.text) == ["Badr", "Ali", "Caro", "", ""]
    assert alerts(response.text) == []
    assert game_count(app) == 0


@pytest.mark.parametrize(("move", "dealer", "after"), [
    ("down-0", "0", "1"),   # the dealer moves with their seat
    ("up-1", "0", "1"),     # the player moved above the dealer pushes them down
    ("up-2", "0", "0"),     # a swap elsewhere leaves the dealer be
])
def test_reorder_buttons_keep_the_first_dealer_with_the_player(client, move, dealer, after):
    response = client.post("/new", data=new_game_form(players=THREE, first_dealer=dealer,
                                                      move=move))
    assert dealer_pick(response.text) == after


@pytest.mark.parametrize("move", ["up-0", "down-4", "sideways", "up-x"])
def test_reorder_buttons_at_the_ends_change_nothing(app, client, move):
    response = client.post("/new", data=new_game_form(players=THREE, move=move))
    assert response.status_code == 200
    assert player_inputs(response.text) == ["Ali", "Badr", "Caro", "", ""]
    assert game_count(app) == 0


@pytest.mark.parametrize(("form", "message"), [
    pytest.param(new_game_form(players=["Ali"]), "at least 2 players", id="one-player"),
    pytest.param(new_game_form(players=["Ali", "Badr", "Ali"]), "Two players are called",
                 id="duplicate-names"),
    pytest.param(new_game_form(players=["Ali", "Badr", "ali"]), "Two players are called",
                 id="duplicate-names-any-case"),
    pytest.param(new_game_form("levant", NAMES), "at most 4 players", id="five-in-levant"),
    pytest.param(new_game_form("levant", THREE, partnerships="y"), "Partnerships are for four",
                 id="partnerships-with-three"),
    pytest.param(new_game_form("hareeqa", FOUR, partnerships="y"), "Partnerships",
                 id="partnerships-in-hareeqa"),
    pytest.param(new_game_form(players=THREE, first_dealer="3"), "first dealer's seat",
                 id="first-dealer-seat-empty"),
    pytest.param(new_game_form(players=["X" * 41, "Badr"]), "Keep names to 40 characters",
                 id="name-too-long"),
    pytest.param(new_game_form(opt_rounds="0"), "between 1 and 31", id="rounds-0"),
    pytest.param(new_game_form(opt_initial_minimum="500"), "between 51 and 111",
                 id="initial-minimum-500"),
    pytest.param(new_game_form(opt_rounds="many"), "Not a valid integer",
                 id="rounds-not-a-number"),
    pytest.param(new_game_form(preset="poker"), "choice", id="unknown-preset"),
    pytest.param(new_game_form(first_dealer="9"), "choice", id="unknown-first-dealer"),
])
def test_new_game_bad_input_is_422_with_a_message_and_saves_nothing(app, client, form,
                                                                     message):
    response = client.post("/new", data=form)
    assert response.status_code == 422
    shown = alerts(response.text)
    assert any(message in m for m in shown), shown
    assert game_count(app) == 0
    # The form comes back as it was filled in.
    assert player_inputs(response.text)[0] == form["player_0"]


def test_new_game_first_dealer_on_a_seat_not_posted_is_422(app, client):
    form = {"preset": "levant", "player_0": "Ali", "player_1": "Badr", "first_dealer": "3"}
    response = client.post("/new", data=form)
    assert response.status_code == 422
    assert game_count(app) == 0
