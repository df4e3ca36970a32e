"""The package's floor plan (docs/architecture.md), checked on the source: the shared rules
and each game's engine import nothing of the app, no game imports another and only the
registry names them, each feature (the league, trust, the night) is one package whose
engine imports nothing of the app and which imports no feature above it, nor the floor
below it any feature's storage, the pages and the JSON API are siblings that never import
each other, and no module imports itself round a circle. Imports inside functions count
too: a deferred import is still a dependency."""

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


# Each feature is one package (issue 49): its engine, plain Python like a game's, in its
# `engine` subpackage; its storage beside it. Bottom first: a feature builds only on those
# before it here.
FEATURES = ["scorekeeper.league", "scorekeeper.trust", "scorekeeper.night"]
ENGINES = ["scorekeeper.league.engine", "scorekeeper.night.engine"]
# What an engine must not need: the web framework, the database, the forms.
APP_LIBRARIES = ("flask", "flask_babel", "flask_htmx", "flask_migrate", "flask_sqlalchemy",
                 "flask_wtf", "jinja2", "jinja2_fragments", "sqlalchemy", "werkzeug", "wtforms")


def _libraries(module: str) -> set[str]:
    """The top-level names of what *module* imports from outside the package."""
    path = PACKAGE.parent.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found - {"scorekeeper"}


def _feature_of(module: str) -> str | None:
    return next((f for f in FEATURES if module == f or module.startswith(f + ".")), None)


@pytest.mark.parametrize("module", [m for engine in ENGINES for m in _within(engine)])
def test_a_features_engine_imports_nothing_of_the_app(module):
    """Plain Python like the games' engines: a night's seating and standing, the league's
    standings and rating read plain data (the night each game's result through the
    league's), and name no game, no storage, no page."""
    outside = {m for m in _edges(module)
               if not m.startswith(("scorekeeper.rulekit", *ENGINES))}
    assert not outside, f"{module} imports {sorted(outside)}"
    assert not _libraries(module) & set(APP_LIBRARIES), module


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_imports_no_feature_above_it(feature):
    above = FEATURES[FEATURES.index(feature) + 1:]
    up = {(m, i) for m in _within(feature) for i in _edges(m) if _feature_of(i) in above}
    assert not up, sorted(up)


@pytest.mark.parametrize("feature", FEATURES)
def test_no_feature_reaches_the_pages_the_api_or_the_backup(feature):
    up = {(m, i) for m in _within(feature) for i in _edges(m)
          if i.startswith(("scorekeeper.web", "scorekeeper.api", "scorekeeper.backup"))}
    assert not up, sorted(up)


# Above the features: the app factory, the two sides, the backup, and a game's state as
# both sides answer it (its rematch, ratings and signatures read from the features).
ABOVE_THE_FEATURES = ("scorekeeper.web", "scorekeeper.api", "scorekeeper.backup")
# The one edge up to a feature from below, left to the storage's own split: a change to a
# game keeps its league result in the same transaction (scorekeeper.storage.changes).
KEPT_IN_THE_SAME_TRANSACTION = {"scorekeeper.league.results"}


def test_the_ground_floor_imports_no_features_storage():
    """The ground floor (models, extensions, codec, storage, the games and their registry,
    the pieces pages are built from …) may read a feature's engine — each game tells the
    league its result in the league's plain terms — but never a feature's storage."""
    ground = [m for m in MODULES if _feature_of(m) is None
              and m not in ("scorekeeper", "scorekeeper.states")
              and not m.startswith(ABOVE_THE_FEATURES)]
    up = {(m, i) for m in ground for i in _edges(m)
          if _feature_of(i) is not None and not i.startswith(tuple(ENGINES))
          and not (m.startswith("scorekeeper.storage") and i in KEPT_IN_THE_SAME_TRANSACTION)}
    assert not up, sorted(up)


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


# The pages' families (scorekeeper/web/__init__.py), each with the families it builds on.
# The root of web/ ties them together (it registers them, and guards game and group pages
# with their PIN): no family imports it.
PAGE_FAMILIES = {
    "scorekeeper.web.common": (),
    "scorekeeper.web.game": ("scorekeeper.web.common",),
    "scorekeeper.web.group": ("scorekeeper.web.common", "scorekeeper.web.game"),
    "scorekeeper.web.night": ("scorekeeper.web.common", "scorekeeper.web.game",
                              "scorekeeper.web.group"),
    "scorekeeper.web.referee": ("scorekeeper.web.common", "scorekeeper.web.game"),
}
PAGES_ROOT = {"scorekeeper.web", "scorekeeper.web.access", "scorekeeper.web.security"}


def test_every_page_module_is_in_a_family_or_ties_them():
    loose = {m for m in _within("scorekeeper.web")
             if m not in PAGES_ROOT and not any(m == f or m.startswith(f + ".")
                                                 for f in PAGE_FAMILIES)}
    assert not loose, sorted(loose)


@pytest.mark.parametrize("family", PAGE_FAMILIES)
def test_a_page_family_imports_only_the_families_it_builds_on(family):
    allowed = (family, *PAGE_FAMILIES[family])
    up = {(m, i) for m in _within(family) for i in _edges(m)
          if i.startswith("scorekeeper.web")
          and not any(i == f or i.startswith(f + ".") for f in allowed)}
    assert not up, sorted(up)


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
    assert "scorekeeper.storage" in _edges("scorekeeper.web.game.routes")
    assert "scorekeeper.web.game.setup" in _edges("scorekeeper.web.night.routes")
    assert REGISTRY in _edges("scorekeeper.api.referee")
    assert "scorekeeper.rulekit.cards" in _edges("scorekeeper.games.hand.rules.wilds")
    assert GAMES == ["hand", "handfoot", "points"]
    assert "scorekeeper.league.engine.rating" in _edges("scorekeeper.night.engine.balance")
    assert {"sqlalchemy", "openskill"} <= _libraries("scorekeeper.league.ratings") | _libraries(
        "scorekeeper.league.engine.rating")
