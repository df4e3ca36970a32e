"""``GET /api/v1/openapi.json``: the API described for other clients (OpenAPI 3.1)."""

from flask import jsonify

from ..rules import OPTIONS, PRESETS
from ..rules.handfoot import OPTIONS as FOOT_OPTIONS
from ..rules.handfoot import PRESET as FOOT
from ..rules.handfoot import STRUCTURED
from . import bp

_CARD = {"type": "string", "examples": ["10H", "AS", "JK"],
         "description": "A card: rank (A 2-10 J Q K, T for 10) and suit (S H D C or a "
                        "suit symbol), or JK for a joker. Case does not matter."}
_CARDS = {"type": "array", "items": {"$ref": "#/components/schemas/Card"}}
_RULES = {"oneOf": [
    {"type": "string", "enum": [*PRESETS, FOOT]},
    {"type": "object", "required": ["preset"],
     "properties": {"preset": {"type": "string", "enum": list(PRESETS)}}
     | {name: {"description": o.doc} for name, o in OPTIONS.items()},
     "additionalProperties": False},
    # Hand and Foot, the second game (shared/API.md, "Hand and Foot").
    {"type": "object", "required": ["preset"],
     "properties": {"preset": {"const": FOOT}}
     | {name: {"description": o.doc} for name, o in FOOT_OPTIONS.items()}
     | {name: {"description": o["doc"]} for name, o in STRUCTURED.items()},
     "additionalProperties": False},
]}
_COMMON = {"rules": {"$ref": "#/components/schemas/Rules"},
           "indicator": {"$ref": "#/components/schemas/Card"},
           "players": {"type": "integer", "minimum": 2, "maximum": 6,
                       "description": "Players at the table (optional; 2 to 5 in Hand, 2 "
                                      "to 6 in Hand and Foot): the Kuwaiti form plays one "
                                      "pack with 2 or 3, and announces at 71 with 5"}}
# Issue 16: how a card came. Optional, so bodies without them are ruled as before.
_TAKEN = {"type": "integer", "minimum": 0,
          "description": "Place (from 0) of the card taken from the discard pile"}
_MELD = {"type": "object", "properties": {
    "valid": {"type": "boolean"},
    # Hand's melds are sequences or groups; Hand and Foot's clean, dirty or wild.
    "kind": {"enum": ["sequence", "group", "clean", "dirty", "wild", None]},
    "complete": {"type": "boolean", "description": "Hand and Foot: a complete pile"},
    "cards": _CARDS,
    "value": {"type": ["integer", "null"]},
    "wild": {"oneOf": [{"type": "null"}, {"type": "object", "properties": {
        "card": {"$ref": "#/components/schemas/Card"}, "represents": _CARDS}}]},
    "card_values": {"type": "array", "items": {"type": "integer"}},
    "reason": {"type": "string"},
}}


_HAND = {"type": "object", "required": ["melded"], "properties": {
    "melded": {"type": "boolean", "description": "Melded (announced, in the Kuwaiti form)"},
    "points": {"type": "integer", "minimum": 0}, "cards": _CARDS,
    "mistake": {"type": "boolean"}}}
_RESULT = {
    "winner": {"type": "string"},
    "finish": {"enum": ["partial", "full"]},
    "bonuses": {"type": "array", "items": {"enum": [
        "wild_discard", "two_wilds", "one_colour", "one_suit"]}},
    "hands": {"type": "object", "additionalProperties": _HAND},
    # Issue 13: the winner's cards decide the finish and bonuses (shared/API.md, "Deals
    # from the cards"); "finish" may then be left out.
    "winner_cards": {**_CARDS, "minItems": 15, "maxItems": 15,
                     "description": "The winner's 15 cards: the referee arranges them"},
    "winner_melds": {"type": "array", "items": _CARDS,
                     "description": "The melds the winner laid (with winner_discard)"},
    "winner_discard": {**_CARDS, "minItems": 1, "maxItems": 2,
                       "description": "The card discarded, or two wild cards"},
}
_ARRANGEMENT = {"type": "object", "required": ["melds", "discard"], "properties": {
    "melds": {"type": "array", "items": _CARDS}, "discard": _CARDS}}
_GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
_NAMES = {"type": "array", "items": {"type": "string"}}
_NUMBERS = {"type": "array", "items": {"type": "integer"}}
_BY_NAME = {"type": "object", "additionalProperties": {"type": "integer"}}
_DEAL_LINE = {"type": "object", "additionalProperties": False,
              "required": ["number", "outcome", "dealer", "round", "scores"], "properties": {
    "number": {"type": "integer", "minimum": 1},
    "outcome": {"enum": ["scored", "redeal", "stock_exhausted"]},
    "dealer": {"type": "string"}, "round": {"type": ["integer", "null"]},
    "scores": {"oneOf": [{"type": "null"}, _BY_NAME]},
    "team_scores": _NUMBERS, "points": _BY_NAME, "burned": _NAMES,
    "indicator": {"$ref": "#/components/schemas/Card"},
    "first_melds": {"type": "array", "items": {"type": "object", "properties": {
        "player": {"type": "string"}, "value": {"type": ["integer", "null"]},
        "melds": {"type": "array", "items": _CARDS}}}},
    **_RESULT, "winner_cards": _CARDS, "arrangement": _ARRANGEMENT,
    # Hand and Foot
    "minimum": {"type": "integer"}, "went_out": {"type": ["string", "null"]},
    "sides": {"type": "array", "items": {"$ref": "#/components/schemas/Side"}},
    "breakdown": {"type": "array", "items": {"type": "object", "properties": {
        part: {"type": "integer"} for part in ("cards", "piles", "red_threes", "going_out",
                                               "total")}}}}}
# The game's state, every field (the suite checks each answer against it).
_STATE = {"type": "object", "additionalProperties": False, "required": [
    "id", "version", "url", "rules", "players", "teams", "first_dealer", "deals", "totals",
    "dealer", "starter", "next_deal", "round", "attempt", "scored_rounds", "rounds_to_play",
    "tie_break", "finished", "winners", "notices"], "properties": {
    "id": {"type": "string"},
    "version": {"type": "string", "description": "Changes with every change to the game; "
                "send it back in If-Match to correct or undo a deal"},
    "url": {"type": "string", "description": "The game's page, to open on a phone"},
    "rules": {"type": "object", "required": ["preset"],
              "description": "Every option, fixed when the game was created"},
    "players": _NAMES,
    "teams": {"oneOf": [{"type": "null"}, {"type": "array", "items": _NAMES}]},
    "first_dealer": {"type": "string"},
    "deals": {"type": "array", "items": _DEAL_LINE},
    "totals": _BY_NAME, "team_totals": _NUMBERS,
    "dealer": {"type": ["string", "null"]}, "starter": {"type": ["string", "null"]},
    "next_deal": {"type": "integer", "minimum": 1},
    "round": {"type": ["integer", "null"]}, "attempt": {"type": ["integer", "null"]},
    "scored_rounds": {"type": "integer"}, "rounds_to_play": {"type": ["integer", "null"]},
    "tie_break": {"type": "boolean"}, "finished": {"type": "boolean"},
    "winners": _NAMES, "notices": _NAMES,
    "points": _BY_NAME, "pot": {"type": "integer"}, "burned": _NAMES,
    "minimum": {"type": ["integer", "null"],
                "description": "Hand and Foot: the next deal's opening minimum"}}}
# A side's report in a Hand and Foot deal.
_SIDE = {"type": "object", "additionalProperties": False, "properties": {
    **{count: {"type": "integer", "minimum": 0} for count in (
        "clean_piles", "dirty_piles", "wild_piles", "red_threes", "red_threes_caught")},
    "melded": {"type": "integer", "minimum": 0}, "melded_cards": _CARDS,
    "left": {"type": "integer", "minimum": 0}, "left_cards": _CARDS}}
_GAME_ANSWER = {"description": "The game's state", "headers": {"ETag": {
    "description": "The game's version, quoted", "schema": {"type": "string"}}},
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GameState"}}}}
_ERROR = {"application/json": {"schema": {"type": "object", "required": ["error"],
                                           "properties": {"error": {"type": "string"}}}}}
# Every address answers these alike (shared/API.md, "Limits of a request").
_ALWAYS = {
    "405": {"description": "A method the address does not take; Allow lists those it does",
            "headers": {"Allow": {"schema": {"type": "string"}}}, "content": _ERROR},
    "414": {"description": "A query string over 8 KiB", "content": _ERROR},
}
_BODY_LIMITS = {
    "413": {"description": "A body over 64 KiB, refused unread", "content": _ERROR},
    "415": {"description": "A body that is not JSON (Content-Type: application/json)",
            "content": _ERROR},
}
# Writes to a game created with a "pin" carry it in this header.
_TABLE_PIN = {"name": "X-Table-PIN", "in": "header", "required": False,
              "schema": {"type": "string"},
              "description": "The table's PIN (4 to 8 digits), needed to change a game "
                             "created with one; a game without a PIN ignores it"}
_LOCKED = {
    "403": {"description": "The game has a table PIN and X-Table-PIN is missing or wrong; "
                           "nothing was changed", "content": _ERROR},
    "429": {"description": "Too many wrong PINs for this game from this address: wait a "
                           "minute", "content": _ERROR},
}
_NOT_FOUND = {"description": "No game (or deal) with that id", "content": _ERROR}
_CONFLICT = {"application/json": {"schema": {"type": "object", "required": ["error"],
                                              "properties": {
    "error": {"type": "string"}, "already_recorded": {"type": "boolean"},
    "game": {"$ref": "#/components/schemas/GameState"}}}}}
_CHANGED = {"description": "The game changed since the version sent (or another phone "
                          "changed it meanwhile); nothing was changed, and game holds the "
                          "current state", "content": _CONFLICT}
# Corrections and undo say which version of the game they were made from.
_IF_MATCH = {"name": "If-Match", "in": "header", "required": False,
             "schema": {"type": "string"},
             "description": "The game's version the client last saw (or send `version` in "
                            "the body); without either the answer is 428"}
_VERSION_NEEDED = {
    "428": {"description": "No version given: say which version of the game the change "
                           "was made from", "content": _ERROR}}
_TOO_LARGE = {"413": {"description": "The body is over 64 KiB", "content": _ERROR}}
# Links from a new game to its deals, and from a recorded deal to its correction and undo:
# a client (or a fuzzer such as Schemathesis) follows them with the id and number given.
_CREATED_LINKS = {
    "read": {"operationId": "read_game", "parameters": {"game_id": "$response.body#/id"}},
    "record": {"operationId": "record_deal",
               "parameters": {"game_id": "$response.body#/id"}},
}
_RECORDED_LINKS = {
    "read": {"operationId": "read_game", "parameters": {"game_id": "$request.path.game_id"}},
    "correct": {"operationId": "correct_deal", "parameters": {
        "game_id": "$request.path.game_id", "number": "$request.body#/deal"}},
    "undo": {"operationId": "undo_deal", "parameters": {
        "game_id": "$request.path.game_id", "number": "$request.body#/deal"}},
}
_DEAL_EXAMPLE = {"deal": 1, "outcome": "stock_exhausted"}
_DEAL_BODY = {"required": True, "content": {"application/json": {"example": _DEAL_EXAMPLE,
                                                                 "schema": {
    "type": "object", "required": ["deal", "outcome"], "properties": {
        "deal": {"type": "integer", "minimum": 1},
        "version": {"type": "string", "description": "On a correction, the game's version "
                    "the client last saw (instead of If-Match)"},
        "outcome": {"enum": ["scored", "redeal", "stock_exhausted"]},
        "indicator": {"$ref": "#/components/schemas/Card"},
        "first_melds": {"type": "array", "items": {"type": "object", "properties": {
            "player": {"type": "string"}, "value": {"type": "integer"},
            "melds": {"type": "array", "items": _CARDS, "description": "The melds laid, "
                      "for the referee to value and check against the bar in force "
                      "(instead of value, or with it)"}}}},
        **_RESULT,
        "went_out": {"type": ["string", "null"], "description": "Hand and Foot: who went "
                     "out; null when the stock ran out"},
        "sides": {"type": "array", "items": {"$ref": "#/components/schemas/Side"},
                  "description": "Hand and Foot: each side's report, in the order of the "
                                 "teams (or players)"}}}}}}


def _post(summary: str, request: dict, response: dict) -> dict:
    required = ["rules", *request.pop("_required", [])]
    # A question's optional fields may be null, read as not given (as the server reads
    # them: scorekeeper/referee.py).
    properties = {name: schema if name in required else _or_null(schema)
                  for name, schema in (_COMMON | request).items()}
    return {"post": {
        "summary": summary,
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": required, "properties": properties}}}},
        "responses": {
            "200": {"description": "The ruling", "content": {"application/json": {
                "schema": response}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
        },
    }}


def _or_null(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}]}


def _object(**properties) -> dict:
    return {"type": "object", "properties": properties}


SPEC = {
    "openapi": "3.1.0",
    "info": {"title": "Hand Scorekeeper API", "version": "1",
             "description": "Referee rulings and scores for Hand, the rummy game. A ruling "
                            "that says no is a 200 with a reason; malformed input is a "
                            "400 with an error sentence, and a body that is not JSON "
                            "(Content-Type: application/json) a 415."},
    "paths": {
        "/api/v1/rules": {"get": {
            "summary": "Presets, their options and every option's allowed values",
            "responses": {"200": {"description": "The listing"}}}},
        "/api/v1/referee/meld": _post(
            "Rule on one meld, cards read in the order laid",
            {"cards": _CARDS, "from_discard": _TAKEN, "_required": ["cards"]}, _MELD),
        "/api/v1/referee/initial-meld": _post(
            "Rule on a first meld of several melds against the bar in force",
            {"melds": {"type": "array", "items": _CARDS}, "minimum": {"type": "integer"},
             "deal": {"type": "integer", "minimum": 1,
                      "description": "Hand and Foot: the deal, whose minimum applies"},
             "from_discard": {"type": "array", "items": {"type": "integer", "minimum": 0},
                              "minItems": 2, "maxItems": 2,
                              "description": "[meld, card], each from 0: the card taken "
                                             "from the discard pile"},
             "going_out": {"type": "boolean",
                           "description": "The player goes out this turn: no bar"},
             "cards_played": {"type": "integer", "minimum": 0, "maximum": 200,
                              "description": "Announcing: cards played into the field so "
                                             "far this deal"},
             "took_discard": {"type": "boolean",
                              "description": "Announcing: the player just took the "
                                             "previous player's discard"},
             "_required": ["melds"]},
            _object(valid={"type": "boolean"}, total={"type": "integer"},
                    minimum={"type": "integer"}, melds={"type": "array", "items": _MELD},
                    reason={"type": "string"})),
        "/api/v1/referee/pickup": _post(
            "Hand and Foot: may this player take the discard pile?",
            {"top": _CARD, "hand": _CARDS, "table": {"type": "array", "items": _CARDS},
             "opened": {"type": "boolean"}, "deal": {"type": "integer", "minimum": 1},
             "_required": ["top", "hand"]},
            _object(valid={"type": "boolean"}, reason={"type": "string"})),
        "/api/v1/referee/go-out": _post(
            "Hand and Foot: may this player go out?",
            {"piles": {"type": "object", "properties": {
                kind: {"type": "integer", "minimum": 0} for kind in ("clean", "dirty",
                                                                     "wild")}},
             "partner_in_foot": {"type": "boolean"}, "_required": ["piles"]},
            _object(valid={"type": "boolean"}, reason={"type": "string"})),
        "/api/v1/referee/lay-off": _post(
            "Rule on adding cards to a meld on the table",
            {"meld": _CARDS, "add": _CARDS, "end": {"enum": ["low", "high"]},
             "going_out": {"type": "boolean"}, "one_card": {"type": "boolean"},
             "from_discard": {**_TAKEN, "description": "Place (from 0) in add of the card "
                                                       "taken from the discard pile"},
             "discarder_melded": {"type": "boolean",
                                  "description": "The player who discarded it has melded"},
             "_required": ["meld", "add"]},
            _object(valid={"type": "boolean"}, meld=_CARDS, reason={"type": "string"},
                    takes={"type": ["string", "null"]})),
        "/api/v1/referee/swap": _post(
            "Rule on taking a wild from a table meld by giving natural cards",
            {"meld": _CARDS, "give": _CARDS, "_required": ["meld", "give"]},
            _object(valid={"type": "boolean"}, takes={"type": ["string", "null"]},
                    meld=_CARDS, reason={"type": "string"})),
        "/api/v1/referee/hand": _post(
            "Check whether 15 cards go out as a full hand",
            {"cards": _CARDS, "_required": ["cards"]},
            _object(hand={"type": "boolean"}, melds={"type": "array", "items": _CARDS},
                    discard=_CARDS, reason={"type": "string"}, bonuses={
                        "type": "array", "items": {"enum": [
                            "wild_discard", "two_wilds", "one_colour", "one_suit"]}})),
        "/api/v1/referee/redeal": _post(
            "Rule on a redeal claim for identical pairs",
            {"cards": _CARDS, "_required": ["cards"]},
            _object(allowed={"type": "boolean"}, pairs=_CARDS, wilds={"type": "integer"},
                    reason={"type": "string"})),
        "/api/v1/score/round": _post(
            "Score one round without storing it",
            {"players": {"type": "array", "items": {"type": "string"}},
             "teams": {"type": "array", "items": {"type": "array",
                                                  "items": {"type": "string"}}},
             **_RESULT, "_required": ["players", "winner", "hands"]},
            _object(scores={"type": "object", "additionalProperties": {"type": "integer"}},
                    team_scores={"type": "array", "items": {"type": "integer"}},
                    finish=_RESULT["finish"], bonuses=_RESULT["bonuses"],
                    winner_cards=_CARDS, arrangement=_ARRANGEMENT)),
        "/api/v1/games": {"post": {
            "operationId": "create_game",
            "summary": "Create a stored game",
            "requestBody": {"required": True, "content": {"application/json": {
                "example": {"rules": "levant", "players": ["Ali", "Badr", "Caro"],
                            "first_dealer": "Ali"},
                "schema": {
                "type": "object", "required": ["rules", "players", "first_dealer"],
                "properties": {
                    "rules": {"$ref": "#/components/schemas/Rules"},
                    "players": {"type": "array", "items": {"type": "string"},
                                "description": "Names in counter-clockwise seating order"},
                    "partnerships": _or_null({"type": "boolean"}),
                    "teams": _or_null({"type": "array", "items": {
                        "type": "array", "items": {"type": "string"}},
                        "description": "Hand and Foot: the sides, when not partners "
                                       "opposite (two teams of three, say)"}),
                    "first_dealer": {"type": "string"},
                    # As the server reads it (scorekeeper/pins.py): 4 to 8 digits,
                    # Arabic-Indic ones too, spaces around them trimmed; null is none.
                    "pin": _or_null({"type": "string", "pattern": r"^\s*\d{4,8}\s*$",
                                     "description": "A table PIN: changes to the game "
                                                    "then need it in the X-Table-PIN "
                                                    "header"})}}}}},
            "responses": {"201": _GAME_ANSWER | {"links": _CREATED_LINKS},
                          "400": {"$ref": "#/components/responses/BadRequest"}}}},
        "/api/v1/games/{game_id}": {
            "parameters": [_GAME_ID],
            "get": {"operationId": "read_game",
                    "summary": "The game's state, replayed from its deals",
                    "responses": {"200": _GAME_ANSWER, "404": _NOT_FOUND}}},
        "/api/v1/games/{game_id}/deals": {
            "parameters": [_GAME_ID],
            "post": {"operationId": "record_deal",
                     "summary": "Record the next deal",
                     "parameters": [_TABLE_PIN],
                     "requestBody": _DEAL_BODY,
                     "responses": {"201": _GAME_ANSWER | {"links": _RECORDED_LINKS},
                                   "400": {"$ref": "#/components/responses/BadRequest"},
                                   "404": _NOT_FOUND,
                                   "409": {"description": "Not the next deal number; "
                                                          "nothing was recorded. "
                                                          "already_recorded says whether "
                                                          "this very deal is in, and game "
                                                          "holds the current state",
                                           "content": _CONFLICT},
                                   **_LOCKED}}},
        "/api/v1/games/{game_id}/deals/{number}": {
            "parameters": [_GAME_ID, {"name": "number", "in": "path", "required": True,
                                      "schema": {"type": "integer", "minimum": 1}}],
            "put": {"operationId": "correct_deal",
                    "summary": "Correct a deal; everything after it is recomputed",
                    "parameters": [_TABLE_PIN, _IF_MATCH],
                    "requestBody": _DEAL_BODY,
                    "responses": {"200": _GAME_ANSWER,
                                  "400": {"$ref": "#/components/responses/BadRequest"},
                                  "404": _NOT_FOUND, "409": _CHANGED, **_TOO_LARGE,
                                  **_VERSION_NEEDED, **_LOCKED}},
            "delete": {"operationId": "undo_deal", "summary": "Undo the last deal",
                       "parameters": [_TABLE_PIN, _IF_MATCH],
                       "responses": {"200": _GAME_ANSWER, "404": _NOT_FOUND,
                                     "400": {"$ref": "#/components/responses/BadRequest"},
                                     "409": {"description": "Not the last deal, or the "
                                                            "game changed since the "
                                                            "version sent",
                                             "content": _CONFLICT},
                                     # A body is read (for its version), so bounded too.
                                     **_TOO_LARGE, **_VERSION_NEEDED, **_LOCKED}}},
    },
    "components": {
        "schemas": {"Card": _CARD, "Rules": _RULES, "GameState": _STATE, "Side": _SIDE},
        "responses": {"BadRequest": {
            "description": "Malformed input, said in one sentence",
            "content": _ERROR}},
    },
}


def _complete(spec: dict) -> dict:
    """Add what every operation answers alike: 405 and 414 everywhere, 413 and 415 where
    a body is read."""
    for item in spec["paths"].values():
        for method, operation in item.items():
            if method == "parameters":
                continue
            responses = operation["responses"]
            for code, answer in _ALWAYS.items():
                responses.setdefault(code, answer)
            if "requestBody" in operation:
                for code, answer in _BODY_LIMITS.items():
                    responses.setdefault(code, answer)
    return spec


_complete(SPEC)


@bp.get("/openapi.json")
def openapi():
    return jsonify(SPEC)
