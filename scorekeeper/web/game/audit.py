"""A game's history of changes: every deal recorded, corrected or undone, and when, read
from its audit trail (written with each change, in scorekeeper/storage.py); where the other
side confirms the deals, who confirmed or disputed each and who changed a confirmed one,
and why (scorekeeper/trust/signatures.py). The game's page holds it folded; opening it fetches
this list (or, without JavaScript, this page)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from flask import Blueprint, abort, render_template
from flask_babel import gettext as _
from jinja2_fragments.flask import render_block
from sqlalchemy import select

from ...deal_fields import deal_fields, typed_in
from ...extensions import db, htmx
from ...games import kind_of_game
from ...games.kind import AnyPages
from ...games.snapshot import KeptDeal
from ...models import AuditEntry, Game
from ...trust import signatures
from ...trust.signatures import Signature
from .typed import shown_of

bp = Blueprint("audit", __name__)

# Newest first; a long evening with many corrections stays a short page.
SHOWN = 200


@dataclass(frozen=True)
class Line:
    """One change as the history reads it: "Deal 3 corrected", when, and what changed
    ("Omar 35 → 25"); in a game whose deals the other side confirms, who signed ("Deal 3
    confirmed by Badr") and the reason given, if any (shown isolated: it is the players'
    own text, in any direction)."""

    title: str
    at: datetime
    details: list[str]
    reason: str | None = None


def lines_of(entries: Sequence[AuditEntry], pages: AnyPages) -> list[Line]:
    """*entries* (oldest first) as the history reads them, a deal that was not scored named
    as its game names how it ended. A confirmed deal's change is one line: the correction
    or undo, by whom, whose confirmation it lifted and why."""
    lines: list[Line] = []
    lifted: Signature | None = None
    for entry, signature in zip(entries, signatures.read(entries), strict=True):
        if lifted is not None and entry.deal_number != lifted.deal:
            lines.append(signed(lifted))
            lifted = None
        if entry.action == "unlock" and signature is not None:
            lifted = signature
        elif signature is not None:
            lines.append(signed(signature))
        else:
            lines.append(_deal_line(entry, pages, lifted))
            lifted = None
    return lines + ([signed(lifted)] if lifted is not None else [])


def _deal_line(entry: AuditEntry, pages: AnyPages, lifted: Signature | None) -> Line:
    number, at = entry.deal_number, _utc(entry.at)
    if entry.action == "record":
        return Line(_("Deal %(n)d recorded", n=number), at,
                    _scores(entry.after, pages) + _written(None, entry.after))
    if entry.action == "undo":
        details = [_("it had: %(scores)s", scores=" · ".join(_scores(entry.before, pages))),
                   *_written(None, entry.before)]
    else:
        details = _differences(entry.before, entry.after, pages)
        written = _written(entry.before, entry.after)
        details = written if written and details == [_("the same scores")] else (
            details + written)
    if lifted is None:
        return Line(_("Deal %(n)d undone", n=number) if entry.action == "undo"
                    else _("Deal %(n)d corrected", n=number), at, details)
    line = signed(lifted)
    return Line(line.title, at, details + line.details, line.reason)


def signed(signature: Signature) -> Line:
    """A signature as the history, the printed sheet and the CSV read it."""
    n, by = signature.deal, signature.by
    title = {
        "confirmed": lambda: _("Deal %(n)d confirmed by %(name)s", n=n, name=by),
        "disputed": lambda: _("Deal %(n)d disputed by %(name)s", n=n, name=by),
        "corrected": lambda: (_("Deal %(n)d corrected by %(name)s", n=n, name=by) if by
                              else _("Deal %(n)d corrected", n=n)),
        "undone": lambda: (_("Deal %(n)d undone by %(name)s", n=n, name=by) if by
                           else _("Deal %(n)d undone", n=n)),
    }[signature.action]()
    details = []
    if signature.auto:
        details.append(_("by recording a later deal"))
    if signature.resolved:
        details.append(_("resolved since"))
    if signature.confirmed_by:
        details.append(_("it had been confirmed by %(name)s", name=signature.confirmed_by))
    return Line(title, signature.at, details, signature.reason)


@bp.app_template_global()
def signed_lines(game: Game) -> list[Line]:
    """Every signature of *game*, oldest first, for its printed sheet."""
    return [signed(s) for s in signatures.signatures_of(game)]


def _scores(deal: KeptDeal | None, pages: AnyPages) -> list[str]:
    scores = _scores_of(deal)
    if scores is None:
        return [pages.outcome_note(None if deal is None else deal.get("outcome"))]
    return [f"{name} {_signed(score)}" for name, score in scores.items()]


def _scores_of(deal: KeptDeal | None) -> dict[str, int] | None:
    return None if deal is None else deal.get("scores")


def _differences(before: KeptDeal | None, after: KeptDeal | None,
                 pages: AnyPages) -> list[str]:
    old, new = _scores_of(before), _scores_of(after)
    if old is None or new is None:
        return [f"{' · '.join(_scores(before, pages))} → {' · '.join(_scores(after, pages))}"]
    changed = [f"{name} {_signed(old.get(name))} → {_signed(score)}"
               for name, score in new.items() if old.get(name) != score]
    return changed or [_("the same scores")]


def _written(before: KeptDeal | None, after: KeptDeal | None) -> list[str]:
    """What the table wrote on the deal (scorekeeper/deal_fields.py): as recorded, or how
    a correction changed it."""
    old, new = typed_in(before or {}), typed_in(after or {})
    if before is None:
        return [f"{label}: {text}" for label, text in shown_of(new)]
    return [f"{_(field.label)}: {old[field.name] or '—'} → {new[field.name] or '—'}"
            for field in deal_fields() if old[field.name] != new[field.name]]


def _signed(score: int | None) -> str:
    # A typographic minus reads better than a hyphen next to a name.
    return "—" if score is None else str(score).replace("-", "−")


def _utc(at: datetime) -> datetime:
    # SQLite gives back naive times; they are UTC.
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


@bp.get("/games/<game_id>/changes")
def changes(game_id: str) -> str:
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    entries = db.session.scalars(select(AuditEntry).where(AuditEntry.game_id == game_id)
                                 .order_by(AuditEntry.id.desc()).limit(SHOWN)).all()
    lines = lines_of(entries[::-1], kind_of_game(game).pages)
    context = dict(game=game, lines=lines[::-1])
    if htmx:
        return render_block("games/changes.html", "entries", **context)
    return render_template("games/changes.html", **context)
