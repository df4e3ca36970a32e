"""A night of several tables as stored (scorekeeper/night/): the night, its rounds once
started and its history."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import ADDED_LATER, Model, Stored, StoredList, _now, new_game_id


class Night(Model):
    """A night of several tables (docs/night.md): who came, the game and its rules, how
    they are seated (the format, the table size, the rounds planned, the seed that makes
    the plan the same each time it is made) and the rounds started. Reached like a group:
    an unguessable link, a PIN for changes if set, a view-only link (the TV board's too).
    The rounds not started are planned again whenever read, never stored."""

    __tablename__ = "nights"
    __table_args__ = (UniqueConstraint("view_id", name="uq_nights_view_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now,
                                                 onupdate=_now)
    # The games' rules, every option resolved, as a new game's body gives them.
    rules: Mapped[Stored] = mapped_column(JSON)
    format: Mapped[str] = mapped_column(String(20))
    table_size: Mapped[int]
    rounds: Mapped[int]
    # What a round sat out scores: the round's average placement points ("average"), or
    # nothing ("none") (docs/night.md, "Sitting out").
    sit_out: Mapped[str] = mapped_column(String(10), default="average")
    # A round's time limit in minutes, kept by the round clock (docs/night.md); None: a
    # round lasts until every table's game is over.
    minutes: Mapped[int | None]
    seed: Mapped[int]
    # Who is here now, in the order given (a late arrival last); a player who left is
    # no longer listed, though the rounds they played keep them.
    players: Mapped[StoredList] = mapped_column(JSON)
    # Fixed partnerships (the format "pairs"), as lists of two names.
    pairs: Mapped[StoredList | None] = mapped_column(JSON)
    # Who confirms each table's deals (scorekeeper/trust.py): "other_side" unless the
    # organiser chose otherwise on the new-night page.
    confirm: Mapped[str | None] = mapped_column(String(12), info=ADDED_LATER)
    pin_hash: Mapped[str | None] = mapped_column(String(200))
    view_id: Mapped[str] = mapped_column(String(32), default=new_game_id)
    group_id: Mapped[str | None] = mapped_column(
        ForeignKey("groups.id", ondelete="SET NULL", name="fk_nights_group_id_groups"),
        index=True)

    started: Mapped[list[NightRound]] = relationship(
        back_populates="night", order_by="NightRound.number", cascade="all, delete-orphan")
    changes: Mapped[list[NightChange]] = relationship(
        back_populates="night", order_by="NightChange.id", cascade="all, delete-orphan")


class NightRound(Model):
    """A round of a night once started: its seating as it was played and the game made
    at each table (in table order)."""

    __tablename__ = "night_rounds"

    night_id: Mapped[str] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    # {"tables": [[[name, ...], ...], ...], "sitting_out": [name, ...]}: each table's
    # sides, as the night's schedule seated them.
    seating: Mapped[Stored] = mapped_column(JSON)
    games: Mapped[StoredList] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    night: Mapped[Night] = relationship(back_populates="started")


class NightChange(Model):
    """The night's history: each change the organiser made (a round started or forced, a
    player added, removed or swapped), with what it changed."""

    __tablename__ = "night_changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[str] = mapped_column(ForeignKey("nights.id", ondelete="CASCADE"),
                                          index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    action: Mapped[str] = mapped_column(String(20))
    detail: Mapped[Stored] = mapped_column(JSON)

    night: Mapped[Night] = relationship(back_populates="changes")
