"""A Python client generated from the OpenAPI description plays through the API. Issue 39,
point 17: "The OpenAPI description: a group's `pin` written as `{"const": false}` without a
type breaks a generated client (`openapi-python-client` raises on every PIN); `GET /rules`
has no response schema; rule options have no types. A test generates a client from the
description (openapi-python-client) and plays a Hand game, a Hand and Foot game and a
group through it."

The client is generated once for the module, into pytest's temporary folder, by the
generator's own command, as a developer of another program would; it talks to the test's
app through httpx's WSGI transport (no server: the test's own in-memory database). Each
answer is read with the generated models, and what they read is compared with what the
server sent: a model that drops or changes a field fails here.
"""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from http import HTTPStatus
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from game_actions import API

from scorekeeper.api.openapi import SPEC

GENERATOR = "openapi-python-client"
PACKAGE = "hand_scorekeeper_client"
PIN = "2468"


class Generated:
    """The generated package, and what the generator said making it."""

    def __init__(self, package: ModuleType, said: str) -> None:
        self.package, self.said = package, said
        self.models = importlib.import_module(f"{package.__name__}.models")


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Generated:
    where = tmp_path_factory.mktemp("generated")
    description = where / "openapi.json"
    # The description the API serves (tests/test_openapi_conformance.py: the same).
    description.write_text(json.dumps(SPEC), encoding="utf-8")
    # No post hooks: the generator would run ruff over its code, which takes longer and
    # is a warning where ruff is not on the PATH.
    config = where / "config.json"
    config.write_text(json.dumps({"post_hooks": []}), encoding="utf-8")
    run = subprocess.run(
        [_generator(), "generate", "--path", str(description), "--output-path",
         str(where / PACKAGE), "--meta", "none", "--config", str(config)],
        capture_output=True, text=True, timeout=300, check=False)
    said = run.stdout + run.stderr
    assert run.returncode == 0, said
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(where))
        package = importlib.import_module(PACKAGE)
    return Generated(package, said)


def _generator() -> str:
    beside = Path(sys.executable).with_name(GENERATOR)
    found = str(beside) if beside.exists() else shutil.which(GENERATOR)
    assert found, f"{GENERATOR} is not installed (pip install -e '.[test]')"
    return found


class Api:
    """The generated client on the test's app: ``call`` runs an operation by its id."""

    def __init__(self, generated: Generated, app) -> None:
        self.models = generated.models
        self.package = generated.package.__name__
        self.client = generated.package.Client(
            base_url="http://localhost", raise_on_unexpected_status=True,
            httpx_args={"transport": httpx.WSGITransport(app=app)})

    def call(self, operation: str, *args: Any, expect: int = HTTPStatus.OK,
             **kwargs: Any) -> Any:
        module = importlib.import_module(f"{self.package}.api.default.{operation}")
        response = module.sync_detailed(*args, client=self.client, **kwargs)
        assert response.status_code == expect, response.content.decode()
        assert response.parsed is not None, f"{operation} {expect}: nothing read"
        return response.parsed


@pytest.fixture
def api(generated, app) -> Api:
    return Api(generated, app)


def _read_whole(parsed: Any, raw: dict[str, Any]) -> None:
    """The generated model read every field the server sent, each as it was."""
    assert parsed.to_dict() == raw


def test_the_description_generates_a_client_without_a_warning(generated):
    """The generator warns, and leaves out, what it cannot read in the description."""
    assert "Warning" not in generated.said, generated.said


def test_every_enum_and_const_in_the_description_has_a_type():
    """A generator reads a schema by its type: `{"const": false}` alone made the generated
    client refuse every group's PIN."""
    untyped: list[str] = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            if ("enum" in node or "const" in node) and "type" not in node:
                untyped.append(where)
            for key, value in node.items():
                if key not in ("example", "examples"):
                    walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for n, value in enumerate(node):
                walk(value, f"{where}/{n}")

    walk(SPEC, "#")
    assert untyped == []


def test_every_operation_has_an_id_and_a_schema_for_its_success():
    """A generated client names each call by its operationId, and reads a success only
    through its schema: `GET /rules` had none."""
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            assert operation.get("operationId"), (method, path)
            for status, answer in operation["responses"].items():
                if status.startswith("2"):
                    assert answer["content"]["application/json"]["schema"], (method, path)


def test_every_rule_option_has_a_type():
    """Issue 39, point 17: "rule options have no types"."""
    schemas = SPEC["components"]["schemas"]
    for name in ("HandRules", "HandAndFootRules", "PointsRules"):
        for option, schema in schemas[name]["properties"].items():
            assert "type" in schema or "anyOf" in schema, (name, option)


def test_the_rules_listing_is_read_through_a_generated_client(api, client):
    """`GET /rules` "has no response schema": a generated client read nothing of it. Each
    preset's options now read as its game's typed rules."""
    listing = api.call("list_rules")
    m = api.models
    assert isinstance(listing, m.RulesListing)
    assert isinstance(listing.presets["levant"].options, m.HandRules)
    assert isinstance(listing.presets["hand_and_foot"].options, m.HandAndFootRules)
    assert isinstance(listing.presets["points"].options, m.PointsRules)
    assert (listing.options["initial_minimum"].min_, listing.options["wild_mode"].choices) == (
        51, ["indicator", "jokers", "indicator_no_jokers"])
    _read_whole(listing, client.get(f"{API}/rules").get_json())


def test_a_hand_game_is_played_through_a_generated_client(api, client):
    """Hand's rules with an option changed and its deals, sent as the generated models,
    to the end of the game; the state read back whole."""
    m = api.models
    state = api.call("create_game", expect=HTTPStatus.CREATED, body=m.CreateGameBody(
        rules=m.HandRules(preset=m.HandRulesPreset.LEVANT, rounds=2),
        players=["Ali", "Badr", "Caro"], first_dealer="Ali"))
    assert isinstance(state, m.HandState) and state.next_deal == 1
    for number, winner in ((1, "Badr"), (2, "Badr")):
        hands = {name: {"melded": True, "points": 20} for name in ("Ali", "Badr", "Caro")
                 if name != winner}
        state = api.call("record_deal", state.id, expect=HTTPStatus.CREATED,
                         body=m.RecordDealBody(
                             deal=number, outcome=m.RecordDealBodyOutcome.SCORED,
                             winner=winner, finish=m.RecordDealBodyFinish.PARTIAL,
                             hands=m.RecordDealBodyHands.from_dict(hands)))
    read = api.call("read_game", state.id)
    assert isinstance(read, m.HandState) and read.finished
    assert read.totals.to_dict() == {"Ali": 40, "Badr": -60, "Caro": 40}
    assert read.winners == ["Badr"]
    _read_whole(read, client.get(f"{API}/games/{state.id}").get_json())


OUT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1, "red_threes": 1,
       "melded": 2400, "left": 0}
BEHIND = {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120}


def test_a_hand_and_foot_game_is_played_through_a_generated_client(api, client):
    """Hand and Foot's rules (a structured option among them: a minimum per deal) and
    each side's report, sent as the generated models, to the end of the game."""
    m = api.models
    state = api.call("create_game", expect=HTTPStatus.CREATED, body=m.CreateGameBody(
        rules=m.HandAndFootRules(preset=m.HandAndFootRulesPreset.HAND_AND_FOOT, rounds=2,
                                 minimums=[50, 90]),
        players=["Ann", "Bob", "Cy", "Dee"], first_dealer="Ann", partnerships=True))
    assert isinstance(state, m.HandAndFootState)
    assert state.teams == [["Ann", "Cy"], ["Bob", "Dee"]]
    for number, went_out, sides in ((1, "Ann", (OUT, BEHIND)), (2, "Bob", (BEHIND, OUT))):
        state = api.call("record_deal", state.id, expect=HTTPStatus.CREATED,
                         body=m.RecordDealBody(
                             deal=number, outcome=m.RecordDealBodyOutcome.SCORED,
                             went_out=went_out, sides=[m.Side.from_dict(s) for s in sides]))
    read = api.call("read_game", state.id)
    assert isinstance(read, m.HandAndFootState) and read.finished
    assert read.team_totals[0] == read.team_totals[1]
    _read_whole(read, client.get(f"{API}/games/{state.id}").get_json())


def test_a_group_with_a_pin_plays_a_game_through_a_generated_client(api, client):
    """The PIN case that raised: the generated body refused the PIN as "not false"."""
    m = api.models
    group = api.call("create_group", expect=HTTPStatus.CREATED, body=m.CreateGroupBody.from_dict(
        {"name": "Thursday", "members": ["Ali", "Badr"], "pin": PIN}))
    assert isinstance(group, m.Group) and group.pin is True
    game = m.CreateGameBody(rules=m.HandRules(preset=m.HandRulesPreset.LEVANT, rounds=1),
                            players=["Ali", "Badr"], first_dealer="Ali", group=group.id)
    refused = api.call("create_game", expect=HTTPStatus.FORBIDDEN, body=game,
                       x_table_pin="1357")
    assert refused.error
    state = api.call("create_game", expect=HTTPStatus.CREATED, body=game, x_table_pin=PIN)
    # The group's PIN guards its games too (issue 39, point 14).
    api.call("record_deal", state.id, expect=HTTPStatus.CREATED, x_table_pin=PIN,
             body=m.RecordDealBody(
                 deal=1, outcome=m.RecordDealBodyOutcome.SCORED, winner="Ali",
                 finish=m.RecordDealBodyFinish.PARTIAL,
                 hands=m.RecordDealBodyHands.from_dict({"Badr": {"melded": False}})))
    read = api.call("read_group", group.id)
    assert [(g.id, g.finished, g.winners) for g in read.games] == [(state.id, True, ["Ali"])]
    _read_whole(read, client.get(f"{API}/groups/{group.id}").get_json())
    standings = api.call("group_standings", group.id, game=m.GroupStandingsGame.HAND)
    assert isinstance(standings, m.Standings)
    assert [(row.player, row.wins) for row in standings.rows] == [("Ali", 1), ("Badr", 0)]
    _read_whole(standings, client.get(f"{API}/groups/{group.id}/standings?game=hand")
                .get_json())
    # false takes the PIN off (the const of the description).
    changed = api.call("change_group", group.id, x_table_pin=PIN,
                       body=m.ChangeGroupBody.from_dict({"pin": False}))
    assert changed.pin is False


def test_a_points_sheet_of_eight_is_played_through_a_generated_client(api, client):
    """Issue 48, point 15: the description seated 6 players at most, and a points sheet
    seats 8 (two tables' worth of sides): the sheet of eight, partners alternately, made
    and scored through the generated client."""
    m = api.models
    players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    state = api.call("create_game", expect=HTTPStatus.CREATED, body=m.CreateGameBody(
        rules=m.PointsRules(preset=m.PointsRulesPreset.POINTS, deals=1), players=players,
        first_dealer="Ann", partnerships=True))
    assert isinstance(state, m.PointsState) and state.players == players
    state = api.call("record_deal", state.id, expect=HTTPStatus.CREATED,
                     body=m.RecordDealBody(deal=1, outcome=m.RecordDealBodyOutcome.SCORED,
                                           points=m.RecordDealBodyPoints.from_dict(
                                               {"Ann": 16, "Bob": -16})))
    assert state.finished and state.winners == ["Ann", "Cy", "Eve", "Gus"]
    _read_whole(state, client.get(f"{API}/games/{state.id}").get_json())


QUESTIONS = sorted((path, item["post"]) for path, item in SPEC["paths"].items()
                   if path.startswith(f"{API}/referee/") or path == f"{API}/score/round")


@pytest.mark.parametrize(("path", "operation"), QUESTIONS, ids=[p for p, _ in QUESTIONS])
def test_each_referee_question_is_asked_through_a_generated_client(api, client, path,
                                                                   operation):
    """Each question's example in the description, asked with the generated body and read
    with the generated ruling (a meld's kind may be null, an enum with its type)."""
    example = operation["requestBody"]["content"]["application/json"]["example"]
    body = getattr(api.models, "".join(
        word.title() for word in operation["operationId"].split("_")) + "Body")
    ruling = api.call(operation["operationId"], body=body.from_dict(example))
    _read_whole(ruling, client.post(path, json=example).get_json())
