"""A night's pages (docs/night.md): a new night, the organiser's page (the round playing,
its tables' games, the next round's seats, the standing, starting a round and changing
who plays), the view-only page a player opens to see where to sit, and the television
board. What the seating and the standing are is scorekeeper/night/engine/'s; storing them,
scorekeeper/night/store.py's; these views only translate."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from jinja2_fragments.flask import render_block
from sqlalchemy import select
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError

from ... import pins
from ...extensions import db, htmx
from ...games import games, kind_of
from ...i18n import say
from ...models import Game, Group, Night
from ...night import rounds as night_rounds
from ...night import store as nights
from ...night.engine.schedule import Format, Round, repeats
from ...night.engine.standing import TableResult
from ...numbers import whole
from ...rulekit import RulesError
from ...ui.forms import Form, WholeField, choices, pin_digits
from ..common import device
from ..game.setup import new_game_form, preset_notes
from ..group.forms import names_in
from ..group.play import usual_data

bp = Blueprint("nights", __name__)

FORMATS = ((Format.ROTATING.value, _l("Rotating partners: a new partner every round")),
           (Format.PAIRS.value, _l("Fixed pairs: each pair meets the others in turn")),
           (Format.SOLO.value, _l("Everyone alone: new table-mates every round")),
           (Format.PROGRESSIVE.value, _l("Winners move up a table, partners split")))


def _night_name(form: FlaskForm, field: Field) -> None:
    """The night's name read as the night keeps it, refused at the field as a group's is."""
    try:
        field.data = nights.night_name(field.data or "")
    except RulesError as refusal:
        raise ValidationError(say(refusal.message)) from None


class NightFields(Form):
    """What a night adds to the new-game form's game, forms and house rules (which it
    reads as a new game does, scorekeeper/web/game/setup.py)."""

    name = StringField(_l("The night's name"), validators=[InputRequired(
        _l("Give the night a name.")), _night_name])
    players = TextAreaField(_l("Who is here (one name per line)"))
    format = RadioField(_l("How the tables change"), choices=choices(FORMATS),
                        default=Format.ROTATING.value)
    table_size = SelectField(_l("Players at a table"),
                             choices=choices([("4", "4"), ("6", "6"), ("2", "2")]),
                             default="4")
    sit_out = RadioField(_l("A round sat out scores"), choices=choices((
        ("average", _l("The round's average: sitting out neither helps nor hurts")),
        ("none", _l("Nothing")))), default="average")
    # Numbers typed as every form reads them (docs/security.md, "Numbers"): WTForms' own
    # field took "+5", "1_0" and full-width digits.
    minutes = WholeField(_l("A round's time limit in minutes (optional)"), validators=[
        Optional(), NumberRange(5, nights.MOST_MINUTES)])
    rounds = WholeField(_l("Rounds (optional)"),
                        validators=[Optional(), NumberRange(1, nights.MOST_ROUNDS)])
    pin = StringField(_l("PIN for changes (optional)"), validators=[Optional(), pin_digits])
    balance = BooleanField(_l("Balance the first round by the group's ratings"))
    confirm = BooleanField(_l("A player of another side confirms each deal"), default=True)


class ChangeForm(Form):
    """The organiser's changes: the night's PIN (where it has one) goes with each."""

    pin = StringField(_l("The night's PIN"))
    # The round a start names (night_rounds.start_round): a second tap starts nothing.
    round = HiddenField()
    force = BooleanField(_l("End the unfinished games as they stand"))
    name = StringField(_l("Name"))
    other = StringField(_l("With"))


@bp.app_template_filter("night_points")
def night_points(value: Fraction) -> str:
    """Placement points as a player reads them: 2, 1.5, 0.75."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")


@bp.app_template_filter("night_total")
def night_total(value: int) -> str:
    """A game's total with a minus sign for one below nought: −30."""
    return f"−{-value}" if value < 0 else str(value)


@bp.app_template_filter("clock")
def clock(seconds: int) -> str:
    """Time left as a clock reads it: 12:05."""
    return f"{seconds // 60}:{seconds % 60:02d}"


@bp.app_template_filter("margin")
def margin(value: int) -> str:
    """A margin with its sign, the minus a minus sign: +150, −40, 0."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


@cache
# Any: the form class is made at run time, its fields named by the night's data
def night_form() -> type[Any]:
    """The night's form: the new-game form's game, forms and house rules, and the night's
    own fields (made once)."""
    return type("NightForm", (new_game_form(),), {
        name: field for name, field in vars(NightFields).items()
        if hasattr(field, "field_class")})


def _night(night_id: str) -> Night:
    night = db.session.get(Night, night_id)
    if night is None:
        abort(404)
    return night


def _by_view(view_id: str) -> Night:
    night = db.session.scalar(select(Night).where(Night.view_id == view_id))
    if night is None:
        abort(404)
    return night


@bp.route("/nights/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    """A new night; from a group's page (``?group=``), the group's: its members offered as
    the players, its games counting in its league."""
    group = db.session.get(Group, request.args.get("group", ""))
    if group is None and "group" in request.args:
        # Not a night without the group the link meant: say the link is wrong.
        abort(404, description=_l("There is no group with that link: check it, or plan "
                                  "the night from the group's own page."))
    form_class = night_form()
    # A group's night starts from its members and its usual rules.
    form = form_class() if request.method == "POST" or group is None else form_class(
        data=usual_data(group) | {"players": "\n".join(m.name for m in group.members)})
    error = None
    if group is not None and device.group_locked(group):
        error = _l("This group has a PIN: unlock the group on its page first.")
    elif form.validate_on_submit():
        size = int(form.table_size.data or 4)
        try:
            # The game's rules as the new-game form reads them (its house rules).
            rules = form.setup([f"Seat {i + 1}" for i in range(size)])[0]
            night = nights.new_night(form.name.data, rules, names_in(form.players.data),
                                     form.format.data, size, form.rounds.data, group=group,
                                     sit_out=form.sit_out.data or "average",
                                     minutes=form.minutes.data,
                                     balance=bool(group and form.balance.data),
                                     confirm="other_side" if form.confirm.data else "off")
        except RulesError as refusal:
            error = say(refusal.message)
        else:
            if (pin := pins.normal_pin(form.pin.data)) is not None:
                pins.set_pin(night, pin)
            db.session.add(night)
            db.session.commit()
            return redirect(url_for("nights.show", night_id=night.id), 303)
    status = 422 if form.is_submitted() else 200
    return render_template("nights/new.html", form=form, error=error, group=group,
                           usual=group is not None and bool(group.house_rules),
                           games=games(), notes=preset_notes(), game_of={
                               preset: kind.info.name for kind in games()
                               for preset in kind.info.presets}), status


def _tables(night: Night, view: bool, results: list[TableResult | None]
            ) -> list[dict[str, object]]:
    """The round playing, table by table: its sides, its game (the view-only page's
    address where *view*) and how the game stands (*results*, read)."""
    if not night.started:
        return []
    current = night.started[-1]
    out = []
    for number, (sides, game_id, result) in enumerate(
            zip(current.seating["tables"], current.games, results, strict=True), start=1):
        game = db.session.get(Game, game_id)
        link = None if game is None else (
            url_for("viewonly.show", view_id=game.view_id) if view
            else url_for("games.show", game_id=game.id))
        out.append({"number": number, "sides": sides, "link": link, "result": result})
    return out


# Any: a template's context, whose standing and rounds are read back by the view.
def _context(night: Night, view: bool) -> dict[str, Any]:
    rounds = nights.schedule(night)
    played = len(night.started)
    partners, opponents = repeats(rounds, Format(night.format), night.table_size)
    read = nights.results(night)
    return dict(night=night, rounds=rounds, played=played,
                tables=_tables(night, view, read[-1] if read else []),
                next_round=rounds[played] if played < len(rounds) else None,
                current=rounds[played - 1] if played else None,
                standing=nights.night_standing(night, read),
                pending=nights.pending(night, read), repeats=(partners, opponents),
                game_title=_l(kind_of(night.rules).info.title),
                format_name=dict(FORMATS)[night.format], view=view,
                time_left=nights.time_left(night),
                change_words=change_words, **_guarding(night))


def _guarding(night: Night) -> dict[str, object]:
    """Whether the organiser's forms ask for a PIN, and whose: the night's own, or its
    group's where the night has none."""
    holder = _locked(night)
    return {"pin_needed": holder is not None,
            "pin_label": _l("The group's PIN") if isinstance(holder, Group)
            else _l("The night's PIN")}


# Any: a night change's row or its read, each with a detail of its action's shape
def change_words(change: Any) -> str:
    """One line of the night's history, in the reader's words."""
    detail = change.detail
    if change.action == "round":
        return str(_l("Round %(n)d started.", n=detail["round"]))
    if change.action == "undo":
        return str(_l("Round %(n)d taken back before any deal: its games were removed.",
                      n=detail["round"]))
    if change.action == "forced":
        return str(_l("Round %(n)d ended as it stood (tables %(tables)s still playing).",
                      n=detail["round"], tables=", ".join(map(str, detail["tables"]))))
    if change.action == "add":
        return str(_l("%(name)s joined.", name=detail["player"]))
    if change.action == "remove":
        return str(_l("%(name)s left.", name=detail["player"]))
    if change.action == "swap":
        return str(_l("%(one)s and %(other)s swap seats in round %(n)d.",
                      one=detail["players"][0], other=detail["players"][1],
                      n=detail["round"]))
    return str(_l("The night was planned for %(names)s.",
                  names=", ".join(detail.get("players", []))))


@bp.get("/nights/<night_id>")
def show(night_id: str) -> Response:
    night = _night(night_id)
    return device.remember_night(make_response(render_template(
        "nights/show.html", form=ChangeForm(), error=None, **_context(night, view=False))),
        night.id)


def _locked(night: Night) -> pins.Holder | None:
    """Whose PIN this device must give for a change of *night*: the night's, or its
    group's unless this device unlocked the group already; None when no PIN is asked."""
    holder = night_rounds.guard(night)
    if isinstance(holder, Group) and not device.group_locked(holder):
        return None
    return holder


# Any: each action returns what its store function does, which the page ignores
def _change(night: Night, form: ChangeForm, action: Any) -> ResponseReturnValue:
    """Do *action* if the PIN guarding the night (its own or its group's) was given
    right: the page again, saying what went wrong, or the night's page."""
    error, status = None, 422
    holder = _locked(night)
    if not form.validate_on_submit():
        error = _l("This form has expired; please send it again.")
    elif holder is not None and (
            outcome := pins.attempt(holder, form.pin.data)) is not pins.Attempt.RIGHT:
        error = pins.refusal(outcome, holder)
    else:
        try:
            action()
        except night_rounds.TablesPlaying as playing:
            db.session.rollback()
            error = _l("Still playing: table %(tables)s. Start the next round when every "
                       "table has finished, or tick “End the unfinished games as they "
                       "stand”.", tables=", ".join(map(str, playing.tables)))
        except (night_rounds.RoundTaken, night_rounds.NightChanged) as taken:
            db.session.rollback()
            error, status = say(night_rounds.round_refusal(taken)), 409
        except RulesError as refusal:
            db.session.rollback()
            error = say(refusal.message)
        else:
            db.session.commit()
            return redirect(url_for("nights.show", night_id=night.id), 303)
    return render_template("nights/show.html", form=form, error=error,
                           **_context(night, view=False)), status


@bp.post("/nights/<night_id>/rounds")
def start_round(night_id: str) -> ResponseReturnValue:
    night = _night(night_id)
    form = ChangeForm()
    return _change(night, form, lambda: night_rounds.start_round(
        night, whole(form.round.data), bool(form.force.data)))


@bp.post("/nights/<night_id>/rounds/<int:number>/undo")
def undo_round(night_id: str, number: int) -> ResponseReturnValue:
    night = _night(night_id)
    return _change(night, ChangeForm(), lambda: night_rounds.undo_round(night, number))


@bp.post("/nights/<night_id>/players")
def add_player(night_id: str) -> ResponseReturnValue:
    night = _night(night_id)
    form = ChangeForm()
    return _change(night, form, lambda: nights.add_player(night, form.name.data))


@bp.post("/nights/<night_id>/players/remove")
def remove_player(night_id: str) -> ResponseReturnValue:
    night = _night(night_id)
    form = ChangeForm()
    return _change(night, form, lambda: nights.remove_player(night, form.name.data or ""))


@bp.post("/nights/<night_id>/swaps")
def swap_players(night_id: str) -> ResponseReturnValue:
    night = _night(night_id)
    form = ChangeForm()
    return _change(night, form, lambda: nights.swap_players(
        night, [form.name.data or "", form.other.data or ""]))


@bp.get("/nights/<night_id>/print")
def print_night(night_id: str) -> str:
    """Every round's seats and the standing, on one printable page."""
    return render_template("nights/print.html", **_context(_night(night_id), view=True))


@bp.get("/nights/view/<night_view>")
def view(night_view: str) -> str:
    """Where to sit: every table, and, for the player chosen (``?me=``), their own seat
    this round and next said in one line each."""
    night = _by_view(night_view)
    context = _context(night, view=True)
    everyone = [line.player for line in context["standing"]]
    me = next((n for n in everyone if n.casefold() == request.args.get("me", "").casefold()),
              None)
    return render_template("nights/view.html", me=me, everyone=everyone,
                           mine=[seat_of(r, me) for r in (context["current"],
                                                          context["next_round"])] if me
                           else [], **context)


def seat_of(seated: Round | None, me: str) -> dict[str, object] | None:
    """*me*'s place in *seated*: the table, partners and opponents, or sitting out."""
    if seated is None:
        return None
    for table in seated.tables:
        for side in table.sides:
            if me in side:
                return {"round": seated.number, "table": table.number,
                        "partners": [n for n in side if n != me],
                        "against": [s for s in table.sides if s is not side]}
    return {"round": seated.number, "table": None, "partners": [], "against": []}


@bp.get("/nights/tv/<night_view>")
def tv(night_view: str) -> Response:
    """The board for a television: asked again every 3 seconds for its board alone."""
    context = _context(_by_view(night_view), view=True)
    if htmx:
        response = make_response(render_block("nights/tv.html", "board", **context))
    else:
        response = make_response(render_template("nights/tv.html", **context))
    response.headers["Vary"] = "HX-Request"
    response.headers["Cache-Control"] = "no-store"
    return response
