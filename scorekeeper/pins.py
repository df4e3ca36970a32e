"""The table PIN's core, shared by the pages and the JSON API: reading a PIN as typed,
storing its hash, and checking a PIN entered for a game against the limit on wrong tries.
Who must enter it, and how a refusal is shown, belongs to each side (scorekeeper.web.access
for the pages, scorekeeper.api for the JSON API).

Wrong PINs are counted per game and address, and after ``ATTEMPTS`` every try, right or
wrong, is refused until the minute has passed. The count lives in Flask-Limiter's storage:
this process's memory unless ``RATELIMIT_STORAGE_URI`` says otherwise.
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum
from functools import lru_cache

from flask import current_app
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse
from werkzeug.security import check_password_hash, generate_password_hash

from .models import Game

ATTEMPTS = parse("5/minute")
PIN = re.compile(r"\d{4,8}")


class Attempt(Enum):
    """How a PIN entered for a game fared."""

    RIGHT = "right"
    """The game's PIN: the device (or request) may change the game."""
    WRONG = "wrong"
    """Not the game's PIN; counted against the limit."""
    LIMITED = "limited"
    """Not checked at all: too many wrong tries from this address in the last minute."""


def init_app(app) -> None:
    # Said outright: without it Flask-Limiter warns that it picked memory by itself.
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("RATELIMIT_ENABLED", True)
    # Any 60 seconds, not each clock minute: a fixed window would allow ten quick guesses
    # across a minute's turn (and make the limit's tests depend on the clock).
    app.config.setdefault("RATELIMIT_STRATEGY", "moving-window")
    # One limiter per app, made here: Flask-Limiter keeps its storage on the object, which
    # a module-level one would share between apps (the tests make many). It limits no
    # route by itself; attempt() counts wrong PINs with it.
    app.extensions["pin_limiter"] = Limiter(get_remote_address, app=app)


def normal_pin(text: object) -> str | None:
    """The PIN as ASCII digits — phones set to Arabic type ٠١٢٣ — or None if *text* is
    not 4 to 8 digits."""
    if not isinstance(text, str) or not PIN.fullmatch(text.strip()):
        return None
    return "".join(str(unicodedata.digit(c)) for c in text.strip())


def set_pin(game: Game, pin: str) -> None:
    game.pin_hash = generate_password_hash(pin)


@lru_cache(maxsize=256)
def _matches(pin_hash: str, pin: str) -> bool:
    # A hash check costs a tenth of a second on purpose; an API client sends the PIN with
    # every deal, so remember the answer (this process's memory only).
    return check_password_hash(pin_hash, pin)


def attempt(game: Game, text: object) -> Attempt:
    """Check a PIN entered for *game*, counting it against the limit if wrong."""
    limiter = current_app.extensions["pin_limiter"]
    counting = limiter.enabled  # RATELIMIT_ENABLED = False turns the limit off
    key = ("table-pin", game.id, get_remote_address())
    if counting and not limiter.limiter.test(ATTEMPTS, *key):
        return Attempt.LIMITED
    pin = normal_pin(text)
    if pin is not None and game.pin_hash is not None and _matches(game.pin_hash, pin):
        return Attempt.RIGHT
    if counting:
        limiter.limiter.hit(ATTEMPTS, *key)
    return Attempt.WRONG


def refusal(outcome: Attempt) -> str:
    """What to tell whoever entered a PIN that was not accepted."""
    if outcome is Attempt.LIMITED:
        return _("Too many wrong PINs: wait a minute, then try again.")
    return _("That is not the table's PIN.")
