"""A sample of each registered game, for the tests that run over every game: how to create
one through the API, a first deal it takes, and the addresses of its referee's questions
for a stored game. tests/test_registry.py fails when a registered game has no sample here,
so a new game is fuzzed and probed like the others from its first day."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

API = "/api/v1"


@dataclass(frozen=True)
class Sample:
    create: dict[str, Any]
    first_deal: dict[str, Any]
    checks: tuple[str, ...]  # the question part of /games/<id>/referee/<check>
    #: Rules under which its first deal ends the game (``None``: its preset with one round).
    one_deal: dict[str, Any] | None = None

    def rules_of_one_deal(self) -> dict[str, Any]:
        return self.one_deal or {"preset": self.create["rules"], "rounds": 1}


CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}
SAMPLES = {
    "hand": Sample(
        {"rules": "levant", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Ali"},
        {"deal": 1, "outcome": "scored", "winner": "Badr", "finish": "partial",
         "hands": {"Ali": {"melded": True, "points": 20}, "Caro": {"melded": False}}},
        ("meld", "initial-meld", "lay-off", "swap", "hand", "redeal")),
    "handfoot": Sample(
        {"rules": "hand_and_foot", "players": ["Ann", "Bob", "Cy", "Dee"],
         "first_dealer": "Ann", "partnerships": True},
        {"deal": 1, "outcome": "scored", "went_out": "Ann", "sides": [
            {**CONTRACT, "red_threes": 1, "melded": 2400, "left": 0},
            {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120}]},
        ("meld", "hand-and-foot/meld", "hand-and-foot/initial-meld",
         "hand-and-foot/pickup", "hand-and-foot/go-out")),
    "points": Sample(
        {"rules": "points", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Ali"},
        {"deal": 1, "points": {"Ali": 16, "Badr": 0, "Caro": -4}},
        (), {"preset": "points", "deals": 1}),
}
GAMES = sorted(SAMPLES)


def start(client, game: str, *, deals: int = 1) -> str:
    """A stored game of *game* with its first deal recorded (or none); its id."""
    sample = SAMPLES[game]
    created = client.post(f"{API}/games", json=sample.create)
    assert created.status_code == 201, created.get_data(as_text=True)
    game_id = created.get_json()["id"]
    if deals:
        recorded = client.post(f"{API}/games/{game_id}/deals", json=sample.first_deal)
        assert recorded.status_code == 201, recorded.get_data(as_text=True)
    return game_id
