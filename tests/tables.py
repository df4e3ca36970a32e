"""Games and deals as phones send them through the JSON API, for the tests of what several
phones at one table may do at once (concurrency, the live sheet, the audit trail, backups,
the load test)."""

from __future__ import annotations

import random

import apiwork
from apiwork import unscored
from game_actions import API, GameActions

__all__ = ["API", "deal_entry", "game_body", "new_game", "random_deal", "scored", "unscored"]

PLAYERS = ["Sami", "Rana", "Omar"]
# A Levant game long enough never to end in these tests (31 rounds).
LONG = {"preset": "levant", "rounds": 31}


def game_body(players=PLAYERS, rules=LONG, **extra) -> dict:
    return {"rules": rules, "players": list(players), "first_dealer": players[0], **extra}


def new_game(client, players=PLAYERS, rules=LONG, **extra) -> str:
    """A long game of *players* made through the API on *client*: its id."""
    return GameActions(client).create(rules, players, **extra)["id"]


def scored(number: int, winner: str = "Sami", points: dict | None = None,
           players=PLAYERS) -> dict:
    """Deal *number* won by *winner*; *points* maps the others to the points left in hand
    (None: never melded). By default each other player kept 10 points."""
    if points is None:
        points = {p: 10 for p in players if p != winner}
    return apiwork.scored(number, winner, points)


def random_deal(number: int, rnd: random.Random, players=PLAYERS) -> dict:
    """A deal as a table might report it: mostly scored, now and then a redeal."""
    if rnd.random() < 0.1:
        return unscored(number, rnd.choice(["redeal", "stock_exhausted"]))
    winner = rnd.choice(players)
    return scored(number, winner, {p: None if rnd.random() < 0.2 else rnd.randint(0, 90)
                                   for p in players if p != winner}, players)


def deal_entry(deal: dict) -> dict:
    """What the game state says the table reported for a deal (the API's deal object
    without what the engine worked out), to compare with the body that was sent."""
    keys = ("outcome", "winner", "finish", "hands")
    return {k: deal[k] for k in keys if k in deal} | {"deal": deal.get("number",
                                                                       deal.get("deal"))}
