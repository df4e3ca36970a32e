"""A game's kind changed for one test. Kinds are frozen records, so a test that counts or
replaces what a game does puts a changed copy in the registry, where shared code finds it
(:func:`scorekeeper.games.kind_of`), and the test's monkeypatch puts the original back."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import scorekeeper.games as registry


def changed_kind(monkeypatch: Any, name: str, pages: dict[str, Any] | None = None,
                 **changes: Any) -> Any:
    """Game *name*'s kind with *changes* (and *pages* changed in its pages), registered
    for the rest of the test; returned."""
    kinds = registry.games()
    old = registry.kind_named(name)
    assert old is not None, name
    new = replace(old, **changes, **({"pages": replace(old.pages, **pages)} if pages else {}))
    changed = tuple(new if kind is old else kind for kind in kinds)
    monkeypatch.setattr(registry, "games", lambda: changed)
    return new
