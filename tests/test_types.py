"""The hidden contracts are types (issue 49, point 5): `Any` in shared code stays rare and
each use says why, and the audit trail's record names every text field a deal carries.

Shared code is everything in scorekeeper/ but the games' own packages. A line counts when
the name `Any` stands in its code (not in a comment or a string), imports aside — the
same lines as

    grep -rnw Any scorekeeper --include=*.py | grep -v \
      "scorekeeper/games/hand/\\|scorekeeper/games/handfoot/\\|scorekeeper/games/points/" \
      | grep -v import | grep -v ":[0-9]*: *#" | wc -l
"""

from __future__ import annotations

import io
import tokenize
from pathlib import Path
from typing import get_type_hints

from scorekeeper import deal_fields
from scorekeeper.games.snapshot import KeptDeal, Snapshot

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
GAMES = PACKAGE / "games"
CEILING = 60


def _shared() -> list[Path]:
    games = [p.parent for p in GAMES.glob("*/__init__.py")]
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if not any(p.is_relative_to(game) for game in games))


def _any_lines(path: Path) -> list[int]:
    """The lines of *path* whose code names `Any`, import statements aside."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME and token.string == "Any":
            row = token.start[0]
            if "import" not in lines[row - 1]:
                found.add(row)
    return sorted(found)


def _uses() -> list[tuple[Path, int, list[str]]]:
    out = []
    for path in _shared():
        lines = path.read_text(encoding="utf-8").splitlines()
        out += [(path, row, lines) for row in _any_lines(path)]
    return out


def test_any_in_shared_code_stays_under_sixty_lines():
    uses = _uses()
    assert len(uses) < CEILING, (
        f"{len(uses)} lines of shared code name Any (fewer than {CEILING} allowed): type "
        "them (scorekeeper/jsontypes.py, a TypedDict, a Protocol) rather than add more")


def test_each_any_left_in_shared_code_says_why():
    silent = [f"{path.relative_to(PACKAGE.parent)}:{row}" for path, row, lines in _uses()
              if "Any:" not in lines[row - 1]
              and not (row > 1 and "Any:" in lines[row - 2])]
    assert not silent, ("each Any left needs its reason (a comment holding 'Any:' on its "
                        f"line or the line above): {silent}")


def test_the_kept_deal_names_every_text_field_a_deal_carries():
    # A deal as the history keeps it: the game's snapshot and each typed field.
    extra = set(get_type_hints(KeptDeal)) - set(get_type_hints(Snapshot))
    assert extra == deal_fields.names()


def test_the_snapshot_record_holds_what_every_game_writes():
    assert set(get_type_hints(Snapshot)) == {"deal", "outcome", "scores"}
    assert Snapshot.__required_keys__ == {"deal", "outcome"}
