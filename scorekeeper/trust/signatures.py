"""The signatures of a game whose deals the other side confirms (docs/trust.md): every
confirmation, dispute and change of a confirmed deal, oldest first, as the game's history
keeps them (scorekeeper/trust/confirmations.py writes them beside the deals' own entries).
The history page, the printed sheet, the CSV and the game's JSON all read them from here,
so each says the same thing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from sqlalchemy import select

from ..extensions import db
from ..jsontypes import JSONObject
from ..models import AuditEntry, Game, Stored
from .confirmations import confirming, utc

#: What the history's trust entries say, as a signature names it.
_ACTIONS = {"confirm": "confirmed", "dispute": "disputed"}
#: What a change of a confirmed deal was, by the deal's own entry that follows it.
_CHANGES = {"correct": "corrected", "undo": "undone"}


class Entry(Protocol):
    """An entry of the history, as a row or a read of its columns."""

    action: str
    deal_number: int
    note: Stored | None
    at: datetime


@dataclass(frozen=True)
class Signature:
    """One deal *confirmed* or *disputed* by a player of another side, or, once confirmed,
    *corrected* or *undone* with a reason (*confirmed_by*: whose confirmation it lifted;
    *by*: who changed it, when the change named them). *auto*: a confirmation given by
    recording a later deal; *resolved*: a dispute answered since (the deal corrected,
    undone or confirmed)."""

    deal: int
    action: str
    by: str | None
    at: datetime
    reason: str | None = None
    confirmed_by: str | None = None
    auto: bool = False
    resolved: bool = False


def read(entries: Sequence[Entry]) -> list[Signature | None]:
    """Each of *entries* (oldest first) as a signature, or None for a deal's own entry
    (recorded, corrected, undone)."""
    answered = _answered(entries)
    out: list[Signature | None] = []
    for i, entry in enumerate(entries):
        note = entry.note or {}
        at = utc(entry.at) or entry.at
        if entry.action in _ACTIONS:
            out.append(Signature(entry.deal_number, _ACTIONS[entry.action], note.get("by"),
                                 at, note.get("reason"), auto=bool(note.get("auto")),
                                 resolved=i in answered))
        elif entry.action == "unlock":
            following = entries[i + 1] if i + 1 < len(entries) else None
            change = (following.action if following is not None
                      and following.deal_number == entry.deal_number else "correct")
            out.append(Signature(entry.deal_number, _CHANGES.get(change, "corrected"),
                                 note.get("by"), at, note.get("reason"),
                                 note.get("confirmed_by")))
        else:
            out.append(None)
    return out


def _answered(entries: Sequence[Entry]) -> set[int]:
    """The places of the disputes among *entries* that a later change of their deal (a
    correction, an undo, a confirmation) answered."""
    open_disputes: dict[int, list[int]] = {}
    answered: set[int] = set()
    for i, entry in enumerate(entries):
        if entry.action == "dispute":
            open_disputes.setdefault(entry.deal_number, []).append(i)
        elif entry.action in ("correct", "undo", "confirm"):
            answered.update(open_disputes.pop(entry.deal_number, []))
    return answered


def signatures_of(game: Game) -> list[Signature]:
    """*game*'s signatures, oldest first (none in a game whose deals nobody confirms)."""
    if not confirming(game):
        return []
    rows = db.session.execute(
        select(AuditEntry.action, AuditEntry.deal_number, AuditEntry.note, AuditEntry.at)
        .where(AuditEntry.game_id == game.id).order_by(AuditEntry.id)).all()
    return [s for s in read(rows) if s is not None]


def as_json(signature: Signature) -> JSONObject:
    """A signature as the game's JSON gives it (docs/api.md, "Confirmed deals")."""
    return {"deal": signature.deal, "action": signature.action, "by": signature.by,
            "at": signature.at.isoformat(), "reason": signature.reason,
            "confirmed_by": signature.confirmed_by, "auto": signature.auto,
            "resolved": signature.resolved}
