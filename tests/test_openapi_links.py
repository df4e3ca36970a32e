"""The OpenAPI description's links, followed as a client follows them (issue 48, point 15:
"The OpenAPI description gives links for nights, rounds, players, swaps, confirm and
dispute, rematch and balanced sides"): each link's runtime expressions are evaluated
against the answer it hangs from and the request that got it, and the call they make is
accepted. The suite's Schemathesis run (tests/test_schemathesis.py) follows the same
links at random; these walk each chain once, on purpose, through the conforming test
client (every answer checked against the description)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from openapi_check import BASE, REGISTRY

from scorekeeper.api.openapi import SPEC

OPERATIONS = {operation["operationId"]: (path, method, item.get("parameters", []) +
                                         operation.get("parameters", []))
              for path, item in SPEC["paths"].items()
              for method, operation in item.items() if method != "parameters"}
LINKS = [(source, status, name, link)
         for source, (path, method, _) in OPERATIONS.items()
         for status, answer in SPEC["paths"][path][method]["responses"].items()
         for name, link in answer.get("links", {}).items()]
EXPRESSION = re.compile(r"\$request\.body(#/[^{}]*)?|\$response\.body#/[^{}]*"
                        r"|\$request\.(path|header|query)\.[A-Za-z0-9_-]+")
EMBEDDED = re.compile(r"\{(\$[^{}]+)\}")
PIN = "2468"
MISSING = object()


@dataclass
class Exchange:
    """One call and its answer: what a link's expressions read."""

    operation: str
    path: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    query: dict[str, str] = field(default_factory=dict)
    body: Any = None
    status: int = 0
    answer: Any = None


def _pointer(document: Any, pointer: str) -> Any:
    for part in pointer.removeprefix("/").split("/") if pointer else []:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(document, list) and part.isdigit() and int(part) < len(document):
            document = document[int(part)]
        elif isinstance(document, dict) and part in document:
            document = document[part]
        else:
            return MISSING
    return document


def _single(expression: str, done: Exchange) -> Any:
    source, _, rest = expression.partition("#")
    if source == "$request.body":
        return _pointer(done.body, rest)
    if source == "$response.body":
        return _pointer(done.answer, rest)
    location, name = source.removeprefix("$request.").split(".", 1)
    return {"path": done.path, "header": done.headers, "query": done.query}[location].get(
        name, MISSING)


def _evaluate(value: Any, done: Exchange) -> Any:
    """A link's value: an expression, a string with expressions in braces, or a literal
    (an object's keys and values evaluated in turn)."""
    if isinstance(value, dict):
        return {_evaluate(key, done): _evaluate(item, done) for key, item in value.items()}
    if isinstance(value, list):
        return [_evaluate(item, done) for item in value]
    if not isinstance(value, str):
        return value
    if value.startswith("$"):
        assert EXPRESSION.fullmatch(value), value
        return _single(value, done)
    return EMBEDDED.sub(lambda m: str(_single(m[1], done)), value)


def _call(client, operation: str, path: dict[str, Any], headers: dict[str, str],
          query: dict[str, str], body: Any) -> Exchange:
    template, method, _ = OPERATIONS[operation]
    address = template.format(**{name: str(value) for name, value in path.items()})
    response = client.open(address, method=method.upper(), headers=headers,
                           query_string=query, **({} if body is None else {"json": body}))
    return Exchange(operation, path, headers, query, body, response.status_code,
                    response.get_json())


def start(client, operation: str, body: Any, headers: dict[str, str] | None = None,
          expect: int = 201) -> Exchange:
    done = _call(client, operation, {}, headers or {}, {}, body)
    assert done.status == expect, done.answer
    return done


def follow(client, done: Exchange, name: str, expect: int, body: Any = None) -> Exchange:
    """Follow link *name* of *done*'s answer (a link that gives no body takes *body*,
    the client's own); its answer must be *expect*."""
    template, method, _ = OPERATIONS[done.operation]
    link = SPEC["paths"][template][method]["responses"][str(done.status)]["links"][name]
    _, _, parameters = OPERATIONS[link["operationId"]]
    found: dict[str, dict[str, Any]] = {"path": {}, "header": {}, "query": {}}
    for key, expression in link.get("parameters", {}).items():
        location, _, name_ = key.rpartition(".")
        location = location or next(p["in"] for p in parameters if p["name"] == name_)
        value = _evaluate(expression, done)
        if value is not MISSING:  # a PIN the game was made without: none to send
            found[location][name_] = value
    if "requestBody" in link:
        body = _evaluate(link["requestBody"], done)
    then = _call(client, link["operationId"], found["path"], found["header"],
                 found["query"], body)
    assert then.status == expect, (name, then.answer)
    return then


def test_every_link_names_an_operation_and_parameters_it_takes():
    """A link to an operation that is not there, or a parameter the operation does not
    take, is a chain no client can follow; every path parameter is given."""
    assert LINKS
    for source, status, name, link in LINKS:
        where = (source, status, name)
        assert link["operationId"] in OPERATIONS, where
        _, _, parameters = OPERATIONS[link["operationId"]]
        taken = {(p["in"], p["name"]) for p in parameters}
        given = set()
        for key in link.get("parameters", {}):
            location, _, parameter = key.rpartition(".")
            matching = {(at, n) for at, n in taken if n == parameter and location in ("", at)}
            assert matching, (where, key)
            given |= matching
        assert {(at, n) for at, n in taken if at == "path"} <= given, where
        # What it reads of the request must be something the request could send.
        _, _, sent = OPERATIONS[source]
        for read in re.findall(r"\$request\.(path|header|query)\.([A-Za-z0-9_-]+)",
                               repr(link)):
            assert read in {(p["in"], p["name"]) for p in sent}, (where, read)


GAMES = {
    "hand": ({"rules": "levant", "players": ["Ali", "Badr", "Caro"]}, "record"),
    "partners": ({"rules": "gulf", "players": ["Ali", "Badr", "Caro", "Dana"],
                  "partnerships": True}, "record"),
    "hand_and_foot": ({"rules": "hand_and_foot", "players": ["Ann", "Bob", "Cy", "Dee"],
                       "partnerships": True}, "report"),
    "points": ({"rules": {"preset": "points", "target": 50}, "players": ["Pia", "Quin"]},
               "score"),
}


@pytest.mark.parametrize("answer", ["confirm", "dispute"])
@pytest.mark.parametrize("game", GAMES)
def test_a_confirming_games_links_lead_to_its_deal_confirmed_or_disputed(raw_client, game,
                                                                         answer):
    """Created with "confirm": "other_side" and a PIN: the first deal recorded by the first
    player, then confirmed or disputed by the second, of another side, from the version the
    answer gave (confirm and dispute never reached a success in the fuzzer before)."""
    table, record = GAMES[game]
    made = start(raw_client, "create_game", table | {
        "first_dealer": table["players"][0], "confirm": "other_side", "pin": PIN})
    recorded = follow(raw_client, made, record, 201)
    assert recorded.answer["deals"][0]["recorded_by"] == table["players"][0]
    assert recorded.answer["unconfirmed"] == [1]
    answered = follow(raw_client, recorded, answer, 200).answer["deals"][0]
    assert answered[answer.removesuffix("e") + "ed"]["by"] == table["players"][1]


def test_a_finished_games_link_leads_to_its_rematch(raw_client):
    """A points sheet over after one deal, with a PIN: played again along the links, and
    the rematch's own links record its first deal with the PIN it kept."""
    made = start(raw_client, "create_game", {
        "rules": {"preset": "points", "deals": 1}, "players": ["Pia", "Quin"],
        "first_dealer": "Pia", "pin": PIN})
    over = follow(raw_client, made, "score", 201)
    assert over.answer["finished"]
    again = follow(raw_client, over, "rematch", 201)
    assert again.answer["rematch_of"]["id"] == made.answer["id"]
    follow(raw_client, again, "score", 201)


def test_a_game_over_once_confirmed_is_played_again_from_the_confirmation(raw_client):
    """Where deals are confirmed a game is not over while its last deal waits: the
    rematch link refuses (409) until the confirmation's own link is followed."""
    made = start(raw_client, "create_game", {
        "rules": {"preset": "points", "deals": 1}, "players": ["Pia", "Quin"],
        "first_dealer": "Pia", "confirm": "other_side"})
    scored = follow(raw_client, made, "score", 201)
    follow(raw_client, scored, "rematch", 409)
    confirmed = follow(raw_client, scored, "confirm", 200)
    assert confirmed.answer["finished"]
    follow(raw_client, confirmed, "rematch", 201)


NIGHT = {"name": "Thursday", "rules": "levant", "format": "rotating", "pin": PIN,
         "players": ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda"]}


def test_a_nights_links_lead_through_its_first_round_and_back(raw_client):
    """A night with a PIN: its first round started by number, two players swapped and a
    late arrival seated for the next, the round taken back and started again, someone
    leaving (round start never reached a success in the fuzzer before)."""
    made = start(raw_client, "create_night", NIGHT)
    started = follow(raw_client, made, "start_round", 201)
    assert started.answer["current_round"] == 1
    follow(raw_client, started, "read", 200)
    follow(raw_client, started, "swap", 200)
    seated = follow(raw_client, started, "add_player", 200, body={"name": "Zaid"})
    assert "Zaid" in seated.answer["players"]
    back = follow(raw_client, started, "undo_round", 200)
    assert back.answer["current_round"] is None
    again = follow(raw_client, back, "start_round", 201)
    assert again.answer["current_round"] == 1
    left = follow(raw_client, again, "remove_player", 200)
    assert "Ali" not in left.answer["players"]


def test_a_groups_link_leads_to_balanced_sides(raw_client):
    made = start(raw_client, "create_group", {"name": "Thursday",
                                               "members": ["Ali", "Badr", "Caro"]})
    split = follow(raw_client, made, "balanced_sides", 200)
    assert sorted(map(sorted, split.answer["sides"])) == [["Ali"], ["Badr"]]
    follow(raw_client, made, "read", 200)


def test_a_points_sheet_of_eight_fits_the_description(raw_client):
    """The points sheet seats 8; the description said 6 players at most, so a client that
    checks bodies against it refused a valid game."""
    body = {"rules": {"preset": "points", "target": 41}, "partnerships": True,
            "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"],
            "first_dealer": "Ann"}
    schema = f"{BASE}#/paths/~1api~1v1~1games/post/requestBody/content/application~1json/schema"
    validator = Draft202012Validator({"$ref": schema}, registry=REGISTRY)
    assert [error.message for error in validator.iter_errors(body)] == []
    made = start(raw_client, "create_game", body)
    assert len(made.answer["players"]) == 8
