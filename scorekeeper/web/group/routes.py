"""The group pages (the table's league): a new group, its page at its unguessable link —
its season's standings, its members added and renamed, its games (the newest, the older
ones a tap away: scorekeeper.web.group.games), the games on this phone it can count, its
QR code and its PIN — and the view-only link for a screen at the back of the room,
``/groups/view/<group_view>``, which shows the standings and nothing that changes them.
Each view turns a form into the league's core (scorekeeper.league.groups) and shows what the core
adds up; none decides a rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from flask import Blueprint, Response, abort, make_response, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from jinja2_fragments.flask import render_block
from sqlalchemy import select
from sqlalchemy.orm import selectinload
from werkzeug.wrappers import Response as BaseResponse

from ... import pins
from ...extensions import db, htmx
from ...games import games
from ...i18n import say
from ...league import groups, members
from ...models import Game, Group, Member, Seat
from ...night import store as nights
from ...rulekit import RulesError
from ...rulekit.messages import N_, msg
from ...ui.forms import Form
from ..common import device
from ..game.downloads import qr_svg
from ..game.home import listing
from .forms import (
    AddGameForm,
    GroupPinForm,
    MembersForm,
    MergeForm,
    NewGroupForm,
    RemoveForm,
    RenameForm,
    names_in,
)
from .games import OLDER_ID, Listed, listed
from .season import season_of

bp = Blueprint("groups", __name__)


def find(group_id: str) -> Group:
    group = db.session.get(Group, group_id)
    if group is None:
        abort(404)
    return group


def by_view(group_view: str) -> Group:
    group = db.session.scalars(select(Group).where(Group.view_id == group_view)).first()
    if group is None:
        abort(404)
    return group


def recent(group: Group, count: int) -> list[Game]:
    """The group's *count* newest games (groups.games_of's order), without reading the
    rest of a long season."""
    return list(db.session.scalars(select(Game).where(Game.group_id == group.id)
                                   .order_by(Game.created_at.desc(), Game.id).limit(count)))


def usual_forms(group: Group) -> list[tuple[str, object]]:
    """Each game the group has started, with the form of it the group usually plays."""
    usual = []
    for kind in games():
        rules = group.house_rules.get(kind.info.name)
        if isinstance(rules, dict):
            usual.append((_(kind.info.title), kind.pages.preset_names.get(
                str(rules.get("preset")), kind.info.title)))
    return usual


def addable(group: Group) -> list[dict[str, object]]:
    """The games on this phone the group can count: in no group yet, and every player a
    member already (so no typo becomes a new person)."""
    ids = device.opened()
    if not ids:
        return []
    # Their seats read with them: one statement, not one a game (a phone keeps 50).
    free = db.session.scalars(select(Game).where(Game.id.in_(ids), Game.group_id.is_(None))
                              .options(selectinload(Game.seats))).all()
    fitting = {game.id for game in free
               if all(groups.member_named(group, seat.name) is not None
                      for seat in game.seats)}
    return listing([i for i in ids if i in fitting])


def group_page(group: Group, status: int = 200, error: str | None = None,
               **forms: FlaskForm) -> Response:
    """The group's page (or, asked by HTMX for its standings, that part alone)."""
    locked = device.group_locked(group)
    view = season_of(group)
    everyone = [(str(m.id), m.name) for m in group.members]
    rename = forms.get("rename_form") or RenameForm(formdata=None)
    rename.member.choices = everyone
    merge = forms.get("merge_form") or MergeForm(formdata=None)
    merge.gone.choices = merge.into.choices = everyone
    played = set(db.session.scalars(select(Seat.member_id).where(
        Seat.member_id.in_([m.id for m in group.members]))))
    remove = forms.get("remove_form") or RemoveForm(formdata=None)
    remove.member.choices = [(i, name) for i, name in everyone if int(i) not in played]
    address = _address(group)
    games = listed(group, address)
    context = dict(
        group=group, locked=locked, season=view, error=error, usual=usual_forms(group),
        listed=games, nights=nights.of_group(group.id),
        addable=[] if locked else addable(group),
        members_form=forms.get("members_form") or MembersForm(formdata=None),
        rename_form=rename, merge_form=merge, remove_form=remove,
        pin_form=forms.get("pin_form") or GroupPinForm(formdata=None),
        add_form=AddGameForm(formdata=None), pin_error=forms.get("pin_error"), refresh=False,
        link=url_for("groups.show", group_id=group.id, _external=True),
        view_link=url_for("groups.view", group_view=group.view_id, _external=True),
        season_url=address)
    if htmx and htmx.target == "standings":
        html = render_block("groups/show.html", "standings", **context)
    else:
        html = render_template("groups/show.html", **context)
    # Dates that are no dates are said at their fields, as a refused form is.
    response = make_response(html, 400 if status == 200 and (
        view.form.errors or view.game_error or games.error) else status)
    response.headers["Vary"] = "HX-Request, HX-Target"
    return device.remember_group(response, group.id)


@bp.route("/groups/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    form = NewGroupForm()
    if form.validate_on_submit():
        try:
            group = groups.new_group(form.name.data, names_in(form.members.data))
        except RulesError as refusal:
            form.members.errors = [*form.members.errors, say(refusal.message)]
        else:
            # A PIN of spaces only is none (the field is optional); any other the form's
            # validator (pin_digits) took as one normal_pin reads.
            if (pin := pins.normal_pin(form.pin.data)) is not None:
                pins.set_pin(group, pin)
            db.session.add(group)
            db.session.commit()
            if group.pin_hash:
                device.unlock_group(group.id)
            return device.remember_group(
                redirect(url_for("groups.show", group_id=group.id), 303), group.id)
    status = 422 if form.is_submitted() else 200
    return render_template("groups/new.html", form=form), status


def _address(group: Group) -> Callable[..., str]:
    return lambda **query: url_for("groups.show", group_id=group.id, **query)


@bp.get("/groups/<group_id>")
def show(group_id: str) -> Response:
    group = find(group_id)
    if htmx and htmx.target == OLDER_ID:
        return older_games("groups/show.html", listed(group, _address(group), alone=True))
    return group_page(group)


def older_games(template: str, games: Listed) -> Response:
    """The rows of the older games a list asked for, to take the place of its "Older
    games" (its standings neither added up nor sent)."""
    response = make_response(render_block(template, "game_rows", listed=games, alone=True),
                             400 if games.error else 200)
    response.headers["Vary"] = "HX-Request, HX-Target"
    return response


@bp.get("/groups/<group_id>/qr.svg")
def qr(group_id: str) -> Response:
    group = find(group_id)
    return qr_svg(url_for("groups.show", group_id=group.id, _external=True))


def _done(group: Group) -> BaseResponse:
    return redirect(url_for("groups.show", group_id=group.id), 303)


@bp.post("/groups/<group_id>/members")
def add_members(group_id: str) -> BaseResponse:
    group = find(group_id)
    form = MembersForm()
    if form.validate():
        try:
            groups.add_members(group, names_in(form.members.data))
            db.session.commit()
        except RulesError as refusal:
            db.session.rollback()
            form.members.errors = [*form.members.errors, say(refusal.message)]
        else:
            return _done(group)
    return group_page(find(group_id), 422, members_form=form)


@bp.post("/groups/<group_id>/rename")
def rename(group_id: str) -> BaseResponse:
    group = find(group_id)
    form = RenameForm()
    form.member.choices = [(str(m.id), m.name) for m in group.members]
    if form.validate():
        member = next((m for m in group.members if str(m.id) == form.member.data), None)
        if member is None:
            form.member.errors = [_("Choose who to rename.")]
        else:
            try:
                groups.rename(group, member, form.name.data)
                db.session.commit()
            except RulesError as refusal:
                db.session.rollback()
                form.name.errors = [*form.name.errors, say(refusal.message)]
            else:
                return _done(group)
    return group_page(find(group_id), 422, rename_form=form)


@bp.post("/groups/<group_id>/merge")
def merge(group_id: str) -> BaseResponse:
    """Two members who are one person become one: the first's games follow."""
    group = find(group_id)
    form = MergeForm()
    if form.validate():
        try:
            members.merge(group, _member(group, form.gone.data),
                          _member(group, form.into.data))
            db.session.commit()
        except RulesError as refusal:
            db.session.rollback()
            form.into.errors = [say(refusal.message)]
        else:
            return _done(group)
    return group_page(find(group_id), 422, merge_form=form)


@bp.post("/groups/<group_id>/remove")
def remove(group_id: str) -> BaseResponse:
    """A member who never played leaves the group."""
    group = find(group_id)
    form = RemoveForm()
    if form.validate():
        try:
            members.remove(group, _member(group, form.member.data))
            db.session.commit()
        except RulesError as refusal:
            db.session.rollback()
            form.member.errors = [say(refusal.message)]
        else:
            return _done(group)
    return group_page(find(group_id), 422, remove_form=form)


def _member(group: Group, member_id: str | None) -> Member:
    """The member chosen in a form by id; one no longer there is a refused form."""
    member = next((m for m in group.members if str(m.id) == member_id), None)
    if member is None:
        raise RulesError(msg(N_("That member is no longer in the group; choose again.")))
    return member


@bp.post("/groups/<group_id>/games")
def add_game(group_id: str) -> BaseResponse:
    """Count a game on this phone for the group."""
    group = find(group_id)
    form = AddGameForm()
    game = db.session.get(Game, form.game.data) if form.validate() else None
    if game is None:
        return group_page(group, 404, error=_("No game found for that link. Check it and "
                                              "try again."))
    if device.locked(game):
        return group_page(group, 403, error=_("This table has a PIN: enter it to record "
                                              "or change deals."))
    try:
        groups.count_game(group, game)
        db.session.commit()
    except RulesError as refusal:
        db.session.rollback()
        return group_page(find(group_id), 422, error=say(refusal.message))
    return _done(group)


@bp.post("/groups/<group_id>/pin")
def set_pin(group_id: str) -> BaseResponse:
    """Give the group a PIN for changes (or another one, from a phone that may change it)."""
    group = find(group_id)
    form = GroupPinForm()
    if not form.validate():
        return group_page(group, 422, pin_form=form)
    pins.set_pin(group, cast(str, pins.normal_pin(form.pin.data)))
    db.session.commit()
    device.unlock_group(group.id)
    return _done(group)


@bp.post("/groups/<group_id>/pin/off")
def remove_pin(group_id: str) -> BaseResponse:
    """Take the group's PIN off, from a phone that may change the group."""
    group = find(group_id)
    if not Form().validate():
        return group_page(group, 422, error=_("This form has expired; please send it again."))
    pins.remove_pin(group)
    db.session.commit()
    return _done(group)


# --- the view-only link -------------------------------------------------------------


@bp.get("/groups/view/<group_view>")
def view(group_view: str) -> Response:
    """The standings for a screen at the back of the room: nothing that changes them, and
    nothing naming the group's own link or its games' (their view-only links only)."""
    group = by_view(group_view)

    # Any: url_for's own keywords are typed; the query's values pass through it unread.
    def address(**query: Any) -> str:
        return url_for("groups.view", group_view=group_view, **query)

    if htmx and htmx.target == OLDER_ID:
        return older_games("groups/view.html", listed(group, address, alone=True))
    season = season_of(group)
    games = listed(group, address)
    context = dict(group=group, season=season, usual=usual_forms(group),
                   listed=games, group_view=group_view, refresh=True,
                   nights=nights.of_group(group.id),
                   view_link=url_for("groups.view", group_view=group_view, _external=True),
                   season_url=address)
    if htmx and htmx.target == "standings":
        html = render_block("groups/view.html", "standings", **context)
    else:
        html = render_template("groups/view.html", **context)
    response = make_response(html, 400 if season.form.errors or season.game_error
                             or games.error else 200)
    response.headers["Vary"] = "HX-Request, HX-Target"
    return response


@bp.get("/groups/view/<group_view>/qr.svg")
def view_qr(group_view: str) -> Response:
    by_view(group_view)
    return qr_svg(url_for("groups.view", group_view=group_view, _external=True))

