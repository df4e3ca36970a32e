"""Another phone at the table, through the JSON API of the live server: starting a game of
Sami, Rana and Omar (or a Hand and Foot partnership game), and whatever else the browser
tests need done outside the page."""

from __future__ import annotations

import json
import urllib.request

PLAYERS = ["Sami", "Rana", "Omar"]


def api(live_url: str, method: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        f"{live_url}/api/v1{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def new_game(live_url: str) -> dict:
    """A Levant game of Sami, Rana and Omar, Sami dealing first."""
    return api(live_url, "POST", "/games", {"rules": "levant", "players": PLAYERS,
                                            "first_dealer": "Sami"})


def new_foot_game(live_url: str) -> dict:
    """A Hand and Foot partnership game of Ann and Cy against Bob and Dee, Ann dealing."""
    return api(live_url, "POST", "/games", {"rules": "hand_and_foot",
                                            "players": ["Ann", "Bob", "Cy", "Dee"],
                                            "first_dealer": "Ann", "partnerships": True})
