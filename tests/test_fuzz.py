"""Hostile and malformed input at every endpoint and every form (issue 6): wrong types,
huge strings, nested junk, unicode, NUL bytes, lone surrogates, bodies that are not JSON,
form posts with junk fields, junk in the address. Whatever comes in: never a 500, never a
traceback in the answer, and a refused request stores nothing (every table's rows are
counted before and after).

Routes are enumerated from the app's URL map, so routes added later are fuzzed too, and each
aims at a game of every registered game (tests/every_game.py), so a game that lacks a
branch somewhere cannot hide. Each test is bounded (max_examples, spread over the routes it
samples) to keep the file well under a minute.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from depth import examples
from every_game import GAMES, SAMPLES, start
from game_actions import API, THREE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pagework import XSS, path_of, routes, rows

from scorekeeper import create_app
from scorekeeper.extensions import db


def bounded(everyday: int):
    return settings(max_examples=examples(everyday), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


APP = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                  "SECRET_KEY": "fuzz-routes"})
API_ROUTES = routes(APP, api=True)
FORM_ROUTES = routes(APP, api=False, writes=True)
PAGE_READS = [(m, r) for m, r in routes(APP, api=False, writes=False)
              if r.endpoint not in ("home.healthz",)]

HOSTILE = st.sampled_from([
    "", " ", "\x00", "a\x00b", "\ud800", "\ufeff", "\u202e" + "Ali", "٢٤٦٨", "🂡" * 50,
    "x" * 100_000, XSS, '"><img src=x onerror=alert(1)>', "' OR 1=1 --", "../../etc/passwd",
    "%s%n", "{{7*7}}", "null", "NaN", "-1", "0", "1e309", "99999999999999999999",
    # Digits str.isdigit() takes and int() refuses or reads (issue 12): superscripts,
    # Arabic-Indic and full-width digits, a number longer than int() converts.
    "²", "1²", "٣", "１２", "1" * 5000, "up-²", "down-" + "9" * 5000, "up-٣",
])
TEXT = st.one_of(HOSTILE, st.text(max_size=60))
SCALARS = st.one_of(st.none(), st.booleans(),
                    st.integers(min_value=-2**70, max_value=2**70),
                    st.floats(allow_nan=True, allow_infinity=True), TEXT)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(TEXT, inner, max_size=5)), max_leaves=15)
# The fields the endpoints read, so junk reaches past "field missing".
API_FIELDS = ["rules", "players", "first_dealer", "partnerships", "pin", "deal", "outcome",
              "winner", "finish", "hands", "bonuses", "indicator", "first_melds", "cards",
              "melds", "minimum", "meld", "add", "give", "end", "going_out", "one_card",
              "teams", "preset", "went_out", "sides", "top", "hand", "table", "opened",
              "piles", "partner_in_foot"]
FORM_FIELDS = (["preset", "first_dealer", "partnerships", "pin", "move", "deal", "outcome",
                "winner", "finish", "bonuses", "indicator", "check", "csrf_token"]
               + [f"{kind}_{seat}" for kind in ("player", "melded", "points", "cards",
                                                "mistake") for seat in range(6)]
               + ["opt_rounds", "opt_wild_mode", "opt_initial_minimum", "opt_dealer_rule"]
               # Hand and Foot's: who went out, each side's counts, its house rules.
               + ["went_out", "sides", "hf_rounds", "hf_minimums", "hf_going_out",
                  "hf_red_three"]
               + [f"{kind}_{side}" for kind in ("clean_piles", "dirty_piles", "wild_piles",
                                                "red_threes", "red_threes_caught", "melded",
                                                "melded_cards", "left", "left_cards")
                  for side in range(3)])
QUERY_FIELDS = ["code", "q", "date", "next", "preset", "tap", "pick", "select", "drag",
                "act", "clear", "more", "set_indicator", "change_indicator", "cards", "meld",
                "add", "give", "indicator", "target", "selected", "minimum", "end", "melds",
                "previous", "to", "meld1", "going_out", "one_card", "ruled", "top", "hand",
                "table", "opened", "deal", "clean", "dirty", "wild", "partner"]
VALID_DEAL = {"deal": 2, "outcome": "scored", "winner": "Badr", "finish": "partial",
              "hands": {"Ali": {"melded": True, "points": 20}, "Caro": {"melded": False}}}
VALID_GAME = {"rules": "levant", "players": THREE, "first_dealer": "Ali"}


def json_bodies():
    """Junk objects, junk of every other JSON type, and valid bodies with one field (or a
    hand's field) replaced by junk."""
    junk_object = st.dictionaries(st.one_of(st.sampled_from(API_FIELDS), TEXT), JSON,
                                  max_size=8)
    spoiled = st.builds(lambda base, key, value: base | {key: value},
                        st.sampled_from([VALID_DEAL, VALID_GAME,
                                         *(SAMPLES[g].create for g in GAMES),
                                         *(SAMPLES[g].first_deal | {"deal": 2}
                                           for g in GAMES)]),
                        st.sampled_from(API_FIELDS), JSON)
    spoiled_hand = st.builds(
        lambda value: VALID_DEAL | {"hands": {"Ali": value, "Caro": {"melded": False}}}, JSON)
    return st.one_of(junk_object, spoiled, spoiled_hand, JSON)


@pytest.fixture(scope="module")
def fuzz_app():
    """One app for the module (Hypothesis reruns a test many times), CSRF off so junk
    reaches the forms' own checks, with a game of one deal to aim at."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "SECRET_KEY": "fuzz", "WTF_CSRF_ENABLED": False,
                      # Junk PINs must not lock the fuzzer out of the PIN game.
                      "RATELIMIT_ENABLED": False})
    with app.app_context():
        db.create_all()
    app.config["FUZZ_GAMES"] = {game: start(app.test_client(), game) for game in GAMES}
    return app


def _path(app, rule, game: str, check: int) -> str:
    """*rule*'s address for the fuzzed game of *game*, with one of its referee's
    questions where the address names one (another game's, for a game without a
    referee)."""
    checks = SAMPLES[game].checks or SAMPLES["hand"].checks
    return path_of(app, rule, app.config["FUZZ_GAMES"][game],
                   check=checks[check % len(checks)])


GAME = st.sampled_from(GAMES)
CHECK = st.integers(min_value=0, max_value=20)


def _assert_answer_is_clean(response, api: bool) -> None:
    # Bytes: a picture (result.png) is no text.
    data = response.get_data()
    assert response.status_code < 500, data[:500]
    assert b"Traceback" not in data and b'File "' not in data
    if api and response.status_code >= 400:
        error = response.get_json()["error"]
        assert isinstance(error, str) and error.strip()


def _assert_refusal_stored_nothing(app, response, before) -> None:
    if response.status_code >= 400:
        assert rows(app) == before


@bounded(150)
@given(pair=st.sampled_from(API_ROUTES), body=json_bodies(), game=GAME)
def test_the_api_survives_any_json_body(fuzz_app, pair, body, game):
    method, rule = pair
    before = rows(fuzz_app)
    client = fuzz_app.test_client()
    # json.dumps rather than json=: NaN, huge numbers and lone surrogates go as written.
    response = client.open(_path(fuzz_app, rule, game, 0),
                           method=method, data=json.dumps(body),
                           content_type="application/json")
    _assert_answer_is_clean(response, api=True)
    _assert_refusal_stored_nothing(fuzz_app, response, before)


@bounded(60)
@given(pair=st.sampled_from([(m, r) for m, r in API_ROUTES if m in ("POST", "PUT")]),
       raw=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)),
       content_type=st.sampled_from(["application/json", "text/plain", None,
                                     "application/x-www-form-urlencoded",
                                     "application/json; charset=latin-1",
                                     "multipart/form-data; boundary=zz"]),
       game=GAME)
def test_the_api_survives_bodies_that_are_not_json(fuzz_app, pair, raw, content_type, game):
    method, rule = pair
    before = rows(fuzz_app)
    response = fuzz_app.test_client().open(
        _path(fuzz_app, rule, game, 0), method=method, data=raw,
        content_type=content_type)
    _assert_answer_is_clean(response, api=True)
    assert response.status_code in (400, 404, 405, 409, 415), response.status_code
    assert rows(fuzz_app) == before


@bounded(120)
@given(pair=st.sampled_from(FORM_ROUTES),
       fields=st.dictionaries(st.one_of(st.sampled_from(FORM_FIELDS), st.text(max_size=12)),
                              st.one_of(TEXT.filter(lambda t: "\ud800" not in t),
                                        st.lists(st.text(max_size=8), max_size=3)),
                              max_size=12),
       htmx=st.booleans(), game=GAME, check=CHECK)
def test_every_form_survives_junk_fields(fuzz_app, pair, fields, htmx, game, check):
    method, rule = pair
    before = rows(fuzz_app)
    response = fuzz_app.test_client().open(
        _path(fuzz_app, rule, game, check), method=method, data=fields,
        headers={"HX-Request": "true"} if htmx else {})
    _assert_answer_is_clean(response, api=False)
    _assert_refusal_stored_nothing(fuzz_app, response, before)


@bounded(50)
@given(pair=st.sampled_from(FORM_ROUTES), raw=st.binary(max_size=400), game=GAME)
def test_every_form_survives_a_body_of_raw_bytes(fuzz_app, pair, raw, game):
    method, rule = pair
    before = rows(fuzz_app)
    response = fuzz_app.test_client().open(
        _path(fuzz_app, rule, game, 0), method=method, data=raw,
        content_type="application/x-www-form-urlencoded")
    _assert_answer_is_clean(response, api=False)
    _assert_refusal_stored_nothing(fuzz_app, response, before)


@bounded(100)
@given(pair=st.sampled_from(PAGE_READS),
       query=st.dictionaries(st.one_of(st.sampled_from(QUERY_FIELDS), st.text(max_size=8)),
                             TEXT.filter(lambda t: "\ud800" not in t), max_size=6),
       htmx=st.booleans(), game=GAME, check=CHECK)
def test_every_page_survives_junk_in_its_address(fuzz_app, pair, query, htmx, game, check):
    method, rule = pair
    before = rows(fuzz_app)
    response = fuzz_app.test_client().open(
        _path(fuzz_app, rule, game, check), method=method,
        query_string=query, headers={"HX-Request": "true"} if htmx else {})
    _assert_answer_is_clean(response, api=False)
    assert rows(fuzz_app) == before
    response.close()


@bounded(15)
@given(game_id=st.text(min_size=1, max_size=200).filter(lambda t: "/" not in t))
def test_a_junk_game_id_is_a_404_everywhere(fuzz_app, game_id):
    client = fuzz_app.test_client()
    for method, rule in routes(fuzz_app):
        if "game_id" not in rule.arguments:
            continue
        path = path_of(fuzz_app, rule, "PLACEHOLDER").replace(
            "PLACEHOLDER", quote(game_id, safe=""))
        kwargs = {"json": VALID_DEAL} if rule.rule.startswith(API) else {"data": {}}
        response = client.open(path, method=method, **({} if method == "GET" else kwargs))
        assert response.status_code in (404, 405), (path, response.status_code)
