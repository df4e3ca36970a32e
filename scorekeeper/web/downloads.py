"""A game's downloads — its sheet as CSV, its state as JSON, its link as a QR code — and
what a downloaded sheet is called: the game, its players and the day it started
("hand-Lina-Omar-Sami-2026-11-26.csv"), never the game's secret id, which would hand
whoever sees the file the game's link."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Sequence
from datetime import date
from typing import Any
from urllib.parse import quote

import segno
from flask import Response, jsonify
from flask_babel import gettext as _

from .. import trust
from ..games import kind_of
from ..models import Game
from ..storage import state_of


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


def qr_svg(link: str) -> Response:
    code = segno.make(link, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=4, border=2, xmldecl=False)
    return Response(out.getvalue(), mimetype="image/svg+xml")


def csv_download(game: Game) -> Response:
    """The sheet as a CSV attachment, named after the game, its players and the day it
    started (never its id, which is the game's link)."""
    kind, state = kind_of(game.rules), state_of(game)
    out = io.StringIO()
    csv.writer(out).writerows(kind.pages.csv_rows(state))
    if marks := trust.marks_of(game):
        # Who entered and who confirmed each deal, below the sheet (docs/trust.md).
        csv.writer(out).writerows([[], [
            _("Deal"), _("Entered by"), _("Confirmed by"), _("Confirmed at"),
            _("Disputed by"), _("Why")], *([
                m.number, m.recorded_by or "", m.confirmed_by or "",
                m.confirmed_at.isoformat() if m.confirmed_at else "", m.disputed_by or "",
                m.reason or ""] for m in marks)])
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": attachment(kind.info.name, state.table.players,
                                          game.created_at.date(), "csv")})


def json_download(data: dict[str, Any], name: str) -> Response:
    response = jsonify(data)
    response.headers["Content-Disposition"] = f"attachment; filename=hand-{name}.json"
    return response
