"""The groups' part of the OpenAPI description (docs/api.md, "Groups"), merged into
:mod:`scorekeeper.api.openapi`. Each game's own figures in the standings are described
from what its kind's ``league_figures`` gives, so a game's figures need no word here."""

from __future__ import annotations

from ..games import games
from ..games.openapi_part import Schema

ERROR = {"application/json": {"schema": {"type": "object", "required": ["error"],
                                           "properties": {"error": {"type": "string"}}}}}
BAD = {"$ref": "#/components/responses/BadRequest"}
_NO_GROUP = {"description": "No group with that id", "content": ERROR}
_GROUP_ID = {"name": "group_id", "in": "path", "required": True,
             "schema": {"type": "string"}}
_PIN_HEADER = {"name": "X-Table-PIN", "in": "header", "required": False,
               "schema": {"type": "string"},
               "description": "The group's PIN (4 to 8 digits), needed to change a group "
                              "created with one; a group without a PIN ignores it"}
_LOCKED = {
    "403": {"description": "The group has a PIN and X-Table-PIN is missing or wrong; "
                           "nothing was changed", "content": ERROR},
    "429": {"description": "Too many wrong PINs for this group from this address: wait a "
                           "minute", "content": ERROR},
}
_NAMES = {"type": "array", "items": {"type": "string"}}
_GAMES = [kind.info.api_name for kind in games()]
# As the server reads it (scorekeeper/pins.py); null is none, false takes it off. The
# const has its type: without it a generated client refused every PIN as "not false"
# (issue 39, point 17).
_PIN = {"anyOf": [{"type": "string", "pattern": r"^\s*\d{4,8}\s*$"}, {"type": "null"},
                  {"type": "boolean", "const": False}],
        "description": "A PIN for changes (4 to 8 digits): changing the group then needs "
                       "it in the X-Table-PIN header. false: no PIN (a change takes it off)"}
_DAY = {"type": "string", "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        "description": "A day, YYYY-MM-DD (UTC)"}


def _figure(value: object) -> Schema:
    """The schema of one figure, from its value for a member with no counts at all."""
    if isinstance(value, dict):
        return {"type": "object", "properties": {key: _figure(v) for key, v in
                                                 value.items()}}
    if value is None:  # an average: none until there is something to average
        return {"type": ["number", "null"]}
    return {"type": "integer", "minimum": 0}


_FIGURES = {name: _figure(value) for kind in games()
            for name, value in kind.league_figures({}).items()}

_MEMBER = {"type": "object", "additionalProperties": False, "required": ["id", "name"],
           "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}
_GAME_ENTRY = {"type": "object", "additionalProperties": False, "required": [
    "id", "url", "game", "kind", "form", "players", "teams", "date", "finished",
    "winners"],
    "properties": {
        "id": {"type": "string"}, "url": {"type": "string", "description": "Its page"},
        "game": {"enum": _GAMES},
        "kind": {"enum": _GAMES, "description": "The same as game"},
        "form": {"type": "string", "description": "Its preset"},
        "players": _NAMES,
        "teams": {"oneOf": [{"type": "null"}, {"type": "array", "items": _NAMES}],
                  "description": "The sides who score together; null when each plays "
                                 "alone"},
        "date": {**_DAY, "description": "The day it was last played (once over, the day "
                                        "it ended): the day a season counts it for"},
        "finished": {"type": "boolean"}, "winners": _NAMES}}
_GROUP = {"type": "object", "additionalProperties": False, "required": [
    "id", "url", "view_url", "name", "pin", "members", "people", "house_rules", "games"],
    "properties": {
        "id": {"type": "string"},
        "url": {"type": "string", "description": "The group's page"},
        "view_url": {"type": "string", "description": "The group's view-only page: its "
                     "standings and games, nothing that changes them"},
        "name": {"type": "string"},
        "pin": {"type": "boolean", "description": "Whether changes need the group's PIN"},
        "members": {**_NAMES, "description": "The members' names, in the order they "
                    "joined"},
        "people": {"type": "array", "items": _MEMBER, "description": "The members with "
                   "their ids, which stay theirs whatever their names become"},
        "house_rules": {"type": "object", "description": "The group's usual rules by game: "
                        "every option of the last game it started of that game",
                        "propertyNames": {"enum": _GAMES},
                        "additionalProperties": {"type": "object"}},
        "games": {"type": "array", "items": _GAME_ENTRY,
                  "description": "Newest first"}}}
_ROW = {"type": "object", "additionalProperties": False, "required": [
    "player", "member", "games", "wins", "win_rate", "streak", "best_streak"],
    "properties": {
        "player": {"type": "string"}, "member": {"type": "integer"},
        "games": {"type": "integer", "minimum": 1},
        "wins": {"type": "integer", "minimum": 0},
        "win_rate": {"type": "number", "minimum": 0, "maximum": 1},
        "streak": {"type": "integer", "minimum": 0,
                   "description": "Games won in a row, up to the last"},
        "best_streak": {"type": "integer", "minimum": 0}, **_FIGURES}}
_STANDINGS = {"type": "object", "additionalProperties": False, "required": [
    "game", "since", "until", "games", "rows", "partners", "wins_over_time"],
    "properties": {
        "game": {"enum": _GAMES},
        "since": {"oneOf": [{"type": "null"}, _DAY]},
        "until": {"oneOf": [{"type": "null"}, _DAY]},
        "games": {"type": "integer", "minimum": 0,
                  "description": "Finished games in the season"},
        "rows": {"type": "array", "items": _ROW, "description": "Best first"},
        "partners": {"type": "array", "description": "Every two members who shared a "
                     "side, most wins first", "items": {
                         "type": "object", "additionalProperties": False,
                         "required": ["players", "games", "wins", "win_rate"],
                         "properties": {"players": _NAMES, "games": {"type": "integer"},
                                        "wins": {"type": "integer"},
                                        "win_rate": {"type": "number"}}}},
        "wins_over_time": {
            "type": "object", "additionalProperties": False,
            "required": ["dates", "series"],
            "description": "The season's chart: each member's wins so far after each game",
            "properties": {
                "dates": {"type": "array", "items": _DAY},
                "series": {"type": "array", "items": {
                    "type": "object", "additionalProperties": False,
                    "required": ["player", "wins"],
                    "properties": {"player": {"type": "string"},
                                   "wins": {"type": "array",
                                            "items": {"type": "integer"}}}}}}}}}
_MEETING = {"type": "object", "additionalProperties": False, "required": [
    "a", "b", "game", "games", "a_ahead", "b_ahead", "ties", "as_partners"],
    "properties": {
        "a": {"type": "string"}, "b": {"type": "string"},
        "game": {"oneOf": [{"type": "null"}, {"enum": _GAMES}]},
        "games": {"type": "integer", "description": "Finished games they both played"},
        "a_ahead": {"type": "integer", "description": "Games a finished with the better "
                    "total, on another side than b"},
        "b_ahead": {"type": "integer"},
        "ties": {"type": "integer"},
        "as_partners": {"type": "object", "additionalProperties": False,
                        "required": ["games", "wins"],
                        "properties": {"games": {"type": "integer"},
                                       "wins": {"type": "integer"}}}}}

_GROUP_ANSWER = {"description": "The group", "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/Group"}}}}
# Left empty (as a form sends a date not filled in), a bound is not given.
_DAY_OR_EMPTY = {"anyOf": [_DAY, {"type": "string", "maxLength": 0}]}
_SEASON = [
    {"name": "since", "in": "query", "required": False, "schema": _DAY_OR_EMPTY,
     "description": "The season's first day (empty: from the first game)"},
    {"name": "until", "in": "query", "required": False, "schema": _DAY_OR_EMPTY,
     "description": "The season's last day (empty: to the last game)"}]
_GAME_QUERY = {"name": "game", "in": "query", "schema": {"enum": _GAMES}}

SCHEMAS = {"Group": _GROUP, "Standings": _STANDINGS, "HeadToHead": _MEETING}

PATHS: Schema = {
    "/api/v1/groups": {"post": {
        "operationId": "create_group",
        "summary": "Make a group: the people who play together",
        "requestBody": {"required": True, "content": {"application/json": {
            "example": {"name": "Thursday night", "members": ["Ali", "Badr", "Caro"]},
            "schema": {"type": "object", "additionalProperties": False,
                       "required": ["name"], "properties": {
                           "name": {"type": "string", "description": "Up to 60 characters"},
                           "members": {"anyOf": [_NAMES, {"type": "null"}]},
                           "pin": _PIN}}}}},
        "responses": {"201": _GROUP_ANSWER | {"headers": {"Location": {
            "description": "The group's address in the API",
            "schema": {"type": "string"}}}}, "400": BAD}}},
    "/api/v1/groups/{group_id}": {
        "parameters": [_GROUP_ID],
        "get": {"operationId": "read_group",
                "summary": "The group: members, usual rules and games, newest first",
                "responses": {"200": _GROUP_ANSWER, "404": _NO_GROUP}},
        "patch": {"operationId": "change_group",
                  "summary": "Rename members (into every game they played), add members, "
                             "count games already played, merge or remove members, rename "
                             "the group, set its PIN: all of it or nothing",
                  "parameters": [_PIN_HEADER],
                  "requestBody": {"required": True, "content": {"application/json": {
                      "example": {"add": ["Dina"], "rename": {"Badr": "Badr K."}},
                      "schema": {"type": "object", "additionalProperties": False,
                                 "properties": {
                                     "name": {"anyOf": [{"type": "string"},
                                                        {"type": "null"}]},
                                     "add": {"anyOf": [_NAMES, {"type": "null"}]},
                                     "members": {"anyOf": [_NAMES, {"type": "null"}],
                                                 "description": "As add"},
                                     "rename": {"anyOf": [
                                         {"type": "object", "additionalProperties": {
                                             "type": "string"}}, {"type": "null"}],
                                         "description": "Old name to new name"},
                                     "merge": {"anyOf": [
                                         {"type": "object", "additionalProperties": {
                                             "type": "string"}}, {"type": "null"}],
                                         "description": "A member to drop to the member "
                                         "they are: their games follow (refused when both "
                                         "played in one game)"},
                                     "remove": {"anyOf": [_NAMES, {"type": "null"}],
                                                "description": "Members who never played, "
                                                "to remove"},
                                     "games": {"anyOf": [_NAMES, {"type": "null"}],
                                               "description": "Ids of games whose players "
                                               "are all members, to count for the group"},
                                     "pin": _PIN}}}}},
                  "responses": {"200": _GROUP_ANSWER, "400": BAD, "404": _NO_GROUP,
                                **_LOCKED}}},
    "/api/v1/groups/{group_id}/standings": {
        "parameters": [_GROUP_ID],
        "get": {"operationId": "group_standings",
                "summary": "A season's standings of one game, best first, with the "
                           "partners and the wins over the season",
                "parameters": [_GAME_QUERY | {
                    "required": False, "description": "The game; without it, the game of "
                    "the group's newest game"}, *_SEASON],
                "responses": {"200": {"description": "The standings", "content": {
                    "application/json": {"schema": {
                        "$ref": "#/components/schemas/Standings"}}}},
                    "400": BAD, "404": _NO_GROUP}}},
    "/api/v1/groups/{group_id}/head-to-head": {
        "parameters": [_GROUP_ID],
        "get": {"operationId": "group_head_to_head",
                "summary": "Two members' finished games together: who finished ahead, "
                           "and their games as partners",
                "parameters": [
                    {"name": "a", "in": "query", "required": True,
                     "schema": {"type": "string"}},
                    {"name": "b", "in": "query", "required": True,
                     "schema": {"type": "string"}},
                    _GAME_QUERY | {"required": False,
                                   "description": "One game; both when left out"},
                    *_SEASON],
                "responses": {"200": {"description": "The two members' games together",
                                      "content": {"application/json": {"schema": {
                                          "$ref": "#/components/schemas/HeadToHead"}}}},
                              "400": BAD, "404": _NO_GROUP}}},
}
