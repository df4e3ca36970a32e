"""A game's history of changes: every deal recorded, corrected or undone, and when, read
from its audit trail (written with each change, in scorekeeper/storage.py). The game's page
holds it folded; opening it fetches this list (or, without JavaScript, this page)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, abort, render_template
from flask_babel import gettext as _
from jinja2_fragments.flask import render_block
from sqlalchemy import select

from ..extensions import db, htmx
from ..games import kind_of
from ..games.kind import AnyPages
from ..models import AuditEntry, Game

bp = Blueprint("audit", __name__)

# Newest first; a long evening with many corrections stays a short page.
SHOWN = 200


@dataclass(frozen=True)
class Line:
    """One change as the history reads it: "Deal 3 corrected", when, and what changed
    ("Omar 35 → 25")."""

    title: str
    at: datetime
    details: list[str]


def line_of(entry: AuditEntry, pages: AnyPages) -> Line:
    """*entry* as the history reads it, a deal that was not scored named as its game
    names how it ended."""
    number = entry.deal_number
    if entry.action == "record":
        return Line(_("Deal %(n)d recorded", n=number), _utc(entry.at),
                    _scores(entry.after, pages))
    if entry.action == "undo":
        return Line(_("Deal %(n)d undone", n=number), _utc(entry.at),
                    [_("it had: %(scores)s", scores=" · ".join(_scores(entry.before, pages)))])
    return Line(_("Deal %(n)d corrected", n=number), _utc(entry.at),
                _differences(entry.before, entry.after, pages))


def _scores(deal: dict[str, Any] | None, pages: AnyPages) -> list[str]:
    deal = deal or {}
    if deal.get("scores") is None:
        return [pages.outcome_note(deal.get("outcome"))]
    return [f"{name} {_signed(score)}" for name, score in deal["scores"].items()]


def _differences(before: dict[str, Any] | None, after: dict[str, Any] | None,
                 pages: AnyPages) -> list[str]:
    old, new = (before or {}).get("scores"), (after or {}).get("scores")
    if old is None or new is None:
        return [f"{' · '.join(_scores(before, pages))} → {' · '.join(_scores(after, pages))}"]
    changed = [f"{name} {_signed(old.get(name))} → {_signed(score)}"
               for name, score in new.items() if old.get(name) != score]
    return changed or [_("the same scores")]


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
                                 .order_by(AuditEntry.id.desc()).limit(SHOWN))
    pages = kind_of(game.rules).pages
    context = dict(game=game, lines=[line_of(e, pages) for e in entries])
    if htmx:
        return render_block("games/changes.html", "entries", **context)
    return render_template("games/changes.html", **context)
