"""The games the app keeps, each a package of its own (``hand``, ``handfoot``) that builds
one :class:`~scorekeeper.games.kind.GameKind`; this registry is the only place that lists
them. Shared code finds a game's kind from its rules with :func:`kind_of`, as OpenSpiel
finds a game by its registered name.

The kinds are read when first asked for, not when this package is imported: each game's
engine (``scorekeeper.games.<game>.rules``) is plain Python, imported without Flask or the
database."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the protocol's module reads the database's models
    from .kind import AnyKind


@cache
def games() -> tuple[AnyKind, ...]:
    """Every game, the first being the one a preset no game knows is handed to, so its
    rules refuse it with their own sentence."""
    from .hand.kind import HAND
    from .handfoot.kind import HANDFOOT

    return HAND, HANDFOOT


def preset_of(rules: object) -> object:
    """The preset rules name, whether written as the name or as an object."""
    return rules.get("preset") if isinstance(rules, Mapping) else rules


def kind_of(rules: object) -> AnyKind:
    """The game whose rules *rules* are (a preset's name, or rules as stored)."""
    preset = preset_of(rules)
    for kind in games():
        if preset in kind.presets:
            return kind
    return games()[0]


def kind_named(name: str) -> AnyKind | None:
    """The game called *name* in code (``hand``), if there is one."""
    return next((kind for kind in games() if kind.name == name), None)


def presets() -> list[str]:
    """Every game's presets, game by game."""
    return [preset for kind in games() for preset in kind.presets]
