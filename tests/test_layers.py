"""The package's floor plan (docs/architecture.md), checked on the source: the rules engine
imports nothing of the app, the pages and the JSON API are siblings that never import each
other, and no two modules of the pages import each other, directly or round a circle.
Imports inside functions count too: a deferred import is still a dependency."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


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
            found.add(target)
            # `from . import games` names a module; `from .games import x` a name in one.
            found |= {f"{target}.{a.name}" for a in node.names}
    return found


GRAPH = {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}
MODULES = set(GRAPH)


def _edges(module: str) -> set[str]:
    return {m for m in GRAPH[module] if m in MODULES and m != module}


def _within(prefix: str) -> list[str]:
    return sorted(m for m in MODULES if m == prefix or m.startswith(prefix + "."))


@pytest.mark.parametrize("module", _within("scorekeeper.rules"))
def test_the_engine_imports_nothing_of_the_app(module):
    outside = {m for m in _edges(module) if not m.startswith("scorekeeper.rules")}
    assert not outside, f"{module} imports {sorted(outside)}"


@pytest.mark.parametrize(("side", "other"), [("scorekeeper.web", "scorekeeper.api"),
                                              ("scorekeeper.api", "scorekeeper.web")])
def test_the_pages_and_the_api_are_siblings(side, other):
    crossing = {(m, i) for m in _within(side) for i in _edges(m)
                if i == other or i.startswith(other + ".")}
    assert not crossing, sorted(crossing)


@pytest.mark.parametrize("side", ["scorekeeper.web", "scorekeeper.api"])
def test_no_import_circle_among_a_sides_modules(side):
    # The package's __init__ registers the blueprints, so it imports everything below it.
    inside = [m for m in _within(side) if m != side]

    def circle_from(start: str) -> list[str] | None:
        path, seen = [start], set()

        def walk(module: str) -> list[str] | None:
            for nxt in sorted(_edges(module) & set(inside)):
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

    circles = [c for m in inside if (c := circle_from(m))]
    assert not circles, " → ".join(circles[0])


def test_the_layers_below_both_sides_import_neither():
    below = ["scorekeeper.codec", "scorekeeper.referee", "scorekeeper.pins",
             "scorekeeper.storage", "scorekeeper.statuses", "scorekeeper.i18n",
             "scorekeeper.models"]
    upward = {(m, i) for m in below for i in _edges(m)
              if i.startswith(("scorekeeper.web", "scorekeeper.api"))}
    assert not upward, sorted(upward)


def test_the_import_graph_is_read():
    # Guards the checks above against an import reader that finds nothing.
    assert "scorekeeper.storage" in _edges("scorekeeper.web.games")
    assert "scorekeeper.referee" in _edges("scorekeeper.api.referee")
    assert "scorekeeper.rules.cards" in _edges("scorekeeper.rules.wilds")
