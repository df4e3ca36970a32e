"""Working the JSON API's scoring and games, for the API tests: the bodies a client sends
(a deal scored or not, each player's hand from the points left), the answers checked (a
refusal's one sentence, a scored round), and a game played six rounds in.

Making games and recording deals is the ``actions`` fixture's business
(tests/game_actions.py: ``actions.create``, ``actions.post_deal``, ``actions.state``).
"""

from __future__ import annotations

import copy

from game_actions import API, THREE

#: Presets whose four players may play as two teams (RULES.md section 10).
PARTNER_PRESETS = ["levant", "egypt", "gulf", "saudi"]
#: In :func:`changed`: drop this key.
DROP = object()


def refused(response, status: int = 400, *mentions: str) -> str:
    """An error answer: *status*, JSON, one sentence in ``error`` naming *mentions*."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    error = response.get_json()["error"]
    assert isinstance(error, str) and error.strip()
    assert "\n" not in error and "Traceback" not in error
    for text in mentions:
        assert text in error, f"{text!r} not named in {error!r}"
    return error


def score(client, body: dict) -> dict:
    """The answer of a valid ``POST /score/round``."""
    response = client.post(f"{API}/score/round", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def hands(points: dict[str, int | None]) -> dict:
    """Each player's hand from their points left: ``None`` for a player who never melded
    (never announced, in the Kuwaiti form)."""
    return {name: {"melded": False} if value is None else {"melded": True, "points": value}
            for name, value in points.items()}


def scored(number: int, winner: str, points: dict[str, int | None], finish="partial",
           **extra) -> dict:
    """The body of a scored deal."""
    return {"deal": number, "outcome": "scored", "winner": winner, "finish": finish,
            "hands": hands(points), **extra}


def unscored(number: int, outcome="redeal") -> dict:
    return {"deal": number, "outcome": outcome}


def changed(base: dict, **changes) -> dict:
    """A deep copy of *base* with *changes* (:data:`DROP` drops a key)."""
    body = copy.deepcopy(base)
    for key, value in changes.items():
        if value is DROP:
            body.pop(key, None)
        else:
            body[key] = value
    return body


def without_id(state: dict) -> dict:
    """A game's state without what names the game itself (its id, page address and
    version, which is the moment of its last change)."""
    return {key: value for key, value in state.items()
            if key not in ("id", "url", "version")}


def without_version(state: dict) -> dict:
    """A game's state without its version: the same sheet reached by other changes."""
    return {key: value for key, value in state.items() if key != "version"}


def has_notice(state: dict, words: str) -> bool:
    return any(words in notice.lower() for notice in state["notices"])


def six_rounds(actions, players=THREE) -> str:
    """A levant game with six scored rounds; Ali leads."""
    game_id = actions.create("levant", players)["id"]
    for number in range(1, 7):
        actions.post_deal(game_id, scored(number, "Ali", {"Badr": 10, "Caro": 20}))
    return game_id
