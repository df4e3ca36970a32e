"""Nights of several tables (docs/api.md, "Nights"): make one, read its plan and standing,
start its next round (a game at each table), add or remove a player between rounds. The
seating and the standing are scorekeeper/night/engine/'s; storing them,
scorekeeper/night/store.py."""

from __future__ import annotations

from fractions import Fraction

from flask import Response, jsonify, url_for
from flask.typing import ResponseReturnValue

from ..codec import PayloadError, flag_of
from ..extensions import db
from ..games import kind_of
from ..i18n import say
from ..jsontypes import JSONObject
from ..models import Night
from ..night import rounds as night_rounds
from ..night import store as nights
from ..night.engine.schedule import Format, repeats
from ..night.rounds import round_refusal
from ..pins import normal_pin, set_pin
from ..rulekit import RulesError
from ..rulekit.messages import N_, msg
from .blueprint import Missing, bp, pin_refusal
from .groups import group_of_body
from .payload import body, refuse_unknown

CREATE_FIELDS = ("name", "rules", "players", "format", "table_size", "rounds", "pairs",
                 "sit_out", "minutes", "group", "pin", "balance", "confirm")


def load_night(night_id: str) -> Night:
    night = db.session.get(Night, night_id)
    if night is None:
        raise Missing(msg(N_("There is no night with that id; check the link.")))
    return night


def _points(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 3)


def night_json(night: Night) -> JSONObject:
    """The night: its links, what it plays, the whole plan (rounds started with their
    games, the rest as planned now), the repeats of the plan and the standing."""
    rounds = nights.schedule(night)
    games = {r.number: r.games for r in night.started}
    read = nights.results(night)
    partners, opponents = repeats(rounds, Format(night.format), night.table_size)
    return {
        "id": night.id,
        "url": url_for("nights.show", night_id=night.id, _external=True),
        "confirm": night.confirm or "off",
        "view_url": url_for("nights.view", night_view=night.view_id, _external=True),
        "tv_url": url_for("nights.tv", night_view=night.view_id, _external=True),
        "name": night.name, "game": kind_of(night.rules).info.api_name,
        "rules": night.rules, "players": list(night.players), "format": night.format,
        "table_size": night.table_size, "sit_out": night.sit_out,
        "minutes": night.minutes, "time_left": nights.time_left(night),
        "pin": night.pin_hash is not None,
        "group": night.group_id,
        "rounds": [{"number": r.number, "tables": [{
            "table": t.number, "sides": [list(side) for side in t.sides],
            "game": _game_link(games.get(r.number), t.number)} for t in r.tables],
            "sitting_out": list(r.sitting_out)} for r in rounds],
        "planned_rounds": night.rounds,
        "repeats": {"partners": partners, "opponents": opponents},
        "current_round": night.started[-1].number if night.started else None,
        "standing": [{"player": line.player, "rank": line.rank,
                      "points": _points(line.points), "tiebreak": line.tiebreak,
                      "games": line.games, "sat_out": line.sat_out,
                      "provisional": line.provisional}
                     for line in nights.night_standing(night, read)],
        "pending": [{"round": number, "table": table, "deals": list(deals)}
                    for number, table, deals in nights.pending(night, read)],
    }


def _game_link(games: list[str] | None, table: int) -> dict[str, str] | None:
    if not games:
        return None
    game_id = games[table - 1]
    return {"id": game_id, "url": url_for("games.show", game_id=game_id, _external=True)}


def _answer(night: Night, status: int = 200) -> Response:
    response = jsonify(night_json(night))
    response.status_code = status
    return response


@bp.post("/nights")
def create_night() -> ResponseReturnValue:
    data = body()
    refuse_unknown(data, CREATE_FIELDS)
    for field in ("name", "rules", "players", "format"):
        if field not in data:
            raise PayloadError(msg(N_("A night needs the field “%(field)s”."), field=field))
    group = group_of_body(data)
    if group is not None and (refused := pin_refusal(group)) is not None:
        return refused
    night = nights.new_night(data["name"], data["rules"], data["players"], data["format"],
                             data.get("table_size", 4), data.get("rounds"),
                             data.get("pairs"), group,
                             "average" if data.get("sit_out") is None else data["sit_out"],
                             data.get("minutes"), data.get("balance", False),
                             data.get("confirm"))
    if data.get("pin") is not None:
        pin = normal_pin(data["pin"])
        if pin is None:
            raise PayloadError(msg(N_("The field “pin” must be a string of 4 to 8 digits.")))
        set_pin(night, pin)
    db.session.add(night)
    db.session.commit()
    response = _answer(night, 201)
    response.headers["Location"] = url_for("api.read_night", night_id=night.id)
    return response


@bp.get("/nights/<night_id>")
def read_night(night_id: str) -> Response:
    return _answer(load_night(night_id))


@bp.post("/nights/<night_id>/rounds")
def start_round(night_id: str) -> ResponseReturnValue:
    """Start the round the body names (``{"round": N}``; without it, whichever is next, as
    before the field was added: a retry then may start the round after)."""
    night = load_night(night_id)
    data = body()
    refuse_unknown(data, ("round", "force"))
    number = data.get("round")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                               or number < 1):
        raise PayloadError(msg(N_("The field “round” must be the number of the round to "
                                  "start: 1 for the first.")))
    if (holder := night_rounds.guard(night)) is not None and (
            refused := pin_refusal(holder)) is not None:
        return refused
    try:
        night_rounds.start_round(night, number, flag_of(data, "force"))
    except night_rounds.TablesPlaying as playing:
        db.session.rollback()
        return jsonify(error=say(msg(
            N_("Still playing: table %(tables)s. Start the next round when every table "
               "has finished, or send {\"force\": true} to end the round as it stands."),
            tables=", ".join(map(str, playing.tables)))), night=night_json(night)), 409
    except (night_rounds.RoundTaken, night_rounds.NightChanged) as taken:
        db.session.rollback()
        return jsonify(error=say(round_refusal(taken)), night=night_json(night)), 409
    except RulesError:
        db.session.rollback()
        raise
    db.session.commit()
    return _answer(night, 201)


@bp.delete("/nights/<night_id>/rounds/<int:number>")
def undo_round(night_id: str, number: int) -> ResponseReturnValue:
    """Take back the round playing while none of its tables has a deal."""
    night = load_night(night_id)
    if (holder := night_rounds.guard(night)) is not None and (
            refused := pin_refusal(holder)) is not None:
        return refused
    try:
        night_rounds.undo_round(night, number)
    except night_rounds.NightChanged as changed:
        db.session.rollback()
        return jsonify(error=say(round_refusal(changed)), night=night_json(night)), 409
    except RulesError as refusal:
        db.session.rollback()
        return jsonify(error=say(refusal.message), night=night_json(night)), 409
    db.session.commit()
    return _answer(night)


@bp.post("/nights/<night_id>/players")
def add_player(night_id: str) -> ResponseReturnValue:
    night = load_night(night_id)
    data = body()
    refuse_unknown(data, ("name",))
    if (holder := night_rounds.guard(night)) is not None and (
            refused := pin_refusal(holder)) is not None:
        return refused
    nights.add_player(night, data.get("name"))
    db.session.commit()
    return _answer(night)


@bp.post("/nights/<night_id>/swaps")
def swap_players(night_id: str) -> ResponseReturnValue:
    night = load_night(night_id)
    data = body()
    refuse_unknown(data, ("players",))
    if (holder := night_rounds.guard(night)) is not None and (
            refused := pin_refusal(holder)) is not None:
        return refused
    nights.swap_players(night, data.get("players"))
    db.session.commit()
    return _answer(night)


@bp.delete("/nights/<night_id>/players/<name>")
def remove_player(night_id: str, name: str) -> ResponseReturnValue:
    night = load_night(night_id)
    if (holder := night_rounds.guard(night)) is not None and (
            refused := pin_refusal(holder)) is not None:
        return refused
    nights.remove_player(night, name)
    db.session.commit()
    return _answer(night)
