"""The rules' part of the OpenAPI description, merged into :mod:`scorekeeper.api.openapi`:
each game's rules as a schema of its own (every option typed), and ``GET /rules``, the
listing of the presets and their options (api/rules_listing.py), with the schema of what it
answers (issue 39, point 17: a client generated from the description had nothing to read
it with)."""

from __future__ import annotations

from ..games import games, presets
from ..games.openapi_part import Schema


def rules_name(api_name: str) -> str:
    """The name of a game's rules schema: ``HandRules``, ``HandAndFootRules``..."""
    return "".join(word.title() for word in api_name.split("_")) + "Rules"


def _game_rules() -> Schema:
    named = {}
    for kind in games():
        named[rules_name(kind.info.api_name)] = kind.openapi().rules
    return named


#: Each game's rules object, by its schema's name.
GAME_RULES = _game_rules()
#: A game's rules as a game, a night or a preset holds them: the preset and every option.
GAME_RULES_REF = {"oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in GAME_RULES]}
#: A game's rules: a preset's name, or an object naming the preset with options changed.
RULES = {"oneOf": [{"type": "string", "enum": presets()}, *GAME_RULES_REF["oneOf"]],
         "description": "A preset's name, or an object with the preset and the options "
                        "changed (GET /rules lists them)"}

_GAMES = [kind.info.api_name for kind in games()]
_BOUNDS = {"type": "object", "additionalProperties": False, "required": ["min", "max"],
           "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}}}
# An option as Option.describe() gives it, or one of Hand and Foot's structured options
# (games/handfoot/rules/options.py, STRUCTURED).
_OPTION = {
    "type": "object", "additionalProperties": False, "required": ["name", "doc", "nullable"],
    "properties": {
        "name": {"type": "string"},
        "doc": {"type": "string", "description": "What the option does, in a sentence"},
        "nullable": {"type": "boolean", "description": "Whether it may be null"},
        "choices": {"type": "array", "items": {"type": ["string", "integer", "boolean"]},
                    "description": "The values it takes (else min and max bound it)"},
        "min": {"type": "integer"}, "max": {"type": "integer"},
        "items": {**_BOUNDS, "description": "A list's bounds of each value"},
        "min_items": {"type": "integer"}, "max_items": {"type": "integer"},
        "keys": {"type": "array", "items": {"type": "string"},
                 "description": "An object's usual keys"},
        "values": {**_BOUNDS, "description": "An object's bounds of each value"},
        "shape": {"type": "string", "description": "A structured value's shape, in words "
                  "(its doc gives an example)"}}}
_PRESET = {
    "type": "object", "additionalProperties": False, "required": ["note", "options"],
    "properties": {
        "note": {"type": "string", "description": "The form, in a sentence"},
        "options": {**GAME_RULES_REF, "description": "Every option's value in this preset"},
        "game": {"type": "string", "enum": _GAMES,
                 "description": "Its game, where it is not Hand"},
        "option_docs": {"type": "object", "additionalProperties": {
            "$ref": "#/components/schemas/RuleOption"},
            "description": "Its game's own options, where it is not Hand"}}}
_LISTING = {
    "type": "object", "additionalProperties": False, "required": ["presets", "options"],
    "properties": {
        "presets": {"type": "object", "additionalProperties": {
            "$ref": "#/components/schemas/RulesPreset"}, "description": "By name"},
        "options": {"type": "object", "additionalProperties": {
            "$ref": "#/components/schemas/RuleOption"},
            "description": "Hand's options by name (every other game's are beside its "
                           "presets, in option_docs)"}}}

SCHEMAS: Schema = {"Rules": RULES, **GAME_RULES, "RulesListing": _LISTING,
                           "RulesPreset": _PRESET, "RuleOption": _OPTION}

PATHS = {"/api/v1/rules": {"get": {
    "operationId": "list_rules",
    "summary": "Presets, their options and every option's allowed values",
    "responses": {"200": {"description": "The listing", "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/RulesListing"}}}}}}}}
