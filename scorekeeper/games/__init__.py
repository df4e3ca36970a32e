"""The games the app keeps, each a package of its own under ``scorekeeper/games/`` that
builds one :class:`~scorekeeper.games.kind.GameKind`; this registry is the only place that
lists them (docs/architecture.md, "Adding a game"). Shared code finds a game's kind from
its rules with :func:`kind_of`, or by one of its declared names, as OpenSpiel finds a game
by its registered name.

The kinds are read when first asked for, not when this package is imported: each game's
engine (``scorekeeper.games.<game>.rules``) is plain Python, imported without Flask or the
database."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Protocol, cast

from ..codec import PayloadError
from ..rulekit.messages import N_, fail, msg

if TYPE_CHECKING:  # the protocol's module reads the database's models
    from .kind import AnyKind

#: The game the app opens on where nobody has chosen one yet: the new-game form's first
#: choice, the referee's first page, a group's first standings.
HOME = "hand"


@cache
def games() -> tuple[AnyKind, ...]:
    """Every game, in the order the choosers list them."""
    from .hand.kind import HAND
    from .handfoot.kind import HANDFOOT
    from .points.kind import POINTS

    # Each kind is typed over its own table, deal and state; shared code reads them
    # through the protocols, handing a kind back only what that kind gave it.
    return cast("tuple[AnyKind, ...]", (HAND, HANDFOOT, POINTS))


def home() -> AnyKind:
    """The game the app opens on (:data:`HOME`)."""
    return cast("AnyKind", kind_named(HOME))


def preset_of(rules: object) -> object:
    """The preset rules name, whether written as the name or as an object."""
    return rules.get("preset") if isinstance(rules, Mapping) else rules


def kind_of(rules: object) -> AnyKind:
    """The game whose rules *rules* are (a preset's name, or rules as a body or a stored
    game gives them): :class:`RulesError` naming every game's presets if none has it."""
    preset = preset_of(rules)
    for kind in games():
        if preset in kind.info.presets:
            return kind
    names = ", ".join(presets())
    if not isinstance(rules, (str, Mapping)):
        raise fail(N_("Rules must be a preset name or an object with a “preset” field: "
                      "%(names)s."), names=names)
    if not isinstance(preset, str):
        raise fail(N_("Rules need a “preset” naming a form: %(names)s."), names=names)
    raise fail(N_("Unknown form “%(name)s”; the forms are %(names)s."), name=preset,
               names=names)


def kind_asked(data: Mapping[str, object]) -> AnyKind:
    """The game of a body's ``rules`` (a referee question, a round to score):
    :class:`PayloadError` when the body gives none."""
    if "rules" not in data:
        raise PayloadError(msg(N_("Say which rules apply: “rules” is a preset name such as "
                                  "“levant”, or an object with a “preset” and options.")))
    return kind_of(data["rules"])


def kind_named(name: str) -> AnyKind | None:
    """The game called *name* in code (``handfoot``), if there is one."""
    return next((kind for kind in games() if kind.info.name == name), None)


class Stored(Protocol):
    """A stored game's row, as far as finding its game goes."""

    kind: str


def kind_of_game(game: Stored) -> AnyKind:
    """The game a stored game is, as its row names it (set at creation): a lookup by
    name, where :func:`kind_of` reads the rules."""
    kind = kind_named(game.kind)
    if kind is None:
        raise LookupError(f"a stored game names no game the app has: {game.kind!r}")
    return kind


def kind_called(api_name: str) -> AnyKind | None:
    """The game the API calls *api_name* (``hand_and_foot``), if there is one."""
    return next((kind for kind in games() if kind.info.api_name == api_name), None)


def presets() -> list[str]:
    """Every game's presets, game by game."""
    return [preset for kind in games() for preset in kind.info.presets]
