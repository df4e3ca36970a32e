"""Playing as a group: a new game started from the group's page — its members tapped into
their seats in seating order (a new name typed still becomes a member), its usual rules
filled in — and a finished game played again. The new-game form is the one every game
uses (scorekeeper.web.game.setup, templates/games/new.html); the group's part only fills it."""

from __future__ import annotations

from flask import Blueprint, abort, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ...extensions import db
from ...games import games, kind_named, kind_of_game
from ...i18n import say
from ...league import groups
from ...league.ratings import balanced_seats
from ...league.rematch import rematch, rematch_id
from ...models import Group
from ...rulekit import RulesError
from ...storage import GameChanged, load, table_of
from ...ui.names import together
from ..common import device
from ..game import conflicts
from ..game.routes import game_page
from ..game.setup import NewGameForm, new_game_form, preset_notes, start
from .routes import find, recent

bp = Blueprint("play", __name__)


def usual_data(group: Group) -> dict[str, object]:
    """The new-game form's fields holding the group's usual rules of each game it has
    started (each game's pages read them back into its fields), the game it started last
    chosen."""
    data: dict[str, object] = {}
    table = group.house_rules.get(groups.TABLE)
    if isinstance(table, dict):
        data |= {"confirm": table.get("confirm"), "auto_confirm": table.get("auto_confirm")}
    for each in games():
        rules = group.house_rules.get(each.info.name)
        if isinstance(rules, dict):
            data |= each.pages.setup_data(rules)
    last = recent(group, 1)
    kept = [k for k in games() if k.info.name in group.house_rules]
    kind = kind_of_game(last[0]) if last else kept[0] if kept else None
    if kind is not None and isinstance(rules := group.house_rules.get(kind.info.name), dict):
        data["preset"] = kind.pages.setup_data(rules).get("preset", kind.info.presets[0])
    elif "preset" in data:
        del data["preset"]
    return data


def seat(form: NewGameForm, name: str) -> None:
    """A member's chip tapped (the page without its script posts it): the member sits in
    the first empty seat, or, seated already, stands up and those after move up a seat."""
    fields = form.player_fields()
    names = [(f.data or "").strip() for f in fields]
    key = name.strip().casefold()
    if key in (n.casefold() for n in names):
        left = [n for n in names if n.casefold() != key]
        for f, n in zip(fields, [*left, *[""] * (len(fields) - len(left))], strict=True):
            f.data = n
    elif "" in names:
        fields[names.index("")].data = name.strip()


@bp.route("/groups/<group_id>/new", methods=["GET", "POST"])
def new_game(group_id: str) -> ResponseReturnValue:
    group = find(group_id)
    form_class = new_game_form()
    form = form_class() if request.method == "POST" else form_class(data=usual_data(group))
    error = note = None
    move, chip = request.form.get("move"), request.form.get("seat")
    if move:
        form.rearrange(move)
    elif request.form.get("balance"):
        if "csrf_token" not in form or form.csrf_token.validate(form):
            error, note = balance(form, group)
    elif chip is not None:
        if "csrf_token" not in form or form.csrf_token.validate(form):
            seat(form, chip[:40])
    elif form.validate_on_submit():
        started = start(form, group)
        if not isinstance(started, str):
            return started
        error = started
    status = 422 if request.method == "POST" and (
        not (move or chip is not None or note) or form.errors or error) else 200
    seated = {(f.data or "").strip().casefold() for f in form.player_fields()}
    return render_template(
        "games/new.html", form=form, error=error, note=note, notes=preset_notes(),
        games=games(),
        game_of={preset: kind.info.name for kind in games() for preset in kind.info.presets},
        group=group, seated=seated, usual=usual_kinds(group),
        action=url_for("play.new_game", group_id=group.id)), status


def balance(form: NewGameForm, group: Group) -> tuple[str | None, str | None]:
    """"Draw balanced partners": the players seated again so each side's chance to win,
    as the group's ratings of the chosen game predict it, is closest to even (every seat
    of a side kept). What is wrong, or the sides drawn and the first side's chance."""
    fields = form.player_fields()
    seats = [(f.data or "").strip() for f in fields]
    names = [name for name in seats if name]
    if seats[:len(names)] != names:
        return _("Fill the seats in order, with no empty seat between players."), None
    try:
        units = table_of(form.game()).units
    except RulesError as refusal:
        return say(refusal.message), None
    members = [None if (m := groups.member_named(group, n)) is None else m.id for n in names]
    try:
        seated, chance = balanced_seats(group.id, form.kind.info.name, names, members, units)
    except ValueError:
        return _("Balanced partners need sides of two or more players, every side the "
                 "same size: choose the game's partnerships or sides first."), None
    for f, name in zip(fields, seated, strict=False):
        f.data = name
    sides = sorted(([seated[names.index(n)] for n in unit] for unit in units),
                   key=lambda side: seated.index(side[0]))
    first = [seated[names.index(n)] for n in units[0]]
    return None, _("Balanced sides: %(sides)s. %(side)s have a %(chance)s%% chance to win.",
                   sides=_(" against ").join(together(s) for s in sides),
                   side=together(first), chance=round(100 * chance))


def usual_kinds(group: Group) -> set[str]:
    """The games whose usual rules the group keeps (filled into the form)."""
    return {name for name in group.house_rules if kind_named(name) is not None}


@bp.post("/games/<game_id>/again")
def again(game_id: str) -> BaseResponse:
    """Play a finished game again: the same players in the same seats, the same rules and
    group, the first dealer whoever would have dealt next (scorekeeper.league.rematch). Asked
    twice (a double tap, a second phone), it leads to the one rematch made."""
    game = load(game_id)
    if game is None:
        abort(404)
    try:
        new = rematch(game)
        db.session.commit()
    except RulesError as refusal:
        db.session.rollback()
        return game_page(game, error=say(refusal.message), status=409)
    except GameChanged:
        db.session.rollback()
        return game_page(load(game_id) or game, error=conflicts.changed(), status=409)
    if new.pin_hash:
        # The same table, the same PIN: this phone entered it for the game before.
        device.unlock(new.id)
    return device.remember(redirect(url_for("games.show", game_id=new.id), 303), new.id)


@bp.app_template_global()
def rematch_of(game_id: str) -> str | None:
    """The id of the game played after *game_id* ("Play again"), for its page's link: as
    the page's name read it (games.show), or looked for."""
    known: dict[str, str | None] = g.get("rematches", {})
    return known[game_id] if game_id in known else rematch_id(game_id)
