"""The result picture to share (``GET /games/<id>/result.png``): a square PNG of a game's
result — its title, the group and the day, who won (or how it stands), each player's or
side's total and the chart of the running totals — drawn in the app's colours, big enough
to read on a phone, for a chat or a story.

It is drawn from plain data (:class:`Result`), every word already in the reader's
language: no game is named here. Right to left (Arabic), the picture is mirrored: the
title and the names start on the right and the totals stand on the left; the chart runs
left to right as the page's does. Arabic letters are joined here (arabic-reshaper) and laid
out right to left (python-bidi), then drawn one after another: the same on every machine,
whether or not its Pillow can shape text itself. The font is DejaVu Sans, carried in
``fonts/`` (its README says where it came from).

Pillow, arabic-reshaper and python-bidi are the ``picture`` extra: this module is imported
only where they are installed (scorekeeper/web/game/share.py asks)."""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import arabic_reshaper
from bidi import get_display
from PIL import Image, ImageDraw, ImageFont

from .sheet import COLOURS, DASHES

SIZE = 1080  # a square: what chats and stories show whole
MARGIN = 64
FONTS = Path(__file__).resolve().parent / "fonts"
# static/style.css's colours: text, muted text, the page, the header's green, rules.
FG, MUTED, BG, ACCENT, RULE = "#1d1d1f", "#5b5b63", "#fbfaf7", "#0b6e4f", "#d9d6cc"
ON_ACCENT = "#ffffff"
ON_ACCENT_MUTED = "#cde7dd"
LEADING = "#e2f0ea"  # the leaders' rows: the green, lightened
ZERO = "#b9b5a8"  # the chart's zero line, as on the page
# The chart's dashes are the page's (scorekeeper.ui.sheet.DASHES), drawn this much larger.
DASH_SCALE = 3.5

# Letters written right to left: Hebrew, Arabic (and their presentation forms).
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
# Marks that only steer the layout: nothing to draw once the text is laid out.
_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_ELLIPSIS = "…"


@dataclass(frozen=True)
class Standing:
    """One column of the sheet: a player, a team or a side, and its total."""

    name: str
    total: int
    leading: bool  # the winner of a finished game, the leader of one in play
    tally: int | None = None  # the line that decides the game instead, where one does


@dataclass(frozen=True)
class Result:
    """What the picture shows, every word in the reader's language."""

    title: str  # the form of the game ("Levant · partnerships")
    note: str  # "Game over", "Game in progress"
    headline: str  # who won, or who leads
    day: str  # the day the game was played, as the reader writes dates
    group: str | None  # the group the game counts for
    standings: tuple[Standing, ...]  # in seat order
    #: The totals per column before the first deal (all 0) and after each scored deal.
    points: tuple[tuple[int, ...], ...]
    footer: str  # the app's name
    right_to_left: bool
    tally_label: str | None = None  # what the tally is called, where there is one
    total_label: str = "Total"


def header_line(group: str | None, day: str) -> str:
    """The group and the day under the title, each part set apart (first-strong
    isolates): a Latin group name beside an Arabic day ("28 نوفمبر 2026") would otherwise
    split the day from its month (issue 39)."""
    return " · ".join(f"\u2068{part}\u2069" for part in (group, day) if part)


def draw(result: Result) -> bytes:
    """The picture of *result*, as PNG."""
    image = Image.new("RGB", (SIZE, SIZE), BG)
    pen = _Pen(ImageDraw.Draw(image), result.right_to_left)
    width = SIZE - 2 * MARGIN

    # The header band, in the app's green: the game, then the group and the day.
    pen.draw.rectangle((0, 0, SIZE, 196), fill=ACCENT)
    pen.text(MARGIN, 94, result.title, 58, bold=True, fill=ON_ACCENT, width=width)
    under = header_line(result.group, result.day)
    pen.text(MARGIN, 154, under, 34, fill=ON_ACCENT_MUTED, width=width)

    # Who won (or how it stands), the picture's one big line.
    pen.text(MARGIN, 262, result.note, 34, fill=MUTED, width=width)
    pen.text(MARGIN, 338, result.headline, 64, bold=True, fill=ACCENT, width=width,
             smallest=36)

    top = _standings(pen, result, 384)
    if len(result.points) > 1:
        _chart(pen, result.points, top + 28, SIZE - 104)

    pen.draw.line((MARGIN, SIZE - 80, SIZE - MARGIN, SIZE - 80), fill=RULE, width=2)
    pen.text(MARGIN, SIZE - 34, result.footer, 28, bold=True, fill=ACCENT, width=width)

    out = io.BytesIO()
    image.save(out, "PNG", compress_level=9)
    return out.getvalue()


def _standings(pen: _Pen, result: Result, top: int) -> int:
    """Each column's swatch (its line in the chart), name and total; where the rows end."""
    rows = result.standings
    height = 76 if len(rows) <= 4 else 58
    size = 42 if len(rows) <= 4 else 36
    end = SIZE - MARGIN - 20
    total_end = end - 190 if result.tally_label else end
    if result.tally_label:
        pen.text(total_end, top + 24, result.total_label, 26, fill=MUTED, end=True,
                 width=180)
        pen.text(end, top + 24, result.tally_label, 26, fill=MUTED, end=True, width=180)
        top += 38
    name_start = MARGIN + 104
    name_width = total_end - 170 - name_start
    for i, row in enumerate(rows):
        y = top + i * height
        middle = y + height // 2
        if row.leading:
            left, right = pen.span(MARGIN, SIZE - MARGIN)
            pen.draw.rounded_rectangle((left, y + 4, right, y + height - 4), radius=16,
                                       fill=LEADING)
        swatch = [(pen.x(MARGIN + 20), middle), (pen.x(MARGIN + 80), middle)]
        _line(pen.draw, swatch, _colour(i), 7, _dash(i))
        pen.text(name_start, middle, row.name, size, bold=row.leading, fill=FG,
                 width=name_width, smallest=26, anchor="m")
        pen.text(total_end, middle, _number(row.total), size + 4, bold=True,
                 fill=ACCENT if row.leading else FG, end=True, anchor="m")
        if row.tally is not None:
            pen.text(end, middle, _number(row.tally), size + 4, bold=row.leading,
                     fill=ACCENT if row.leading else FG, end=True, anchor="m")
    return top + len(rows) * height


def _chart(pen: _Pen, points: Sequence[Sequence[int]], top: int, bottom: int) -> None:
    """The running totals as lines, as the page's chart draws them, left to right."""
    box = (MARGIN, top, SIZE - MARGIN, bottom)
    pen.draw.rounded_rectangle(box, radius=18, fill="#ffffff", outline=RULE, width=2)
    low = min(min(p) for p in points)
    high = max(max(p) for p in points)
    span = (high - low) or 1
    steps = max(len(points) - 1, 1)
    left, right = MARGIN + 110, SIZE - MARGIN - 36
    upper, lower = top + 34, bottom - 34

    def y(value: int) -> float:
        return upper + (lower - upper) * (high - value) / span

    def x(step: int) -> float:
        return left + (right - left) * step / steps

    _line(pen.draw, [(left, y(0)), (right, y(0))], ZERO, 3, (10, 10))
    for value in sorted({high, low}):
        # Digits read left to right in either language, as the page's axis does.
        pen.draw.text((MARGIN + 96, y(value)), _number(value), font=_font(26, False),
                      fill=MUTED, anchor="rm")
    for i in range(len(points[0])):
        line = [(x(step), y(p[i])) for step, p in enumerate(points)]
        _line(pen.draw, line, _colour(i), 7, _dash(i))
        ex, ey = line[-1]
        pen.draw.ellipse((ex - 9, ey - 9, ex + 9, ey + 9), fill=_colour(i))


class _Pen:
    """Draws text from the start side of the picture: the left in English, the right in
    Arabic, with each x measured from that side."""

    def __init__(self, draw: ImageDraw.ImageDraw, right_to_left: bool) -> None:
        self.draw = draw
        self.right_to_left = right_to_left

    def x(self, x: float) -> float:
        """*x*, measured from the start side, as a distance from the left."""
        return SIZE - x if self.right_to_left else x

    def span(self, start: float, end: float) -> tuple[float, float]:
        """The band between *start* and *end* (from the start side), left to right."""
        one, other = self.x(start), self.x(end)
        return min(one, other), max(one, other)

    def text(self, x: float, y: float, text: str, size: int, *, bold: bool = False,
             fill: str = FG, end: bool = False, width: float | None = None,
             smallest: int | None = None, anchor: str = "s") -> None:
        """*text* with its start (its *end*) at *x*, on the baseline *y* (or centred on
        it, *anchor* ``"m"``), made smaller down to *smallest* to fit *width*, then cut."""
        font, shown = _fitted(text, size, bold, width, smallest or size, self.right_to_left)
        at_left = end == self.right_to_left  # where the text's left edge goes
        self.draw.text((self.x(x), y), shown, font=font, fill=fill,
                       anchor=("l" if at_left else "r") + anchor)


def _fitted(text: str, size: int, bold: bool, width: float | None, smallest: int,
            right_to_left: bool) -> tuple[ImageFont.FreeTypeFont, str]:
    """The font, and *text* laid out to draw, that fit *width*: smaller sizes first, then
    the text cut short with an ellipsis."""
    for tried in range(size, smallest - 1, -2) if width is not None else (size,):
        font = _font(tried, bold)
        shown = visual(text, right_to_left)
        if width is None or font.getlength(shown) <= width:
            return font, shown
    font = _font(smallest, bold)
    cut = text
    while cut and font.getlength(visual(cut + _ELLIPSIS, right_to_left)) > (width or 0):
        cut = cut[:-1]
    return font, visual(cut.rstrip() + _ELLIPSIS, right_to_left)


def visual(text: str, right_to_left: bool) -> str:
    """*text* as it is drawn, one letter after another from the left: Arabic letters
    joined (each in the form it takes beside its neighbours) and every run of a
    right-to-left script reversed, in a line read right to left when the page is. Text
    with no such letter is drawn as it is (a Latin name, or a number).

    >>> visual("Ali", True), visual("-30", True)
    ('Ali', '-30')
    >>> [f"{ord(c):x}" for c in visual("لينا", True)]  # alef, noon, yeh, lam: joined
    ['fe8e', 'fee8', 'fef4', 'fedf']
    """
    if not _RIGHT_TO_LEFT.search(text):
        return _CONTROLS.sub("", text)
    shaped = arabic_reshaper.reshape(text)
    shown: str = get_display(shaped, base_dir="R" if right_to_left else "L")
    return _CONTROLS.sub("", shown)


@lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at *size* px, laid out letter by letter (the text comes shaped)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size,
                              layout_engine=ImageFont.Layout.BASIC)


def _colour(i: int) -> str:
    return COLOURS[i % len(COLOURS)]


def _dash(i: int) -> tuple[float, ...]:
    """The page's dash pattern of column *i*, in the picture's scale (none: solid)."""
    return tuple(float(n) * DASH_SCALE for n in DASHES[i % len(DASHES)].split())


def _number(value: int) -> str:
    """A total, with a true minus sign (the hyphen is short beside the digits)."""
    return f"\u2212{-value}" if value < 0 else str(value)


def _line(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], colour: str,
          width: int, dash: tuple[float, ...]) -> None:
    """A polyline through *points*, solid or with the *dash* pattern (on, off, ...)."""
    if not dash:
        draw.line(list(points), fill=colour, width=width, joint="curve")
        return
    pattern, at = list(dash), 0
    left = pattern[0]
    for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
        length = math.hypot(x2 - x1, y2 - y1)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if at % 2 == 0:  # the pattern's even places are drawn, the odd ones gaps
                a, b = done / length, (done + step) / length
                draw.line((x1 + (x2 - x1) * a, y1 + (y2 - y1) * a,
                           x1 + (x2 - x1) * b, y1 + (y2 - y1) * b), fill=colour, width=width)
            done += step
            left -= step
            if left <= 0:
                at = (at + 1) % len(pattern)
                left = pattern[at]
