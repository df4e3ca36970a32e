"""The referee pages (scorekeeper/web/referee/routes.py and scorekeeper/games/hand/referee/pages.py)
through Flask's test client: every route, whole and as the htmx block; each check's verdict
against the JSON API's for the same question; the picker's taps (add, select, move, take
out, drag, the copies the packs hold); the indicator remembered for a game's deal; kept
rulings on the game page and the printed sheet; and bad input, which gets a clear message
and keeps nothing.

The rules themselves are the engine's business (tests/test_rules_*.py); here the page must
say what the API says. CSRF is off in the test app (tests/conftest.py).
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from apiwork import scored
from depth import examples
from game_actions import THREE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.games.hand.rules import PRESETS, Card, Rules
from scorekeeper.models import Game, RulingRecord
from scorekeeper.pins import set_pin
from scorekeeper.ui.picker import DECK, read, tap

API = "/api/v1"
HX = {"HX-Request": "true"}
CHECKS = ["meld", "initial-meld", "lay-off", "swap", "hand", "redeal"]

# A full hand under the Levant rules with 7♠ turned (A♠ wild): three groups and the run of
# hearts, the 4♠ thrown (tests/referee_questions.py has the same hand).
FULL_HAND = "10H JH QH KH AH 2S 2D 2C 5S 5D 5C 8S 8D 8C 4S"
# Dealt hands: three identical pairs and the wild A♦ (7♦ turned); four pairs.
PAIRS_AND_A_WILD = "2H 2H 3H 3H 4H 4H 5H 6H 7H 8H 9H 10H JH AD"
FOUR_PAIRS = "2H 2H 3H 3H 4H 4H 5H 5H 6H 7H 8H 9H 10H JH"

#: One question per check, as the page's form carries it, and the same in the API's shape.
#: Each gets a verdict the table could argue over: a wild placed by its position, a first
#: meld short of the bar, a wild laid at the low end, a swap, a full hand, a redeal.
QUESTIONS = [
    ("meld", "gulf", {"cards": "JK 9C 10C"}, {"cards": ["JK", "9C", "10C"]}),
    ("meld", "levant", {"indicator": "7D", "cards": "9C AD JC"},
     {"indicator": "7D", "cards": ["9C", "AD", "JC"]}),
    ("meld", "levant", {"indicator": "7D", "cards": "9C JC AD"},
     {"indicator": "7D", "cards": ["9C", "JC", "AD"]}),
    ("initial-meld", "saudi", {"meld1": "9C 10C JC", "meld2": "QH QS QC", "previous": "60"},
     {"melds": [["9C", "10C", "JC"], ["QH", "QS", "QC"]], "minimum": 61}),
    ("initial-meld", "kuwait", {"meld1": "9C 10C JC", "meld2": "QH QS QC",
                                "took_discard": "yes"},
     {"melds": [["9C", "10C", "JC"], ["QH", "QS", "QC"]], "took_discard": True}),
    # The page always answers whether the discard was just taken (seed 001's norm).
    ("initial-meld", "kuwait", {"meld1": "10H JH QH KH", "meld2": "AS AD AC",
                                "meld3": "KS KD KC"},
     {"melds": [["10H", "JH", "QH", "KH"], ["AS", "AD", "AC"], ["KS", "KD", "KC"]],
      "took_discard": False}),
    # Issue 16: a card taken from the discard pile, marked on the picker.
    ("meld", "levant", {"indicator": "9C", "cards": "7D AC 9D", "taken": "cards:1"},
     {"indicator": "9C", "cards": ["7D", "AC", "9D"], "from_discard": 1}),
    ("initial-meld", "levant", {"indicator": "9C", "meld1": "KH KS KD",
                                "meld2": "QC KC AC", "taken": "meld2:2"},
     {"indicator": "9C", "melds": [["KH", "KS", "KD"], ["QC", "KC", "AC"]],
      "from_discard": [1, 2]}),
    ("initial-meld", "levant", {"indicator": "7C", "meld1": "2D 3D 4D",
                                "meld2": "5H 5S 5C", "going_out": "yes"},
     {"indicator": "7C", "melds": [["2D", "3D", "4D"], ["5H", "5S", "5C"]],
      "going_out": True}),
    ("lay-off", "levant", {"indicator": "7D", "meld": "9C 10C JC", "add": "QC",
                           "taken": "add:0"},
     {"indicator": "7D", "meld": ["9C", "10C", "JC"], "add": ["QC"], "from_discard": 0}),
    ("lay-off", "levant", {"indicator": "7D", "meld": "9C 10C JC", "add": "AD", "end": "low"},
     {"indicator": "7D", "meld": ["9C", "10C", "JC"], "add": ["AD"], "end": "low"}),
    ("lay-off", "gulf", {"meld": "5S 5D JK", "add": "5C"},
     {"meld": ["5S", "5D", "JK"], "add": ["5C"]}),
    ("lay-off", "gulf", {"meld": "5S 5D JK", "add": "5C", "going_out": "yes"},
     {"meld": ["5S", "5D", "JK"], "add": ["5C"], "going_out": True}),
    ("swap", "gulf", {"meld": "9C JK JC", "give": "10C"},
     {"meld": ["9C", "JK", "JC"], "give": ["10C"]}),
    ("swap", "gulf", {"meld": "9C JK JC", "give": "JC"},
     {"meld": ["9C", "JK", "JC"], "give": ["JC"]}),
    ("hand", "levant", {"indicator": "7S", "cards": FULL_HAND},
     {"indicator": "7S", "cards": FULL_HAND.split()}),
    ("redeal", "levant", {"indicator": "7D", "cards": PAIRS_AND_A_WILD},
     {"indicator": "7D", "cards": PAIRS_AND_A_WILD.split()}),
    ("redeal", "gulf", {"cards": FOUR_PAIRS}, {"cards": FOUR_PAIRS.split()}),
]


# --- helpers -------------------------------------------------------------------------

def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def reason(page: str) -> str:
    found = re.search(r'<p class="reason">(.*?)</p>', page, re.S)
    assert found, "no verdict on the page"
    return text_of(found.group(1))


def verdict_class(page: str) -> str:
    found = re.search(r'<section class="verdict (\w+)"', page)
    assert found, "no verdict on the page"
    return found.group(1)


def alerts(page: str) -> list[str]:
    return [text_of(m) for m in re.findall(r'<p class="error[^"]*"[^>]*>(.*?)</p>', page,
                                            re.S)]


def picked(page: str, name: str = "cards") -> list[str]:
    """The cards picked into list *name*, as the form carries them."""
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)">', page)
    return found.group(1).split() if found else []


def args_of(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


def ask(client, check: str, **args):
    return client.get(f"/referee/{check}", query_string=args)


def api(client, check: str, body: dict) -> dict:
    response = client.post(f"{API}/referee/{check}", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def upheld(answer: dict) -> bool:
    return answer.get("valid", answer.get("hand", answer.get("allowed")))


def kept(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(RulingRecord))


# --- routes, whole and as the htmx block --------------------------------------------------

@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("htmx", [False, True])
def test_each_check_is_a_page_and_an_htmx_block(client, check, htmx):
    response = client.get(f"/referee/{check}?preset=gulf", headers=HX if htmx else {})
    assert response.status_code == 200
    page = response.text
    assert 'id="referee"' in page
    assert ("<html" in page) is not htmx
    assert "HX-Request" in response.headers["Vary"]


def test_referee_alone_opens_on_the_meld_check_with_a_form_chooser(client):
    page = client.get("/referee").text
    assert 'aria-current="page">Meld<' in page
    for name in PRESETS:
        assert f"preset={name}" in page
    # The Levant form is the default, and turns an indicator: it is asked for first.
    assert "Which card is turned up?" in page
    assert 'name="tap"' not in page


def test_the_site_header_links_the_referee(client):
    assert 'href="/referee"' in client.get("/").text


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_games_referee_is_a_page_and_an_htmx_block(client, actions, check, htmx):
    game_id = actions.create("gulf")["id"]
    response = client.get(f"/games/{game_id}/referee/{check}", headers=HX if htmx else {})
    assert response.status_code == 200
    assert 'id="referee"' in response.text
    assert ("<html" in response.text) is not htmx
    assert "Back to the game" in response.text


def test_the_game_page_links_its_referee(client, actions):
    game_id = actions.create()["id"]
    assert f'href="/games/{game_id}/referee"' in client.get(f"/games/{game_id}").text
    page = client.get(f"/games/{game_id}/referee").text
    assert "Referee · Levant" in page
    assert "deal 1" in page


def test_an_unknown_game_or_check_is_404(client):
    assert client.get("/games/no-such-game/referee").status_code == 404
    assert client.get("/referee/poker").status_code == 404


# --- the verdict is the API's -------------------------------------------------------------

@pytest.mark.parametrize(("check", "preset", "form", "body"), QUESTIONS)
def test_the_verdict_on_the_page_is_the_apis(client, check, preset, form, body):
    response = ask(client, check, preset=preset, ruled="yes", **form)
    assert response.status_code == 200, alerts(response.text)
    answer = api(client, check, {"rules": preset, **body})
    assert reason(response.text) == answer["reason"]
    assert verdict_class(response.text) == ("upheld" if upheld(answer) else "refused")


@pytest.mark.parametrize(("check", "preset", "form", "body"), QUESTIONS)
def test_the_verdict_in_a_game_is_the_apis_under_the_games_rules(client, actions, check,
                                                                 preset, form, body):
    game_id = actions.create(preset)["id"]
    response = client.get(f"/games/{game_id}/referee/{check}",
                          query_string={"ruled": "yes", **form})
    assert response.status_code == 200, alerts(response.text)
    answer = api(client, check, {"rules": preset, **body})
    assert reason(response.text) == answer["reason"]


def test_a_meld_shows_what_the_wild_stands_for_and_each_cards_worth(client):
    """Seed 000, "Wild Cards": the wild's place in the sequence says what it stands for."""
    page = ask(client, "meld", preset="gulf", cards="JK 9C 10C", ruled="yes").text
    verdict = page[page.index('id="verdict"'):]
    assert "= 8♣" in verdict
    assert re.findall(r'<span class="worth">(\d+)</span>', verdict) == ["8", "9", "10"]
    # Laid after the 10♣ the same joker is the J♣.
    page = ask(client, "meld", preset="gulf", cards="9C 10C JK", ruled="yes").text
    assert "= J♣" in page[page.index('id="verdict"'):]


def test_a_full_hand_shows_the_arrangement_the_discard_and_the_bonuses(client):
    answer = api(client, "hand", {"rules": "egypt", "indicator": "7S",
                                  "cards": FULL_HAND.split()})
    page = ask(client, "hand", preset="egypt", indicator="7S", cards=FULL_HAND,
               ruled="yes").text
    verdict = page[page.index('id="verdict"'):]
    assert verdict.count('class="card-row meld"') == len(answer["melds"])
    discard = re.search(r'<p class="discard">(.*?)</p>', verdict, re.S)
    assert text_of(discard.group(1)).replace(" ", "").endswith(
        "".join(Card.parse(c).symbol for c in answer["discard"]))


def test_a_full_hands_arrangement_shows_no_worth_toward_a_first_meld(client):
    """Issue 39, point 7. Seed 000, "End of the Play and Scoring": "the 51-point minimum
    for the initial meld does not apply to a player who melds all their 14 cards in a
    single turn", so a full hand's verdict lists no card's worth toward a first meld."""
    page = ask(client, "hand", preset="egypt", indicator="7S", cards=FULL_HAND,
               ruled="yes").text
    verdict = page[page.index('id="verdict"'):]
    assert 'class="verdict upheld"' in page
    assert '<span class="worth">' not in verdict
    assert "worth toward a first meld" not in verdict


def test_a_first_meld_shows_the_bar_in_force(client):
    """Seed 002, Hand Saudi: each first meld must beat the one before by at least one."""
    page = ask(client, "initial-meld", preset="saudi", meld1="9C 10C JC",
               previous="60").text
    assert "Bar in force: 61" in page
    assert "Bar in force: 51" in ask(client, "initial-meld", preset="saudi").text
    # The Kuwaiti announcement's own bar (seed 001).
    assert "Bar in force: 91" in ask(client, "initial-meld", preset="kuwait").text


# --- the picker's taps ----------------------------------------------------------------------

def test_a_tap_adds_the_card_and_the_plain_form_lands_on_the_questions_address(client):
    response = ask(client, "meld", preset="gulf", cards="9C 10C", tap="JK")
    assert response.status_code == 303
    assert args_of(response.location)["cards"] == "9C 10C JK"
    assert "tap" not in args_of(response.location)
    page = client.get(response.location).text
    assert picked(page) == ["9C", "10C", "JK"]


def test_with_htmx_a_tap_answers_the_block_and_the_address_follows(client):
    response = client.get("/referee/meld", query_string={"preset": "gulf", "cards": "9C",
                                                         "tap": "10C"}, headers=HX)
    assert response.status_code == 200
    assert picked(response.text) == ["9C", "10C"]
    assert args_of(response.headers["HX-Replace-Url"])["cards"] == "9C 10C"


def test_a_selected_card_moves_and_comes_out(client):
    page = client.get("/referee/meld", query_string={
        "preset": "gulf", "cards": "9C 10C JK", "select": "cards:2"}, follow_redirects=True).text
    assert 'aria-pressed="true"' in page
    assert "Take out" in page
    moved = ask(client, "meld", preset="gulf", cards="9C 10C JK", selected="cards:2",
                act="earlier")
    assert args_of(moved.location)["cards"] == "9C JK 10C"
    assert args_of(moved.location)["selected"] == "cards:1"
    out = ask(client, "meld", preset="gulf", cards="9C 10C JK", selected="cards:0",
              act="out")
    assert args_of(out.location)["cards"] == "10C JK"
    assert "selected" not in args_of(out.location)


def test_a_drag_moves_a_card_to_its_new_place(client):
    response = ask(client, "meld", preset="gulf", cards="JK 9C 10C", drag="cards:0:2")
    assert args_of(response.location)["cards"] == "9C 10C JK"


def test_taps_go_to_the_list_picked(client):
    response = ask(client, "lay-off", preset="gulf", meld="9C 10C JC", pick="add")
    assert args_of(response.location)["target"] == "add"
    response = ask(client, "lay-off", preset="gulf", meld="9C 10C JC", target="add",
                   tap="QC")
    assert args_of(response.location)["add"] == "QC"
    assert args_of(response.location)["meld"] == "9C 10C JC"


def test_another_meld_opens_a_list_for_it(client):
    response = ask(client, "initial-meld", preset="gulf", meld1="9C 10C JC", more="yes")
    assert args_of(response.location)["melds"] == "2"
    assert args_of(response.location)["target"] == "meld2"


def test_a_spent_card_is_shown_disabled(client):
    page = ask(client, "meld", preset="gulf", cards="5H 5H JK JK").text
    assert re.search(r'name="tap" value="5H"[^>]*disabled', page)
    assert re.search(r'name="tap" value="JK"[^>]*disabled', page)
    assert not re.search(r'name="tap" value="5S"[^>]*disabled', page)


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(taps=st.lists(st.sampled_from([*map(str, DECK[:6]), "JK", "AS"]), max_size=12),
       preset=st.sampled_from(["gulf", "kuwait"]))
def test_no_run_of_taps_picks_more_copies_than_the_packs_hold(taps, preset):
    rules = Rules.for_table(preset, 2)
    picker = read({}, ["cards"])
    for card in taps:
        picker = tap(picker, {"tap": card}, rules, None)
    counts = {c: picker.lists["cards"].count(c) for c in picker.lists["cards"]}
    assert all(n <= (rules.jokers if c.is_joker else rules.packs) for c, n in counts.items())


# --- the indicator, picked once for the deal ----------------------------------------------

def test_the_indicator_is_remembered_for_the_games_deal_only(client, actions):
    game_id = actions.create()["id"]
    response = client.get(f"/games/{game_id}/referee/meld", query_string={
        "set_indicator": "7D"})
    assert args_of(response.location)["indicator"] == "7D"
    # Another check of the same deal knows it.
    page = client.get(f"/games/{game_id}/referee/hand").text
    assert 'name="indicator" value="7D"' in page
    assert "Which card is turned up?" not in page
    # The next deal turns another card.
    actions.post_deal(game_id, scored(1, "Badr", {"Ali": 20, "Caro": None}))
    page = client.get(f"/games/{game_id}/referee/hand").text
    assert "Which card is turned up?" in page


def test_changing_the_indicator_asks_for_it_again(client, actions):
    game_id = actions.create()["id"]
    client.get(f"/games/{game_id}/referee/meld?set_indicator=7D")
    client.get(f"/games/{game_id}/referee/meld?indicator=7D&change_indicator=yes")
    assert "Which card is turned up?" in client.get(f"/games/{game_id}/referee").text


def test_forms_without_an_indicator_never_ask_for_one(client):
    page = ask(client, "meld", preset="gulf").text
    assert "Which card is turned up?" not in page
    assert 'name="tap" value="JK"' in page


# --- keeping a ruling ----------------------------------------------------------------------

def test_a_kept_ruling_is_on_the_game_page_and_the_printed_sheet(app, client, actions):
    game_id = actions.create()["id"]
    response = client.post(f"/games/{game_id}/rulings", data={
        "check": "meld", "indicator": "7D", "cards": "9C AD JC", "ruled": "yes"})
    assert response.status_code == 303
    assert response.location.endswith(f"/games/{game_id}#rulings")
    with app.app_context():
        record = db.session.scalars(select(RulingRecord)).one()
        assert (record.check, record.deal_number) == ("meld", 1)
        # The question in the API's shape, without the rules.
        assert record.inputs == {"indicator": "7D", "cards": ["9C", "AD", "JC"]}
    answer = api(client, "meld", {"rules": "levant", **record.inputs})
    for page in (client.get(f"/games/{game_id}").text,
                 client.get(f"/games/{game_id}/print").text):
        rulings = page[page.index('id="rulings"'):]
        assert "Deal 1 · Meld:" in text_of(rulings)
        assert answer["reason"] in text_of(rulings)


def test_the_game_pages_htmx_block_carries_the_rulings(client, actions):
    game_id = actions.create("gulf")["id"]
    client.post(f"/games/{game_id}/rulings", data={
        "check": "swap", "meld": "9C JK JC", "give": "10C", "ruled": "yes"})
    block = client.get(f"/games/{game_id}", headers=HX).text
    assert "<html" not in block
    assert "Give 10♣ and take the wild JK." in block


def test_a_kept_first_meld_raises_the_bar_for_the_rest_of_the_deal(client, actions):
    """Seed 002, Hand Saudi: the next first meld of the deal must beat the one kept."""
    game_id = actions.create("saudi")["id"]
    client.post(f"/games/{game_id}/rulings", data={
        "check": "initial-meld", "meld1": "9C 10C JC", "meld2": "QH QS QC", "ruled": "yes"})
    assert "Bar in force: 60" in client.get(f"/games/{game_id}/referee/initial-meld").text


def test_a_ruling_is_kept_under_the_deal_being_played(app, client, actions):
    game_id = actions.create("gulf")["id"]
    actions.post_deal(game_id, scored(1, "Badr", {"Ali": 20, "Caro": None}))
    client.post(f"/games/{game_id}/rulings", data={
        "check": "meld", "cards": "9C 10C JC", "ruled": "yes"})
    with app.app_context():
        assert db.session.scalars(select(RulingRecord.deal_number)).one() == 2


# --- bad input: a clear message, nothing kept ------------------------------------------------

def test_an_unknown_card_is_named(client):
    response = ask(client, "meld", preset="gulf", cards="9C ZZ", ruled="yes")
    assert response.status_code == 422
    assert any("“ZZ” is not a card" in a for a in alerts(response.text))


def test_a_third_copy_of_a_card_is_refused_at_its_list(client):
    response = ask(client, "meld", preset="gulf", cards="5H 5H", tap="5H")
    assert response.status_code == 422
    assert "5♥ appears 3 times, but the packs hold only 2 copies of it." in alerts(
        response.text)
    assert picked(response.text) == ["5H", "5H"]


def test_a_third_joker_is_refused(client):
    response = ask(client, "meld", preset="gulf", cards="JK JK", tap="JK")
    assert response.status_code == 422
    assert "JK appears 3 times, but the pack has only 2 jokers." in alerts(response.text)


def test_the_indicator_counts_toward_the_copies(client):
    response = ask(client, "meld", preset="levant", indicator="7D", cards="7D", tap="7D")
    assert response.status_code == 422
    assert any("counting the indicator" in a for a in alerts(response.text))


def test_a_verdict_without_the_indicator_asks_for_it(client):
    response = ask(client, "meld", preset="levant", cards="9C 10C JC", ruled="yes")
    assert response.status_code == 422
    assert any("say which card is the indicator" in a for a in alerts(response.text))
    assert 'id="verdict"' not in response.text


@pytest.mark.parametrize("indicator", ["JK", "XX"])
def test_a_card_that_cannot_be_the_indicator_is_refused(client, indicator):
    response = ask(client, "meld", preset="levant", set_indicator=indicator)
    assert response.status_code == 422
    assert alerts(response.text)
    assert "Which card is turned up?" in response.text


def test_an_unknown_form_of_hand_is_named(client):
    response = ask(client, "meld", preset="poker")
    assert response.status_code == 422
    assert any("Unknown form of Hand “poker”" in a for a in alerts(response.text))


@pytest.mark.parametrize("cards", ["2H 3H 4H", FULL_HAND + " 9D"])
def test_a_full_hand_needs_fifteen_cards(client, cards):
    response = ask(client, "hand", preset="gulf", cards=cards, ruled="yes")
    assert response.status_code == 422
    assert any("A full hand is checked on 15 cards" in a for a in alerts(response.text))


def test_a_last_first_meld_that_is_not_a_number_is_refused(client):
    response = ask(client, "initial-meld", preset="saudi", previous="lots", ruled="yes")
    assert response.status_code == 422
    assert any("whole number" in a for a in alerts(response.text))


def test_a_ruling_for_an_unknown_game_is_not_kept(app, client):
    response = client.post("/games/no-such-game/rulings", data={
        "check": "meld", "cards": "9C 10C JC", "ruled": "yes"})
    assert response.status_code == 404
    assert "No game has this address, so the ruling was not kept." in alerts(response.text)
    assert kept(app) == 0


@pytest.mark.parametrize(("data", "message"), [
    ({"check": "poker", "cards": "9C 10C JC", "ruled": "yes"}, "Say which check"),
    ({"check": "meld", "cards": "9C 10C JC"}, "Ask for the verdict first"),
    ({"check": "meld", "cards": "5H 5H 5H", "ruled": "yes"}, "5♥ appears 3 times"),
    ({"check": "meld", "cards": "9C ZZ", "ruled": "yes"}, "“ZZ” is not a card"),
    ({"check": "hand", "cards": "2H 3H 4H", "ruled": "yes"}, "15 cards"),
])
def test_a_bad_ruling_is_not_kept(app, client, actions, data, message):
    game_id = actions.create("gulf")["id"]
    response = client.post(f"/games/{game_id}/rulings", data=data)
    assert response.status_code == 422
    assert any(message in a for a in alerts(response.text))
    assert kept(app) == 0


def test_a_ruling_needs_the_indicator_where_the_game_turns_one(app, client, actions):
    game_id = actions.create()["id"]
    response = client.post(f"/games/{game_id}/rulings", data={
        "check": "meld", "cards": "9C 10C JC", "ruled": "yes"})
    assert response.status_code == 422
    assert any("say which card is the indicator" in a for a in alerts(response.text))
    assert kept(app) == 0


def test_a_finished_game_keeps_no_more_rulings(app, client, actions):
    game_id = actions.create({"preset": "gulf", "rounds": 1}, THREE[:2])["id"]
    actions.post_deal(game_id, scored(1, "Ali", {"Badr": None}))
    response = client.post(f"/games/{game_id}/rulings", data={
        "check": "meld", "cards": "9C 10C JC", "ruled": "yes"})
    assert response.status_code == 422
    assert any("The game is over" in a for a in alerts(response.text))
    assert kept(app) == 0


def test_a_table_pin_guards_keeping_a_ruling_but_not_asking(app, client, actions):
    game_id = actions.create("gulf")["id"]
    with app.app_context():
        set_pin(db.session.get(Game, game_id), "2468")
        db.session.commit()
    page = client.get(f"/games/{game_id}/referee/meld?cards=9C+10C+JC&ruled=yes").text
    assert reason(page).startswith("9♣ 10♣ J♣ is a sequence")
    assert "enter the table's PIN" in page
    response = client.post(f"/games/{game_id}/rulings", data={
        "check": "meld", "cards": "9C 10C JC", "ruled": "yes"})
    assert response.status_code == 403
    assert kept(app) == 0


# --- issue 16: how a card came, who is asking ----------------------------------------------

def taken_slot(page: str) -> str | None:
    found = re.search(r'<input type="hidden" name="taken" value="([^"]*)">', page)
    return found.group(1) if found else None


def test_a_picked_card_is_marked_taken_from_the_discard_and_unmarked(client):
    """Seed 000, "Play": a discarded wild ace may be used "only ... as a natural Ace of the
    suit printed on it" — so the page must be able to say which card was taken."""
    page = ask(client, "meld", preset="levant", indicator="9C", cards="7D AC 9D",
               selected="cards:1").text
    toggle = re.search(r'<button[^>]*name="act" value="taken"[^>]*>', page)
    assert toggle and 'aria-pressed="false"' in toggle.group(0)
    assert "Taken from the discard" in page
    response = ask(client, "meld", preset="levant", indicator="9C", cards="7D AC 9D",
                   selected="cards:1", act="taken")
    assert response.status_code == 303
    assert args_of(response.location)["taken"] == "cards:1"
    page = client.get(response.location).text
    assert re.search(r'class="card black selected taken"[^>]*aria-label="A♣ · taken from '
                     r'the discard pile"', page)
    assert '<span class="taken-mark" aria-hidden="true">discard</span>' in page
    assert re.search(r'name="act" value="taken"[^>]*aria-pressed="true"', page)
    # The verdict hears it: the A♣ cannot fill the gap.
    page = client.get(response.location + "&ruled=yes").text
    assert verdict_class(page) == "refused"
    assert reason(page) == ("A wild A♣ taken from the discard pile may be used only as the "
                            "natural A♣ printed on it, not as 8♦.")
    # Tapped again, the mark comes off.
    response = ask(client, "meld", preset="levant", indicator="9C", cards="7D AC 9D",
                   selected="cards:1", taken="cards:1", act="taken")
    assert "taken" not in args_of(response.location)


@pytest.mark.parametrize(("args", "cards", "taken"), [
    ({"selected": "cards:2", "act": "earlier"}, "9C JK 10C", "cards:1"),
    ({"selected": "cards:0", "act": "later"}, "10C 9C JK", "cards:2"),
    ({"drag": "cards:2:0"}, "JK 9C 10C", "cards:0"),
    ({"selected": "cards:0", "act": "out"}, "10C JK", "cards:1"),
    ({"selected": "cards:2", "act": "out"}, "9C 10C", None),
    ({"clear": "cards"}, None, None),
])
def test_the_discard_mark_follows_its_card(client, args, cards, taken):
    response = ask(client, "meld", preset="gulf", cards="9C 10C JK", taken="cards:2", **args)
    after = args_of(response.location)
    assert after.get("cards") == cards
    assert after.get("taken") == taken


@pytest.mark.parametrize(("check", "form", "offered"), [
    ("meld", {"cards": "9C 10C JK", "selected": "cards:0"}, True),
    ("initial-meld", {"meld1": "9C 10C JK", "selected": "meld1:0"}, True),
    ("lay-off", {"meld": "9C 10C JC", "add": "QC", "selected": "add:0"}, True),
    # The meld on the table was laid before; a swap, a full hand and a redeal take no
    # card from the discard pile.
    ("lay-off", {"meld": "9C 10C JC", "add": "QC", "selected": "meld:0"}, False),
    ("swap", {"meld": "9C JK JC", "give": "10C", "selected": "give:0"}, False),
    ("hand", {"cards": FULL_HAND, "selected": "cards:0"}, False),
])
def test_the_discard_toggle_is_offered_where_a_taken_card_can_go(client, check, form,
                                                                 offered):
    page = ask(client, check, preset="gulf", **form).text
    assert ('name="act" value="taken"' in page) is offered
    # A mark sent for a list that cannot hold it is dropped.
    name = form["selected"]
    assert (taken_slot(ask(client, check, preset="gulf", taken=name, **form).text)
            == (name if offered else None))


def test_a_first_meld_by_a_player_going_out_needs_no_bar(client):
    """Seed 000, "Initial Meld", "Exception": a player who gets rid of all their cards in a
    single turn may meld "even if the value of the melds they put down is less than 51"."""
    form = dict(preset="levant", indicator="7C", meld1="2D 3D 4D", meld2="5H 5S 5C",
                ruled="yes")
    page = ask(client, "initial-meld", **form).text
    assert 'name="going_out" value="yes">' in page
    assert verdict_class(page) == "refused"
    page = ask(client, "initial-meld", going_out="yes", **form).text
    assert 'name="going_out" value="yes" checked>' in page
    assert verdict_class(page) == "upheld"
    assert "a player who goes out this turn is exempt from the minimum" in reason(page)
    assert "Total 24 · no bar: the player goes out this turn" in text_of(page)


@pytest.mark.parametrize("players", ["2", "3"])
def test_the_kuwaiti_referee_alone_takes_the_players_and_one_pack_for_two_or_three(
        client, players):
    """Seed 001, "Hand Game": "In a 2 or 3 player game, only 1 deck of cards is used." """
    page = ask(client, "meld", preset="kuwait", players=players, cards="5H").text
    assert re.search(rf'name="players" value="{players}" checked', page)
    assert "each card is in play once" in page
    assert re.search(r'name="tap" value="5H"[^>]*disabled', page)
    response = ask(client, "meld", preset="kuwait", players=players, cards="5H", tap="5H")
    assert response.status_code == 422
    assert "5♥ appears 2 times" in " ".join(alerts(response.text))
    # Typed into the address, a second copy is refused at the verdict.
    response = ask(client, "meld", preset="kuwait", players=players, cards="5H 5S 5H",
                   ruled="yes")
    assert response.status_code == 422
    assert "5♥ appears 2 times" in " ".join(alerts(response.text))


def test_the_kuwaiti_referee_alone_assumes_four_players_until_told(client):
    page = ask(client, "meld", preset="kuwait", cards="5H").text
    assert re.search(r'name="players" value="4" checked', page)
    assert "each card is in play twice" in page
    assert not re.search(r'name="tap" value="5H"[^>]*disabled', page)
    # Seed 001: "usually 71 in 5 player games and 91 in 4 and 3 player games".
    assert "Bar in force: 71" in ask(client, "initial-meld", preset="kuwait",
                                     players="5").text
    assert "Bar in force: 91" in ask(client, "initial-meld", preset="kuwait").text
    # The tabs keep the table's size.
    assert re.search(r'href="/referee/hand\?preset=kuwait&amp;players=3"',
                     ask(client, "meld", preset="kuwait", players="3").text)


def test_only_the_kuwaiti_referee_asks_for_the_players(client):
    assert 'name="players"' not in ask(client, "meld", preset="gulf").text
    response = ask(client, "meld", preset="kuwait", players="7")
    assert response.status_code == 422
    assert "Say how many play at the table: 2, 3, 4, 5." in alerts(response.text)


def test_an_announcement_is_asked_when_it_is_made(client, actions):
    """Seed 001, "Turns before announcing" (0, 8 or 16 cards played) and "Announcing
    special rules" (only after picking up the previous player's card)."""
    game_id = actions.create({"preset": "kuwait", "announce_after_turns": 8})["id"]
    melds = dict(meld1="10H JH QH KH", meld2="AS AD AC", meld3="KS KD KC", ruled="yes")
    url = f"/games/{game_id}/referee/initial-meld"
    page = client.get(url, query_string=melds).text
    assert "this table announces after 8" in page
    assert "The player just took the previous player's discard" in page
    assert "did not take it" in reason(page)
    page = client.get(url, query_string={**melds, "took_discard": "yes",
                                         "cards_played": "5"}).text
    assert reason(page).startswith("Only 5 cards have been played this deal")
    page = client.get(url, query_string={**melds, "took_discard": "yes",
                                         "cards_played": "8"}).text
    assert verdict_class(page) == "upheld"
    # A card marked as taken says the discard was taken.
    page = client.get(url, query_string={**melds, "cards_played": "8",
                                         "taken": "meld2:0"}).text
    assert verdict_class(page) == "upheld"
    assert re.search(r'name="took_discard" value="yes" checked disabled', page)
    response = client.get(url, query_string={**melds, "cards_played": "lots"})
    assert response.status_code == 422
    assert any("cards played so far" in a for a in alerts(response.text))


def test_forms_without_announcing_ask_nothing_of_its_timing(client):
    page = ask(client, "initial-meld", preset="gulf").text
    assert 'name="took_discard"' not in page and 'name="cards_played"' not in page


def test_adding_the_card_taken_asks_whether_its_discarder_has_melded(client, actions):
    """Seed 000, "Taking a discarded card": the card may be added to a table meld
    "provided that the player who discarded the card already has meld on the table"."""
    form = {"indicator": "7D", "meld": "9C 10C JC", "add": "QC", "taken": "add:0",
            "ruled": "yes"}
    page = ask(client, "lay-off", preset="levant", **form).text
    assert 'name="discarder_melded"' not in page
    assert "must start a new meld" in reason(page)
    game_id = actions.create({"preset": "levant", "discard_lay_off": True})["id"]
    url = f"/games/{game_id}/referee/lay-off"
    page = client.get(url, query_string=form).text
    assert 'name="discarder_melded"' in page
    assert "only when the player who discarded it has melded" in reason(page)
    page = client.get(url, query_string={**form, "discarder_melded": "yes"}).text
    assert verdict_class(page) == "upheld"
    assert "<details class=\"options\" open>" in page


def test_a_kept_ruling_keeps_the_card_taken_from_the_discard(app, client, actions):
    game_id = actions.create()["id"]
    response = client.post(f"/games/{game_id}/rulings", data={
        "check": "meld", "indicator": "9C", "cards": "QC KC AC", "taken": "cards:2",
        "ruled": "yes"})
    assert response.status_code == 303
    with app.app_context():
        record = db.session.scalars(select(RulingRecord)).one()
        assert record.inputs == {"indicator": "9C", "cards": ["QC", "KC", "AC"],
                                 "from_discard": 2}
    rulings = client.get(f"/games/{game_id}").text
    rulings = text_of(rulings[rulings.index('id="rulings"'):])
    assert "taken from the discard pile: A♣" in rulings
    assert "plays as the natural A♣ printed on it" in rulings


@pytest.mark.parametrize(("cards", "said"), [
    ("JK 9C 10C", "Under each card, its worth toward a first meld; “=” shows what a wild"),
    ("9C 10C JC", "Under each card, its worth toward a first meld."),
])
def test_the_verdict_explains_the_marks_under_the_cards_it_shows(client, cards, said):
    page = ask(client, "meld", preset="gulf", cards=cards, ruled="yes").text
    assert said in html.unescape(page[page.index('id="verdict"'):])


def test_a_refused_meld_is_not_said_to_show_worths_it_does_not_show(client):
    """A walkthrough found the legend on a refused meld, whose cards carry no worth."""
    page = ask(client, "meld", preset="gulf", cards="9C 10C 5H", ruled="yes").text
    verdict = page[page.index('id="verdict"'):]
    assert 'class="verdict refused"' in page
    assert '<span class="worth">' not in verdict
    assert "its worth toward a first meld" not in verdict
