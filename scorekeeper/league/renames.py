"""A group member renamed (or merged into another) is renamed in the group's nights too:
who is here, the fixed pairs, the seats of every round started and the swaps asked for.
The tables' games follow the member already (their seats are the member's), and a night
reads each table's standing by matching its seats to the round's seating, so the two must
name the player alike (issue 48: a rename made every page of the night fail)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ..extensions import db
from ..models import Night
from ..rulekit.messages import N_, fail


def rename_in_nights(group_id: str, old: str, new: str, merging: bool = False) -> None:
    """Call *old* (matched as names are, letter case aside) *new* in *group_id*'s nights;
    :class:`RulesError` when a night already seats someone else of that name. *merging*
    (two entries of one person): a night that listed both lists them once."""
    def renamed(value: Any) -> Any:
        if isinstance(value, str):
            return new if value.casefold() == old.casefold() else value
        if isinstance(value, list):
            return [renamed(item) for item in value]
        if isinstance(value, dict):
            return {key: renamed(item) for key, item in value.items()}
        return value

    nights = list(db.session.scalars(select(Night).where(Night.group_id == group_id)))
    for night in nights if not merging else ():
        seated = {name.casefold() for name in _names(night)}
        if old.casefold() in seated and new.casefold() in seated - {old.casefold()}:
            raise fail(N_("“%(name)s” already plays at the night “%(night)s”."),
                       name=new, night=night.name)
    for night in nights:
        night.players = list(dict.fromkeys(renamed(night.players)))
        if night.pairs is not None:
            night.pairs = renamed(night.pairs)
        for started in night.started:
            started.seating = renamed(started.seating)
        for change in night.changes:
            change.detail = renamed(change.detail)


def _names(night: Night) -> list[str]:
    """Everyone the night lists or has seated."""
    names = list(night.players)
    for started in night.started:
        names += [n for sides in started.seating["tables"] for side in sides for n in side]
        names += list(started.seating["sitting_out"])
    return names
