"""The nights' part of the OpenAPI description (docs/api.md, "Nights"), merged into
:mod:`scorekeeper.api.openapi`."""

from __future__ import annotations

from ..games import games
from ..games.openapi_part import Schema
from ..night.engine.schedule import Format
from ..night.store import MOST_MINUTES, MOST_PLAYERS, MOST_ROUNDS, SIT_OUTS, TABLE_SIZES
from .openapi_groups import BAD, ERROR
from .openapi_rules import GAME_RULES_REF

_NO_NIGHT = {"description": "No night with that id", "content": ERROR}
_NIGHT_ID = {"name": "night_id", "in": "path", "required": True,
             "schema": {"type": "string"}}
_PIN_HEADER = {"name": "X-Table-PIN", "in": "header", "required": False,
               "schema": {"type": "string"},
               "description": "The night's PIN (4 to 8 digits), needed to start a round or "
                              "change the players of a night created with one"}
_LOCKED = {
    "403": {"description": "The night has a PIN and X-Table-PIN is missing or wrong; "
                           "nothing was changed", "content": ERROR},
    "429": {"description": "Too many wrong PINs for this night from this address: wait a "
                           "minute", "content": ERROR},
}
_NAMES = {"type": "array", "items": {"type": "string"}}
_SIDES = {"type": "array", "items": _NAMES}
_LINK = {"oneOf": [{"type": "null"}, {"type": "object", "additionalProperties": False,
                                      "required": ["id", "url"], "properties": {
                                          "id": {"type": "string"},
                                          "url": {"type": "string"}}}]}
_ROUND = {"type": "object", "additionalProperties": False,
          "required": ["number", "tables", "sitting_out"], "properties": {
              "number": {"type": "integer", "minimum": 1},
              "tables": {"type": "array", "items": {
                  "type": "object", "additionalProperties": False,
                  "required": ["table", "sides", "game"], "properties": {
                      "table": {"type": "integer", "minimum": 1}, "sides": _SIDES,
                      "game": {**_LINK, "description": "The table's game, once the round "
                               "has started"}}}},
              "sitting_out": _NAMES}}
_LINE = {"type": "object", "additionalProperties": False, "required": [
    "player", "rank", "points", "tiebreak", "games", "sat_out", "provisional"],
    "properties": {
        "player": {"type": "string"},
        "rank": {"type": "integer", "minimum": 1,
                 "description": "Competition ranking: 1, 2, 2, 4"},
        "points": {"type": "number", "minimum": 0, "description": "Placement points "
                   "(docs/night.md, \"The standing\")"},
        "tiebreak": {"type": "integer", "description": "The sum of margins"},
        "games": {"type": "integer", "minimum": 0},
        "sat_out": {"type": "integer", "minimum": 0},
        "provisional": {"type": "boolean", "description": "A deal still to be confirmed "
                        "(at a table of the player's, or of a round they sat out) may "
                        "move the line"}}}
_NIGHT = {"type": "object", "additionalProperties": False, "required": [
    "id", "url", "view_url", "tv_url", "name", "game", "rules", "players", "format",
    "table_size", "sit_out", "minutes", "time_left", "pin", "group", "rounds",
    "planned_rounds", "repeats", "current_round", "standing", "pending"], "properties": {
        "id": {"type": "string"},
        "url": {"type": "string", "description": "The organiser's page"},
        "confirm": {"enum": ["off", "other_side"], "description": "Who confirms each "
                    "table's deals"},
        "view_url": {"type": "string", "description": "The players' view-only page"},
        "tv_url": {"type": "string", "description": "The television board (view-only)"},
        "name": {"type": "string"},
        "game": {"enum": [kind.info.api_name for kind in games()]},
        "rules": {**GAME_RULES_REF, "description": "Every option of each table's game"},
        "players": {**_NAMES, "description": "Who is here now"},
        "format": {"enum": [f.value for f in Format]},
        "table_size": {"enum": list(TABLE_SIZES)},
        "sit_out": {"enum": list(SIT_OUTS), "description": "What a round sat out scores: "
                    "the round's average placement points, or nothing"},
        "minutes": {"type": ["integer", "null"], "description": "A round's time limit, "
                    "kept by the round clock; null: until every table's game is over"},
        "time_left": {"type": ["integer", "null"], "minimum": 0, "description": "Seconds "
                      "left on the round clock of the round playing (0: time is up)"},
        "pin": {"type": "boolean"},
        "group": {"type": ["string", "null"]},
        "rounds": {"type": "array", "items": _ROUND, "description": "The whole plan: the "
                   "rounds started, then those planned now (progressive: the next one "
                   "once the results are in)"},
        "planned_rounds": {"type": "integer", "minimum": 1},
        "repeats": {"type": "object", "additionalProperties": False,
                    "required": ["partners", "opponents"], "description": "Pairs who "
                    "partner (meet as opponents) more often than an even spread needs",
                    "properties": {"partners": {"type": "integer", "minimum": 0},
                                   "opponents": {"type": "integer", "minimum": 0}}},
        "current_round": {"type": ["integer", "null"]},
        "standing": {"type": "array", "items": _LINE, "description": "Best first, "
                     "counting each table's deals up to its first one not yet confirmed"},
        "pending": {"type": "array", "description": "The tables whose deals wait for the "
                    "other side (or are disputed): not counted yet", "items": {
                        "type": "object", "additionalProperties": False,
                        "required": ["round", "table", "deals"], "properties": {
                            "round": {"type": "integer", "minimum": 1},
                            "table": {"type": "integer", "minimum": 1},
                            "deals": {"type": "array", "items": {
                                "type": "integer", "minimum": 1}}}}}}}
_ANSWER = {"description": "The night", "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/Night"}}}}
_REFUSED_ROUND = {
    "description": "Nothing was started or taken back: a table still plays (start with "
                   "force), the round named has already started or is not next (a repeat, "
                   "a retry, or the loser of two starts at once), or the round has dealt",
    "content": {"application/json": {"schema": {
        "type": "object", "required": ["error"], "properties": {
            "error": {"type": "string"}, "night": {"$ref": "#/components/schemas/Night"}}}}}}

SCHEMAS = {"Night": _NIGHT}

PATHS: Schema = {
    "/api/v1/nights": {"post": {
        "operationId": "create_night",
        "summary": "Plan a night of several tables",
        "requestBody": {"required": True, "content": {"application/json": {
            "example": {"name": "Thursday", "rules": "levant", "format": "rotating",
                        "players": ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi",
                                    "Ghada", "Huda"]},
            "schema": {"type": "object", "additionalProperties": False,
                       "required": ["name", "rules", "players", "format"], "properties": {
                           "name": {"type": "string"},
                           "rules": {"$ref": "#/components/schemas/Rules",
                                     "description": "Each table's game, as a new game's "
                                                    "rules"},
                           "players": {**_NAMES, "maxItems": MOST_PLAYERS},
                           "format": {"enum": [f.value for f in Format]},
                           "table_size": {"enum": list(TABLE_SIZES)},
                           "rounds": {"type": ["integer", "null"], "minimum": 1,
                                      "maximum": MOST_ROUNDS},
                           "sit_out": {"enum": [*SIT_OUTS, None]},
                           "minutes": {"type": ["integer", "null"], "minimum": 5,
                                       "maximum": MOST_MINUTES},
                           "pairs": {"oneOf": [{"type": "null"}, {
                               "type": "array", "items": {**_NAMES, "minItems": 2,
                                                          "maxItems": 2}}]},
                           "group": {"type": ["string", "null"]},
                           "confirm": {"oneOf": [{"type": "null"}, {
                               "enum": ["off", "other_side"]}], "description": "Who "
                               "confirms each table's deals (\"off\" when left out)"},
                           "balance": {"type": "boolean", "description": "A group's "
                                       "night of drawn partners: seat the first round's "
                                       "sides as evenly as the group's ratings allow"},
                           "pin": {"anyOf": [{"type": "null"}, {
                               "type": "string", "pattern": r"^\s*\d{4,8}\s*$"}]}}}}}},
        "responses": {"201": _ANSWER, "400": BAD, "404": {
            "description": "No group with that id", "content": ERROR}, **_LOCKED}}},
    "/api/v1/nights/{night_id}": {
        "parameters": [_NIGHT_ID],
        "get": {"operationId": "read_night",
                "summary": "The night: its plan, the round playing and the standing",
                "responses": {"200": _ANSWER, "404": _NO_NIGHT}}},
    "/api/v1/nights/{night_id}/rounds": {
        "parameters": [_NIGHT_ID],
        "post": {"operationId": "start_round",
                 "summary": "Start round N, the next one: a game at each table",
                 "parameters": [_PIN_HEADER],
                 "requestBody": {"required": True, "content": {"application/json": {
                     "example": {"round": 1}, "schema": {
                         "type": "object", "additionalProperties": False, "properties": {
                             "round": {"type": ["integer", "null"], "minimum": 1,
                                       "description": "The round to start: a repeat or "
                                       "a retry of a start already made changes nothing"},
                             "force": {"type": ["boolean", "null"], "description": "End "
                                       "the round playing as it stands"}}}}}},
                 "responses": {"201": _ANSWER, "400": BAD, "404": _NO_NIGHT,
                               "409": _REFUSED_ROUND, **_LOCKED}}},
    "/api/v1/nights/{night_id}/rounds/{number}": {
        "parameters": [_NIGHT_ID, {"name": "number", "in": "path", "required": True,
                                   "schema": {"type": "integer", "minimum": 1}}],
        "delete": {"operationId": "undo_round",
                   "summary": "Take back the round playing while none of its tables has "
                              "dealt: its games go",
                   "parameters": [_PIN_HEADER],
                   "responses": {"200": _ANSWER, "404": _NO_NIGHT, "409": _REFUSED_ROUND,
                                 **_LOCKED}}},
    "/api/v1/nights/{night_id}/players": {
        "parameters": [_NIGHT_ID],
        "post": {"operationId": "add_night_player",
                 "summary": "A late arrival, seated from the next round on",
                 "parameters": [_PIN_HEADER],
                 "requestBody": {"required": True, "content": {"application/json": {
                     "example": {"name": "Zaid"}, "schema": {
                         "type": "object", "additionalProperties": False,
                         "required": ["name"],
                         "properties": {"name": {"type": "string"}}}}}},
                 "responses": {"200": _ANSWER, "400": BAD, "404": _NO_NIGHT, **_LOCKED}}},
    "/api/v1/nights/{night_id}/swaps": {
        "parameters": [_NIGHT_ID],
        "post": {"operationId": "swap_night_players",
                 "summary": "Two players swap seats in the next round (the rounds after it "
                            "planned again)",
                 "parameters": [_PIN_HEADER],
                 "requestBody": {"required": True, "content": {"application/json": {
                     "example": {"players": ["Ali", "Badr"]}, "schema": {
                         "type": "object", "additionalProperties": False,
                         "required": ["players"],
                         "properties": {"players": {**_NAMES, "minItems": 2,
                                                    "maxItems": 2}}}}}},
                 "responses": {"200": _ANSWER, "400": BAD, "404": _NO_NIGHT, **_LOCKED}}},
    "/api/v1/nights/{night_id}/players/{name}": {
        "parameters": [_NIGHT_ID, {"name": "name", "in": "path", "required": True,
                                   "schema": {"type": "string"}}],
        "delete": {"operationId": "remove_night_player",
                   "summary": "Someone leaving: not seated from the next round on",
                   "parameters": [_PIN_HEADER],
                   "responses": {"200": _ANSWER, "400": BAD, "404": _NO_NIGHT,
                                 **_LOCKED}}},
}
