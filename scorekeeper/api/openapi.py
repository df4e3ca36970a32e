"""``GET /api/v1/openapi.json``: the API described for other clients (OpenAPI 3.1). Here
the referee's questions and the round scored without a game, from every game's part, and
the description put together from its siblings' parts (the games, groups, nights, ratings,
rules and confirmed deals), with what every operation answers alike."""


from flask import Response, jsonify

from ..games import games
from ..games.openapi_part import Body, Question, Schema
from ..rulekit.option import json_type
from .blueprint import bp
from .openapi_games import DEAL_PATHS, GAME_LINK, GAME_PATHS, STATES, TRUST_PATHS
from .openapi_groups import ERROR as _ERROR
from .openapi_groups import PATHS as GROUP_PATHS
from .openapi_groups import SCHEMAS as GROUP_SCHEMAS
from .openapi_links import add_links
from .openapi_nights import PATHS as NIGHT_PATHS
from .openapi_nights import SCHEMAS as NIGHT_SCHEMAS
from .openapi_parts import PARTS, merge_all, or_null
from .openapi_ratings import PATHS as RATING_PATHS
from .openapi_ratings import SCHEMAS as RATING_SCHEMAS
from .openapi_rules import PATHS as RULE_PATHS
from .openapi_rules import SCHEMAS as RULE_SCHEMAS

_CARD = {"type": "string", "examples": ["10H", "AS", "JK"],
         "description": "A card: rank (A 2-10 J Q K, T for 10) and suit (S H D C or a "
                        "suit symbol), or JK for a joker. Case does not matter."}
#: What every question's body takes.
_COMMON: Schema = {"rules": {"$ref": "#/components/schemas/Rules"},
                   "players": {"type": "integer", "minimum": 2,
                               "maximum": max(kind.info.most_players for kind in games()
                                              if kind.info.referee),
                               "description": "Players at the table (optional, up to the "
                                              "most the game seats): some forms' rules "
                                              "follow it"}}
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


def _post(operation: str, question: Question, example: Body | None = None, *,
          closed: bool = False) -> Schema:
    """A question's operation (*operation* its id, which names it in a generated client);
    *example*, a body the server accepts, is what a client (or a fuzzer's examples phase)
    sends first."""
    required = ["rules", *question.required]
    # A question's optional fields may be null, read as not given (as the server reads
    # them: each game's referee).
    properties = {name: schema if name in required else or_null(schema)
                  for name, schema in (_COMMON | question.body).items()}
    return {"post": {
        "operationId": operation,
        "summary": question.summary,
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": required, "properties": properties,
            **({"additionalProperties": False} if closed else {})},
            **({"example": example} if example else {})}}},
        "responses": {
            "200": {"description": "The ruling", "content": {"application/json": {
                "schema": question.answer}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
        },
    }}


def _together(questions: list[Question]) -> Question:
    """A question several games ask, as one: the first game's summary, and a body and an
    answer that take either game's fields."""
    return Question(questions[0].summary, merge_all([q.body for q in questions]),
                    merge_all([q.answer for q in questions]),
                    tuple(merge_all([list(q.required) for q in questions])))


def _referee() -> Schema:
    """Each game's referee questions; a question two games ask is one address."""
    asked: dict[str, list[Question]] = {}
    for part in PARTS:
        for check, question in part.referee.items():
            asked.setdefault(check, []).append(question)
    return {f"/api/v1/referee/{check}": _post(
        "referee_" + check.replace("-", "_"), _together(questions), EXAMPLES.get(check))
        for check, questions in asked.items()}


#: A body each question (and "round", the scoring) accepts, from the game that asks it:
#: for clients, and for the fuzzer's examples phase.
EXAMPLES: dict[str, Body] = merge_all([dict(part.examples) for part in PARTS])


def _scoring() -> Schema:
    rounds = [part.score_round for part in PARTS if part.score_round is not None]
    if not rounds:
        return {}
    # A field the round does not take is refused by name (api/scoring.py).
    return {"/api/v1/score/round": _post("score_round", rounds[0], EXAMPLES["round"],
                                         closed=True)}


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
        **GAME_PATHS,
        **GROUP_PATHS,
        **NIGHT_PATHS,
        **RATING_PATHS,
        **TRUST_PATHS,
        **DEAL_PATHS,
    },
    "components": {
        "schemas": {"Card": _CARD, **RULE_SCHEMAS, **STATES, "GameState": {
                        "oneOf": [{"$ref": f"#/components/schemas/{name}"}
                                  for name in STATES],
                        "description": "A game's state, in its game's own schema"},
                    "GameLink": GAME_LINK, **GROUP_SCHEMAS, **NIGHT_SCHEMAS,
                    **RATING_SCHEMAS,
                    **merge_all([part.schemas for part in PARTS])},
        "responses": {"BadRequest": {
            "description": "Malformed input, said in one sentence",
            "content": _ERROR}},
    },
}


def _typed(node: object) -> None:
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


def _complete(spec: Schema) -> Schema:
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
