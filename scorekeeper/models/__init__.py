"""Stored games: the table (rules, seats, first dealer) and the log of deals with each
player's result. Nothing derived — totals, dealers, the end of the game — is stored: it is
replayed from the log by the game's own engine (its kind's ``replay``) whenever it is needed.

Columns use only portable types (JSON, not SQLite specifics) so the same models run on
PostgreSQL through ``DATABASE_URL``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..games.snapshot import KeptDeal
from ..rulekit.messages import N_
from .base import (
    ADDED_LATER,
    INT_MAX,
    Model,
    Stored,
    StoredList,
    _now,
    fits_integer_column,
    new_game_id,
    typed,
)
from .night import Night, NightChange, NightRound

__all__ = ["ADDED_LATER", "INT_MAX", "AuditEntry", "DealRecord", "Game", "GameResult", "Group",
           "Member", "Night", "NightChange", "NightRound", "PinAttempt", "RatingMove",
           "RulingRecord", "Seat", "Stored", "StoredList", "fits_integer_column",
           "new_game_id", "typed"]


class Game(Model):
    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("view_id", name="uq_games_view_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now,
                                                 onupdate=_now)
    # Every option resolved at creation, so a later change to a preset never changes a
    # game already played under it.
    rules: Mapped[Stored] = mapped_column(JSON)
    partnerships: Mapped[bool] = mapped_column(default=False)
    # Hand and Foot's sides, as lists of seat positions; ``None`` when everyone plays
    # alone, and in Hand (whose partners always sit opposite).
    teams: Mapped[StoredList | None] = mapped_column(JSON, info=ADDED_LATER)
    first_dealer: Mapped[int]  # a seat position
    # The game's kind (its name in code: "hand", "handfoot", "points"), set at creation
    # from its rules, so a stored game is read by its game without asking the rules.
    kind: Mapped[str] = mapped_column(String(20))
    # The table's PIN, hashed; without it the game's link only shows the sheet. ``None``
    # when the table set no PIN: whoever holds the link may record deals.
    pin_hash: Mapped[str | None] = mapped_column(String(200))
    # A second link that only ever shows the sheet, to share beyond the table.
    view_id: Mapped[str] = mapped_column(String(32), default=new_game_id)
    # The game this one is a rematch of ("Play again": same players, seats, rules and
    # group; scorekeeper/rematch.py); the older game's state links its newest rematch.
    rematch_of: Mapped[str | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL", name="fk_games_rematch_of_games"),
        index=True, info=ADDED_LATER)
    # The group (the table's league) the game counts for, if any; every seat of such a
    # game is one of its members.
    group_id: Mapped[str | None] = mapped_column(
        ForeignKey("groups.id", ondelete="SET NULL", name="fk_games_group_id_groups"),
        index=True, info=ADDED_LATER)

    # The night (several tables, scorekeeper/nights.py) whose round made this game, if
    # any: the game is scored as any other, and counts for the night's standing.
    night_id: Mapped[str | None] = mapped_column(
        ForeignKey("nights.id", ondelete="SET NULL", name="fk_games_night_id_nights"),
        index=True, info=ADDED_LATER)
    # Who confirms a deal (docs/trust.md): ``None`` or "off", nobody; "other_side", a
    # player of another side than the one who recorded it. With ``auto_confirm``, a deal
    # saved by another side confirms the deals before it (scorekeeper/trust.py).
    confirm: Mapped[str | None] = mapped_column(String(12), info=ADDED_LATER)
    auto_confirm: Mapped[bool | None] = mapped_column(info=ADDED_LATER)

    group: Mapped[Group | None] = relationship(back_populates="games")
    night: Mapped[Night | None] = relationship()

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.position", cascade="all, delete-orphan")
    deals: Mapped[list[DealRecord]] = relationship(
        back_populates="game", order_by="DealRecord.number", cascade="all, delete-orphan")
    rulings: Mapped[list[RulingRecord]] = relationship(
        back_populates="game", order_by="RulingRecord.id", cascade="all, delete-orphan")
    audit: Mapped[list[AuditEntry]] = relationship(
        back_populates="game", order_by="AuditEntry.id", cascade="all, delete-orphan")


class Seat(Model):
    """A player, by position in counter-clockwise seating order (0 first)."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    # The member's name when the game is a group's: a rename writes it here too, so the
    # game reads as before without a join.
    name: Mapped[str] = mapped_column(String(40))
    member_id: Mapped[int | None] = mapped_column(
        ForeignKey("members.id", ondelete="SET NULL", name="fk_seats_member_id_members"),
        index=True, info=ADDED_LATER)

    game: Mapped[Game] = relationship(back_populates="seats")


class DealRecord(Model):
    """One deal as the table reported it: what every game's deal has (its number, when,
    who recorded it, its confirmation or dispute) in columns, and the game's own report of
    it in ``report``, in the game's own shape (its kind's ``report_of`` writes it and
    ``deal_from_report`` reads it back; docs/architecture.md, "Where a deal's data goes")."""

    __tablename__ = "deals"
    # A deal number is recorded once per game: a second submit of the same deal fails here
    # even when two phones race.
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_deals_game_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         index=True)
    number: Mapped[int]
    # Seats by position, never names, so a rename follows.
    report: Mapped[Stored] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # In a game whose deals are confirmed (Game.confirm): the seat that recorded the deal,
    # the seat of another side that confirmed it and when, or the seat that disputed it
    # and why (scorekeeper/trust.py). Seats, not names: a rename follows.
    recorded_by: Mapped[int | None] = mapped_column(info=ADDED_LATER)
    confirmed_by: Mapped[int | None] = mapped_column(info=ADDED_LATER)
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                          info=ADDED_LATER)
    disputed_by: Mapped[int | None] = mapped_column(info=ADDED_LATER)
    dispute_reason: Mapped[str | None] = mapped_column(String(200), info=ADDED_LATER)
    note: Mapped[str | None] = mapped_column(String(200), info=ADDED_LATER | typed(
        N_("Note"), N_("Anything to keep with this deal: “misdeal, redealt”, “Ali left "
                       "early”.")))

    game: Mapped[Game] = relationship(back_populates="deals")


class RulingRecord(Model):
    """A referee ruling the table asked to keep. Only what the referee was asked is stored;
    the verdict is worked out again from it under the game's rules whenever it is shown."""

    __tablename__ = "rulings"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         index=True)
    # The deal being played when the ruling was made.
    deal_number: Mapped[int]
    # Which check: meld, initial-meld, lay-off, swap, hand or redeal (as in the API).
    check: Mapped[str] = mapped_column(String(20))
    # The question as the referee API takes it, without "rules": cards, indicator, flags.
    inputs: Mapped[Stored] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    game: Mapped[Game] = relationship(back_populates="rulings")


class AuditEntry(Model):
    """A change to a game's log of deals (a deal recorded, corrected or undone): what it
    was before and after, and when, so nothing the table entered is ever lost."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    action: Mapped[str] = mapped_column(String(20))  # record, correct, undo, confirm, dispute
    deal_number: Mapped[int]
    before: Mapped[KeptDeal | None] = mapped_column(JSON)  # the deal before, or None
    after: Mapped[KeptDeal | None] = mapped_column(JSON)  # the deal after, or None
    # Deals the other side confirms (scorekeeper/trust.py): who confirmed or disputed a
    # deal and why, and a confirmed deal's correction or undo with its reason and who had
    # confirmed it.
    note: Mapped[Stored | None] = mapped_column(JSON, info=ADDED_LATER)

    game: Mapped[Game] = relationship(back_populates="audit")


class PinAttempt(Model):
    """A try at a game's table PIN, a group's or a night's PIN, from one address, kept for a
    minute: the limit on wrong tries is counted here, in the database every server process
    shares (scorekeeper.pins). Exactly one of ``game_id``, ``group_id`` and ``night_id`` is
    set."""

    __tablename__ = "pin_attempts"
    __table_args__ = (Index("ix_pin_attempts_game_address_at", "game_id", "address", "at"),
                      Index("ix_pin_attempts_group_address_at", "group_id", "address", "at"),
                      Index("ix_pin_attempts_night_address_at", "night_id", "address", "at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    group_id: Mapped[str | None] = mapped_column(
        ForeignKey("groups.id", ondelete="CASCADE", name="fk_pin_attempts_group_id_groups"))
    night_id: Mapped[str | None] = mapped_column(
        ForeignKey("nights.id", ondelete="CASCADE", name="fk_pin_attempts_night_id_nights"))
    # The client's address as the server sees it (45 characters hold any IPv6 address).
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class Group(Model):
    """The people who play together week after week (a family, a diwaniya, a Thursday
    night): reached like a game, by an unguessable link, a PIN for changes if set, and a
    view-only link."""

    __tablename__ = "groups"
    __table_args__ = (UniqueConstraint("view_id", name="uq_groups_view_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now,
                                                 onupdate=_now)
    pin_hash: Mapped[str | None] = mapped_column(String(200))
    view_id: Mapped[str] = mapped_column(String(32), default=new_game_id)
    # The group's usual rules, by game (its kind's name): every option of the last game
    # it started of that game, offered again for the next one.
    house_rules: Mapped[Stored] = mapped_column(JSON, default=dict)

    members: Mapped[list[Member]] = relationship(
        back_populates="group", order_by="Member.position", cascade="all, delete-orphan")
    games: Mapped[list[Game]] = relationship(back_populates="group")


class Member(Model):
    """A person of a group: a rename follows into every game they sat in."""

    __tablename__ = "members"
    __table_args__ = (UniqueConstraint("group_id", "position", name="uq_members_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"),
                                          index=True)
    position: Mapped[int]  # the order they joined, 0 first
    name: Mapped[str] = mapped_column(String(40))

    group: Mapped[Group] = relationship(back_populates="members")


class GameResult(Model):
    """A group game's result as the standings read it, kept up to date with every change
    to the game, so standings add up stored rows instead of replaying every game: who sat
    where, as which member, each seat's total, rank and the game's own figures
    (:class:`scorekeeper.league.Place`). Derived, like a cache, but written in the
    change's own transaction so it is never behind the log."""

    __tablename__ = "game_results"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"),
                                          index=True)
    kind: Mapped[str] = mapped_column(String(20))  # the game's kind name
    finished: Mapped[bool]
    # When the game was last changed: a season's dates are read from it.
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    places: Mapped[StoredList] = mapped_column(JSON)


class RatingMove(Model):
    """How one member's rating moved in one finished group game (docs/league.md, "The
    rating"): the rating before and after, and the chance the model gave the member's
    side. Derived like :class:`GameResult` and rewritten in the same transaction as any
    change to a game's ranking, from that game on (scorekeeper/ratings.py); a member's
    rating now is their latest move. The game's place in the group's order (the day it
    counts for, then its id) is copied here, so the moves from a game on are one range."""

    __tablename__ = "rating_moves"
    __table_args__ = (Index("ix_rating_moves_order", "group_id", "kind", "played_at",
                            "game_id"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id", ondelete="CASCADE"),
                                           primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    mu_before: Mapped[float]
    sigma_before: Mapped[float]
    shown_before: Mapped[int]
    mu: Mapped[float]
    sigma: Mapped[float]
    shown: Mapped[int]
    games: Mapped[int]  # rated games after this one
    chance: Mapped[float]  # the side's chance to win, as the model saw it before
    won: Mapped[bool]
