"""The OpenAPI description is enforced (issue 12): every API answer the suite provokes is
checked against it by the test client (tests/phone_client.py, tests/openapi_check.py).
These tests show the check itself bites."""

from __future__ import annotations

import json

import pytest
from openapi_check import NotDescribed, check


def test_a_state_with_a_field_the_description_lacks_is_caught(client, actions):
    state = actions.create()
    with pytest.raises(NotDescribed, match="secret"):
        check("GET", f"/api/v1/games/{state['id']}", 200, "application/json",
              json.dumps(state | {"secret": 1}).encode())


def test_a_state_missing_a_field_is_caught(actions):
    state = actions.create()
    state.pop("version")
    with pytest.raises(NotDescribed, match="version"):
        check("GET", f"/api/v1/games/{state['id']}", 200, "application/json",
              json.dumps(state).encode())


def test_a_status_the_description_does_not_list_is_caught():
    with pytest.raises(NotDescribed, match="418"):
        check("POST", "/api/v1/games", 418, "application/json", b'{"error": "x"}')


def test_an_error_without_its_sentence_is_caught():
    with pytest.raises(NotDescribed):
        check("POST", "/api/v1/referee/meld", 400, "application/json", b'{"oops": 1}')


def test_the_served_description_is_the_one_checked(client):
    from scorekeeper.api.openapi import SPEC

    assert client.get("/api/v1/openapi.json").get_json() == json.loads(json.dumps(SPEC))


# The least each referee question needs, under the Kuwaiti rules (which read every field).
QUESTIONS = {
    "meld": {"cards": ["5H", "6H", "7H"]},
    "initial-meld": {"melds": [["5H", "6H", "7H"]]},
    "lay-off": {"meld": ["5H", "6H", "7H"], "add": ["8H"]},
    "swap": {"meld": ["5H", "JK", "7H"], "give": ["6H"]},
    "hand": {"cards": ["5H", "6H", "7H"]},
    "redeal": {"cards": ["5H", "6H", "7H"]},
}


@pytest.mark.parametrize("check_name", QUESTIONS)
def test_a_questions_optional_field_given_as_null_is_not_given(client, check_name):
    """The description lets every optional field of a question be null (found by
    Schemathesis): the server reads null as the field left out, and answers the same."""
    from scorekeeper.api.openapi import SPEC

    path = f"/api/v1/referee/{check_name}"
    schema = SPEC["paths"][path]["post"]["requestBody"]["content"]["application/json"][
        "schema"]
    body = {"rules": "kuwait"} | QUESTIONS[check_name]
    plain = client.post(path, json=body)
    optional = [name for name in schema["properties"] if name not in schema["required"]]
    assert optional
    for name in optional:
        assert {"type": "null"} in schema["properties"][name]["anyOf"], name
        answer = client.post(path, json=body | {name: None})
        assert (answer.status_code, answer.get_json()) == (
            plain.status_code, plain.get_json()), name
