"""Issue 35's proof that a game is added through the registry alone: the commit that
brought the points sheet (the one that created scorekeeper/games/points/) changed no file
outside the game's own package, templates and static files, the tests, the docs, the
catalogues, and the registry and packaging lines — and in the registry, only the lines
that list it."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIRTH = "scorekeeper/games/points/__init__.py"
ITS_OWN = ("scorekeeper/games/points/", "templates/points/", "static/points", "tests/",
           "docs/", "scorekeeper/translations/")
REGISTRY = "scorekeeper/games/__init__.py"
LISTS = ("CHANGELOG.md", "README.md", "pyproject.toml", REGISTRY)


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                          text=True).stdout


def _birth() -> str:
    commits = _git("log", "--diff-filter=A", "--format=%H", "--", BIRTH).split()
    assert commits, "the commit that added the points sheet is not in this clone's history"
    return commits[-1]


def test_adding_the_points_sheet_touched_nothing_of_the_shared_house():
    changed = _git("show", "--name-only", "--format=", _birth()).split()
    assert BIRTH in changed
    outside = [path for path in changed
               if not path.startswith(ITS_OWN) and path not in LISTS]
    assert outside == []


def test_the_registry_changed_only_by_the_lines_that_list_the_points_sheet():
    diff = _git("show", "--format=", "--unified=0", _birth(), "--", REGISTRY).splitlines()
    edits = [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert len(edits) <= 4
    assert all("POINTS" in line or "points" in line or line.startswith("-") for line in edits)
