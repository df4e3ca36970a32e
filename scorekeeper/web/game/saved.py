"""What a phone is shown where its player is looking, after a save, a correction, an undo
or a save another phone got ahead of: the deal as the sheet now has it, in one line, and
what the phone still holds of what its player typed. Read off the game's sheet, so every
game shows its own columns (players, partnerships or sides); nothing here decides a
rule."""

from __future__ import annotations

from dataclasses import dataclass

from ...ui.sheet import Sheet


@dataclass(frozen=True)
class Line:
    """Deal *number* as the sheet shows it: each column's score, or the note of a deal
    that scored nothing (a redeal)."""

    number: int
    scores: tuple[tuple[str, int], ...]
    note: str


def line_of(sheet: Sheet, number: int) -> Line | None:
    """Deal *number* of *sheet* (the whole sheet, or its last rows), or None when the
    sheet has no such deal."""
    row = next((row for row in reversed(sheet.rows) if row.number == number), None)
    if row is None:
        return None
    scores = tuple((column, cell[0]) for column, cell in zip(sheet.columns, row.cells,
                                                           strict=True) if cell is not None)
    return Line(number, scores, row.note)


@dataclass(frozen=True)
class Result:
    """A deal this phone has just saved (or corrected), to confirm at the form; *note*
    adds what else the player should know (the save was a second tap)."""

    line: Line
    corrected: bool = False
    note: str | None = None


@dataclass(frozen=True)
class Kept:
    """What a phone typed that another phone's save got ahead of, kept in its form: the
    deal the other phone recorded (*theirs*, None when there is none to compare with) and
    where one tap turns this phone's entries into a correction of that deal."""

    theirs: Line | None
    correct_url: str | None
