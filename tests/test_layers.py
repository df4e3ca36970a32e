"""The package's floor plan (docs/architecture.md), checked on the source: the shared rules
and each game's engine import nothing of the app, no game imports another and only the
registry names them, the pages and the JSON API are siblings that never import each other,
and no module imports itself round a circle. Imports inside functions count too: a
deferred import is still a dependency."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_names() -> set[str]:
    return {_module(p) for p in PACKAGE.rglob("*.py")}


ALL_MODULES = _module_names()


def _imports(path: Path) -> set[str]:
    """The scorekeeper modules *path* imports, by full name."""
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("scorekeeper")}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("scorekeeper"):
                continue
            # `from . import games` names a module; `from .games import x` a name in one.
            named = {f"{target}.{a.name}" for a in node.names}
            modules = named & ALL_MODULES
            found |= modules
            if named - modules:
                found.add(target)
    return found


GRAPH = {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}
MODULES = set(GRAPH)
REGISTRY = "scorekeeper.games"
GAMES = sorted(p.parent.name for p in (PACKAGE / "games").glob("*/__init__.py"))


def _edges(module: str) -> set[str]:
    return {m for m in GRAPH[module] if m in MODULES and m != module}


def _within(prefix: str) -> list[str]:
    return sorted(m for m in MODULES if m == prefix or m.startswith(prefix + "."))


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" and parts[2] in GAMES else None


@pytest.mark.parametrize("module", _within("scorekeeper.rulekit"))
def test_the_shared_rules_import_nothing_of_the_app(module):
    outside = {m for m in _edges(module) if not m.startswith("scorekeeper.rulekit")}
    assert not outside, f"{module} imports {sorted(outside)}"


@pytest.mark.parametrize("module", [m for game in GAMES
                                    for m in _within(f"scorekeeper.games.{game}.rules")])
def test_the_engine_imports_nothing_of_the_app(module):
    engine = f"scorekeeper.games.{_game_of(module)}.rules"
    outside = {m for m in _edges(module)
               if not m.startswith(("scorekeeper.rulekit", engine))}
    assert not outside, f"{module} imports {sorted(outside)}"


@pytest.mark.parametrize("module", _within("scorekeeper.night"))
def test_a_nights_seating_and_standing_import_nothing_of_the_app(module):
    """Plain Python like the engines: the night reads each game's result through the
    league's plain data, and names no game."""
    outside = {m for m in _edges(module)
               if not m.startswith(("scorekeeper.night", "scorekeeper.league"))}
    assert not outside, f"{module} imports {sorted(outside)}"
    assert not {m for m in GRAPH[module] if not m.startswith("scorekeeper")}


@pytest.mark.parametrize("game", GAMES)
def test_no_game_imports_another(game):
    crossing = {(m, i) for m in _within(f"scorekeeper.games.{game}") for i in _edges(m)
                if _game_of(i) not in (None, game) or i == REGISTRY}
    assert not crossing, sorted(crossing)


def test_shared_code_names_no_game_but_through_the_registry():
    shared = [m for m in MODULES if _game_of(m) is None and m != REGISTRY]
    naming = {(m, i) for m in shared for i in _edges(m) if _game_of(i) is not None}
    assert not naming, sorted(naming)


def test_the_registry_lists_every_game():
    listed = {_game_of(i) for i in _edges(REGISTRY)} - {None}
    assert listed == set(GAMES)


@pytest.mark.parametrize(("side", "other"), [("scorekeeper.web", "scorekeeper.api"),
                                              ("scorekeeper.api", "scorekeeper.web")])
def test_the_pages_and_the_api_are_siblings(side, other):
    crossing = {(m, i) for m in _within(side) for i in _edges(m)
                if i == other or i.startswith(other + ".")}
    assert not crossing, sorted(crossing)


def test_no_import_circle_anywhere():
    # A package's __init__ is where its submodules are registered (blueprints, routes):
    # it may import them, and they it is no edge back (they import the names, not it).
    def circle_from(start: str) -> list[str] | None:
        path, seen = [start], set()

        def walk(module: str) -> list[str] | None:
            for nxt in sorted(_edges(module)):
                if nxt == start:
                    return [*path, nxt]
                if nxt not in seen:
                    seen.add(nxt)
                    path.append(nxt)
                    if found := walk(nxt):
                        return found
                    path.pop()
            return None

        return walk(start)

    circles = [c for m in sorted(MODULES) if (c := circle_from(m))]
    assert not circles, " → ".join(circles[0])


def test_the_layers_below_both_sides_import_neither():
    below = ["scorekeeper.codec", "scorekeeper.pins", "scorekeeper.storage",
             "scorekeeper.statuses", "scorekeeper.i18n", "scorekeeper.models",
             "scorekeeper.states",
             *_within("scorekeeper.backup")]
    upward = {(m, i) for m in below for i in _edges(m)
              if i.startswith(("scorekeeper.web", "scorekeeper.api"))}
    assert not upward, sorted(upward)


def test_no_game_reaches_the_pages_the_api_or_the_storage():
    # The registry is read by the storage and both sides: a game reaching back up to
    # any of them would close a circle through the registry. A game's pages build on
    # scorekeeper.ui, below them all.
    up = {(m, i) for m in MODULES if _game_of(m) is not None for i in _edges(m)
          if i.startswith(("scorekeeper.web", "scorekeeper.api", "scorekeeper.backup"))
          or i == "scorekeeper.storage"}
    assert not up, sorted(up)


@pytest.mark.parametrize("module", _within("scorekeeper.ui"))
def test_what_pages_are_built_from_names_no_game_and_routes_nothing(module):
    up = {i for i in _edges(module)
          if i.startswith(("scorekeeper.web", "scorekeeper.api", "scorekeeper.games",
                           "scorekeeper.backup")) or i == "scorekeeper.storage"}
    assert not up, f"{module} imports {sorted(up)}"


def test_the_import_graph_is_read():
    # Guards the checks above against an import reader that finds nothing.
    assert "scorekeeper.storage" in _edges("scorekeeper.web.games")
    assert REGISTRY in _edges("scorekeeper.api.referee")
    assert "scorekeeper.rulekit.cards" in _edges("scorekeeper.games.hand.rules.wilds")
    assert GAMES == ["hand", "handfoot", "points"]
