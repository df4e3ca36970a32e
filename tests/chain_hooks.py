"""Schemathesis hooks for its chains phase (tests/test_schemathesis.py): every game, night
and group the chains create is one the API accepts, so that the links after it (record the
first deal, correct, confirm or dispute it, undo it, play again; start a round, take it
back, seat a late arrival; split members into sides) are followed on a real one. The
earlier phases fuzz the creations themselves, bodies valid and invalid, without these
hooks.

The description gives each game's first deal as a link of its own (Hand's, Hand and
Foot's, a points sheet's), and a chain picks one at random, which two games in three
refuse: the game's own first deal is sent instead, so that the chains go on to the links
after it. tests/test_openapi_links.py follows each of them as it is.

A PIN the fuzzer drew is kept (as the plain digits a header can carry), so some of the
chained games and nights are locked and the links must carry their PIN into every change.
Which table a game is, and whether its deals are confirmed, follow from the body drawn, so
a fixed seed makes the same ones."""

import re

import schemathesis

TABLES = (
    {"rules": "levant", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Ali"},
    {"rules": "gulf", "players": ["Ali", "Badr", "Caro", "Dana"], "first_dealer": "Badr",
     "partnerships": True},
    {"rules": "egypt", "players": ["Ali", "Badr"], "first_dealer": "Badr"},
    {"rules": "hareeqa", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Caro"},
    {"rules": "hand_and_foot", "players": ["Ann", "Bob", "Cy", "Dee"], "first_dealer": "Ann",
     "partnerships": True},
    # Over after their one deal (the links' "score"): games to play again, up to the
    # eight a points sheet seats.
    {"rules": {"preset": "points", "deals": 1}, "players": ["Pia", "Quin"],
     "first_dealer": "Quin"},
    {"rules": {"preset": "points", "deals": 1}, "players": ["Ann", "Bob", "Cy", "Dee"],
     "first_dealer": "Ann", "partnerships": True},
    {"rules": {"preset": "points", "deals": 1}, "first_dealer": "Hal", "partnerships": True,
     "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]},
)
NIGHT = {"name": "Fuzz night", "rules": "levant", "format": "rotating",
         "players": ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda"]}
GROUP = {"name": "Fuzz group", "members": ["Ali", "Badr", "Caro", "Dina"]}
DIGITS = re.compile(r"[0-9]{4,8}")
CREATED = ("POST /api/v1/games", "POST /api/v1/games/{game_id}/rematch")
RECORD = "POST /api/v1/games/{game_id}/deals"
# Each chained game's game ("hand", "hand_and_foot", "points") and players, by its id.
GAMES: dict[str, tuple[str, list[str]]] = {}


def _with_pin(drawn: dict, made: dict) -> dict:
    pin = drawn.get("pin")
    if isinstance(pin, str) and DIGITS.fullmatch(pin.strip()):
        made["pin"] = pin.strip()
    return made


@schemathesis.hook
def map_case(context, case):
    if not isinstance(case.body, dict):
        return case
    label, drawn = case.operation.label, case.body
    if label == "POST /api/v1/games":
        table = dict(TABLES[len(repr(drawn)) % len(TABLES)])
        if len(repr(drawn)) // len(TABLES) % 2:
            table["confirm"] = "other_side"
        case.body = _with_pin(drawn, table)
    elif label == "POST /api/v1/nights":
        case.body = _with_pin(drawn, dict(NIGHT))
    elif label == "POST /api/v1/groups":
        case.body = _with_pin(drawn, dict(GROUP))
    return case


def _first_deal(game: str, players: list[str]) -> dict:
    """The first deal *game* takes, as the description's link for it gives it."""
    if game == "hand_and_foot":
        return {"outcome": "scored", "went_out": None, "sides": [{}, {}]}
    if game == "points":
        return {"outcome": "scored", "points": {players[0]: 1, players[1]: 0}}
    return {"outcome": "stock_exhausted"}


@schemathesis.hook
def after_call(context, case, response):
    if case.operation.label in CREATED and response.status_code == 201:
        state = response.json()
        preset = state["rules"]["preset"]  # Hand and Foot's house rules are "hand_and_foot…"
        game = next((name for name in ("points", "hand_and_foot")
                     if preset.startswith(name)), "hand")
        GAMES[state["id"]] = (game, state["players"])


@schemathesis.hook
def before_call(context, case, kwargs):
    body = case.body
    if case.operation.label != RECORD or not isinstance(body, dict) or body.get("deal") != 1:
        return
    known = GAMES.get(str(case.path_parameters.get("game_id")))
    if known is not None and "recorded_by" in body:  # followed a link
        case.body = {"deal": 1, **_first_deal(*known), "recorded_by": body["recorded_by"]}
