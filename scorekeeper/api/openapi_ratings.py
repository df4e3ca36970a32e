"""The ratings' part of the OpenAPI description (docs/api.md, "Ratings"), merged into
:mod:`scorekeeper.api.openapi`."""

from __future__ import annotations

from ..games import games
from ..games.openapi_part import Schema
from ..league.engine.rating import BANDS, LOWEST_BAND, MODEL_NAME
from .openapi_groups import BAD, ERROR

_NO_GROUP = {"description": "No group with that id", "content": ERROR}
_GROUP_ID = {"name": "group_id", "in": "path", "required": True,
             "schema": {"type": "string"}}
_GAMES = [kind.info.api_name for kind in games()]
_GAME_QUERY = {"name": "game", "in": "query", "required": False,
               "schema": {"enum": _GAMES},
               "description": "The game; the group's newest game's when left out"}
_BAND = {"enum": [card for card, _lowest in BANDS] + [LOWEST_BAND],
         "description": "The card the shown number falls in, Ace best"}
_ROW = {"type": "object", "additionalProperties": False, "required": [
    "player", "mu", "sigma", "shown", "band", "games", "provisional"], "properties": {
        "player": {"type": "string"},
        "mu": {"type": "number", "description": "The model's mean"},
        "sigma": {"type": "number", "minimum": 0,
                  "description": "The model's uncertainty about the mean"},
        "shown": {"type": "integer", "description": "The number the table sees: 40 × mu "
                  "(a new player 1,000); a win never lowers it"},
        "band": _BAND,
        "games": {"type": "integer", "minimum": 1, "description": "Games rated"},
        "provisional": {"type": "boolean", "description": "Fewer than 10 games rated"}}}
_PAIR = {"type": "object", "additionalProperties": False,
         "required": ["players", "games", "wins", "expected_wins"], "properties": {
             "players": {"type": "array", "items": {"type": "string"}},
             "games": {"type": "integer", "minimum": 1}, "wins": {"type": "integer"},
             "expected_wins": {"type": "number", "minimum": 0,
                               "description": "The wins the rating expected of the pair: "
                               "the sum of the chance it gave their side each game"}}}
_RATINGS = {"type": "object", "additionalProperties": False,
            "required": ["game", "model", "rows", "pairs"], "properties": {
                "game": {"enum": _GAMES},
                "model": {"const": MODEL_NAME, "type": "string",
                          "description": "The openskill model, with its default "
                                         "parameters"},
                "rows": {"type": "array", "items": _ROW, "description": "Best first"},
                "pairs": {"type": "array", "items": _PAIR,
                          "description": "Every two members who shared a side, most wins "
                                         "above what the ratings expected first"}}}
_MOVE = {"type": "object", "additionalProperties": False, "required": [
    "game", "player", "before", "after", "mu", "sigma", "chance", "won"], "properties": {
        "game": {"type": "string"}, "player": {"type": "string"},
        "before": {"type": "integer"}, "after": {"type": "integer"},
        "mu": {"type": "number"}, "sigma": {"type": "number", "minimum": 0},
        "chance": {"type": "number", "minimum": 0, "maximum": 1,
                   "description": "The chance the model gave the player's side to win"},
        "won": {"type": "boolean"}}}
_HISTORY = {"type": "object", "additionalProperties": False,
            "required": ["game", "model", "moves"], "properties": {
                "game": {"enum": _GAMES}, "model": {"type": "string"},
                "moves": {"type": "array", "items": _MOVE,
                          "description": "Oldest game first"}}}
_SIDES = {"type": "object", "additionalProperties": False,
          "required": ["game", "sides", "chance"], "properties": {
              "game": {"enum": _GAMES},
              "sides": {"type": "array", "items": {"type": "array",
                                                   "items": {"type": "string"}}},
              "chance": {"type": "number", "minimum": 0, "maximum": 1,
                         "description": "The first side's predicted chance to win"}}}
#: A finished group game's state: how each member's rating moved.
RATING_CHANGES = {"type": "array", "items": {
    "type": "object", "additionalProperties": False,
    "required": ["player", "before", "after", "reason"], "properties": {
        "player": {"type": "string"}, "before": {"type": "integer"},
        "after": {"type": "integer"},
        "reason": {"type": "string", "description": "Why, in words: \"+31: your side beat "
                   "Omar & Lina, rated above you\""}}},
    "description": "A finished group game: each member's rating before and after it"}


def _answer(description: str, schema: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": {
        "$ref": f"#/components/schemas/{schema}"}}}}


SCHEMAS = {"Ratings": _RATINGS, "RatingHistory": _HISTORY, "BalancedSides": _SIDES}
PATHS = {
    "/api/v1/groups/{group_id}/ratings": {
        "parameters": [_GROUP_ID],
        "get": {"operationId": "group_ratings",
                "summary": "Each member's rating of one game, best first",
                "parameters": [_GAME_QUERY],
                "responses": {"200": _answer("The ratings", "Ratings"), "400": BAD,
                              "404": _NO_GROUP}}},
    "/api/v1/groups/{group_id}/ratings/history": {
        "parameters": [_GROUP_ID],
        "get": {"operationId": "group_rating_history",
                "summary": "How each member's rating moved, game by game",
                "parameters": [_GAME_QUERY, {
                    "name": "player", "in": "query", "required": False,
                    "schema": {"type": "string"}, "description": "One member's moves"}],
                "responses": {"200": _answer("The moves", "RatingHistory"), "400": BAD,
                              "404": _NO_GROUP}}},
    "/api/v1/groups/{group_id}/balanced-sides": {
        "parameters": [_GROUP_ID],
        "get": {"operationId": "group_balanced_sides",
                "summary": "The fairest split of members into sides: the predicted chance "
                           "closest to even",
                "parameters": [
                    _GAME_QUERY,
                    {"name": "players", "in": "query", "required": True,
                     "schema": {"type": "string"},
                     "description": "Members, separated by commas, in seating order"},
                    {"name": "sides", "in": "query", "required": False,
                     "schema": {"type": "string", "pattern": "^[0-9]{1,2}$"},
                     "description": "How many sides (pairs when left out)"}],
                "responses": {"200": _answer("The sides", "BalancedSides"), "400": BAD,
                              "404": _NO_GROUP}}},
}
