"""The scorekeeper pages: a new game, the game's sheet, recording, correcting and undoing
deals, the printable sheet and the exports. Each view turns the form into the engine's
values and shows what the engine replays; none decides a rule."""

from __future__ import annotations

import csv
import io
import json
import secrets

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from jinja2_fragments.flask import render_block

from ..codec import PayloadError, deal_from_json
from ..extensions import db, htmx
from ..footcodec import any_state_to_json, is_foot
from ..i18n import say
from ..models import Game
from ..numbers import whole, whole_or
from ..pins import normal_pin, set_pin
from ..rules import Bonus, Deal, Outcome, RulesError, Table, replay
from ..rules.handfoot import PRESET as FOOT
from ..rules.messages import N_, msg
from ..rules.scoring import partner_of
from ..rules.winning import NotAHand
from ..storage import (
    DealConflict,
    GameChanged,
    Stale,
    add_deal,
    correct_deal,
    load,
    log_of,
    new_game,
    remove_last_deal,
    state_and_log,
    state_of,
    table_of,
    version_of,
)
from . import conflicts, device, foot, live
from .forms import NewGameForm, deal_form_class, first_error, preset_notes
from .labels import PRESET_NAMES
from .picker import DECK
from .sheet import Sheet
from .sheet import csv_cell as _cell
from .verdicts import kept_rulings

bp = Blueprint("games", __name__)


def _game(game_id: str) -> Game:
    game = load(game_id)
    if game is None:
        abort(404)
    return game


@bp.route("/new", methods=["GET", "POST"])
def new():
    form = NewGameForm()
    error = None
    move = request.form.get("move")
    if move:
        # Reorder buttons post the form back: swap two seats and show it again. That
        # stores nothing, but the post carries its CSRF token like any other.
        if "csrf_token" not in form or form.csrf_token.validate(form):
            direction, _, seat = move.partition("-")
            form.move(whole_or(seat, -1), -1 if direction == "up" else 1)
    elif form.validate_on_submit():
        names = form.names()
        dealer = form.first_dealer.data
        try:
            if dealer == "random":
                dealer_name = secrets.choice(names) if names else ""
            else:
                seat = whole_or(dealer, -1)
                fields = form.player_fields()
                dealer_name = (fields[seat].data or "").strip() if 0 <= seat < len(fields) else ""
                if not dealer_name:
                    raise RulesError(msg(N_("The first dealer's seat has no player.")))
            if form.preset.data == FOOT:
                game = new_game(form.rules_spec(), names, dealer_name,
                                teams=form.foot_sides(names))
            else:
                game = new_game(form.rules_spec(), names, dealer_name,
                                form.partnerships.data)
        except RulesError as refusal:
            error = say(refusal.message)
        else:
            if form.pin.data:
                set_pin(game, normal_pin(form.pin.data))
            db.session.add(game)
            db.session.commit()
            if game.pin_hash:
                # Whoever sets the PIN need not type it again on this phone.
                device.unlock(game.id)
            return device.remember(redirect(url_for("games.show", game_id=game.id)),
                                   game.id)
    status = 422 if request.method == "POST" and (not move or form.errors) else 200
    return render_template("games/new.html", form=form, error=error, notes=preset_notes(),
                           preset_names=PRESET_NAMES), status


def _deal_form(table: Table, state, data=None, record: Deal | None = None):
    form_class = deal_form_class(table.rules, table.players)
    form = form_class(formdata=data) if data is not None else form_class(formdata=None)
    if data is None:
        form.deal.data = str(record.number if record else state.next_deal)
        if record is not None:
            _fill_form(form, table, record)
    return form


def _fill_form(form, table: Table, deal: Deal) -> None:
    """Put a recorded deal back into the form, to correct it."""
    form.outcome.data = deal.outcome.value
    result = deal.result
    if result is None:
        return
    form.winner.data = str(table.players.index(result.winner))
    form.finish.data = result.finish.value
    form.bonuses.data = [b.value for b in result.bonuses]
    form.indicator.data = str(result.indicator) if result.indicator else ""
    form.winner_cards.data = " ".join(
        str(c) for c in (*(c for m in result.winner_melds for c in m), *result.winner_discard))
    for name, hand in result.hands.items():
        i = table.players.index(name)
        form[f"melded_{i}"].data = "yes" if hand.melded else "no"
        form[f"points_{i}"].data = hand.points
        form[f"cards_{i}"].data = " ".join(map(str, hand.cards or ()))
        if f"mistake_{i}" in form:
            form[f"mistake_{i}"].data = hand.mistake
    for meld in deal.first_melds:
        form[f"first_{table.players.index(meld.player)}"].data = (
            " / ".join(" ".join(map(str, m)) for m in meld.melds) if meld.melds
            else str(meld.value))
    form.first_order.data = " ".join(
        str(table.players.index(m.player)) for m in deal.first_melds)


def deal_from(form, table: Table, number: int) -> Deal:
    """The deal the form describes, read by the same code as a deal sent to the JSON API;
    :class:`RulesError` says what the form leaves unsaid."""
    return deal_from_json(form_body(form, table), number, table.rules)


def form_body(form, table: Table) -> dict:
    """The deal form's answers as the JSON API's body for the deal (shared/API.md): seat
    numbers become names, the text of cards a list. Fields a scored deal does not use are
    left out, as a phone may have filled them in before choosing another outcome."""
    outcome = form.outcome.data or Outcome.SCORED.value
    first = _first_melds(form, table.players)
    if outcome != Outcome.SCORED.value:
        return {"outcome": outcome, **first}
    players = table.players
    seat = whole(form.winner.data)
    if seat is None or seat >= len(players):
        raise RulesError(msg(N_("Say who went out.")))
    winner = players[seat]
    partner = partner_of(winner, table.teams)
    hands = {}
    for i, name in enumerate(players):
        if name in (winner, partner):
            continue
        mistake = bool(form[f"mistake_{i}"].data) if f"mistake_{i}" in form else False
        melded = form[f"melded_{i}"].data
        if (form[f"first_{i}"].data or "").strip() and not mistake:
            if melded == "no":
                raise RulesError(msg(N_("%(name)s laid a first meld, so %(name)s melded: "
                                        "answer yes, or clear the first meld."), name=name))
            melded = "yes"
        if melded not in ("yes", "no") and not mistake:
            # Left out: the engine asks how this player finished, once the winner's
            # claim is ruled on (a refused full hand is what a table disputes first).
            continue
        if melded == "yes" and not mistake:
            cards = (form[f"cards_{i}"].data or "").replace(",", " ").split()
            points = None if cards else form[f"points_{i}"].data
            hands[name] = {"melded": True, **({"cards": cards} if cards else {}),
                           **({"points": points} if points is not None else {})}
        else:
            hands[name] = {"melded": melded == "yes", "mistake": mistake}
    indicator = (form.indicator.data or "").strip()
    finish = form.finish.data or "partial"
    bonuses = [b for b in form.bonuses.data or () if b in {x.value for x in Bonus}]
    body = {"outcome": outcome, "winner": winner, "finish": finish, "hands": hands,
            "bonuses": bonuses, **({"indicator": indicator} if indicator else {}), **first}
    cards = (form.winner_cards.data or "").replace(",", " ").split()
    if cards:
        # The cards decide (shared/API.md, "Deals from the cards"): what the table ticked
        # besides the defaults — a full hand, bonuses — must agree with them.
        body["winner_cards"] = cards
        if finish != "full":
            del body["finish"]
        if not bonuses:
            del body["bonuses"]
    return body


def _first_melds(form, players: tuple[str, ...]) -> dict:
    """The first melds entered, as the API's ``first_melds``: each a worth typed, or
    melds' cards with ``/`` between melds, in the order the phone saw them entered (then
    in seating order, when no script kept it)."""
    entered = [i for i in range(len(players)) if (form[f"first_{i}"].data or "").strip()]
    kept = [int(s) for s in (form.first_order.data or "").split() if s.isdigit()]
    order = [i for i in dict.fromkeys(kept) if i in entered]
    order += [i for i in entered if i not in order]
    melds = []
    for i in order:
        text = form[f"first_{i}"].data.strip()
        if text.isdigit():
            melds.append({"player": players[i], "value": int(text)})
        else:
            melds.append({"player": players[i], "melds": [
                meld.replace(",", " ").split() for meld in text.split("/")]})
    return {"first_melds": melds} if melds else {}


def game_page(game: Game, form=None, error=None, status=200, block=None, form_error=None,
              state=None, offer=None, form_note=None):
    """The game's page (or its HTMX part), showing *state* if the caller has just replayed
    it."""
    if is_foot(game.rules):
        return foot.page(game, None, error, status, form_error, state)
    state = state or state_of(game)
    table = state.table
    if state.finished:
        form = None  # a finished game takes no more deals: say why at the top instead
        error = error or form_error
    fresh = form is None and not state.finished
    if fresh:
        form = _deal_form(table, state)
    locked = device.locked(game)
    context = _context(game, state, form) | dict(
        error=error, form_error=form_error, offer=offer, form_note=form_note,
        preset_name=PRESET_NAMES.get(table.rules.preset),
        locked=locked, kept=kept_rulings(game, table.rules))
    context["live_part"] = live.part(game, state, context["live"], editable=not locked)
    if fresh and not locked:
        # The next deal's form as this version of the game starts it, rendered once.
        context["record_part"] = live.kept(("record", context["live"].etag), lambda: (
            render_template("games/_record.html", **context)))
    if htmx and not htmx.boosted and block is None:
        block = "game"
    html = (render_block("games/show.html", block, **context) if block
            else render_template("games/show.html", **context))
    response = make_response(html, status)
    response.headers["Vary"] = "HX-Request"
    return device.remember(response, game.id)


def _context(game: Game, state, form) -> dict:
    return dict(game=game, state=state, table=state.table, form=form, undo_form=FlaskForm(),
                say=say, live=live.for_game(game), version=version_of(game), deck=DECK)


def saved_part(game: Game, state) -> Response:
    """The answer to a deal saved with HTMX: the next deal's form, and out of band the new
    row, the totals and where the game stands (templates/games/_saved.html), the same few
    KB however long the game. The live part is told the version it now shows."""
    context = _context(game, state, _deal_form(state.table, state)) | dict(
        editable=True, sheet=Sheet.of(state))
    response = make_response(render_template("games/_saved.html", **context))
    response.headers["HX-Retarget"] = "#record"
    response.headers["HX-Reswap"] = "outerHTML"
    response.headers["HX-Trigger-After-Swap"] = json.dumps({"sheet-saved": {
        "etag": context["live"].etag, "next": state.next_deal}})
    response.headers["Vary"] = "HX-Request"
    return device.remember(response, game.id)


@bp.get("/games/<game_id>")
def show(game_id: str):
    return game_page(_game(game_id))


@bp.post("/games/<game_id>/preview")
def preview(game_id: str):
    game = _game(game_id)
    if is_foot(game.rules):
        return foot.preview(game)
    table, log = table_of(game), log_of(game)
    form = _deal_form(table, None, request.form)
    # The deal being recorded, or one being corrected: it replaces its own line.
    number = whole_or(form.deal.data, len(log) + 1)
    number = min(max(number, 1), len(log) + 1)
    if form.outcome.data == Outcome.SCORED.value and not form.winner.data:
        return ""  # nothing to show until the table says who went out
    if not form.validate():
        return render_template("games/_preview.html", error=first_error(form))
    try:
        deal = deal_from(form, table, number)
        state = replay(table, [*log[:number - 1], deal, *log[number:]])
    except (RulesError, PayloadError) as refusal:
        return render_template("games/_preview.html", error=say(refusal.message),
                               offer=_offer(refusal, form, table), table=table)
    line = state.deals[number - 1]
    return render_template("games/_preview.html", line=line, state=state, table=table)


@bp.post("/games/<game_id>/deals")
def record(game_id: str):
    game = _game(game_id)
    if is_foot(game.rules):
        return foot.record(game)
    table = table_of(game)
    seat = _mistake_seat(request.form.get("as_mistake"), table)
    if seat is not None:
        form = _deal_form(table, None, _as_mistake(request.form, seat))
        return game_page(game, form, form_note=_mistake_note(table.players[seat]))
    form = _deal_form(table, None, request.form)
    if not form.validate():
        return game_page(game, form, status=422)
    number = whole_or(form.deal.data, 0)
    try:
        state = add_deal(game, deal_from(form, table, number))
    except (RulesError, PayloadError) as refusal:
        return game_page(game, form, status=422, form_error=say(refusal.message),
                         offer=_offer(refusal, form, table))
    except DealConflict as conflict:
        response = game_page(_game(game_id), None, conflicts.recorded(conflict), 409)
        # For a phone sending a deal it kept while offline (static/phone.js): this very
        # deal is already in, as the API's "already_recorded" says.
        response.headers["X-Already-Recorded"] = "true" if conflict.repeat else "false"
        return response
    if htmx:
        # The first deal replaces the sheet's "no deals yet", the last ends the game: both
        # change the whole part.
        if state.finished or len(state.deals) == 1:
            return game_page(game, state=state)
        return saved_part(game, state)
    return redirect(url_for("games.show", game_id=game.id))


def _offer(refusal: Exception, form, table: Table) -> int | None:
    """The seat whose refused full hand the table may record as that player's mistake
    instead, where the form of Hand pays mistakes (rules.winning.NotAHand)."""
    if isinstance(refusal, NotAHand) and refusal.mistake:
        return _mistake_seat(form.winner.data, table)
    return None


def _mistake_seat(value, table: Table) -> int | None:
    seat = whole(value) if value else None
    if seat is None or seat >= len(table.players) or not table.rules.pays_mistakes:
        return None
    return seat


def _mistake_note(name: str) -> str:
    return _("%(name)s's claim of a full hand is marked as a mistake. Now say who went out "
             "in the end, and how the others finished.", name=name)


def _as_mistake(data, seat: int):
    """The deal form as the table asked: the refused claim of a full hand recorded as the
    claimer's mistake (seed 001, "Player mistakes" 3), who went out still to say."""
    data = data.copy()
    for field in ("winner", "winner_cards", "bonuses", "as_mistake", f"melded_{seat}"):
        data.poplist(field)
    data["finish"] = "partial"
    data[f"mistake_{seat}"] = "y"
    return data


@bp.route("/games/<game_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: str, number: int):
    game = _game(game_id)
    table, log = table_of(game), log_of(game)
    if not 1 <= number <= len(log):
        abort(404)
    if is_foot(game.rules):
        return foot.edit(game, number, lambda: _game(game_id))
    error = note = offer = None
    seat = _mistake_seat(request.form.get("as_mistake"), table)
    if seat is not None:
        form = _deal_form(table, None, _as_mistake(request.form, seat))
        note = _mistake_note(table.players[seat])
    elif request.method == "POST":
        form = _deal_form(table, None, request.form)
        if form.validate():
            try:
                correct_deal(game, deal_from(form, table, number), form.version.data or "")
            except (RulesError, PayloadError) as refusal:
                error = say(refusal.message)
                offer = _offer(refusal, form, table)
            except Stale as stale:
                return game_page(_game(game_id), error=conflicts.stale(game, stale),
                                 status=409)
            except GameChanged:
                return game_page(_game(game_id), error=conflicts.changed(), status=409)
            else:
                return redirect(url_for("games.show", game_id=game.id))
    else:
        form = _deal_form(table, None, record=log[number - 1])
        form.version.data = version_of(game)
    state = state_of(game)
    return render_template("games/edit.html", game=game, table=table, state=state,
                           form=form, number=number, form_error=error, deck=DECK,
                           offer=offer, form_note=note,
                           action=url_for("games.edit", game_id=game.id, number=number)), (
        422 if request.method == "POST" and note is None else 200)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str):
    # The CSRF token was checked before this view (scorekeeper.web.security).
    game = _game(game_id)
    refusal = conflicts.undo_refused(game, request.form.get("deal", ""))
    if refusal:
        return game_page(game, error=refusal, status=409)
    try:
        state = remove_last_deal(game, request.form.get("version", ""))
    except Stale as stale:
        return game_page(_game(game_id), error=conflicts.stale(game, stale), status=409)
    except GameChanged:
        return game_page(_game(game_id), error=conflicts.changed(), status=409)
    if htmx:
        return game_page(game, state=state)
    return redirect(url_for("games.show", game_id=game.id))


@bp.get("/games/<game_id>/print")
def printable(game_id: str):
    game = _game(game_id)
    state = state_of(game)
    return printed(game, state, url_for("games.show", game_id=game.id))


def printed(game: Game, state, back_url: str) -> str:
    """The printable sheet, whose one link goes back to *back_url*."""
    if is_foot(game.rules):
        return foot.printed(game, state, back_url)
    return render_template("games/print.html", game=game, state=state, table=state.table,
                           sheet=Sheet.of(state), back_url=back_url,
                           kept=kept_rulings(game, state.table.rules),
                           preset_name=PRESET_NAMES.get(state.table.rules.preset))


@bp.get("/games/<game_id>/qr.svg")
def qr(game_id: str):
    game = _game(game_id)
    return qr_svg(url_for("games.show", game_id=game.id, _external=True))


def qr_svg(link: str) -> Response:
    code = segno.make(link, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=4, border=2, xmldecl=False)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.get("/games/<game_id>.csv")
def export_csv(game_id: str):
    return csv_download(_game(game_id), game_id)


def csv_download(game: Game, name: str) -> Response:
    """The sheet as a CSV attachment, its file named after *name*."""
    state = state_of(game)
    if is_foot(game.rules):
        return foot.csv_download(game, state, name)
    sheet = Sheet.of(state)
    out = io.StringIO()
    writer = csv.writer(out)
    # A last column for the full hands given with their cards, in a game that has any.
    hands = any(line.went_out for line in state.deals)
    writer.writerow([_("Deal"), _("Round"), _("Dealer"), *map(_cell, sheet.columns),
                     *([_("Full hand")] if hands else [])])
    for row, line in zip(sheet.rows, state.deals, strict=True):
        shown = "" if line.went_out is None else _hand_text(line.went_out)
        writer.writerow([row.number, row.round or row.note, _cell(row.dealer),
                         *[cell[0] if cell else "" for cell in row.cells],
                         *([shown] if hands else [])])
    writer.writerow([_("Total"), "", "", *sheet.totals, *([""] if hands else [])])
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f"attachment; filename=hand-{name}.csv"})


def _hand_text(hand) -> str:
    """A full hand in a cell: its melds, then the discard (“2H 3H 4H · … → AC”)."""
    melds = " · ".join(" ".join(map(str, meld)) for meld in hand.melds)
    return f"{melds} → {' '.join(map(str, hand.discard))}"


@bp.get("/games/<game_id>.json")
def export_json(game_id: str):
    game = _game(game_id)
    state, log = state_and_log(game)
    return json_download(any_state_to_json(game.id, state, log, version_of(game)), game.id)


def json_download(data: dict, name: str) -> Response:
    response = jsonify(data)
    response.headers["Content-Disposition"] = f"attachment; filename=hand-{name}.json"
    return response
