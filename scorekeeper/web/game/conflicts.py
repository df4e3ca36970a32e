"""What a phone is told when the game changed under it: a deal it saves that is already
recorded (a double tap, a retry, or another phone first), or an undo or correction another
phone's change got ahead of. Each answer comes with the sheet as it stands; nothing the
phone sent is saved twice, nothing is changed on a stale view, and what its player typed
stays in its form (scorekeeper/web/game/routes.py)."""

from __future__ import annotations

from flask_babel import gettext as _

from ...models import Game
from ...numbers import whole
from ...storage import DealConflict, GameChanged, Stale, changes_since


def recorded(conflict: DealConflict) -> str:
    number = conflict.number
    if conflict.repeat:
        return str(_("Deal %(number)d was already recorded, exactly as entered; it is on the "
                     "sheet once.", number=number))
    if 1 <= number < conflict.expected:
        return str(_("Deal %(number)d was already recorded (perhaps from another phone), with "
                     "other scores; what you entered was not saved. It is still in the form: "
                     "make it the correction of deal %(number)d, save it as the next deal, or "
                     "drop it.", number=number))
    return str(_("The next deal to record is deal %(number)d; what you entered was not saved. "
                 "It is still in the form, as deal %(number)d: save it, or drop it.",
                 number=conflict.expected))


def undo_refused(game: Game, seen: str) -> str | None:
    """Why the last deal cannot be undone when the phone saw deal *seen* as the last, or
    None if it can. Without this a double tap on "Undo" would undo two deals."""
    last = len(game.deals)
    if last and seen == str(last):
        return None
    number = whole(seen)
    if number is not None and number > last:
        return str(_("Deal %(number)d is already undone; nothing more was undone.",
                     number=number))
    if not last:
        return str(_("There is no deal to undo."))
    return changed()


def stale(game: Game, error: Stale) -> str:
    """What another phone changed since this phone's form was made, and that nothing was
    saved."""
    listed = _changes(game, error)
    if not listed:
        return str(_("This game changed since this form was opened, so nothing was saved; "
                     "here is the sheet as it stands."))
    return str(_("Another phone changed this game since this form was opened (%(changes)s), "
                 "so nothing was saved; here is the sheet as it stands.", changes=listed))


def correction_refused(game: Game, error: GameChanged) -> str:
    """A correction another phone's change got ahead of: what changed, and that the
    correction typed is offered again against the game as it now stands."""
    listed = _changes(game, error) if isinstance(error, Stale) else ""
    if not listed:
        return str(_("Another phone changed this game meanwhile, so nothing was saved. Your "
                     "correction is still here: check it against the game as it now stands, "
                     "and save it again."))
    return str(_("Another phone changed this game since this form was opened (%(changes)s), "
                 "so nothing was saved. Your correction is still here: check it against the "
                 "game as it now stands, and save it again.", changes=listed))


def undone_meanwhile(number: int) -> str:
    return str(_("Another phone undid deal %(number)d meanwhile, so your correction was not "
                 "saved. It is in the form as deal %(number)d: save it to record the deal "
                 "again, or drop it.", number=number))


def _changes(game: Game, error: Stale) -> str:
    """The changes made since the phone's view, listed: "deal 5 recorded, deal 3
    corrected" (empty when they cannot be told)."""
    done = {"record": _("deal %(n)d recorded"), "correct": _("deal %(n)d corrected"),
            "undo": _("deal %(n)d undone")}
    changes = changes_since(game, error.since) if error.since else []
    return ", ".join(done[action] % {"n": number} if action in done else action
                     for action, number in changes)


def changed() -> str:
    return str(_("Another phone changed this game meanwhile, so nothing was changed; here is the "
                 "sheet as it stands."))
