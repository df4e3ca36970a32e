"""What a downloaded sheet is called: the game, its players and the day it started
("hand-Lina-Omar-Sami-2026-11-26.csv"), never the game's secret id, which would hand
whoever sees the file the game's link."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from datetime import date
from urllib.parse import quote


def attachment(game: str, players: Sequence[str], started: date, extension: str,
               disposition: str = "attachment") -> str:
    """The Content-Disposition of a download: a plain ASCII ``filename`` any browser
    takes (accents dropped, other letters left out), and the names as typed, Arabic too,
    in ``filename*`` (RFC 6266, with RFC 5987's encoding). A picture is ``inline``: shown
    when opened, and saved under that name."""
    day = started.isoformat()
    plain = "-".join(p for p in [game, *map(_ascii, players), day] if p)
    typed = "-".join(p for p in [game, *map(_word, players), day] if p)
    return (f'{disposition}; filename="{plain}.{extension}"; '
            f"filename*=UTF-8''{quote(f'{typed}.{extension}', safe='')}")


def _ascii(name: str) -> str:
    letters = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", letters).strip("-")


def _word(name: str) -> str:
    """*name* with anything but letters and digits, in any script, made a hyphen."""
    return re.sub(r"[\W_]+", "-", name).strip("-")
