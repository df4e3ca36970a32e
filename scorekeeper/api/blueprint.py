"""The JSON API's blueprint and what every one of its routes shares: the PIN guard, JSON
bodies only, and a refusal by the engine or the body's reader as a 400 with its sentence.
The routes (games, referee, scoring, rules, openapi) add themselves to :data:`bp`."""

from flask import Blueprint, g, jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from .. import pins
from ..codec import PayloadError
from ..extensions import db
from ..i18n import say
from ..models import Game, Group, Night
from ..rulekit import RulesError
from ..rulekit.messages import N_, Message, msg

PREFIX = "/api/v1"
bp = Blueprint("api", __name__, url_prefix=PREFIX)
# Through the API a wrong PIN is a 403 like a missing one.
PIN_STATUS = {pins.Attempt.WRONG: 403, pins.Attempt.LIMITED: 429}


#: What the other side does without the table's PIN: confirm or dispute a deal
#: (scorekeeper/trust/confirmations.py), on their own phone.
OTHER_SIDE = {"api.confirm_deal", "api.dispute_deal"}


@bp.before_request
def pin_guard() -> ResponseReturnValue | None:
    """Refuse a change to a PIN game, or a PIN group, without the PIN in
    ``X-Table-PIN``; a game with no PIN of its own in a PIN group takes the group's."""
    args = request.view_args or {}
    if request.method in ("GET", "HEAD", "OPTIONS") or request.endpoint in OTHER_SIDE:
        return None
    holder: pins.Holder | None = None
    if (game_id := args.get("game_id")) is not None:
        game = db.session.get(Game, game_id)
        # Held for the request: the view's own read of the game then finds it in the
        # session (which holds rows weakly) instead of reading it again.
        g.guarded_game = game
        holder = None if game is None else pins.guard_of(game)
        if isinstance(holder, Group) and "X-Table-PIN" not in request.headers:
            return jsonify(error=_("This game counts for a group with a PIN: send the "
                                   "group's PIN in the X-Table-PIN header to change the "
                                   "game.")), 403
    elif (group_id := args.get("group_id")) is not None:
        holder = db.session.get(Group, group_id)
    if holder is None:
        return None  # the view answers 404
    return pin_refusal(holder)


def pin_refusal(holder: pins.Holder) -> ResponseReturnValue | None:
    """The answer refusing a change to *holder* (a game or a group) for a missing or
    wrong PIN in ``X-Table-PIN``; ``None`` when it has no PIN or the PIN is right."""
    if holder.pin_hash is None:
        return None  # anyone with the id may write
    if "X-Table-PIN" not in request.headers:
        if isinstance(holder, Group):
            return jsonify(error=_("This group has a PIN: send it in the X-Table-PIN "
                                   "header to change the group or start a game in it.")), 403
        if isinstance(holder, Night):
            return jsonify(error=_("This night has a PIN: send it in the X-Table-PIN "
                                   "header to start a round or change its players.")), 403
        return jsonify(error=_("This game has a table PIN: send it in the X-Table-PIN "
                               "header to change the game.")), 403
    outcome = pins.attempt(holder, request.headers["X-Table-PIN"])
    if outcome is pins.Attempt.RIGHT:
        return None
    return jsonify(error=pins.refusal(outcome, holder)), PIN_STATUS[outcome]


@bp.before_request
def json_only() -> ResponseReturnValue | None:
    # A body in any other type is refused before it is read: HTML forms on other sites can
    # post form-encoded or text/plain bodies without the browser asking first, never JSON.
    if request.method in ("POST", "PUT", "PATCH") and not request.is_json:
        return jsonify(error=say(msg(N_("Send the body as JSON, with the header "
                                         "Content-Type: application/json.")))), 415
    return None


class Missing(Exception):
    """No game, group, or no such deal in a game: a 404 with the sentence given."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


@bp.errorhandler(Missing)
def missing(error: Missing) -> ResponseReturnValue:
    return jsonify(error=say(error.message)), 404


@bp.errorhandler(RulesError)
@bp.errorhandler(PayloadError)
def bad_request(error: RulesError | PayloadError) -> ResponseReturnValue:
    return jsonify(error=say(error.message)), 400
