"""Who can reach and change a game, and what every answer promises the browser (issue 6,
docs/security.md): CSRF tokens on every form, games reachable only by their link, the
table PIN and its rate limit (pages and JSON API), the view-only link, the JSON-only API
without CORS, the security headers, the secret key, and names shown as text everywhere.

Routes are enumerated from the app's URL map, so a route added later is checked too.
"""

from __future__ import annotations

import html
import json
import os
import re
import stat
from html.parser import HTMLParser
from pathlib import Path

import pytest
from databases import new_database
from every_game import GAMES, SAMPLES, start
from game_actions import API, THREE, GameActions, deal_form, new_game_form
from pagework import HX, XSS, path_of, route_id, routes, rows, view_id
from werkzeug.security import check_password_hash

from scorekeeper import create_app
from scorekeeper.api.blueprint import OTHER_SIDE
from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.secret_key import kept_secret
from scorekeeper.web.access import OPEN

CSP_PARTS = ("default-src 'self'", "script-src 'self'", "style-src 'self'",
             "img-src 'self' data:", "frame-ancestors 'none'", "base-uri 'self'",
             "form-action 'self'", "object-src 'none'")
PIN = "2468"
UNKNOWN = "AAAAAAAAAAAAAAAAAAAAAAAA"
EXPIRED = re.compile(r"expired", re.I)
# The routes as the app has them (a second app, only to list them for parametrize).
APP = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                  "SECRET_KEY": "routes"})
PAGE_WRITES = routes(APP, api=False, writes=True)
# The writes a PIN guards: all but unlocking and the other side's own (docs/trust.md:
# confirming or disputing a deal, and saying who holds the phone, on their own phone),
# which tests/test_web_trust.py checks change nothing else.
GAME_WRITES = [(m, r) for m, r in routes(APP, writes=True) if "game_id" in r.arguments
               and r.endpoint != "access.unlock_game"
               and r.endpoint not in OPEN | OTHER_SIDE]


@pytest.fixture(scope="session")
def _csrf_app():
    # Built once per worker, as conftest's app: building one takes 0.2 s and more.
    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                       "SECRET_KEY": "security-tests"})


@pytest.fixture
def csrf_app(_csrf_app):
    """CSRF on, as in production, on a new empty database."""
    new_database(_csrf_app)
    return _csrf_app


@pytest.fixture
def pin_game(app, actions) -> str:
    """A game started on ``client`` with the table PIN 2468 and one deal recorded."""
    game_id = actions.start(pin=PIN)
    actions.record(game_id)
    return game_id


@pytest.fixture(params=GAMES)
def any_pin_game(request, client) -> str:
    """A game of each registered game, made through the API with the table PIN 2468 and
    one deal recorded: no phone has it unlocked."""
    sample = SAMPLES[request.param]
    created = client.post(f"{API}/games", json=sample.create | {"pin": PIN})
    game_id = created.get_json()["id"]
    recorded = client.post(f"{API}/games/{game_id}/deals", json=sample.first_deal,
                           headers={"X-Table-PIN": PIN})
    assert recorded.status_code == 201, recorded.get_data(as_text=True)
    return game_id


def other_phone(app, address="192.0.2.7"):
    """A client with no cookies, from another address."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def alerts(text: str) -> str:
    return " ".join(html.unescape(m) for m in re.findall(
        r'<p class="error[^"]*"[^>]*>(.*?)</p>', text, re.S))


# --- the secret key ------------------------------------------------------------------

def test_the_secret_key_is_made_once_readable_by_its_owner_only(tmp_path):
    key = kept_secret(tmp_path)
    assert len(key) >= 64
    assert stat.S_IMODE(os.stat(tmp_path / "secret_key").st_mode) == 0o600
    assert kept_secret(tmp_path) == key


def test_each_instance_gets_its_own_secret_key(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert kept_secret(tmp_path / "a") != kept_secret(tmp_path / "b")


def test_a_cut_short_secret_key_file_is_refused_with_what_to_do(tmp_path):
    (tmp_path / "secret_key").write_text("short\n")
    with pytest.raises(RuntimeError, match="delete it"):
        kept_secret(tmp_path)


def test_the_secret_key_from_the_environment_wins(monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert create_app({"TESTING": True}).config["SECRET_KEY"] == "from-the-environment"


def test_without_one_given_the_key_is_the_instance_folders(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app({"TESTING": True})
    assert app.config["SECRET_KEY"] == kept_secret(app.instance_path)
    assert app.config["SECRET_KEY"] != "dev"


# --- CSRF ------------------------------------------------------------------------------

@pytest.mark.parametrize("pair", PAGE_WRITES, ids=route_id)
@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_a_form_post_without_its_csrf_token_is_refused_with_a_message(csrf_app, pair,
                                                                      headers):
    client = csrf_app.test_client()
    actions = GameActions(client)
    game_id = actions.start()
    actions.record(game_id)
    method, rule = pair
    before = rows(csrf_app)
    body = new_game_form() | deal_form(2) | {"pin": PIN}
    response = client.open(path_of(csrf_app, rule, game_id), method=method, data=body,
                           headers=headers)
    assert response.status_code < 500
    assert not 300 <= response.status_code < 400, "the post went through"
    assert EXPIRED.search(response.text), response.text
    assert "Traceback" not in response.text
    assert rows(csrf_app) == before


@pytest.mark.parametrize("pair", PAGE_WRITES, ids=route_id)
def test_a_form_post_with_a_stale_token_is_refused_too(csrf_app, pair):
    client = csrf_app.test_client()
    actions = GameActions(client)
    game_id = actions.start()
    actions.record(game_id)
    before = rows(csrf_app)
    method, rule = pair
    response = client.open(path_of(csrf_app, rule, game_id), method=method,
                           data=deal_form(2) | {"csrf_token": "not-a-token"})
    assert not 300 <= response.status_code < 400
    assert EXPIRED.search(response.text)
    assert rows(csrf_app) == before


def test_undo_without_a_token_says_why_on_a_page_not_a_bare_400(csrf_app):
    client = csrf_app.test_client()
    actions = GameActions(client)
    game_id = actions.start()
    actions.record(game_id)
    response = client.post(f"/games/{game_id}/undo")
    assert response.status_code == 400
    assert "<html" in response.text and "Nothing was saved" in response.text
    assert "nothing was saved" in alerts(response.text)
    assert f'href="/games/{game_id}"' in response.text
    htmx = client.post(f"/games/{game_id}/undo", headers=HX)
    assert htmx.status_code == 400
    assert htmx.headers["HX-Retarget"] == "main"
    assert "<html" not in htmx.text and 'role="alert"' in htmx.text


def test_the_same_forms_with_their_tokens_go_through(csrf_app):
    client = csrf_app.test_client()
    actions = GameActions(client)
    game_id = actions.start()  # the new-game form, with its token
    actions.record(game_id)  # the deal form
    actions.undo(game_id, 1)  # the undo button, with the game page's token
    assert client.get(f"{API}/games/{game_id}").get_json()["deals"] == []


def test_a_reorder_button_without_the_token_moves_nobody(csrf_app):
    client = csrf_app.test_client()
    response = client.post("/new", data=new_game_form() | {"move": "down-0"})
    assert response.status_code == 422
    assert EXPIRED.search(alerts(response.text))
    assert re.search(r'id="player_0"[^>]*value="Ali"', response.text)


def test_the_json_api_needs_no_csrf_token(csrf_app):
    client = csrf_app.test_client()
    response = client.post(f"{API}/games", json={"rules": "levant", "players": THREE,
                                                 "first_dealer": "Ali"})
    assert response.status_code == 201


def test_a_deal_form_rendered_once_carries_each_phones_own_token(csrf_app):
    """The page's parts are kept once rendered (scorekeeper/web/game/live.py), the deal form
    too: each phone still gets its own session's token, and each can record with it."""
    phones = [csrf_app.test_client() for _ in range(2)]
    game_id = phones[0].post(f"{API}/games", json={"rules": "levant", "players": THREE,
                                                   "first_dealer": "Ali"}).get_json()["id"]
    tokens = []
    for phone in phones:
        page = phone.get(f"/games/{game_id}").text
        form = page[page.index('class="deal-form"'):]
        tokens.append(re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                                form).group(1))
    assert tokens[0] != tokens[1]
    assert "\x00" not in page
    answer = phones[1].post(f"/games/{game_id}/deals",
                            data=deal_form(1) | {"csrf_token": tokens[1]})
    assert answer.status_code == 302, answer.text


# --- reaching a game -----------------------------------------------------------------

def test_ids_and_view_ids_are_long_random_and_distinct(app, actions):
    ids = [actions.start() for _ in range(20)]
    views = [view_id(app, i) for i in ids]
    assert len(set(ids + views)) == 40
    for token_ in ids + views:
        # 24 URL-safe characters are 144 random bits.
        assert re.fullmatch(r"[A-Za-z0-9_-]{24}", token_)


@pytest.mark.parametrize("pair", [(m, r) for m, r in routes(APP, writes=False)
                                  if {"game_id", "view_id"} & r.arguments], ids=route_id)
@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_id_finds_nothing(app, client, pair, game):
    method, rule = pair
    game_id = start(client, game)
    path = path_of(app, rule, game_id).replace(game_id, UNKNOWN).replace(
        view_id(app, game_id), UNKNOWN)
    assert client.open(path, method=method).status_code == 404


def test_no_address_lists_the_stored_games(app, actions):
    for _ in range(3):
        actions.start()
    stranger = other_phone(app)
    assert stranger.get(f"{API}/games").status_code == 405
    for path in ("/", "/history", "/history?q=a", "/join?code=games"):
        text = stranger.get(path).text
        assert not re.search(r'href="/(games|view)/[A-Za-z0-9_-]{16,}', text), path


def test_the_view_id_does_not_open_the_game_and_the_game_id_not_the_view(app, client,
                                                                         actions):
    game_id = actions.start()
    assert client.get(f"/games/{view_id(app, game_id)}").status_code == 404
    assert client.get(f"/view/{game_id}").status_code == 404
    assert client.get(f"{API}/games/{view_id(app, game_id)}").status_code == 404


# --- the table PIN ---------------------------------------------------------------------

def test_the_pin_is_stored_hashed(app, actions):
    game_id = actions.start(pin=PIN)
    with app.app_context():
        stored = db.session.get(Game, game_id).pin_hash
    assert PIN not in stored and check_password_hash(stored, PIN)


def test_a_game_without_a_pin_takes_deals_from_anyone_with_the_link(app, actions):
    game_id = actions.start()
    stranger = other_phone(app)
    assert 'class="deal-form"' in stranger.get(f"/games/{game_id}").text
    GameActions(stranger).record(game_id)
    assert len(stranger.get(f"{API}/games/{game_id}").get_json()["deals"]) == 1


def test_the_phone_that_set_the_pin_records_without_typing_it(client, actions, pin_game):
    text = client.get(f"/games/{pin_game}").text
    assert 'class="deal-form"' in text and 'name="pin"' not in text
    actions.record(pin_game, 2)


def test_another_phone_sees_the_sheet_but_no_way_to_change_it(app, any_pin_game):
    text = other_phone(app).get(f"/games/{any_pin_game}").text
    assert '<table class="sheet">' in text and "This table has a PIN" in text
    assert 'name="pin"' in text
    for control in ('class="deal-form"', "/undo", "/edit", 'class="edit"'):
        assert control not in text, control


@pytest.mark.parametrize("pair", GAME_WRITES, ids=route_id)
@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_every_change_without_the_pin_is_refused(app, client, any_pin_game, pair, headers):
    method, rule = pair
    before = rows(app)
    stranger = other_phone(app)
    api = rule.rule.startswith(API)
    body = {"json": {"deal": 2, "outcome": "redeal"}} if api else {"data": deal_form(2)}
    response = stranger.open(path_of(app, rule, any_pin_game), method=method,
                             headers=headers, **body)
    assert response.status_code == 403, response.text
    if api:
        assert "X-Table-PIN" in response.get_json()["error"]
    else:
        assert "PIN" in alerts(response.text) and 'name="pin"' in response.text
    assert rows(app) == before


def test_a_refused_htmx_change_shows_the_locked_game_in_place(app, pin_game):
    response = other_phone(app).post(f"/games/{pin_game}/deals", data=deal_form(2),
                                     headers=HX)
    assert response.headers["HX-Retarget"] == "main"
    assert response.text.lstrip().startswith('<div id="game"')


def test_opening_a_correction_without_the_pin_goes_back_to_the_game(app, pin_game):
    response = other_phone(app).get(f"/games/{pin_game}/deals/1/edit")
    assert response.status_code == 302 and response.location == f"/games/{pin_game}"


def test_the_right_pin_unlocks_this_phone_only(app, pin_game):
    phone, third = other_phone(app), other_phone(app, "192.0.2.8")
    response = phone.post(f"/games/{pin_game}/unlock", data={"pin": PIN})
    assert response.status_code == 303 and response.location == f"/games/{pin_game}"
    assert 'class="deal-form"' in phone.get(f"/games/{pin_game}").text
    GameActions(phone).record(pin_game, 2)
    assert "This table has a PIN" in third.get(f"/games/{pin_game}").text


def test_a_pin_typed_in_arabic_digits_unlocks(app, pin_game):
    response = other_phone(app).post(f"/games/{pin_game}/unlock", data={"pin": "٢٤٦٨"})
    assert response.status_code == 303


@pytest.mark.parametrize("wrong", ["1357", "", "24680", "abcd", "2468\x00", "9" * 5000])
def test_a_wrong_pin_says_so_and_unlocks_nothing(app, pin_game, wrong):
    phone = other_phone(app)
    response = phone.post(f"/games/{pin_game}/unlock", data={"pin": wrong})
    assert response.status_code == 422
    assert "not the table's PIN" in alerts(response.text)
    assert 'name="pin"' in phone.get(f"/games/{pin_game}").text


def test_pin_attempts_are_limited_per_game_and_address(app, actions, pin_game):
    phone = other_phone(app)
    for _ in range(5):
        assert phone.post(f"/games/{pin_game}/unlock", data={"pin": "0000"}).status_code == 422
    refused = phone.post(f"/games/{pin_game}/unlock", data={"pin": PIN})
    assert refused.status_code == 429
    assert "Too many wrong PINs" in alerts(refused.text)
    assert 'name="pin"' in phone.get(f"/games/{pin_game}").text
    # Another address, or another game from the same address, is not held back.
    assert other_phone(app, "192.0.2.99").post(
        f"/games/{pin_game}/unlock", data={"pin": PIN}).status_code == 303
    second = actions.start(pin=PIN)
    assert phone.post(f"/games/{second}/unlock", data={"pin": PIN}).status_code == 303


def test_right_pins_do_not_count_against_the_limit(app, pin_game):
    headers = {"X-Table-PIN": PIN}
    phone = other_phone(app)
    for number in range(2, 10):
        response = phone.post(f"{API}/games/{pin_game}/deals", headers=headers,
                              json={"deal": number, "outcome": "stock_exhausted"})
        assert response.status_code == 201, response.get_data(as_text=True)


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", "１２３", "12\n34"])
def test_a_new_game_with_a_malformed_pin_is_refused_and_not_made(app, client, pin):
    before = rows(app)
    response = client.post("/new", data=new_game_form(pin=pin))
    assert response.status_code == 422
    assert "4 to 8 digits" in response.text
    assert rows(app) == before


def test_the_new_game_form_explains_the_pin(client):
    text = client.get("/new").text
    assert 'name="pin"' in text and 'inputmode="numeric"' in text
    assert "anyone with the game's link can record" in html.unescape(text)


# --- the table PIN through the JSON API ------------------------------------------------

@pytest.fixture
def api_pin_game(client) -> str:
    response = client.post(f"{API}/games", json={"rules": "levant", "players": THREE,
                                                 "first_dealer": "Ali", "pin": PIN})
    assert response.status_code == 201
    return response.get_json()["id"]


def test_the_api_reads_a_pin_game_without_the_pin(client, api_pin_game):
    assert client.get(f"{API}/games/{api_pin_game}").status_code == 200


@pytest.mark.parametrize("headers", [{}, {"X-Table-PIN": "1357"}, {"X-Table-PIN": ""}])
def test_the_api_refuses_changes_without_the_right_pin(app, client, api_pin_game, headers):
    before = rows(app)
    for response in (
            client.post(f"{API}/games/{api_pin_game}/deals", headers=headers,
                        json={"deal": 1, "outcome": "redeal"}),
            client.delete(f"{API}/games/{api_pin_game}/deals/1", headers=headers)):
        assert response.status_code == 403
        assert response.get_json()["error"]
    assert rows(app) == before


def test_the_api_takes_changes_with_the_pin(client, api_pin_game):
    headers = {"X-Table-PIN": PIN}
    url = f"{API}/games/{api_pin_game}/deals"
    assert client.post(url, headers=headers,
                       json={"deal": 1, "outcome": "stock_exhausted"}).status_code == 201
    assert client.put(f"{url}/1", headers=headers,
                      json={"outcome": "stock_exhausted"}).status_code == 200
    assert client.delete(f"{url}/1", headers=headers).status_code == 200


def test_the_api_limits_wrong_pins_with_a_429(client, api_pin_game):
    url = f"{API}/games/{api_pin_game}/deals"
    body = {"deal": 1, "outcome": "stock_exhausted"}
    for _ in range(5):
        assert client.post(url, headers={"X-Table-PIN": "0000"}, json=body).status_code == 403
    response = client.post(url, headers={"X-Table-PIN": PIN}, json=body)
    assert response.status_code == 429
    assert "Too many wrong PINs" in response.get_json()["error"]


@pytest.mark.parametrize("pin", [1234, "12", "123456789", "abcd", ["1234"], True, "12 34"])
def test_the_api_refuses_a_malformed_pin_and_makes_no_game(app, client, pin):
    before = rows(app)
    response = client.post(f"{API}/games", json={"rules": "levant", "players": THREE,
                                                 "first_dealer": "Ali", "pin": pin})
    assert response.status_code == 400
    assert "pin" in response.get_json()["error"]
    assert rows(app) == before


def test_the_openapi_description_names_the_pin(client):
    spec = client.get(f"{API}/openapi.json").get_json()
    create = spec["paths"]["/api/v1/games"]["post"]
    assert "pin" in create["requestBody"]["content"]["application/json"]["schema"][
        "properties"]
    record_ = spec["paths"]["/api/v1/games/{game_id}/deals"]["post"]
    assert [p["name"] for p in record_["parameters"]] == ["X-Table-PIN"]
    assert {"403", "429"} <= set(record_["responses"])


# --- the view-only link ----------------------------------------------------------------

def test_the_view_only_page_shows_the_sheet_and_nothing_to_change_it(app, client, pin_game):
    text = client.get(f"/view/{view_id(app, pin_game)}").text
    assert '<table class="sheet">' in text and "View only" in text
    assert "<form" not in text and "hx-post" not in text and 'class="edit"' not in text


@pytest.mark.parametrize("pair", [(m, r) for m, r in routes(APP, writes=False)
                                  if r.rule.startswith("/view/")], ids=route_id)
def test_nothing_the_view_link_answers_names_the_games_own_id(app, client, pin_game, pair):
    method, rule = pair
    for headers in ({}, HX):
        response = other_phone(app).open(path_of(app, rule, pin_game), method=method,
                                         headers=headers)
        assert response.status_code == 200
        # Bytes: a picture (result.png) is no text.
        assert pin_game.encode() not in response.get_data()
        assert pin_game not in str(response.headers)


def test_the_view_links_json_names_the_view_link(app, pin_game, client):
    vid = view_id(app, pin_game)
    data = client.get(f"/view/{vid}.json").get_json()
    assert data["id"] == vid and data["url"] == f"http://localhost/view/{vid}"
    assert data["totals"] == client.get(f"{API}/games/{pin_game}").get_json()["totals"]


def test_there_is_no_way_to_write_through_the_view_link(app, pin_game):
    under_view = [r for r in APP.url_map.iter_rules() if r.rule.startswith("/view/")]
    assert under_view and all(r.methods <= {"GET", "HEAD", "OPTIONS"} for r in under_view)
    before = rows(app)
    phone = other_phone(app)
    for suffix in ("", "/deals", "/undo"):
        assert phone.post(f"/view/{view_id(app, pin_game)}{suffix}",
                          data=deal_form(2)).status_code in (404, 405)
    assert rows(app) == before


def test_the_game_page_shares_both_links_and_their_qr_codes(app, client, pin_game):
    text = client.get(f"/games/{pin_game}").text
    vid = view_id(app, pin_game)
    assert f"http://localhost/games/{pin_game}" in text
    assert f"http://localhost/view/{vid}" in text
    assert f'src="/games/{pin_game}/qr.svg"' in text and f'src="/view/{vid}/qr.svg"' in text
    game_qr, view_qr = client.get(f"/games/{pin_game}/qr.svg"), client.get(f"/view/{vid}/qr.svg")
    assert game_qr.mimetype == view_qr.mimetype == "image/svg+xml"
    assert game_qr.data != view_qr.data


def test_joining_with_a_view_link_opens_the_view_only_page(app, client, pin_game):
    vid = view_id(app, pin_game)
    response = other_phone(app).get(f"/join?code=http://192.168.1.5:8000/view/{vid}")
    assert response.status_code == 302 and response.location == f"/view/{vid}"


# --- the JSON API: JSON only, no CORS --------------------------------------------------

@pytest.mark.parametrize("pair", [(m, r) for m, r in routes(APP, api=True, writes=True)
                                  if m != "DELETE"], ids=route_id)
def test_every_api_write_refuses_a_form_body_with_a_415(app, client, actions, pair):
    game_id = actions.start()
    actions.record(game_id)
    before = rows(app)
    method, rule = pair
    response = client.open(path_of(app, rule, game_id), method=method,
                           data={"deal": "2", "outcome": "redeal"})
    assert response.status_code == 415
    assert "application/json" in response.get_json()["error"]
    assert rows(app) == before


@pytest.mark.parametrize("method", ["OPTIONS", "GET", "POST"])
def test_no_answer_carries_cors_headers(client, actions, method):
    game_id = actions.start()
    headers = {"Origin": "http://evil.example", "Access-Control-Request-Method": "POST",
               "Access-Control-Request-Headers": "content-type, x-table-pin"}
    for path in (f"{API}/games", f"{API}/games/{game_id}", f"{API}/games/{game_id}/deals",
                 f"{API}/referee/meld", f"/games/{game_id}"):
        response = client.open(path, method=method, headers=headers, json={})
        assert not [h for h, _ in response.headers.items()
                    if h.lower().startswith("access-control-")], (path, response.headers)


# --- security headers ------------------------------------------------------------------

def _answers(app, client):
    actions = GameActions(client)
    game_id = actions.start()
    actions.record(game_id)
    vid = view_id(app, game_id)
    return {
        "home": client.get("/"),
        "game page": client.get(f"/games/{game_id}"),
        "htmx fragment": client.get(f"/games/{game_id}", headers=HX),
        "preview fragment": client.post(f"/games/{game_id}/preview", data=deal_form(2)),
        "view page": client.get(f"/view/{vid}"),
        "csv": client.get(f"/games/{game_id}.csv"),
        "qr": client.get(f"/games/{game_id}/qr.svg"),
        "404 page": client.get("/nowhere"),
        "405 page": client.get(f"/games/{game_id}/undo"),
        "redirect": client.post(f"/games/{game_id}/deals", data=deal_form(2)),
        "api answer": client.get(f"{API}/games/{game_id}"),
        "api 400": client.post(f"{API}/referee/meld", json={}),
        "api 404": client.get(f"{API}/games/{UNKNOWN}"),
        "api 415": client.post(f"{API}/referee/meld", data="x"),
        "health": client.get("/healthz"),
    }


def test_every_kind_of_answer_carries_the_security_headers(app, client):
    for name, response in _answers(app, client).items():
        headers = response.headers
        csp = headers.get("Content-Security-Policy", "")
        assert all(part in csp.split("; ") for part in CSP_PARTS), (name, csp)
        assert "unsafe" not in csp
        assert headers.get("X-Content-Type-Options") == "nosniff", name
        assert headers.get("Referrer-Policy") == "same-origin", name
        assert headers.get("X-Frame-Options") == "DENY", name


def test_a_static_file_carries_nosniff_and_not_the_page_only_headers(client):
    # Issue 40: a style sheet, script or image runs under the policy of the page that
    # loads it; the page's headers on each would add about 260 bytes to a first load.
    page = client.get("/").text
    links = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert {link.split("?")[0].rsplit(".", 1)[1] for link in links} >= {"css", "js", "png"}
    for link in links + ["/static/style.css", "/static/app.js"]:
        headers = client.get(link).headers
        assert headers.get("X-Content-Type-Options") == "nosniff", link
        for name in ("Content-Security-Policy", "X-Frame-Options", "Referrer-Policy"):
            assert name not in headers, (link, name)


@pytest.mark.parametrize(("name", "text"), [
    ("page.html", "<!doctype html><p>a page</p>"),
    ("picture.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')])
def test_a_static_file_a_browser_opens_as_a_document_carries_the_page_headers(
        client, app, name, text):
    target = Path(app.static_folder) / f"_document_{os.getpid()}_{name}"
    try:
        target.write_text(text)
        headers = client.get(f"/static/{target.name}").headers
    finally:
        target.unlink()
    assert all(part in headers["Content-Security-Policy"].split("; ") for part in CSP_PARTS)
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_an_error_inside_a_view_is_a_plain_500_with_the_headers_and_no_traceback(own_app):
    app = own_app

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret detail")

    app.testing = False  # answer as in production rather than re-raising
    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert "secret detail" not in response.text and "Traceback" not in response.text
    assert response.headers["X-Frame-Options"] == "DENY"


class _Inline(HTMLParser):
    """Collects what the Content-Security-Policy would refuse: inline scripts and styles,
    style attributes, on* handlers and hx-on attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "script" and "src" not in names:
            self.found.append("inline <script>")
        if tag == "style":
            self.found.append("<style>")
        for name in names:
            if name == "style" or name.startswith("on") or name.startswith("hx-on"):
                self.found.append(f"{tag} {name}=")
        if tag == "a" and (names.get("href") or "").startswith("javascript:"):
            self.found.append("javascript: link")


def test_no_page_holds_anything_the_policy_would_refuse(app, client, pin_game):
    vid = view_id(app, pin_game)
    pages = ["/", "/new", "/history", f"/games/{pin_game}", f"/games/{pin_game}/print",
             f"/games/{pin_game}/deals/1/edit", f"/view/{vid}", f"/view/{vid}/print"]
    answers = [client.get(path) for path in pages] + [
        other_phone(app).get(f"/games/{pin_game}"),  # locked, with the PIN form
        other_phone(app).post(f"/games/{pin_game}/unlock", data={"pin": "0"}),
        client.post("/new", data=new_game_form(players=["Ali"])),
    ]
    # And every other page the app serves for a game (the referee's, say).
    for method, rule in routes(app, api=False, writes=False):
        if rule.arguments and rule.arguments <= {"game_id", "view_id", "number"}:
            answers.append(client.open(path_of(app, rule, pin_game), method=method))
    for response in answers:
        if response.mimetype != "text/html":
            continue
        parser = _Inline()
        parser.feed(response.text)
        assert not parser.found, (response.request.path, parser.found)


def test_htmx_is_told_not_to_inject_its_own_styles(client):
    match = re.search(r'<meta name="htmx-config" content=\'([^\']+)\'', client.get("/").text)
    assert match
    config = json.loads(match.group(1))
    assert config["includeIndicatorStyles"] is False
    assert "style" not in config["attributesToSettle"]


def test_the_session_cookie_stays_home(app, client, actions):
    actions.start(pin=PIN)
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"


# --- names shown as text ---------------------------------------------------------------

@pytest.fixture
def xss_game(actions) -> str:
    game_id = actions.start(players=[XSS, "Badr", "Caro"])
    actions.record(game_id)
    return game_id


def test_a_hostile_name_is_shown_as_text_on_every_page(app, client, xss_game):
    vid = view_id(app, xss_game)
    escaped = html.escape(XSS, quote=False)
    shown = {"/": None, "/history": None, "/history?q=script": None,
             f"/games/{xss_game}": None, f"/games/{xss_game}/print": None,
             f"/games/{xss_game}/deals/1/edit": None, f"/view/{vid}": None,
             f"/view/{vid}/print": None}
    for _method, rule in routes(app, api=False, writes=False):
        if rule.arguments and rule.arguments <= {"game_id", "view_id", "number"}:
            shown.setdefault(path_of(app, rule, xss_game), None)
    html_pages = 0
    for path in shown:
        response = client.get(path)
        assert response.status_code == 200, path
        if response.mimetype == "text/html":
            html_pages += 1
            assert XSS not in response.get_data(as_text=True), path
        else:
            # CSV, JSON, SVG, PNG: never sniffed as HTML.
            assert response.headers["X-Content-Type-Options"] == "nosniff"
    for path in ("/", "/history", f"/games/{xss_game}", f"/games/{xss_game}/print",
                 f"/view/{vid}", f"/games/{xss_game}/deals/1/edit"):
        assert escaped in client.get(path).text, path
    assert html_pages >= 8


def test_a_hostile_name_is_data_in_the_exports(app, client, xss_game):
    data = client.get(f"/games/{xss_game}.json").get_json()
    assert data["players"][0] == XSS
    csv_text = client.get(f"/games/{xss_game}.csv")
    assert csv_text.mimetype == "text/csv" and XSS in csv_text.text


@pytest.mark.parametrize("path", ["/join?code=", "/history?q=", "/history?date="])
def test_what_a_visitor_types_in_the_address_comes_back_as_text(client, path):
    response = client.get(path + "%22%3E" + XSS)
    assert XSS not in response.text and '">' + XSS not in response.text
