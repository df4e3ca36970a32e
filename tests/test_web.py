"""The server-rendered pages (scorekeeper/web) through Flask's test client: home, joining a
game, a new game, the game's page and its HTMX fragment, recording, previewing, correcting
and undoing deals, the printable sheet, the exports, the QR code and the history.

The forms are posted as a browser posts them (every field of the form, empty ones too);
what was stored is read back through the JSON API (``GET /api/v1/games/<id>``) or, to
count games, from the database. CSRF is off in the test app (tests/conftest.py).
"""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game

API = "/api/v1"
PRESETS = ["levant", "egypt", "gulf", "saudi", "kuwait", "hareeqa"]
NAMES = ["Ali", "Badr", "Caro", "Dina", "Emad"]
THREE = NAMES[:3]
FOUR = NAMES[:4]
HX = {"HX-Request": "true"}
XSS = "<script>alert(1)</script>"


# --- helpers -------------------------------------------------------------------------

def new_game_form(preset="levant", players=THREE, first_dealer="0", **extra) -> dict:
    """The new-game form as a browser posts it: all five seats, empty ones too."""
    data = {"preset": preset, "first_dealer": first_dealer}
    for seat in range(5):
        data[f"player_{seat}"] = players[seat] if seat < len(players) else ""
    return data | extra


def start(client, preset="levant", players=THREE, first_dealer="0", **extra) -> str:
    """Start a game through ``/new``; its id (the answer checked to be a redirect)."""
    response = client.post("/new", data=new_game_form(preset, players, first_dealer,
                                                      **extra))
    assert response.status_code == 302, response.text
    match = re.fullmatch(r"/games/([A-Za-z0-9_-]{16,32})", response.location)
    assert match, response.location
    return match.group(1)


def create_by_api(client, rules="levant", players=THREE, **extra) -> str:
    """A game made through the JSON API (as by someone else): its id."""
    response = client.post(f"{API}/games", json={
        "rules": rules, "players": list(players), "first_dealer": players[0], **extra})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def state(client, game_id: str) -> dict:
    response = client.get(f"{API}/games/{game_id}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def game_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def deal_form(number=1, winner: int | None = 1, hands: dict[int, int | None] | None = None,
              outcome="scored", finish="partial", **extra) -> dict:
    """The deal form as posted: *hands* maps a seat to the points left in hand, or to
    ``None`` for a player who never melded. The default is the first deal of a three-player
    table: Badr (seat 1) goes out, Ali kept 20 points, Caro never melded."""
    if hands is None:
        hands = {0: 20, 2: None}
    data = {"deal": str(number), "outcome": outcome, "finish": finish, "indicator": ""}
    if winner is not None:
        data["winner"] = str(winner)
    for seat, points in hands.items():
        data[f"melded_{seat}"] = "no" if points is None else "yes"
        data[f"points_{seat}"] = "" if points is None else str(points)
        data[f"cards_{seat}"] = ""
    return data | extra


#: Scores of the default :func:`deal_form` under the Levant rules (RULES.md section 5):
#: −30 for going out, the points left for a melded player, 100 for one who never melded.
FIRST_SCORES = {"Ali": 20, "Badr": -30, "Caro": 100}


def alerts(text: str) -> list[str]:
    """The text of each error message on a page (``<p class="error ...">``)."""
    return [html.unescape(re.sub(r"<[^>]+>", "", m)).strip()
            for m in re.findall(r'<p class="error[^"]*"[^>]*>(.*?)</p>', text, re.S)]


def totals_row(text: str) -> list[int]:
    """The totals in the sheet's footer."""
    foot = re.search(r"<tfoot>(.*?)</tfoot>", text, re.S)
    assert foot, "no score sheet on the page"
    return [int(t) for t in re.findall(r"<td[^>]*>(-?\d+)</td>", foot.group(1))]


def who(text: str, term: str) -> str:
    """What the page says under *term* in the "next deal" box (Deals, Starts with...)."""
    match = re.search(rf"<dt>{re.escape(term)}</dt><dd>(.*?)</dd>", text)
    assert match, f"{term!r} not shown"
    return match.group(1)


def is_fragment(response) -> bool:
    text = response.text
    return 'id="game"' in text and "<html" not in text and "<head" not in text


def listed_ids(text: str) -> list[str]:
    """The games a list page links to, in order."""
    return re.findall(r'<li>\s*<a href="/games/([^"/]+)"', text)


@pytest.fixture
def game(client) -> str:
    """A Levant game of Ali, Badr and Caro (Ali deals first), started here, no deals."""
    return start(client)


@pytest.fixture
def played(client, game) -> str:
    """The same game with its first deal recorded (:data:`FIRST_SCORES`)."""
    assert client.post(f"/games/{game}/deals", data=deal_form()).status_code == 302
    return game


@pytest.fixture
def finished(client) -> str:
    """A one-round Levant game of Ali and Badr that Ali has won."""
    game_id = create_by_api(client, {"preset": "levant", "rounds": 1}, NAMES[:2])
    response = client.post(f"{API}/games/{game_id}/deals", json={
        "deal": 1, "outcome": "scored", "winner": "Ali", "finish": "partial",
        "hands": {"Badr": {"melded": False}}})
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.get_json()["finished"] is True
    client.get(f"/games/{game_id}")  # opened on this phone
    return game_id


# --- home and joining ----------------------------------------------------------------

def test_home_is_200_and_lists_nothing_on_a_new_phone(client):
    response = client.get("/")
    assert response.status_code == 200
    assert listed_ids(response.text) == []
    assert "No games yet" in response.text
    assert 'action="/join"' in response.text


def test_home_lists_a_game_started_here(client, game):
    text = client.get("/").text
    assert listed_ids(text) == [game]
    assert "Ali, Badr, Caro" in text


def test_home_lists_a_game_made_elsewhere_only_once_it_is_opened_here(client):
    game_id = create_by_api(client, players=["Zaid", "Yara"])
    assert game_id not in listed_ids(client.get("/").text)
    assert client.get(f"/games/{game_id}").status_code == 200
    assert listed_ids(client.get("/").text) == [game_id]


def test_home_does_not_list_games_opened_on_another_phone(app, client, game):
    other = app.test_client()
    assert listed_ids(other.get("/").text) == []
    assert listed_ids(client.get("/").text) == [game]


def test_home_lists_the_most_recently_opened_game_first(client):
    first = start(client)
    second = start(client, players=["Zaid", "Yara"])
    assert listed_ids(client.get("/").text) == [second, first]
    client.get(f"/games/{first}")
    assert listed_ids(client.get("/").text) == [first, second]


@pytest.mark.parametrize("cookie", ["not json", '{"a": 1}', '[1, null, "nope"]', '"x"'])
def test_home_and_history_survive_a_garbled_cookie(client, cookie):
    client.set_cookie("hand_games", cookie)
    for path in ("/", "/history"):
        response = client.get(path)
        assert response.status_code == 200
        assert listed_ids(response.text) == []


@pytest.mark.parametrize("code", [
    "http://localhost/games/{id}",
    "https://hand.example/games/{id}?from=qr",
    "{id}",
    "  {id}  ",
])
def test_join_by_link_or_id_redirects_to_the_game(client, code):
    game_id = create_by_api(client)
    response = client.get("/join", query_string={"code": code.format(id=game_id)})
    assert response.status_code == 302
    assert response.location == f"/games/{game_id}"


@pytest.mark.parametrize("code", [
    "http://localhost/games/AAAAAAAAAAAAAAAAAAAAAAAA",
    "AAAAAAAAAAAAAAAAAAAAAAAA",
    "not a link",
    "",
])
def test_join_with_an_unknown_code_is_404_with_a_message(client, code):
    create_by_api(client)
    response = client.get("/join", query_string={"code": code})
    assert response.status_code == 404
    assert alerts(response.text) == ["No game found for that link. Check it and try again."]
    # The home page, with what was typed kept in the box.
    assert f'value="{html.escape(code.strip())}"' in response.text


# --- new game -----------------------------------------------------------------------

def test_new_game_form_offers_the_six_presets(client):
    response = client.get("/new")
    assert response.status_code == 200
    offered = re.findall(r'name="preset"[^>]*value="([a-z]+)"', response.text)
    assert offered == PRESETS
    for label in ("Levant", "Egypt", "Gulf", "Hand Saudi", "Kuwait", "Hareeqa"):
        assert f"<strong>{label}</strong>" in response.text
    for seat in range(5):
        assert f'name="player_{seat}"' in response.text


def test_new_game_is_created_with_its_players_in_order_and_first_dealer(app, client):
    response = client.post("/new", data=new_game_form("levant", THREE, "0"))
    assert response.status_code == 302
    game_id = response.location.rsplit("/", 1)[-1]
    assert response.location == f"/games/{game_id}"
    assert game_count(app) == 1
    data = state(client, game_id)
    assert data["rules"]["preset"] == "levant"
    assert data["players"] == THREE
    assert data["first_dealer"] == "Ali"
    assert data["dealer"] == "Ali"
    assert data["teams"] is None
    assert data["deals"] == []


def test_new_game_first_dealer_is_the_chosen_seat(client):
    game_id = start(client, "gulf", FOUR, first_dealer="2")
    assert state(client, game_id)["first_dealer"] == "Caro"


def test_new_game_skips_blank_seats(client):
    game_id = start(client, players=["Ali", "", "Caro"], first_dealer="2")
    data = state(client, game_id)
    assert data["players"] == ["Ali", "Caro"]
    assert data["first_dealer"] == "Caro"


def test_new_game_random_first_dealer_is_one_of_the_players(client):
    dealers = {state(client, start(client, players=THREE, first_dealer="random"))
               ["first_dealer"] for _ in range(8)}
    assert dealers <= set(THREE)
    assert dealers


def test_new_game_house_rules_are_kept(client):
    game_id = start(client, opt_rounds="3", opt_dealer_rule="rotate", opt_bonus_hands="yes")
    rules = state(client, game_id)["rules"]
    assert (rules["rounds"], rules["dealer_rule"], rules["bonus_hands"]) == (3, "rotate", True)


def test_new_game_partnerships_with_four_players_make_two_teams(client):
    game_id = start(client, "levant", FOUR, partnerships="y")
    data = state(client, game_id)
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


# --- the game's page ----------------------------------------------------------------

def test_game_page_is_a_whole_page(client, game):
    response = client.get(f"/games/{game}")
    assert response.status_code == 200
    assert "<html" in response.text
    assert 'id="game"' in response.text
    assert "HX-Request" in response.vary


def test_game_page_for_htmx_is_only_the_game_fragment(client, game):
    response = client.get(f"/games/{game}", headers=HX)
    assert response.status_code == 200
    assert is_fragment(response)
    assert response.text.lstrip().startswith('<div id="game"')
    assert "HX-Request" in response.vary


def test_game_page_says_who_deals_who_starts_and_rounds_left(client, game):
    text = client.get(f"/games/{game}").text
    assert who(text, "Deals") == "Ali"
    assert who(text, "Starts with 15 cards") == "Badr"
    assert who(text, "Rounds left") == "7"
    assert re.search(r"Deal 1 ·\s+round 1 of 7", text)
    assert "No deals yet." in text
    assert totals_row(text) == [0, 0, 0]
    assert 'class="deal-form"' in text


def test_game_page_follows_the_recorded_deals(client, played):
    text = client.get(f"/games/{played}").text
    data = state(client, played)
    assert totals_row(text) == [FIRST_SCORES[p] for p in THREE]
    # Levant: the round's biggest loser deals next (RULES.md section 4).
    assert who(text, "Deals") == data["dealer"] == "Caro"
    assert who(text, "Starts with 15 cards") == data["starter"]
    assert who(text, "Rounds left") == "6"
    assert "Record deal 2" in text
    assert f'href="/games/{played}/deals/1/edit"' in text


def test_finished_game_shows_the_winner_and_no_deal_form(client, finished):
    text = client.get(f"/games/{finished}").text
    assert "Game over" in text
    assert "Ali won." in text
    assert 'class="deal-form"' not in text
    assert "Starts with 15 cards" not in text
    assert totals_row(text) == [-30, 100]


def test_hareeqa_game_page_shows_the_points_and_the_pot(client):
    game_id = start(client, "hareeqa")
    client.post(f"/games/{game_id}/deals", data=deal_form())
    points = state(client, game_id)["points"]
    text = client.get(f"/games/{game_id}").text
    line = " · ".join(f"{name} {points[name]}" for name in THREE)
    assert f'<p class="hareeqa">Points: {line} · pot 0</p>' in text
    assert "Rounds left" not in text


def test_finished_game_refuses_another_deal(client, finished):
    before = state(client, finished)
    for form in (deal_form(2, winner=0, hands={1: None}), {"deal": "2", "outcome": "redeal"}):
        response = client.post(f"/games/{finished}/deals", data=form)
        assert response.status_code == 422
        assert any("The game is over" in m for m in alerts(response.text))
    assert state(client, finished) == before


def test_game_page_of_an_unknown_game_is_404(client):
    assert client.get("/games/AAAAAAAAAAAAAAAAAAAAAAAA").status_code == 404
    assert client.get("/games/AAAAAAAAAAAAAAAAAAAAAAAA", headers=HX).status_code == 404


def test_game_page_shows_the_link_and_qr_code_to_share_it(client, game):
    text = client.get(f"/games/{game}").text
    assert f"http://localhost/games/{game}" in text
    assert f'src="/games/{game}/qr.svg"' in text


# --- recording a deal ---------------------------------------------------------------

def test_record_deal_redirects_and_stores_it(client, game):
    response = client.post(f"/games/{game}/deals", data=deal_form())
    assert response.status_code == 302
    assert response.location == f"/games/{game}"
    data = state(client, game)
    assert data["totals"] == FIRST_SCORES
    assert [d["number"] for d in data["deals"]] == [1]
    assert data["deals"][0]["hands"] == {"Ali": {"melded": True, "points": 20},
                                         "Caro": {"melded": False}}


def test_record_deal_with_htmx_answers_the_fragment_with_the_new_totals(client, game):
    response = client.post(f"/games/{game}/deals", data=deal_form(), headers=HX)
    assert response.status_code == 200
    assert is_fragment(response)
    assert totals_row(response.text) == [20, -30, 100]
    assert "Record deal 2" in response.text
    assert state(client, game)["totals"] == FIRST_SCORES


def test_record_deal_counts_the_cards_left_with_the_indicator(client, game):
    """RULES.md section 2: with 7♣ turned the A♣ is wild (15) and a joker is the natural A♣
    (11)."""
    form = deal_form(hands={0: None, 2: None}, indicator="7C")
    form |= {"melded_0": "yes", "cards_0": "JK AC KH 5D"}
    assert client.post(f"/games/{game}/deals", data=form).status_code == 302
    deal = state(client, game)["deals"][0]
    assert deal["indicator"] == "7C"
    assert deal["hands"]["Ali"]["cards"] == ["JK", "AC", "KH", "5D"]
    assert deal["scores"]["Ali"] == 11 + 15 + 10 + 5


def test_record_deal_with_bonus_hands_under_egypt(client):
    game_id = start(client, "egypt")
    form = deal_form(finish="full", bonuses=["one_suit"])
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    deal = state(client, game_id)["deals"][0]
    assert deal["finish"] == "full"
    assert deal["bonuses"] == ["one_suit"]
    # A full hand doubles, one suit ×4 on top (RULES.md section 5).
    assert deal["scores"] == {"Ali": 20 * 2 * 4, "Badr": -60 * 4, "Caro": 200 * 4}


def test_record_deal_in_partnerships_leaves_out_the_winners_partner(client):
    game_id = start(client, "levant", FOUR, partnerships="y")
    # Ali (seat 0) goes out; Caro (seat 2) is Ali's partner and is not asked.
    form = deal_form(winner=0, hands={1: 12, 3: None})
    response = client.post(f"/games/{game_id}/deals", data=form, headers=HX)
    assert response.status_code == 200
    data = state(client, game_id)
    assert set(data["deals"][0]["hands"]) == {"Badr", "Dina"}
    # Ali −30 and nothing for Caro; Badr's 12 and Dina's 100 (RULES.md section 10).
    assert data["deals"][0]["scores"] == {"Ali": -30, "Badr": 12, "Caro": 0, "Dina": 100}
    assert data["team_totals"] == [-30, 112]
    assert totals_row(response.text) == [-30, 112]


def test_record_deal_under_kuwait_takes_mistakes(client):
    game_id = start(client, "kuwait", FOUR)
    text = client.get(f"/games/{game_id}").text
    assert 'name="mistake_3"' in text and "Announced?" in text
    form = deal_form(winner=0, hands={1: None, 2: 10}) | {"mistake_3": "y"}
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    deal = state(client, game_id)["deals"][0]
    assert deal["hands"]["Dina"] == {"melded": False, "mistake": True}
    # Seed 001 "Finishing": a mistake after a partial finish is 150.
    assert deal["scores"] == {"Ali": -30, "Badr": 100, "Caro": 10, "Dina": 150}


def test_deal_form_has_no_mistake_box_outside_kuwait(client, game):
    text = client.get(f"/games/{game}").text
    assert "mistake_" not in text
    assert "Melded?" in text


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_record_the_same_deal_twice_says_already_recorded_and_keeps_one(client, played,
                                                                       headers):
    before = state(client, played)
    response = client.post(f"/games/{played}/deals", data=deal_form(hands={0: 5, 2: 7}),
                           headers=headers)
    assert response.status_code == 409  # htmx swaps it in too (static/app.js)
    shown = alerts(response.text)
    assert len(shown) == 1 and "Deal 1 was already recorded" in shown[0], shown
    assert state(client, played) == before
    # The sheet as it stands, ready for the next deal.
    assert totals_row(response.text) == [20, -30, 100]
    assert "Record deal 2" in response.text
    if headers:
        assert is_fragment(response)


BAD_DEALS = {
    "no-winner": (deal_form(winner=None), "Say who went out."),
    "winner-not-a-seat": (deal_form(winner=7), "Say who went out."),
    "melded-missing": ({k: v for k, v in deal_form().items() if k != "melded_2"},
                       "Say whether Caro melded."),
    "melded-without-points-or-cards": (deal_form(hands={0: None, 2: None}) | {
        "melded_0": "yes"}, "give the points left in hand, or the cards"),
    "card-that-does-not-parse": (deal_form(hands={0: None, 2: None}, indicator="7C") | {
        "melded_0": "yes", "cards_0": "9X"}, "“9X” is not a card"),
    "cards-without-indicator": (deal_form(hands={0: None, 2: None}) | {
        "melded_0": "yes", "cards_0": "9H 5C"}, "say which card is the indicator"),
    "indicator-that-does-not-parse": (deal_form(hands={0: None, 2: None}, indicator="ZZ") | {
        "melded_0": "yes", "cards_0": "9H"}, "is not a card"),
    "bonus-on-partial-in-levant": (deal_form(bonuses=["one_suit"]), "Bonus"),
}


@pytest.mark.parametrize(("form", "message"), list(BAD_DEALS.values()), ids=list(BAD_DEALS))
def test_record_bad_deal_is_422_with_a_message_and_saves_nothing(client, played, form,
                                                                message):
    before = state(client, played)
    form = form | {"deal": "2"}
    response = client.post(f"/games/{played}/deals", data=form)
    assert response.status_code == 422
    assert any(message in m for m in alerts(response.text)), alerts(response.text)
    assert state(client, played) == before
    # The form keeps what was typed.
    assert 'value="2"' in response.text


def test_record_bad_deal_with_htmx_is_the_fragment_with_the_message(client, game):
    response = client.post(f"/games/{game}/deals", data=deal_form(winner=None), headers=HX)
    assert response.status_code == 422
    assert is_fragment(response)
    assert "Say who went out." in alerts(response.text)
    assert state(client, game)["deals"] == []


def test_record_bonuses_on_a_partial_hand_under_egypt_is_refused(app, client):
    game_id = start(client, "egypt")
    response = client.post(f"/games/{game_id}/deals", data=deal_form(bonuses=["one_colour"]))
    assert response.status_code == 422
    assert any("only for a full hand" in m for m in alerts(response.text))
    assert state(client, game_id)["deals"] == []


@pytest.mark.parametrize("points", [
    "abc",
    pytest.param("-5", id="negative"),
    pytest.param("1401", id="over-1400"),
])
def test_record_points_not_a_number_is_422_with_a_message(client, game, points):
    response = client.post(f"/games/{game}/deals", data=deal_form(hands={0: points, 2: None}))
    assert state(client, game)["deals"] == []
    assert response.status_code == 422
    assert alerts(response.text)


@pytest.mark.parametrize("points", ["abc", "-5", "1401"])
def test_record_points_not_a_number_saves_nothing(client, game, points):
    response = client.post(f"/games/{game}/deals", data=deal_form(hands={0: points, 2: None}))
    assert response.status_code == 422
    assert state(client, game)["deals"] == []


@pytest.mark.parametrize("path", ["/games/{id}/deals", "/games/{id}/deals/1/edit"])
def test_a_refused_deal_shows_its_message_once(client, played, path):
    form = deal_form(hands={0: None, 2: None}) | {"melded_0": "yes", "cards_0": "9X"}
    response = client.post(path.format(id=played), data=form | {"deal": "2"}
                           if path.endswith("deals") else form)
    assert response.status_code == 422
    assert alerts(response.text) == ["“9X” is not a card; write it like 10H, QS, A♠ or JK."]


@pytest.mark.parametrize("number", ["", "3"], ids=["missing", "ahead"])
def test_record_deal_with_a_wrong_number_does_not_claim_deal_0_was_recorded(client, game,
                                                                           number):
    response = client.post(f"/games/{game}/deals", data=deal_form() | {"deal": number})
    assert state(client, game)["deals"] == []
    assert not any("Deal 0" in m for m in alerts(response.text))


@pytest.mark.parametrize("outcome", ["redeal", "stock_exhausted"])
def test_unscored_deal_records_with_the_same_dealer(client, played, outcome):
    before = state(client, played)
    form = {"deal": "2", "outcome": outcome}
    assert client.post(f"/games/{played}/deals", data=form).status_code == 302
    data = state(client, played)
    assert [d["outcome"] for d in data["deals"]] == ["scored", outcome]
    assert data["deals"][1]["scores"] is None
    assert data["dealer"] == before["dealer"] == data["deals"][1]["dealer"]
    assert data["totals"] == before["totals"]
    assert data["next_deal"] == 3


def test_unscored_deal_ignores_the_scored_fields(client, game):
    form = deal_form(outcome="stock_exhausted", winner=None, hands={0: None, 1: None,
                                                                    2: None})
    assert client.post(f"/games/{game}/deals", data=form).status_code == 302
    assert state(client, game)["deals"][0]["outcome"] == "stock_exhausted"


def test_redeal_is_not_offered_when_the_rules_have_no_redeal_claims(client):
    game_id = start(client, "gulf")
    text = client.get(f"/games/{game_id}").text
    assert 'value="redeal"' not in text
    assert 'value="stock_exhausted"' in text


def test_record_deal_on_an_unknown_game_is_404(client):
    assert client.post("/games/AAAAAAAAAAAAAAAAAAAAAAAA/deals",
                       data=deal_form()).status_code == 404


# --- preview ------------------------------------------------------------------------

def preview_scores(text: str) -> dict[str, str]:
    return dict(re.findall(r"<li><span>([^<]+)</span> <strong>([^<]+)</strong>", text))


def test_preview_shows_each_players_score_and_saves_nothing(client, game):
    response = client.post(f"/games/{game}/preview", data=deal_form())
    assert response.status_code == 200
    assert preview_scores(response.text) == {"Ali": "20", "Badr": "-30", "Caro": "100"}
    assert "total -30" in response.text
    assert "<html" not in response.text
    assert state(client, game)["deals"] == []


def test_preview_counts_on_from_the_totals(client, played):
    response = client.post(f"/games/{played}/preview",
                           data=deal_form(2, winner=0, hands={1: 5, 2: None}))
    assert preview_scores(response.text) == {"Ali": "-30", "Badr": "5", "Caro": "100"}
    assert "total 200" in response.text  # Caro: 100 + 100
    assert len(state(client, played)["deals"]) == 1


def test_preview_of_an_unscored_deal_says_the_same_dealer_deals_again(client, game):
    response = client.post(f"/games/{game}/preview", data={"deal": "1",
                                                           "outcome": "redeal"})
    assert response.status_code == 200
    assert "the same dealer deals again" in response.text
    assert set(preview_scores(response.text).values()) == {"—"}


def test_preview_of_a_correction_replaces_the_deals_own_line(client, played):
    response = client.post(f"/games/{played}/preview",
                           data=deal_form(1, winner=2, hands={0: 40, 1: None}))
    assert preview_scores(response.text) == {"Ali": "40", "Badr": "100", "Caro": "-30"}
    assert "total 40" in response.text and "total -30" in response.text
    assert state(client, played)["totals"] == FIRST_SCORES


def test_preview_shows_nothing_until_someone_went_out(client, game):
    response = client.post(f"/games/{game}/preview", data=deal_form(winner=None))
    assert response.status_code == 200
    assert response.text.strip() == ""
    assert state(client, game)["deals"] == []


#: What the preview can refuse: all of :data:`BAD_DEALS` once a winner is given.
BAD_PREVIEWS = {name: bad for name, bad in BAD_DEALS.items() if name != "no-winner"}


@pytest.mark.parametrize(("form", "message"), list(BAD_PREVIEWS.values()),
                         ids=list(BAD_PREVIEWS))
def test_preview_of_bad_input_shows_the_message_and_saves_nothing(client, game, form,
                                                                 message):
    response = client.post(f"/games/{game}/preview", data=form)
    assert response.status_code == 200
    shown = alerts(response.text)
    assert len(shown) == 1 and message in shown[0], shown
    assert "This deal scores" not in response.text
    assert state(client, game)["deals"] == []


def test_preview_of_an_unknown_game_is_404(client):
    assert client.post("/games/AAAAAAAAAAAAAAAAAAAAAAAA/preview",
                       data=deal_form()).status_code == 404


# --- correcting a deal --------------------------------------------------------------

def test_edit_form_is_filled_with_the_recorded_deal(client, played):
    response = client.get(f"/games/{played}/deals/1/edit")
    assert response.status_code == 200
    text = response.text
    assert "Correct deal 1" in text
    assert re.search(r'<input[^>]*name="points_0"[^>]*value="20"', text)
    assert re.search(r'<input checked id="winner-1" name="winner" type="radio" value="1">',
                     text)
    assert re.search(r'<input checked id="melded_0-0" name="melded_0"[^>]*value="yes"', text)
    assert re.search(r'<input checked id="melded_2-1" name="melded_2"[^>]*value="no"', text)
    assert re.search(r'<input checked id="finish-0" name="finish"[^>]*value="partial"', text)
    assert f'action="/games/{played}/deals/1/edit"' in text
    assert "hx-post" not in text.split('class="deal-form"', 1)[1].split(">", 1)[0]


def test_edit_form_is_filled_with_cards_indicator_and_bonuses(client):
    game_id = start(client, "egypt")
    form = deal_form(finish="full", bonuses=["one_colour"], indicator="7C",
                     hands={0: None, 2: None}) | {"melded_0": "yes", "cards_0": "JK 5D"}
    assert client.post(f"/games/{game_id}/deals", data=form).status_code == 302
    text = client.get(f"/games/{game_id}/deals/1/edit").text
    assert re.search(r'<input[^>]*name="cards_0"[^>]*value="JK 5D"', text)
    assert re.search(r'<input[^>]*name="indicator"[^>]*value="7C"', text)
    assert re.search(r'<input checked[^>]*name="bonuses"[^>]*value="one_colour"', text)
    assert re.search(r'<input checked[^>]*name="finish"[^>]*value="full"', text)


def test_edit_form_of_an_unscored_deal_ticks_its_outcome(client, game):
    client.post(f"/games/{game}/deals", data={"deal": "1", "outcome": "redeal"})
    text = client.get(f"/games/{game}/deals/1/edit").text
    assert re.search(r'<input checked[^>]*name="outcome"[^>]*value="redeal"', text)


def test_correction_redirects_and_changes_the_totals(client, played):
    form = deal_form(1, winner=2, hands={0: 40, 1: None})
    response = client.post(f"/games/{played}/deals/1/edit", data=form)
    assert response.status_code == 302
    assert response.location == f"/games/{played}"
    data = state(client, played)
    assert data["totals"] == {"Ali": 40, "Badr": 100, "Caro": -30}
    assert len(data["deals"]) == 1
    assert data["deals"][0]["winner"] == "Caro"
    # Later dealers follow: Badr lost the most.
    assert data["dealer"] == "Badr"


def test_correction_of_an_earlier_deal_keeps_the_later_ones(client, played):
    client.post(f"/games/{played}/deals", data=deal_form(2, winner=0, hands={1: 5, 2: 9}))
    form = deal_form(1, winner=1, hands={0: 30, 2: None})
    assert client.post(f"/games/{played}/deals/1/edit", data=form).status_code == 302
    data = state(client, played)
    assert [d["number"] for d in data["deals"]] == [1, 2]
    assert data["totals"] == {"Ali": 30 - 30, "Badr": -30 + 5, "Caro": 100 + 9}


@pytest.mark.parametrize(("form", "message"), list(BAD_DEALS.values()), ids=list(BAD_DEALS))
def test_bad_correction_is_422_with_a_message_and_changes_nothing(client, played, form,
                                                                  message):
    before = state(client, played)
    response = client.post(f"/games/{played}/deals/1/edit", data=form)
    assert response.status_code == 422
    assert any(message in m for m in alerts(response.text)), alerts(response.text)
    assert state(client, played) == before
    assert "Correct deal 1" in response.text


def test_bad_correction_with_points_not_a_number_changes_nothing(client, played):
    before = state(client, played)
    response = client.post(f"/games/{played}/deals/1/edit",
                           data=deal_form(hands={0: "abc", 2: None}))
    assert response.status_code == 422
    assert state(client, played) == before


@pytest.mark.parametrize("number", [0, 2, 99])
def test_edit_an_unknown_deal_is_404(client, played, number):
    assert client.get(f"/games/{played}/deals/{number}/edit").status_code == 404
    assert client.post(f"/games/{played}/deals/{number}/edit",
                       data=deal_form(number)).status_code == 404


def test_edit_a_deal_of_an_unknown_game_is_404(client):
    assert client.get("/games/AAAAAAAAAAAAAAAAAAAAAAAA/deals/1/edit").status_code == 404


# --- undo ---------------------------------------------------------------------------

def test_undo_removes_only_the_last_deal(client, played):
    client.post(f"/games/{played}/deals", data=deal_form(2, winner=0, hands={1: 5, 2: 9}))
    first = state(client, played)["deals"][0]
    response = client.post(f"/games/{played}/undo", data={"deal": "2"})
    assert response.status_code == 302
    assert response.location == f"/games/{played}"
    data = state(client, played)
    assert data["deals"] == [first]
    assert data["totals"] == FIRST_SCORES


def test_undo_with_htmx_answers_the_fragment(client, played):
    response = client.post(f"/games/{played}/undo", data={"deal": "1"}, headers=HX)
    assert response.status_code == 200
    assert is_fragment(response)
    assert totals_row(response.text) == [0, 0, 0]
    assert "No deals yet." in response.text
    assert state(client, played)["deals"] == []


def test_undo_with_no_deals_does_nothing(client, game):
    before = state(client, game)
    response = client.post(f"/games/{game}/undo", data={"deal": "1"})
    assert response.status_code == 409
    assert alerts(response.text) == ["Deal 1 is already undone; nothing more was undone."]
    assert state(client, game) == before


def test_undo_button_is_shown_only_when_there_is_a_deal(client, game):
    assert "Undo deal" not in client.get(f"/games/{game}").text
    client.post(f"/games/{game}/deals", data=deal_form())
    assert "Undo deal 1" in client.get(f"/games/{game}").text


def test_undo_is_post_only(client, played):
    assert client.get(f"/games/{played}/undo").status_code == 405
    assert len(state(client, played)["deals"]) == 1


# --- printable sheet, exports, QR code ----------------------------------------------

def test_print_page_has_the_sheet_and_the_print_stylesheet(client, played):
    response = client.get(f"/games/{played}/print")
    assert response.status_code == 200
    text = response.text
    assert re.search(r'<link rel="stylesheet" href="/static/print.css" media="print">', text)
    assert 'class="sheet"' in text
    assert totals_row(text) == [20, -30, 100]
    assert "first dealer: Ali" in text
    # Paper has no buttons to correct or record.
    assert 'class="edit"' not in text
    assert 'class="deal-form"' not in text


def test_print_page_of_a_finished_game_names_the_winner(client, finished):
    assert "Ali won." in client.get(f"/games/{finished}/print").text


def test_csv_export_has_the_players_a_row_per_deal_and_the_totals(client, played):
    client.post(f"/games/{played}/deals", data={"deal": "2", "outcome": "redeal"})
    response = client.get(f"/games/{played}.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == (
        f"attachment; filename=hand-{played}.csv")
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows == [
        ["Deal", "Round", "Dealer", "Ali", "Badr", "Caro"],
        ["1", "1", "Ali", "20", "-30", "100"],
        ["2", "redeal", "Caro", "", "", ""],
        ["Total", "", "", "20", "-30", "100"],
    ]


def test_csv_export_of_a_partnership_game_has_a_column_per_team(client):
    game_id = start(client, "levant", FOUR, partnerships="y")
    header = next(csv.reader(io.StringIO(client.get(f"/games/{game_id}.csv").text)))
    assert header == ["Deal", "Round", "Dealer", "Ali & Caro", "Badr & Dina"]


def test_json_export_is_an_attachment_of_the_api_state(client, played):
    response = client.get(f"/games/{played}.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == (
        f"attachment; filename=hand-{played}.json")
    assert response.get_json() == state(client, played)


def test_qr_code_is_an_svg(client, game):
    response = client.get(f"/games/{game}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.text.lstrip().startswith("<svg")


@pytest.mark.parametrize("path", ["/print", ".csv", ".json", "/qr.svg"])
def test_exports_of_an_unknown_game_are_404(client, path):
    assert client.get(f"/games/AAAAAAAAAAAAAAAAAAAAAAAA{path}").status_code == 404


def test_api_state_links_to_the_game_page(client, game):
    url = state(client, game)["url"]
    assert url == f"http://localhost/games/{game}"
    assert client.get(url.removeprefix("http://localhost")).status_code == 200


# --- history ------------------------------------------------------------------------

def history_sections(text: str) -> tuple[str, str]:
    running, finished = text.split("<h2>Finished</h2>", 1)
    return running.split("<h2>Running</h2>", 1)[1], finished


def test_history_splits_this_phones_games_into_running_and_finished(client, game, finished):
    response = client.get("/history")
    assert response.status_code == 200
    running, done = history_sections(response.text)
    assert listed_ids(running) == [game]
    assert listed_ids(done) == [finished]
    assert "won by Ali" in done


def test_history_lists_nothing_from_another_phone(app, client, game):
    running, done = history_sections(app.test_client().get("/history").text)
    assert listed_ids(running) == listed_ids(done) == []
    assert running.count("None.") == done.count("None.") == 1


def test_history_does_not_list_a_game_made_elsewhere_until_it_is_opened(client):
    game_id = create_by_api(client)
    assert game_id not in client.get("/history").text
    client.get(f"/games/{game_id}")
    assert listed_ids(client.get("/history").text) == [game_id]


@pytest.mark.parametrize(("query", "expected"), [
    ("zaid", ["zaid"]),
    ("ZAID", ["zaid"]),
    ("  Zai ", ["zaid"]),
    ("ali", ["ali"]),
    ("a", ["zaid", "ali"]),
    ("nobody", []),
    ("", ["zaid", "ali"]),
])
def test_history_filters_by_player_name_ignoring_case(client, query, expected):
    games = {"ali": start(client, players=THREE),
             "zaid": start(client, players=["Zaid", "Yara"])}
    response = client.get("/history", query_string={"q": query})
    assert response.status_code == 200
    assert listed_ids(response.text) == [games[name] for name in expected]
    assert f'value="{query.strip()}"' in response.text


def test_history_filters_by_date(client, game):
    today = datetime.now(UTC).date().isoformat()
    assert listed_ids(client.get("/history", query_string={"date": today}).text) == [game]
    for other in ("2000-01-01", "2999-12-31"):
        assert listed_ids(client.get("/history", query_string={"date": other}).text) == []


@pytest.mark.parametrize("day", ["yesterday", "2026-13-01", "22/11/2026"])
def test_history_with_a_bad_date_is_400_with_a_message(client, game, day):
    response = client.get("/history", query_string={"date": day})
    assert response.status_code == 400
    assert alerts(response.text) == ["Give the date as year-month-day, like 2026-11-22."]


# --- CSRF (on, as in production) ------------------------------------------------------

@pytest.fixture
def guarded(app):
    """A client of the app with CSRF protection on (tests/conftest.py turns it off)."""
    app.config["WTF_CSRF_ENABLED"] = True
    return app.test_client()


def token(text: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text)
    assert match, "no CSRF token in the form"
    return match.group(1)


def test_forms_carry_a_csrf_token_that_is_accepted(guarded):
    new = guarded.post("/new", data=new_game_form() | {"csrf_token": token(
        guarded.get("/new").text)})
    assert new.status_code == 302
    game_id = new.location.rsplit("/", 1)[-1]
    page = guarded.get(f"/games/{game_id}").text
    recorded = guarded.post(f"/games/{game_id}/deals",
                            data=deal_form() | {"csrf_token": token(page)})
    assert recorded.status_code == 302
    edit = guarded.get(f"/games/{game_id}/deals/1/edit").text
    corrected = guarded.post(f"/games/{game_id}/deals/1/edit", data=deal_form(
        hands={0: 7, 2: None}) | {"csrf_token": token(edit)})
    assert corrected.status_code == 302
    undo_form = guarded.get(f"/games/{game_id}").text.split('action="/games/')[-1]
    undone = guarded.post(f"/games/{game_id}/undo", data={"csrf_token": token(undo_form),
                                                           "deal": "1"})
    assert undone.status_code == 302
    assert state(guarded, game_id)["deals"] == []


def test_posts_without_a_csrf_token_save_nothing(app, guarded):
    assert guarded.post("/new", data=new_game_form()).status_code == 422
    assert game_count(app) == 0
    game_id = create_by_api(guarded)  # the JSON API needs no token
    assert guarded.post(f"/games/{game_id}/deals", data=deal_form()).status_code == 422
    assert state(guarded, game_id)["deals"] == []
    guarded.post(f"{API}/games/{game_id}/deals", json={
        "deal": 1, "outcome": "redeal"})
    assert guarded.post(f"/games/{game_id}/deals/1/edit",
                        data=deal_form()).status_code == 422
    assert guarded.post(f"/games/{game_id}/undo").status_code == 400
    assert [d["outcome"] for d in state(guarded, game_id)["deals"]] == ["redeal"]


@pytest.mark.parametrize("path", ["/new", "/games/{id}/deals", "/games/{id}/deals/1/edit"])
def test_a_missing_csrf_token_is_explained(guarded, path):
    game_id = create_by_api(guarded)
    guarded.post(f"{API}/games/{game_id}/deals", json={"deal": 1, "outcome": "redeal"})
    form = new_game_form() if path == "/new" else deal_form(2)
    response = guarded.post(path.format(id=game_id), data=form)
    assert response.status_code in (400, 422)
    assert alerts(response.text)


# --- escaping and language ----------------------------------------------------------

@pytest.mark.parametrize("path", ["/games/{id}", "/games/{id}/print", "/", "/history",
                                  "/games/{id}/deals/1/edit"])
def test_a_players_name_is_escaped(client, path):
    game_id = start(client, players=[XSS, "Badr"])
    client.post(f"/games/{game_id}/deals", data=deal_form(winner=1, hands={0: 5}))
    text = client.get(path.format(id=game_id)).text
    assert XSS not in text
    assert html.escape(XSS, quote=False) in text


def test_a_players_name_is_escaped_in_the_fragment_and_preview(client):
    game_id = start(client, players=[XSS, "Badr"])
    fragment = client.get(f"/games/{game_id}", headers=HX).text
    preview = client.post(f"/games/{game_id}/preview",
                          data=deal_form(winner=1, hands={0: 5})).text
    for text in (fragment, preview):
        assert XSS not in text
        assert html.escape(XSS, quote=False) in text


PAGES = ["/", "/new", "/history", "/join?code=nothing", "/games/{id}", "/games/{id}/print",
         "/games/{id}/deals/1/edit"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_english_left_to_right_by_default(client, played, path):
    text = client.get(path.format(id=played)).text
    assert '<html lang="en" dir="ltr">' in text


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_right_to_left_in_arabic(client, played, path):
    text = client.get(path.format(id=played), headers={"Accept-Language": "ar"}).text
    assert '<html lang="ar" dir="rtl">' in text
