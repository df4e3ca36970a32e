"""The table PIN on the pages. A game created with one shows its sheet to whoever holds
its link, but takes changes (recording, correcting, undoing a deal, keeping a ruling: any
request other than GET to a page naming the game) only from a device that entered the PIN,
kept in the signed session cookie (scorekeeper.web.common.device). A group's PIN guards the
group's pages alike: its standings are shown to whoever holds its link, its changes
(members added or renamed, a game started or counted for it) need the PIN, and so do its
games' changes where a game has no PIN of its own; entering it on a game's page unlocks
the group and its games on that device. The PIN itself
and the limit on wrong tries are scorekeeper.pins; the JSON API guards its own routes."""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, g, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import pins
from ..extensions import db, htmx
from ..models import Game, Group
from .common import device
from .game.routes import game_page
from .group.routes import find, group_page

bp = Blueprint("access", __name__)

# Endpoints that need no PIN though they change something: entering it.
OPEN = {"access.unlock_game", "access.unlock_group",
        # The other side's, on their own phone: no table PIN (scorekeeper/web/game/marks.py).
        "trust.set_me", "trust.confirm", "trust.dispute"}
# A group's form that only changes it once sent (a new game of the group): opening it is a
# change in the making.
GROUP_FORMS = {"play.new_game"}
# A wrong PIN on the page is a refused form (422), as elsewhere in the app.
FORM_STATUS = {pins.Attempt.WRONG: 422, pins.Attempt.LIMITED: 429}


def _is_page(blueprint: str | None) -> bool:
    # The guard runs before every request of the app; the JSON API has its own.
    registered = current_app.blueprints.get(blueprint or "")
    return registered is not None and registered.import_name.startswith(__package__ + ".")


def guard() -> BaseResponse | None:
    """Refuse a change to a PIN game (or group) from a device without the PIN."""
    group_id = (request.view_args or {}).get("group_id")
    if group_id is not None:
        return _guard_group(group_id)
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None or request.endpoint in OPEN or not _is_page(request.blueprint):
        return None
    # Opening a deal's correction form is a change in the making.
    writing = request.method not in ("GET", "HEAD", "OPTIONS") or (
        request.endpoint == "games.edit")
    if not writing:
        return None
    game = db.session.get(Game, game_id)
    # Held for the request: the view's own read of the game then finds it in the session
    # (which holds rows weakly) instead of reading it again (issue 24).
    g.guarded_game = game
    if game is None or not device.locked(game):
        return None  # the view answers 404, or anyone with the link may write
    if request.method == "GET":
        return redirect(url_for("games.show", game_id=game.id))
    return refuse(game, _("This table has a PIN: enter it to record or change deals.")
                  if pins.guard_of(game) is game else
                  _("This game's group has a PIN: enter it to record or change deals."), 403)


def refuse(game: Game, message: str, status: int) -> Response:
    """The game's page, locked, with *message* by the PIN form."""
    response = game_page(game, error=message, status=status)
    if htmx:
        # Whatever part of the page asked, show the whole game with the PIN form.
        response.headers["HX-Retarget"] = "main"
        response.headers["HX-Reswap"] = "innerHTML show:#unlock:top"
    return response


def _guard_group(group_id: str) -> BaseResponse | None:
    if request.endpoint in OPEN or not _is_page(request.blueprint):
        return None
    writing = request.method not in ("GET", "HEAD", "OPTIONS") or (
        request.endpoint in GROUP_FORMS)
    if not writing:
        return None
    group = db.session.get(Group, group_id)
    if group is None or not device.group_locked(group):
        return None
    if request.method == "GET":
        return redirect(url_for("groups.show", group_id=group.id))
    return refuse_group(group, _("This group has a PIN: enter it to make changes."), 403)


def refuse_group(group: Group, message: str, status: int) -> Response:
    """The group's page, locked, with *message* by the PIN form."""
    return group_page(group, status=status, pin_error=message)


@bp.post("/groups/<group_id>/unlock")
def unlock_group(group_id: str) -> BaseResponse:
    group = find(group_id)
    if not device.group_locked(group):
        return redirect(url_for("groups.show", group_id=group.id), 303)
    outcome = pins.attempt(group, request.form.get("pin", ""))
    if outcome is pins.Attempt.RIGHT:
        device.unlock_group(group.id)
        return redirect(url_for("groups.show", group_id=group.id), 303)
    return refuse_group(group, pins.refusal(outcome, group), FORM_STATUS[outcome])


@bp.post("/games/<game_id>/unlock")
def unlock_game(game_id: str) -> BaseResponse:
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    if not device.locked(game):
        return redirect(url_for("games.show", game_id=game.id), 303)
    holder = pins.guard_of(game)
    outcome = pins.attempt(holder, request.form.get("pin", ""))
    if outcome is pins.Attempt.RIGHT:
        if isinstance(holder, Group):
            device.unlock_group(holder.id)  # the group's page and every game of it
        else:
            device.unlock(game.id)
        return redirect(url_for("games.show", game_id=game.id), 303)
    return refuse(game, pins.refusal(outcome, holder), FORM_STATUS[outcome])
