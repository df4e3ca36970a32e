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
from urllib.parse import quote

import segno
from flask import Response, jsonify
from flask_babel import gettext as _

from ...games import kind_of_game
from ...i18n import FSI, PDI
from ...jsontypes import JSONObject
from ...models import Game
from ...storage import state_of
from ...trust import confirmations as trust
from ...trust.signatures import signatures_of
from . import typed
from .audit import signed


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


# Arabic letters as Latin ones, for the plain ``filename`` only: a name written in Arabic
# then still names its file (محمد: mhmd) rather than vanishing from it.
_LATIN = str.maketrans({
    "ا": "a", "أ": "a", "إ": "i", "آ": "a", "ب": "b", "ت": "t", "ث": "th", "ج": "j",
    "ح": "h", "خ": "kh", "د": "d", "ذ": "dh", "ر": "r", "ز": "z", "س": "s", "ش": "sh",
    "ص": "s", "ض": "d", "ط": "t", "ظ": "z", "ع": "a", "غ": "gh", "ف": "f", "ق": "q",
    "ك": "k", "ل": "l", "م": "m", "ن": "n", "ه": "h", "و": "w", "ؤ": "w", "ي": "y",
    "ى": "a", "ئ": "y", "ة": "a", "ء": ""})


def _ascii(name: str) -> str:
    letters = unicodedata.normalize("NFKD", name.translate(_LATIN)).encode(
        "ascii", "ignore").decode()
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
    kind, state = kind_of_game(game), state_of(game)
    out = io.StringIO()
    csv.writer(out).writerows(kind.pages.csv_rows(state))
    # What the table wrote on a deal besides (scorekeeper/deal_fields.py).
    csv.writer(out).writerows(typed.csv_rows(game))
    if marks := trust.marks_of(game):
        # Who entered and who confirmed each deal, below the sheet (docs/trust.md).
        csv.writer(out).writerows([[], [
            _("Deal"), _("Entered by"), _("Confirmed by"), _("Confirmed at"),
            _("Disputed by"), _("Why")], *([
                m.number, m.recorded_by or "", m.confirmed_by or "",
                m.confirmed_at.isoformat() if m.confirmed_at else "", m.disputed_by or "",
                m.reason or ""] for m in marks)])
        # Then every signature, in order (scorekeeper/trust/signatures.py): what the marks
        # alone no longer say once a deal was changed or a dispute answered.
        csv.writer(out).writerows([[], [
            _("Deal"), _("Signature"), _("By"), _("At"), _("Why"), _("Notes")], *([
                s.deal, signed(s).title, s.by or "", s.at.isoformat(), s.reason or "",
                "; ".join(signed(s).details)] for s in signatures_of(game))])
    # The isolates that keep a side's names in order on a right-to-left page
    # (scorekeeper.ui.names.together) are a page's: a spreadsheet's cell has its own.
    body = out.getvalue().replace(FSI, "").replace(PDI, "")
    # A byte-order mark where the sheet holds more than ASCII (Arabic headings or names):
    # without it, Excel reads UTF-8 as its own code page and shows mojibake.
    return Response(body if body.isascii() else "\ufeff" + body, mimetype="text/csv", headers={
        "Content-Disposition": attachment(kind.info.name, state.table.players,
                                          game.created_at.date(), "csv")})


def json_download(data: JSONObject, name: str, game: Game) -> Response:
    """A game's state as a JSON attachment, named after its game's kind (``hand``,
    ``handfoot``…) and *name*."""
    response = jsonify(data)
    kind = kind_of_game(game).info.name
    response.headers["Content-Disposition"] = f"attachment; filename={kind}-{name}.json"
    return response
