"""Deals the other side confirms, as the pages show them (docs/trust.md): who holds this
phone ("I am …", remembered for the game in the phone's session), each deal's mark for
the sheet, and the panel of the deals waiting for the other side. The rules of it are
scorekeeper/trust/confirmations.py; the actions are scorekeeper/web/game/trust.py."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, session
from flask_babel import gettext as _

from ...models import Game
from ...storage import version_of
from ...trust import confirmations as trust

# The template globals' own blueprint: registered with the pages'.
bp = Blueprint("trust_marks", __name__)


def me(game: Game) -> str | None:
    """Who holds this phone at *game*'s table, as the phone said."""
    seat = session.get("me", {}).get(game.id)
    names = [s.name for s in game.seats]
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None


def seat_key(game_id: str) -> str:
    """Who holds this phone at the game's table, as a kept page's key names it."""
    return str(session.get("me", {}).get(game_id))


@bp.app_template_global()
def me_at(game: Game) -> str | None:
    return me(game)


@bp.app_template_global()
def awaiting(game: Game) -> list[int]:
    """The deals of *game* still waiting for the other side (none where nobody confirms)."""
    return trust.unconfirmed(game)


@bp.app_template_global()
def trust_marks(game: Game) -> list[trust.Mark]:
    return trust.marks_of(game)


@bp.app_template_global()
def trust_mark(game: Game | None, number: int) -> trust.Mark | None:
    """Deal *number*'s mark, in a game whose deals the other side confirms."""
    marks = [] if game is None else trust.marks_of(game)
    return marks[number - 1] if 0 < number <= len(marks) else None


@dataclass(frozen=True)
class Panel:
    """What a game's page shows of its confirmations: each deal's mark, and the game's
    id and version for the forms (None on a view-only page, which changes nothing), and
    who holds this phone, chosen already as the one who confirms or disputes."""

    marks: list[trust.Mark]
    game_id: str | None
    version: str
    me: str | None = None

    @property
    def open(self) -> list[trust.Mark]:
        return [m for m in self.marks if m.status != "confirmed"]

    def of(self, number: int) -> trust.Mark | None:
        """Deal *number*'s mark, as its row of the sheet shows it."""
        return self.marks[number - 1] if 0 < number <= len(self.marks) else None


def panel(game: Game, acting: bool) -> Panel | None:
    if not trust.confirming(game):
        return None
    return Panel(trust.marks_of(game), game.id if acting else None, version_of(game),
                 me(game) if acting else None)


@bp.app_template_global()
def asks_who(game: Game) -> bool:
    """Whether this phone must say who holds it before it records or corrects a deal: in
    a game whose deals the other side confirms, each change names who made it, so the
    deal form waits for "I am …" (docs/trust.md)."""
    return trust.confirming(game) and me(game) is None


def unnamed(game: Game) -> str | None:
    """Why a deal sent from a phone that never said who holds it is refused (a page open
    from before, or a phone that forgot), or None."""
    if not asks_who(game):
        return None
    return str(_("This phone has not said who holds it: choose your name under “Who "
                 "records from this phone?” and tap “I am this player”, then save the deal. "
                 "In this game a player of another side confirms each deal."))
