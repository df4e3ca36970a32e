"""``GET /api/v1/openapi.json``: the API described for other clients (OpenAPI 3.1)."""

from typing import Any

from flask import Response, jsonify

from ..games import games
from ..rulekit.option import json_type
from .blueprint import bp
from .openapi_groups import PATHS as GROUP_PATHS
from .openapi_groups import SCHEMAS as GROUP_SCHEMAS
from .openapi_links import add_links
from .openapi_nights import PATHS as NIGHT_PATHS
from .openapi_nights import SCHEMAS as NIGHT_SCHEMAS
from .openapi_ratings import PATHS as RATING_PATHS
from .openapi_ratings import RATING_CHANGES
from .openapi_ratings import SCHEMAS as RATING_SCHEMAS
from .openapi_rules import PATHS as RULE_PATHS
from .openapi_rules import SCHEMAS as RULE_SCHEMAS
from .openapi_rules import rules_name
from .openapi_trust import TRUST_DEAL, TRUST_GAME, TRUST_LINE, TRUST_STATE, trust_paths

_CARD = {"type": "string", "examples": ["10H", "AS", "JK"],
         "description": "A card: rank (A 2-10 J Q K, T for 10) and suit (S H D C or a "
                        "suit symbol), or JK for a joker. Case does not matter."}


def _merged(one: Any, other: Any) -> Any:
    """Two games' schemas of one thing as one: objects' properties merged, lists of
    choices and of required fields joined, and anything else as the first game has it."""
    if isinstance(one, dict) and isinstance(other, dict):
        return {key: _merged(one[key], other[key]) if key in one and key in other
                else one.get(key, other.get(key)) for key in {**one, **other}}
    if isinstance(one, list) and isinstance(other, list):
        return one + [item for item in other if item not in one]
    return one


def _merge_all(parts: list[Any]) -> Any:
    merged = parts[0]
    for part in parts[1:]:
        merged = _merged(merged, part)
    return merged


_PARTS = [kind.openapi() for kind in games()]
_COMMON: dict[str, Any] = {"rules": {"$ref": "#/components/schemas/Rules"},
           "players": {"type": "integer", "minimum": 2,
                       "maximum": max(kind.info.most_players for kind in games()
                                      if kind.info.referee),
                       "description": "Players at the table (optional, up to the most "
                                      "the game seats): some forms' rules follow it"}}
_GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
_NAMES = {"type": "array", "items": {"type": "string"}}
_NUMBERS = {"type": "array", "items": {"type": "integer"}}
_BY_NAME = {"type": "object", "additionalProperties": {"type": "integer"}}
_LINE_COMMON = {"number": {"type": "integer", "minimum": 1}, "dealer": {"type": "string"},
                "round": {"type": ["integer", "null"]},
                "scores": {"oneOf": [{"type": "null"}, _BY_NAME]}, "team_scores": _NUMBERS,
                **TRUST_LINE}
# Every game's state has these; a game's own fields (and which of them it promises) are in
# its part, so a game answers with its own schema and no game fills another's fields.
_STATE_REQUIRED = ["id", "version", "url", "rules", "players", "teams", "first_dealer",
                   "deals", "totals", "dealer", "next_deal", "scored_rounds", "finished",
                   "winners", "notices"]
_STATE_COMMON = {
    "id": {"type": "string"},
    "version": {"type": "string", "description": "Changes with every change to the game; "
                "send it back in If-Match to correct or undo a deal"},
    "url": {"type": "string", "description": "The game's page, to open on a phone"},
    "players": _NAMES,
    "teams": {"oneOf": [{"type": "null"}, {"type": "array", "items": _NAMES}]},
    "first_dealer": {"type": "string"},
    "totals": _BY_NAME, "team_totals": _NUMBERS,
    "dealer": {"type": ["string", "null"]},
    "next_deal": {"type": ["integer", "null"], "minimum": 1,
                  "description": "The number of the deal to record next; null once the "
                                 "game's deals are all played"},
    "scored_rounds": {"type": "integer"}, "finished": {"type": "boolean"},
    "winners": _NAMES, "notices": _NAMES,
    "rematch_of": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/GameLink"}],
                   "description": "The game this one is a rematch of (Play again)"},
    "rematch": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/GameLink"}],
                "description": "Once the game is over, its rematch, if one was made "
                               "(POST /games/{game_id}/rematch)"},
    "night": {"type": "object", "additionalProperties": False,
              "required": ["name", "view_url"],
              "properties": {"name": {"type": "string"},
                             "view_url": {"type": "string",
                                          "description": "The night's view-only page"}},
              "description": "A table's game of a night: the night's name and view-only "
                             "page (never its organiser's link)"},
    "rating_changes": RATING_CHANGES, **TRUST_STATE}


def _state_name(api_name: str) -> str:
    return "".join(word.title() for word in api_name.split("_")) + "State"


def _state(api_name: str, part: dict[str, Any]) -> dict[str, Any]:
    """One game's state, every field (the suite checks each answer against it): the
    presets in its rules, its game's own, tell the games' states apart."""
    line = {"type": "object", "additionalProperties": False,
            "required": ["number", "outcome", "dealer", "round", "scores"], "properties": {
                **_LINE_COMMON, "outcome": {"enum": part["outcomes"]}, **part["line"]}}
    return {"type": "object", "additionalProperties": False,
            "required": _STATE_REQUIRED + part.get("state_required", []), "properties": {
                **_STATE_COMMON,
                "rules": {"$ref": f"#/components/schemas/{rules_name(api_name)}",
                          "description": "Every option, fixed when the game was created"},
                "deals": {"type": "array", "items": line},
                **part["state"]}}


_STATES = {_state_name(kind.info.api_name): _state(kind.info.api_name, part)
           for kind, part in zip(games(), _PARTS, strict=True)}
_GAME_LINK = {"type": "object", "additionalProperties": False, "required": ["id", "url"],
              "properties": {"id": {"type": "string"},
                             "url": {"type": "string", "description": "The game's page"}}}
_GAME_ANSWER = {"description": "The game's state", "headers": {"ETag": {
    "description": "The game's version, quoted", "schema": {"type": "string"}}},
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GameState"}}}}
_ERROR = {"application/json": {"schema": {"type": "object", "required": ["error"],
                                           "properties": {"error": {"type": "string"}}}}}
# Every address answers these alike (docs/api.md, "Limits of a request").
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
_NO_GROUP = {"description": "No group with that id", "content": _ERROR}
_GROUP_PIN = {"name": "X-Table-PIN", "in": "header", "required": False,
              "schema": {"type": "string"},
              "description": "The group's PIN (4 to 8 digits), needed to change a group "
                             "created with one (or start a game in it); a group without a "
                             "PIN ignores it"}
_GROUP_LOCKED = {
    "403": {"description": "The group has a PIN and X-Table-PIN is missing or wrong; "
                           "nothing was changed", "content": _ERROR},
    "429": {"description": "Too many wrong PINs for this group from this address: wait a "
                           "minute", "content": _ERROR},
}
_LOCATION_AND_ETAG = {
    "ETag": {"description": "The game's version, quoted", "schema": {"type": "string"}},
    "Location": {"description": "The game's address in the API",
                 "schema": {"type": "string"}}}
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
_DEAL_EXAMPLE = {"deal": 1, "outcome": "stock_exhausted"}
_DEAL_BODY = {"required": True, "content": {"application/json": {"example": _DEAL_EXAMPLE,
                                                                 "schema": {
    "type": "object", "required": ["deal", "outcome"], "properties": {
        "deal": {"type": "integer", "minimum": 1},
        "version": {"type": "string", "description": "On a correction, the game's version "
                    "the client last saw (instead of If-Match)"},
        **TRUST_DEAL,
        "outcome": {"enum": _merge_all([part["outcomes"] for part in _PARTS])},
        **_merge_all([part["deal"] for part in _PARTS])}}}}}


def _post(operation: str, summary: str, request: dict[str, Any], response: dict[str, Any],
          example: dict[str, Any] | None = None, *, closed: bool = False) -> dict[str, Any]:
    """A question's operation (*operation* its id, which names it in a generated client);
    *example*, a body the server accepts, is what a client (or a fuzzer's examples phase)
    sends first."""
    request = dict(request)
    required = ["rules", *request.pop("_required", [])]
    # A question's optional fields may be null, read as not given (as the server reads
    # them: each game's referee).
    properties = {name: schema if name in required else _or_null(schema)
                  for name, schema in (_COMMON | request).items()}
    return {"post": {
        "operationId": operation,
        "summary": summary,
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": required, "properties": properties,
            **({"additionalProperties": False} if closed else {})},
            **({"example": example} if example else {})}}},
        "responses": {
            "200": {"description": "The ruling", "content": {"application/json": {
                "schema": response}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
        },
    }}


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _referee() -> dict[str, Any]:
    """Each game's referee questions; a question two games ask is one address whose body
    and answer take either game's fields."""
    asked: dict[str, list[tuple[str, dict[str, Any], dict[str, Any]]]] = {}
    for part in _PARTS:
        for check, question in part["referee"].items():
            asked.setdefault(check, []).append(question)
    return {f"/api/v1/referee/{check}": _post(
        "referee_" + check.replace("-", "_"), questions[0][0],
        _merge_all([q[1] for q in questions]), _merge_all([q[2] for q in questions]),
        EXAMPLES.get(check))
        for check, questions in asked.items()}


#: A body each question (and "round", the scoring) accepts, from the game that asks it:
#: for clients, and for the fuzzer's examples phase.
EXAMPLES: dict[str, dict[str, Any]] = _merge_all([part.get("examples", {}) for part in _PARTS])


def _scoring() -> dict[str, Any]:
    rounds = [part["score_round"] for part in _PARTS if part["score_round"]]
    if not rounds:
        return {}
    summary, request, response = rounds[0]
    # A field the round does not take is refused by name (api/scoring.py).
    return {"/api/v1/score/round": _post("score_round", summary, request, response,
                                         EXAMPLES["round"], closed=True)}


SPEC = {
    "openapi": "3.1.0",
    "info": {"title": "Hand Scorekeeper API", "version": "1",
             "description": "Referee rulings and scores for Hand, the rummy game. A ruling "
                            "that says no is a 200 with a reason; malformed input is a "
                            "400 with an error sentence, and a body that is not JSON "
                            "(Content-Type: application/json) a 415."},
    "paths": {
        **RULE_PATHS,
        **_referee(),
        **_scoring(),
        "/api/v1/games": {"post": {
            "operationId": "create_game",
            "summary": "Create a stored game",
            "requestBody": {"required": True, "content": {"application/json": {
                "example": {"rules": "levant", "players": ["Ali", "Badr", "Caro"],
                            "first_dealer": "Ali"},
                "schema": {
                "type": "object", "required": ["rules", "players", "first_dealer"],
                "additionalProperties": False,  # refused by name (api/games.py)
                "properties": {
                    "rules": {"$ref": "#/components/schemas/Rules"},
                    # Every game has 2 players or more, up to the most a game seats
                    # (a points sheet's 8; each game's own bounds are in its rules),
                    # each with a name of their own.
                    "players": {"type": "array", "minItems": 2, "maxItems": max(
                        kind.info.most_players for kind in games()),
                                "uniqueItems": True,
                                "items": {"type": "string", "minLength": 1},
                                "description": "Names in seating order, in the game's "
                                               "direction of play"},
                    "partnerships": _or_null({"type": "boolean"}),
                    **{name: _or_null(schema) for name, schema in
                       _merge_all([part["game"] for part in _PARTS]).items()},
                    "first_dealer": {"type": "string"},
                    **TRUST_GAME,
                    "group": _or_null({"type": "string", "description": "A group's id: "
                                       "the game counts for the group, its players "
                                       "become members (a new name becomes one), and "
                                       "its rules the group's usual ones. A group with a "
                                       "PIN wants it in X-Table-PIN"}),
                    # As the server reads it (scorekeeper/pins.py): 4 to 8 digits,
                    # Arabic-Indic ones too, spaces around them trimmed; null is none.
                    "pin": _or_null({"type": "string", "pattern": r"^\s*\d{4,8}\s*$",
                                     "description": "A table PIN: changes to the game "
                                                    "then need it in the X-Table-PIN "
                                                    "header"})}}}}},
            "parameters": [_GROUP_PIN],
            "responses": {"201": _GAME_ANSWER,
                          "400": {"$ref": "#/components/responses/BadRequest"},
                          "404": _NO_GROUP, **_GROUP_LOCKED}}},
        "/api/v1/games/{game_id}": {
            "parameters": [_GAME_ID],
            "get": {"operationId": "read_game",
                    "summary": "The game's state, replayed from its deals",
                    "responses": {"200": _GAME_ANSWER, "404": _NOT_FOUND}}},
        "/api/v1/games/{game_id}/rematch": {
            "parameters": [_GAME_ID],
            "post": {"operationId": "rematch_game",
                     "summary": "Play again: a new game of the same players in the same "
                                "seats, with the same rules, group and PIN; its first "
                                "dealer follows the form's rule as if the game went on",
                     "parameters": [_TABLE_PIN],
                     "requestBody": {"required": False, "content": {"application/json": {
                         "example": {}, "schema": {"type": "object", "properties": {},
                                                   "additionalProperties": False}}}},
                     "responses": {
                         "201": _GAME_ANSWER | {"description": "The new game's state",
                                                "headers": _LOCATION_AND_ETAG},
                         "200": _GAME_ANSWER | {"description": "The rematch already made "
                                                "of this game (a game has one)",
                                                "headers": _LOCATION_AND_ETAG},
                         "400": {"$ref": "#/components/responses/BadRequest"},
                         "404": _NOT_FOUND,
                         "409": {"description": "The game is not over yet (or another "
                                                "phone changed it at that moment); game "
                                                "holds its state", "content": _CONFLICT},
                         **_LOCKED}}},
        **GROUP_PATHS,
        **NIGHT_PATHS,
        **RATING_PATHS,
        **trust_paths(_GAME_ID, _IF_MATCH, _GAME_ANSWER, _NOT_FOUND, _CHANGED),
        "/api/v1/games/{game_id}/deals": {
            "parameters": [_GAME_ID],
            "post": {"operationId": "record_deal",
                     "summary": "Record the next deal",
                     "parameters": [_TABLE_PIN],
                     "requestBody": _DEAL_BODY,
                     "responses": {"201": _GAME_ANSWER,
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
        "schemas": {"Card": _CARD, **RULE_SCHEMAS, **_STATES, "GameState": {
                        "oneOf": [{"$ref": f"#/components/schemas/{name}"}
                                  for name in _STATES],
                        "description": "A game's state, in its game's own schema"},
                    "GameLink": _GAME_LINK, **GROUP_SCHEMAS, **NIGHT_SCHEMAS,
                    **RATING_SCHEMAS,
                    **_merge_all([part["schemas"] for part in _PARTS])},
        "responses": {"BadRequest": {
            "description": "Malformed input, said in one sentence",
            "content": _ERROR}},
    },
}


def _typed(node: Any) -> None:
    """Give every enum and const without a type its values' type: a client generator reads
    a schema by its type, and one reading `{"const": false}` alone refused every group's
    PIN (issue 39, point 17). Examples are values, not schemas: left as they are."""
    if isinstance(node, dict):
        choices = node.get("enum", [node["const"]] if "const" in node else None)
        if isinstance(choices, list) and "type" not in node:
            node["type"] = json_type(choices)
        for key, value in node.items():
            if key not in ("example", "examples"):
                _typed(value)
    elif isinstance(node, list):
        for value in node:
            _typed(value)


def _complete(spec: dict[str, Any]) -> dict[str, Any]:
    """Add what every operation answers alike: 405 and 414 everywhere, 413 and 415 where
    a body is read; every enum's type; and the answers' links."""
    _typed(spec)
    add_links(spec)
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
def openapi() -> Response:
    return jsonify(SPEC)
