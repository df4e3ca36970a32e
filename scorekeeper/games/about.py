"""What a game is, declared once: its names (in code, in the API, in page addresses), its
title, its presets, how many sit at it, which way play goes round, and what it has beyond a
sheet of scores. Shared code reads this record instead of probing a game's objects for
attributes or taking the first game registered (docs/architecture.md, "Adding a game")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

_CODE = re.compile(r"[a-z][a-z0-9]*")
_API = re.compile(r"[a-z][a-z0-9_]*")
_URL = re.compile(r"[a-z][a-z0-9-]*")


class Direction(Enum):
    """Which way the deal and the play pass round the table (a game's sheet lists its
    players in that order)."""

    CLOCKWISE = "clockwise"
    COUNTER_CLOCKWISE = "counter-clockwise"


@dataclass(frozen=True)
class GameInfo:
    """One game's declaration. Every name is given, never derived from another, so the
    title can be reworded or translated without moving an address or an API value."""

    #: In code and storage: the templates' folder (``templates/<name>/``), the key of a
    #: group's usual rules, the kind kept with a group game's result.
    name: str
    #: In the JSON API: a group's ``house_rules`` key, a game's ``game`` field, ``?game=``.
    api_name: str
    #: In page addresses, where the game has pages of its own (``/referee/<url_name>``).
    url_name: str
    #: As people call it, marked for translation (shown with ``gettext``).
    title: str
    #: The rules' preset names that are this game's; a stored game's rules name one.
    presets: tuple[str, ...]
    fewest_players: int
    most_players: int
    direction: Direction
    #: Whether the game has referee questions (its pages show a Referee button, and
    #: ``/api/v1/referee/*`` answers for its rules).
    referee: bool = False
    #: Whether players may play as sides (partners or teams) rather than alone.
    partnerships: bool = False
    #: Whether the table may keep a referee ruling in the game's history.
    kept_rulings: bool = False

    def __post_init__(self) -> None:
        for field, value, pattern in (("name", self.name, _CODE),
                                      ("api_name", self.api_name, _API),
                                      ("url_name", self.url_name, _URL)):
            if not pattern.fullmatch(value):
                raise ValueError(f"{field} {value!r} must match {pattern.pattern}")
        if not self.presets or len(set(self.presets)) != len(self.presets):
            raise ValueError(f"{self.name}: presets must be named, each once")
        if not 2 <= self.fewest_players <= self.most_players:
            raise ValueError(f"{self.name}: players {self.fewest_players} to "
                             f"{self.most_players}")
        if self.kept_rulings and not self.referee:
            raise ValueError(f"{self.name}: rulings are kept only by a game with a referee")
