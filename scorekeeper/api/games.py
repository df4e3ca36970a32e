"""Stored games (docs/api.md, "Games"): create, read, record a deal, correct one, undo
the last. The game's state is always replayed from its deals."""

from __future__ import annotations

from flask import Response, jsonify, request, url_for
from flask.typing import ResponseReturnValue

from .. import deal_fields
from ..codec import PayloadError, deal_number, flag_of
from ..extensions import db
from ..games import games, kind_of_game
from ..games.kind import Deal
from ..i18n import say
from ..jsontypes import Unchecked
from ..league.groups import start_game
from ..league.rematch import follow, rematch, rematch_of
from ..models import Game
from ..pins import normal_pin, set_pin
from ..rulekit.messages import N_, RulesError, msg
from ..states import state_json
from ..storage import (
    DealConflict,
    GameChanged,
    Stale,
    add_deal,
    correct_deal,
    load,
    new_game,
    remove_last_deal,
    state_and_log,
    version_of,
)
from ..trust import confirmations as trust
from .blueprint import Missing, bp, pin_refusal
from .groups import group_of_body
from .payload import body, refuse_unknown


def _game(game_id: str, deal: int | None = None) -> Game:
    """The game *game_id*, which must hold deal number *deal* if one is named."""
    game = load(game_id)
    if game is None:
        raise Missing(msg(N_("There is no game with that id; check the link.")))
    if deal is not None and not 1 <= deal <= len(game.deals):
        raise Missing(msg(N_("This game has no deal %(number)d."), number=deal))
    return game


@bp.errorhandler(GameChanged)
def game_changed(error: GameChanged) -> ResponseReturnValue:
    """A 409 with the game as it now stands: a deal number that is not the next one (then
    ``already_recorded`` says whether this very deal is in, from an earlier submit), or a
    correction or undo that another phone's change got ahead of."""
    # Read the game afresh: another phone may have just changed it.
    db.session.expire_all()
    game = load((request.view_args or {}).get("game_id", ""))
    state, log = (None, []) if game is None else state_and_log(game)
    following = None if state is None else state.next_deal
    if isinstance(error, Stale):
        message = msg(N_("This game has changed since the version you sent (another phone "
                         "recorded, corrected or undid a deal); nothing was changed. The "
                         "game as it now stands is in “game”, with its version."))
    elif not isinstance(error, DealConflict):
        message = msg(N_("Another phone changed this game at the same moment; nothing was "
                         "changed. Look at the game as it stands and try again."))
    elif error.repeat:
        message = msg(N_("Deal %(deal)d is already recorded, exactly as sent; it was not "
                         "recorded twice. The next deal to record is number %(number)d."),
                      deal=error.number, number=following or error.expected)
    else:
        message = msg(N_("That deal is not the next one: the next deal to record is number "
                         "%(number)d (it may have been recorded from another phone)."),
                      number=following or error.expected)
    answer: Unchecked = {"error": say(message)}
    if isinstance(error, DealConflict):
        answer["already_recorded"] = error.repeat
    if game is not None and state is not None:
        answer["game"] = state_json(game, state, log)
    return jsonify(answer), 409


def _answer(game: Game, status: int = 200) -> Response:
    # The sheet at the version the row was read at (after a change, the one it kept).
    state, log = state_and_log(game)
    response = jsonify(state_json(game, state, log))
    response.status_code = status
    response.set_etag(version_of(game))
    return response


def _seen(data: Unchecked | None) -> str:
    """The version of the game the client saw: ``If-Match`` or the body's ``version``
    (docs/api.md, "Versions"). A client that cannot say must not overwrite: 428."""
    matches = [tag for tag in request.if_match.as_set() if tag]
    if request.if_match.star_tag or len(matches) > 1:
        raise PayloadError(msg(N_("Send in If-Match the one version of the game you last "
                                  "saw, as the game state's “version” gives it.")))
    if matches:
        return matches[0]
    version = (data or {}).get("version")
    if version is None:
        raise VersionMissing
    if not isinstance(version, str):
        raise PayloadError(msg(N_("The field “version” must be the game's version as the "
                                  "game state gives it, a string.")))
    return version


class VersionMissing(Exception):
    """A correction or undo that does not say which version of the game it was made
    from."""


@bp.errorhandler(VersionMissing)
def version_missing(error: VersionMissing) -> ResponseReturnValue:
    message = msg(N_("Say which version of the game this change was made from: send the "
                     "game state's “version” in an If-Match header or a “version” field. "
                     "Nothing was changed."))
    return jsonify(error=say(message)), 428


def confirmation(data: Unchecked) -> tuple[object, str | None, bool | None]:
    """A new game's rules, and who confirms its deals (``confirm``, ``auto_confirm``: in
    the body, or among the rules' options, docs/api.md "Confirmed deals")."""
    rules = data["rules"]
    given = dict(rules) if isinstance(rules, dict) else {}
    confirm = data.get("confirm", given.pop("confirm", None))
    auto = data.get("auto_confirm", given.pop("auto_confirm", None))
    if confirm is not None and confirm not in trust.MODES:
        raise PayloadError(msg(N_("“confirm” is %(modes)s."), modes=" or ".join(trust.MODES)))
    if auto is not None and not isinstance(auto, bool):
        raise PayloadError(msg(N_("“auto_confirm” is true or false.")))
    return (given if isinstance(rules, dict) else rules), (
        None if confirm in (None, "off") else confirm), auto or None


def _players(data: Unchecked) -> list[str]:
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        # Each game's own direction of play (its rules say which): not named here.
        raise PayloadError(msg(N_("The field “players” must list the players' names in "
                                  "seating order, in the direction the game is played.")))
    return [p.strip() for p in players]


#: What a new game's body may hold: every game's fields, and those a game adds (as its part
#: of the OpenAPI description lists them: Hand and Foot's sides).
CREATE_FIELDS = ("rules", "players", "first_dealer", "partnerships", "group", "pin",
                 "confirm", "auto_confirm",
                 *sorted({name for kind in games() for name in kind.openapi().game}))


@bp.post("/games")
def create_game() -> ResponseReturnValue:
    data = body()
    refuse_unknown(data, CREATE_FIELDS)
    if "rules" not in data:
        raise PayloadError(msg(N_("Say which rules apply: “rules” is a preset name such as "
                                  "“levant”, or an object with a “preset” and options.")))
    first_dealer = data.get("first_dealer")
    if not isinstance(first_dealer, str):
        raise PayloadError(msg(N_("The field “first_dealer” must name the player who deals "
                                  "first.")))
    players = _players(data)
    # A game of a group: its players are the group's members (a new name becomes one),
    # and starting it changes the group, so a PIN group wants its PIN.
    group = group_of_body(data)
    if group is not None and (refused := pin_refusal(group)) is not None:
        return refused
    # Sides other than partners opposite, where the game has them (docs/api.md): the
    # game reads them.
    teams = data.get("teams")
    rules, confirm, auto = confirmation(data)
    game = new_game(rules, players, first_dealer.strip(),
                    flag_of(data, "partnerships") and teams is None, teams)
    game.confirm, game.auto_confirm = confirm, auto
    if data.get("pin") is not None:
        pin = normal_pin(data["pin"])
        if pin is None:
            raise PayloadError(msg(N_("The field “pin” must be a string of 4 to 8 digits.")))
        set_pin(game, pin)
    db.session.add(game)
    if group is not None:
        start_game(group, game)
    db.session.commit()
    response = _answer(game, 201)
    response.headers["Location"] = url_for("api.read_game", game_id=game.id)
    return response


@bp.get("/games/<game_id>")
def read_game(game_id: str) -> Response:
    game = _game(game_id)
    return _answer(game)


@bp.post("/games/<game_id>/rematch")
def rematch_game(game_id: str) -> ResponseReturnValue:
    """Play again: a new game of the same table (scorekeeper/league/rematch.py), ``201``; the
    rematch already made of this game, ``200``, when there is one (a double tap, another
    phone). A game not over yet is a ``409``."""
    game = _game(game_id)
    data = request.get_json(silent=True) if request.content_length else {}
    if not isinstance(data, dict):
        raise PayloadError(msg(N_("The request body must be a JSON object.")))
    if data:
        raise PayloadError(msg(N_("Unknown field “%(field)s”; a rematch takes no fields: "
                                  "send {}."), field=sorted(data)[0][:60]))
    made = rematch_of(game)
    state, log = state_and_log(game)
    if not state.finished or trust.unconfirmed(game):
        # Not over (yet, or again: reopened by an undo), though a rematch was made.
        return jsonify(error=say(msg(N_("This game is not over yet: only a finished "
                                        "game can be played again."))),
                       game=state_json(game, state, log)), 409
    if made is None:
        try:
            made = rematch(game)
        except RulesError as refusal:
            db.session.rollback()
            return jsonify(error=say(refusal.message), game=state_json(game, state, log)), 409
        db.session.commit()
        status = 201
    else:
        status = 200
    response = _answer(made, status)
    response.headers["Location"] = url_for("api.read_game", game_id=made.id)
    return response


def _deal(data: Unchecked, number: int, game: Game) -> Deal:
    """The deal *data* reports, read by its game; a field the game's deals do not have
    is refused by name rather than ignored."""
    kind = kind_of_game(game)
    # A deal as the audit trail keeps it records it again (its "scores" are worked out).
    unknown = sorted(set(data) - kind.deal_fields - kind.snapshot_fields)
    if unknown:
        raise PayloadError(msg(N_("Unknown field “%(field)s” in a deal of %(game)s; a deal "
                                  "has %(fields)s."), field=unknown[0][:60],
                               game=msg(kind.info.title), fields=", ".join(sorted(
                                   kind.deal_fields))))
    return kind.deal_from_json(data, number, game.rules)


@bp.post("/games/<game_id>/deals")
def record_deal(game_id: str) -> Response:
    game = _game(game_id)
    data = body()
    recorder = data.pop("recorded_by", None)
    typed = deal_fields.columns(deal_fields.from_body(data))
    number = deal_number(data)
    add_deal(game, _deal(data, number, game),
             *trust.passed(trust.recording(game, recorder).plus(typed)))
    return _answer(game, 201)


@bp.put("/games/<game_id>/deals/<int:number>")
def update_deal(game_id: str, number: int) -> Response:
    game = _game(game_id, number)
    data = body()
    if "deal" in data and deal_number(data) != number:
        raise PayloadError(msg(N_("The body is for deal %(body)d but the address names deal "
                                  "%(number)d."), body=data["deal"], number=number))
    recorder, reason = data.pop("recorded_by", None), data.pop("reason", None)
    typed = deal_fields.columns(deal_fields.from_body(data))
    seen = _seen(data)
    correct_deal(game, _deal(data, number, game), seen,
                 *trust.passed(trust.changing(game, number, recorder, reason).plus(typed)))
    follow(game)
    return _answer(game)


@bp.delete("/games/<game_id>/deals/<int:number>")
def undo_deal(game_id: str, number: int) -> ResponseReturnValue:
    game = _game(game_id, number)
    if number != len(game.deals):
        return jsonify(error=say(msg(N_("Only the last deal, number %(last)d, can be "
                                        "undone."), last=len(game.deals)))), 409
    data = request.get_json(silent=True) if request.is_json else None
    given = data if isinstance(data, dict) else {}
    seen = _seen(given or None)
    remove_last_deal(game, seen,
                     *trust.passed(trust.undoing(game, number, None, given.get("reason"))))
    return _answer(game)
