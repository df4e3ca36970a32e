"""Rooms of a size one can read (docs/architecture.md, "Bounds"): no module of the package
over 400 lines (issue 49; the hook warns at 450) and no script of the app's own over 400,
so a room that grows is split by what it holds rather than left to sprawl. Vendored code
(static/vendor/) is not ours."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MOST_MODULE_LINES = 400
MOST_SCRIPT_LINES = 400


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


MODULES = sorted((ROOT / "scorekeeper").rglob("*.py"))
SCRIPTS = sorted((ROOT / "static").glob("*.js"))


def test_the_bounds_see_every_room():
    assert len(MODULES) > 100 and len(SCRIPTS) > 5


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_over_400_lines(module):
    assert _lines(module) <= MOST_MODULE_LINES, f"{module.relative_to(ROOT)}: split it"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_script_is_over_400_lines(script):
    assert _lines(script) <= MOST_SCRIPT_LINES, f"{script.relative_to(ROOT)}: split it"
