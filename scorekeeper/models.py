"""Stored games: the table (rules, seats, first dealer) and the log of deals with each
player's result. Nothing derived — totals, dealers, the end of the game — is stored: it is
replayed from the log by :func:`scorekeeper.rules.replay` whenever it is needed.

Columns use only portable types (JSON, not SQLite specifics) so the same models run on
PostgreSQL through ``DATABASE_URL``.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy import JSON, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def new_game_id() -> str:
    """An unguessable game id: 144 random bits, URL-safe (24 characters)."""
    return secrets.token_urlsafe(18)


def _now() -> datetime:
    return datetime.now(UTC)


class Game(db.Model):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now,
                                                 onupdate=_now)
    # Every option resolved at creation, so a later change to a preset never changes a
    # game already played under it.
    rules: Mapped[dict] = mapped_column(JSON)
    partnerships: Mapped[bool] = mapped_column(default=False)
    first_dealer: Mapped[int]  # a seat position

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.position", cascade="all, delete-orphan")
    deals: Mapped[list[DealRecord]] = relationship(
        back_populates="game", order_by="DealRecord.number", cascade="all, delete-orphan")


class Seat(db.Model):
    """A player, by position in counter-clockwise seating order (0 first)."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))

    game: Mapped[Game] = relationship(back_populates="seats")


class DealRecord(db.Model):
    """One deal as the table reported it."""

    __tablename__ = "deals"
    # A deal number is recorded once per game: a second submit of the same deal fails here
    # even when two phones race.
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_deals_game_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         index=True)
    number: Mapped[int]
    outcome: Mapped[str] = mapped_column(String(20))
    winner: Mapped[int | None]  # seat position
    finish: Mapped[str | None] = mapped_column(String(10))
    bonuses: Mapped[list] = mapped_column(JSON, default=list)
    indicator: Mapped[str | None] = mapped_column(String(3))
    # First melds (announcements) in the order laid: [[seat position, value], ...].
    first_melds: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    game: Mapped[Game] = relationship(back_populates="deals")
    hands: Mapped[list[HandRecord]] = relationship(
        back_populates="deal", order_by="HandRecord.position", cascade="all, delete-orphan")


class HandRecord(db.Model):
    """How one player finished a scored deal."""

    __tablename__ = "deal_hands"

    deal_id: Mapped[int] = mapped_column(ForeignKey("deals.id", ondelete="CASCADE"),
                                         primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    melded: Mapped[bool]
    points: Mapped[int | None]
    cards: Mapped[list | None] = mapped_column(JSON)
    mistake: Mapped[bool] = mapped_column(default=False)

    deal: Mapped[DealRecord] = relationship(back_populates="hands")
