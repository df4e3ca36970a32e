"""Every request is bounded (docs/api.md, "Limits of a request": "A body over 64 KiB is
413 with the JSON error; nothing is read further"; "A method a route does not take is 405
with an Allow header"). A phone's requests are a few hundred bytes; anything far larger is
refused before the server reads it, so one client cannot fill the server's memory."""

from __future__ import annotations

import io

import pytest
from game_actions import new_game_form

from scorekeeper import BODY_LIMIT, QUERY_LIMIT
from scorekeeper.statuses import BODY_REFUSED

API = "/api/v1"


class CountingStream(io.BytesIO):
    """A request body that counts how much of it the server read."""

    taken = 0

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.taken += len(data)
        return data


def test_a_json_body_over_64_kib_is_a_413_with_the_json_error(client):
    body = '{"rules": "' + "x" * BODY_LIMIT + '"}'
    response = client.post(f"{API}/games", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.get_json() == {"error": "What was sent is too large."}


def test_a_body_just_under_the_limit_is_read(client):
    body = '{"rules": "' + "x" * (BODY_LIMIT - 100) + '"}'
    response = client.post(f"{API}/games", data=body, content_type="application/json")
    assert response.status_code == 400  # read, and refused for what it says


@pytest.mark.parametrize(("path", "kind"), [(f"{API}/games", "application/json"),
                                            ("/new", "application/x-www-form-urlencoded")])
def test_a_body_announced_as_200_mb_is_refused_unread(client, path, kind):
    stream = CountingStream(b"x" * (1024 * 1024))
    response = client.post(path, input_stream=stream, content_type=kind,
                           environ_overrides={"CONTENT_LENGTH": str(200 * 1024 * 1024)})
    assert response.status_code == 413
    assert stream.taken == 0


def test_a_form_over_64_kib_is_a_413_page(client):
    response = client.post("/new", data=new_game_form() | {"player_0": "x" * BODY_LIMIT})
    assert response.status_code == 413
    assert "What was sent is too large." in response.text


def test_an_overlong_query_string_is_a_414(client):
    response = client.get("/referee/meld", query_string={"cards": "x" * QUERY_LIMIT})
    assert response.status_code == 414
    assert "This address is too long." in response.text
    api = client.get(f"{API}/rules", query_string={"x": "x" * QUERY_LIMIT})
    assert api.status_code == 414 and api.get_json()["error"]


@pytest.mark.parametrize(("method", "path", "allowed"), [
    ("DELETE", f"{API}/rules", {"GET", "HEAD", "OPTIONS"}),
    ("GET", f"{API}/score/round", {"POST", "OPTIONS"}),
    ("PATCH", f"{API}/games", {"POST", "OPTIONS"}),
])
def test_the_apis_405_says_which_methods_the_address_takes(client, method, path, allowed):
    response = client.open(path, method=method)
    assert response.status_code == 405
    assert set(response.headers["Allow"].replace(" ", "").split(",")) == allowed
    assert response.get_json()["error"]


def test_undo_with_a_body_over_the_limit_is_a_413_its_description_lists(client, actions):
    """Found by tests/test_fuzz.py: undo reads a body (for its version), so it is bounded
    like every other, and the OpenAPI description lists that 413."""
    game_id = actions.start()
    actions.record(game_id)
    answer = client.delete(f"/api/v1/games/{game_id}/deals/1",
                           data=b'{"x": "' + b"x" * 70_000 + b'"}',
                           content_type="application/json")
    assert answer.status_code == 413



@pytest.mark.parametrize(("method", "path"), [("POST", f"{API}/games/{{}}/deals"),
                                              ("GET", "/games/{}")])
def test_a_body_the_server_refused_is_the_apps_413_before_anything_else(client, method,
                                                                       path):
    """Issue 48, point 12: a body waitress refused for its size reaches the app marked
    refused and without its body (scorekeeper/waitress_refusal.py); whatever its address
    would have answered first (a PIN game's 403, a page), the answer is the app's 413:
    the JSON error under /api/v1, a page elsewhere."""
    made = client.post(f"{API}/games", json={"rules": "levant", "players": ["Ali", "Badr"],
                                            "first_dealer": "Ali", "pin": "2468"})
    stranger = client.application.test_client()
    response = stranger.open(path.format(made.get_json()["id"]), method=method,
                             input_stream=io.BytesIO(), content_type="application/json",
                             environ_overrides={BODY_REFUSED: True,
                                                "CONTENT_LENGTH": str(2 * 1024 * 1024)})
    assert response.status_code == 413
    if path.startswith(API):
        assert response.get_json() == {"error": "What was sent is too large."}
    else:
        assert "What was sent is too large." in response.text
