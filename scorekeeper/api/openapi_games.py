"""The stored games' part of the OpenAPI description, merged into
:mod:`scorekeeper.api.openapi`: each game's state in a schema of its own (every game's
fields and its part's), and the addresses that create a game, read it, make its rematch,
and record, correct or undo its deals."""

from __future__ import annotations

from ..deal_fields import deal_fields
from ..games import games
from ..games.openapi_part import OpenApiPart, Schema
from .openapi_groups import ERROR as _ERROR
from .openapi_parts import PARTS, merge_all, or_null
from .openapi_ratings import RATING_CHANGES
from .openapi_rules import rules_name
from .openapi_trust import TRUST_DEAL, TRUST_GAME, TRUST_LINE, TRUST_STATE, trust_paths

#: What the table may type on a deal of any game (scorekeeper/deal_fields.py): a body
#: leaving one out, correcting, keeps it; each deal of a state gives it (null: none).
TYPED = {field.name: {"type": ["string", "null"], "maxLength": field.longest,
                      # One line of text: no control character (rulekit/text.py).
                      "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]*$",
                      "description": field.hint} for field in deal_fields()}
_GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
_NAMES = {"type": "array", "items": {"type": "string"}}
_NUMBERS = {"type": "array", "items": {"type": "integer"}}
_BY_NAME = {"type": "object", "additionalProperties": {"type": "integer"}}
_LINE_COMMON = {"number": {"type": "integer", "minimum": 1}, "dealer": {"type": "string"},
                "round": {"type": ["integer", "null"]},
                "scores": {"oneOf": [{"type": "null"}, _BY_NAME]}, "team_scores": _NUMBERS,
                **TRUST_LINE, **TYPED}
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


def _state(api_name: str, part: OpenApiPart) -> Schema:
    """One game's state, every field (the suite checks each answer against it): the
    presets in its rules, its game's own, tell the games' states apart."""
    line = {"type": "object", "additionalProperties": False,
            "required": ["number", "outcome", "dealer", "round", "scores"], "properties": {
                **_LINE_COMMON, "outcome": {"enum": list(part.outcomes)}, **part.line}}
    return {"type": "object", "additionalProperties": False,
            "required": [*_STATE_REQUIRED, *part.state_required], "properties": {
                **_STATE_COMMON,
                "rules": {"$ref": f"#/components/schemas/{rules_name(api_name)}",
                          "description": "Every option, fixed when the game was created"},
                "deals": {"type": "array", "items": line},
                **part.state}}


#: Each game's state, by its schema's name (``HandState``...).
STATES = {_state_name(kind.info.api_name): _state(kind.info.api_name, part)
           for kind, part in zip(games(), PARTS, strict=True)}
GAME_LINK = {"type": "object", "additionalProperties": False, "required": ["id", "url"],
              "properties": {"id": {"type": "string"},
                             "url": {"type": "string", "description": "The game's page"}}}
_GAME_ANSWER = {"description": "The game's state", "headers": {"ETag": {
    "description": "The game's version, quoted", "schema": {"type": "string"}}},
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GameState"}}}}
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
        **TRUST_DEAL, **TYPED,
        "outcome": {"enum": merge_all([list(part.outcomes) for part in PARTS])},
        **merge_all([part.deal for part in PARTS])}}}}}

#: Creating a game, reading it and its rematch.
GAME_PATHS = {
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
                "partnerships": or_null({"type": "boolean"}),
                **{name: or_null(schema) for name, schema in
                   merge_all([part.game for part in PARTS]).items()},
                "first_dealer": {"type": "string"},
                **TRUST_GAME,
                "group": or_null({"type": "string", "description": "A group's id: "
                                   "the game counts for the group, its players "
                                   "become members (a new name becomes one), and "
                                   "its rules the group's usual ones. A group with a "
                                   "PIN wants it in X-Table-PIN"}),
                # As the server reads it (scorekeeper/pins.py): 4 to 8 digits,
                # Arabic-Indic ones too, spaces around them trimmed; null is none.
                "pin": or_null({"type": "string", "pattern": r"^\s*\d{4,8}\s*$",
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
}
#: Recording, correcting and undoing a deal.
DEAL_PATHS = {
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
}
#: Confirming and disputing a deal.
TRUST_PATHS = trust_paths(_GAME_ID, _IF_MATCH, _GAME_ANSWER, _NOT_FOUND, _CHANGED)
