"""A game's version, what a phone saw: the game row's time stamp, written as a short hex
count of microseconds, moved by every change (:func:`~scorekeeper.storage.changes.claim`),
and the conflicts a change meets when another phone changed the game first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from ..models import Game


class GameChanged(Exception):
    """Another phone changed the game between this request reading it and saving: nothing
    was saved, and the change should be judged again against the game as it now stands."""


class Stale(GameChanged):
    """A correction or undo made from a view of the game older than the game: another
    phone changed it since. *since* is when the phone's view was current (None when the
    version it sent is not one this app writes)."""

    def __init__(self, since: datetime | None) -> None:
        super().__init__(since)
        self.since = since


class DealConflict(GameChanged):
    """The deal number is not the next one: a repeated or concurrent submit. *repeat* when
    the deal sent is exactly the one already recorded under its number (a double tap, or a
    retry after a lost answer), so the table's entry is safely in."""

    def __init__(self, number: int, expected: int, repeat: bool = False) -> None:
        super().__init__(number, expected, repeat)
        self.number = number  # the deal number sent
        self.expected = expected  # the next one
        self.repeat = repeat


_EPOCH = datetime(1970, 1, 1)
TICK = timedelta(microseconds=1)


def as_utc(at: datetime) -> datetime:
    # SQLite gives back naive times, and a game just saved holds an aware one: both UTC.
    return at if at.tzinfo is None else at.astimezone(UTC).replace(tzinfo=None)


def version_of(game: Game) -> str:
    """The game's version (docs/api.md, "Versions"): an opaque string that changes with
    every change to the game, as each change moves its time stamp (:func:`claim`). It is
    that time stamp, in microseconds, written in hexadecimal."""
    return version_at(game.updated_at)


def version_at(updated_at: datetime) -> str:
    return format((as_utc(updated_at) - _EPOCH) // TICK, "x")


def time_of(version: str) -> datetime | None:
    """When the game stood at *version* (UTC), or None if it is not a version this app
    writes."""
    if not 1 <= len(version) <= 16 or any(c not in "0123456789abcdef" for c in version):
        return None
    return _EPOCH + int(version, 16) * TICK


def check_version(game: Game, seen: str) -> None:
    """Raise :class:`Stale` unless *seen* is the game's version."""
    if seen != version_of(game):
        raise Stale(time_of(seen))
