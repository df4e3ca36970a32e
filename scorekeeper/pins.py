"""The PIN's core, shared by the pages and the JSON API: reading a PIN as typed, storing
its hash, and checking a PIN entered for a game (the table PIN) or for a group (the
group's PIN for changes) against the limit on wrong tries. Who must enter it, and how a
refusal is shown, belongs to each side (scorekeeper.web.access for the pages,
scorekeeper.api for the JSON API). :func:`set_pin`, :func:`attempt` and :func:`refusal`
take a :class:`~scorekeeper.models.Game` or a :class:`~scorekeeper.models.Group` alike.

Wrong PINs are counted per game (or group) and address, and after ``LIMIT`` of them within
any ``WINDOW`` every try, right or wrong, is refused until the oldest is a minute old. The
count lives in the database (``pin_attempts``), so every server process shares it, and
each try is counted under a lock on the game's (or group's) row, so tries sent at once
cannot slip past it. A game's tries and a group's are counted apart.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from enum import Enum
from functools import lru_cache

from flask import Flask, current_app, request
from flask_babel import gettext as _
from sqlalchemy import delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash

from .extensions import db
from .models import Game, Group, Night, PinAttempt
from .numbers import ARABIC_DIGITS

LIMIT = 5
WINDOW = timedelta(seconds=60)
#: A PIN: 4 to 8 digits, ASCII or an Arabic keyboard's (no other script's).
PIN = re.compile(r"[0-9٠-٩۰-۹]{4,8}")


#: What holds a PIN: a game (the table PIN), a group or a night (their PINs for changes).
Holder = Game | Group | Night


class Attempt(Enum):
    """How a PIN entered for a game (or group) fared."""

    RIGHT = "right"
    """The game's PIN: the device (or request) may change the game (or group)."""
    WRONG = "wrong"
    """Not the game's PIN; counted against the limit."""
    LIMITED = "limited"
    """Not checked at all: too many wrong tries from this address in the last minute."""


def init_app(app: Flask) -> None:
    # Tests that throw junk PINs at a game turn the limit off; it is on everywhere else.
    app.config.setdefault("RATELIMIT_ENABLED", True)


def normal_pin(text: object) -> str | None:
    """The PIN as ASCII digits — phones set to Arabic type ٠١٢٣ — or None if *text* is
    not 4 to 8 digits."""
    if not isinstance(text, str) or not PIN.fullmatch(text.strip()):
        return None
    return text.strip().translate(ARABIC_DIGITS)


def guard_of(game: Game) -> Game | Group:
    """Whose PIN a change to *game* takes: its table PIN, else its group's where the group
    has one (a group's PIN guards its games too), else the game's (none)."""
    if game.pin_hash is None and game.group is not None and game.group.pin_hash is not None:
        return game.group
    return game


def set_pin(holder: Holder, pin: str) -> None:
    """Give *holder* (a game or a group) the PIN *pin*, as :func:`normal_pin` reads it."""
    holder.pin_hash = generate_password_hash(pin)


def remove_pin(holder: Holder) -> None:
    """Take *holder*'s PIN off: anyone with its link may change it again."""
    holder.pin_hash = None


@lru_cache(maxsize=256)
def _matches(pin_hash: str, pin: str) -> bool:
    # A hash check costs a tenth of a second on purpose; an API client sends the PIN with
    # every deal, so remember the answer (this process's memory only).
    return check_password_hash(pin_hash, pin)


def attempt(holder: Holder, text: object) -> Attempt:
    """Check a PIN entered for *holder* (a game or a group), counting it against the limit
    if wrong. The try is counted first, under the holder's lock, and forgiven once found
    right: of tries sent at once, no more than the limit are ever checked."""
    if not current_app.config["RATELIMIT_ENABLED"]:
        return _check(holder, text)
    # As the column holds it (any IPv6 address is 45 characters at most).
    address = (request.remote_addr or "")[:64]
    now = datetime.now(UTC)
    model: type[Holder] = type(holder)
    key = {Game: PinAttempt.game_id, Group: PinAttempt.group_id,
           Night: PinAttempt.night_id}[model]
    # Hold the row while counting: PostgreSQL locks it; on SQLite the first write (the
    # pruning) takes the database's write lock, which every other process waits for.
    db.session.execute(select(model.id).where(model.id == holder.id).with_for_update())
    db.session.execute(delete(PinAttempt).where(key == holder.id,
                                                PinAttempt.at <= now - WINDOW))
    recent = db.session.scalar(select(func.count()).select_from(PinAttempt).where(
        key == holder.id, PinAttempt.address == address))
    if (recent or 0) >= LIMIT:
        db.session.commit()
        return Attempt.LIMITED
    counted = PinAttempt(address=address, at=now)
    setattr(counted, key.key, holder.id)
    db.session.add(counted)
    db.session.commit()
    outcome = _check(holder, text)
    if outcome is Attempt.RIGHT:
        # Right PINs do not count.
        db.session.delete(counted)
        db.session.commit()
    return outcome


def _check(holder: Holder, text: object) -> Attempt:
    pin = normal_pin(text)
    if pin is not None and holder.pin_hash is not None and _matches(holder.pin_hash, pin):
        return Attempt.RIGHT
    return Attempt.WRONG


def refusal(outcome: Attempt, holder: Holder | None = None) -> str:
    """What to tell whoever entered a PIN that was not accepted (for a game unless
    *holder* is a group)."""
    if outcome is Attempt.LIMITED:
        return str(_("Too many wrong PINs: wait a minute, then try again."))
    if isinstance(holder, Group):
        return str(_("That is not the group's PIN."))
    if isinstance(holder, Night):
        return str(_("That is not the night's PIN."))
    return str(_("That is not the table's PIN."))
