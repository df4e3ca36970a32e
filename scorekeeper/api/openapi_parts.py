"""Every game's part of the OpenAPI description (scorekeeper/games/openapi_part.py), and
how the games' schemas of one thing become one: the deal a client records, a referee
question two games ask, a new game's fields. Read by :mod:`scorekeeper.api.openapi` and
:mod:`scorekeeper.api.openapi_games`."""

from __future__ import annotations

from typing import TypeVar, cast

from ..games import games
from ..games.openapi_part import OpenApiPart, Schema

#: Each game's part, in the registry's order.
PARTS: list[OpenApiPart] = [kind.openapi() for kind in games()]


T = TypeVar("T")


def merged(one: object, other: object) -> object:
    """Two games' schemas of one thing as one: objects' properties merged, lists of
    choices and of required fields joined, and anything else as the first game has it."""
    # It walks whatever JSON the two schemas hold, object, list or value alike.
    if isinstance(one, dict) and isinstance(other, dict):
        return {key: merged(one[key], other[key]) if key in one and key in other
                else one.get(key, other.get(key)) for key in {**one, **other}}
    if isinstance(one, list) and isinstance(other, list):
        return one + [item for item in other if item not in one]
    return one


def merge_all(parts: list[T]) -> T:
    """Every game's schema of one thing as one (:func:`merged` in turn)."""
    together: object = parts[0]
    for part in parts[1:]:
        together = merged(together, part)
    # Schemas of one thing merge into one of their shape (a list stays a list, an
    # object an object).
    return cast(T, together)


def or_null(schema: Schema) -> Schema:
    """*schema*, or null: an optional field a client may send as null for not given."""
    return {"anyOf": [schema, {"type": "null"}]}
