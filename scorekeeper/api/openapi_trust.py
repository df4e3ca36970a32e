"""Confirmed deals' part of the OpenAPI description (docs/api.md, "Confirmed deals"),
merged into :mod:`scorekeeper.api.openapi`."""

from __future__ import annotations

from ..games.openapi_part import Schema
from ..trust.confirmations import MODES, MOST_REASON

_NAME = {"type": "string", "description": "A player of the game"}
_REASON = {"type": "string", "minLength": 1, "maxLength": MOST_REASON}
#: A new game's fields: who confirms its deals.
TRUST_GAME = {
    "confirm": {"oneOf": [{"type": "null"}, {"enum": list(MODES)}],
                "description": "\"other_side\": a player of another side confirms each deal "
                               "before it counts; \"off\" (the default): nobody"},
    "auto_confirm": {"type": ["boolean", "null"],
                     "description": "A deal saved by another side confirms the deals "
                                    "before it"}}
#: A deal's body may say who records it and, changing a confirmed deal, why.
TRUST_DEAL = {
    "recorded_by": {**_NAME, "description": "Who records the deal: needed where deals are "
                    "confirmed, and to correct a confirmed deal (the corrector's side then "
                    "waits for another side to confirm it)"},
    "reason": {**_REASON, "description": "Why a confirmed deal is corrected"}}
#: Each deal of a state, in a game whose deals are confirmed.
TRUST_LINE = {
    "recorded_by": {"type": ["string", "null"]},
    "confirmed": {"oneOf": [{"type": "null"}, {
        "type": "object", "additionalProperties": False, "required": ["by", "at"],
        "properties": {"by": {"type": "string"}, "at": {"type": ["string", "null"]}}}]},
    "disputed": {"oneOf": [{"type": "null"}, {
        "type": "object", "additionalProperties": False, "required": ["by", "reason"],
        "properties": {"by": {"type": "string"}, "reason": {"type": ["string", "null"]}}}]}}
TRUST_STATE = {
    "confirm": {"enum": list(MODES)},
    "auto_confirm": {"type": "boolean"},
    "unconfirmed": {"type": "array", "items": {"type": "integer", "minimum": 1},
                    "description": "The deals waiting for the other side; while any does, "
                                   "the game is not finished"},
    "signatures": {"type": "array", "description": "Every confirmation, dispute and change "
                   "of a confirmed deal, oldest first (none where nobody confirms)",
                   "items": {"type": "object", "additionalProperties": False, "required": [
                       "deal", "action", "by", "at", "reason", "confirmed_by", "auto",
                       "resolved"], "properties": {
                       "deal": {"type": "integer", "minimum": 1},
                       "action": {"enum": ["confirmed", "disputed", "corrected", "undone"]},
                       "by": {"type": ["string", "null"], "description": "Who confirmed, "
                              "disputed or changed it (null: a change that named nobody)"},
                       "at": {"type": "string"},
                       "reason": {"type": ["string", "null"]},
                       "confirmed_by": {"type": ["string", "null"], "description": "A "
                                        "change's: whose confirmation it lifted"},
                       "auto": {"type": "boolean", "description": "Confirmed by recording "
                                "a later deal"},
                       "resolved": {"type": "boolean", "description": "A dispute answered "
                                    "since: its deal corrected, undone or confirmed"}}}}}


def trust_paths(game_id: Schema, if_match: Schema, answer: Schema,
                not_found: Schema, changed: Schema) -> Schema:
    """The two actions on a deal, taken without the table's PIN: the other side's."""
    number = {"name": "number", "in": "path", "required": True,
              "schema": {"type": "integer", "minimum": 1}}

    def action(operation: str, summary: str, fields: Schema) -> Schema:
        return {"parameters": [game_id, number], "post": {
            "operationId": operation, "summary": summary, "parameters": [if_match],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": list(fields), "additionalProperties": False,
                "properties": {**fields, "version": {"type": "string"}}}}}},
            "responses": {"200": answer, "404": not_found, "409": changed,
                          "400": {"$ref": "#/components/responses/BadRequest"},
                          "428": {"$ref": "#/components/responses/BadRequest"}}}}

    return {
        "/api/v1/games/{game_id}/deals/{number}/confirm": action(
            "confirm_deal", "A player of another side than the recorder's confirms the "
            "deal", {"by": _NAME}),
        "/api/v1/games/{game_id}/deals/{number}/dispute": action(
            "dispute_deal", "A player of another side disputes the deal, saying why",
            {"by": _NAME, "reason": _REASON}),
    }
