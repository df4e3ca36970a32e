"""Hand's part of the pages: what the shared page routes (scorekeeper/web/game/routes.py and
web/referee/routes.py) ask of a game — its new-game choices, its deal form turned into a deal and
back, its sheet, the context its templates (templates/hand/) need, and its referee pages.
Like the routes, it only translates between the form and the engine."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict

from scorekeeper.i18n import say
from scorekeeper.models import Game
from scorekeeper.numbers import typed, whole
from scorekeeper.rulekit.messages import N_, msg

from ..pages import GamePages
from .codec import deal_from_json
from .forms import deal_form_class, partnership_forms, rules_spec, setup_data, setup_fields
from .labels import PRESET_NAMES, outcome_note
from .referee import pages as referee_pages
from .referee.verdicts import kept_rulings
from .rules import (
    PRESETS,
    Bonus,
    Deal,
    GameState,
    IndicatorError,
    Outcome,
    RulesError,
    Table,
    deal_wilds,
)
from .rules.outlook import outlook
from .rules.scoring import partner_of
from .rules.winning import NotAHand
from .sheet import csv_rows, sheet_of, went_out

# --- a new game ------------------------------------------------------------------

def _setup(form: Any, preset: str,
          names: list[str]) -> tuple[dict[str, object], bool, list[list[str]] | None]:
    partnerships = bool(form.partnerships.data)
    if partnerships and preset in PRESETS and not PRESETS[preset].partnerships:
        # Said by name (issue 39): which forms of Hand have partnerships.
        raise RulesError(msg(N_("Partnerships are played in %(forms)s; %(form)s is played "
                                "by players alone."), form=str(PRESET_NAMES[preset]),
                             forms=partnership_forms()))
    return rules_spec(form, preset), partnerships, None


# --- the deal form ---------------------------------------------------------------

def _deal_form(table: Table, data: Any) -> Any:
    form_class = deal_form_class(table.rules, table.players)
    return form_class(formdata=data)


def fill_form(form: Any, table: Table, deal: Deal) -> None:
    """Put a recorded deal back into the form, to correct it."""
    form.outcome.data = deal.outcome.value
    result = deal.result
    if result is None:
        return
    form.winner.data = str(table.players.index(result.winner))
    form.finish.data = result.finish.value
    form.bonuses.data = [b.value for b in result.bonuses]
    form.indicator.data = str(result.indicator) if result.indicator else ""
    form.winner_cards.data = " ".join(str(c) for c in (
        *(c for m in result.winner_melds for c in m), *result.winner_discard))
    form.bonuses_for.data = cards_key(form.winner_cards.data)
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


def ready(form: Any) -> bool:
    """Whether the preview has anything to show: not until the table says who went
    out of a scored deal."""
    return form.outcome.data != Outcome.SCORED.value or bool(form.winner.data)


def deal_from(form: Any, table: Table, number: int) -> Deal:
    """The deal the form describes, read by the same code as a deal sent to the JSON
    API; :class:`RulesError` says what the form leaves unsaid. A refusal about the
    indicator is also put at its field, which may be a screen away from the Save
    button."""
    try:
        deal = deal_from_json(form_body(form, table), number, table.rules)
        if deal.result is not None:
            deal_wilds(table.rules, deal.result)  # the indicator, if the cards need it
        return deal
    except IndicatorError as refusal:
        form.indicator.errors = [*form.indicator.errors, say(refusal.message)]
        raise


def offer(refusal: Exception, form: Any, table: Table) -> int | None:
    """The seat whose refused full hand the table may record as that player's mistake
    instead, where the form of Hand pays mistakes (rules.winning.NotAHand)."""
    if isinstance(refusal, NotAHand) and refusal.mistake:
        return _mistake_seat(form.winner.data, table)
    return None


def retry(data: MultiDict[str, str],
          table: Table) -> tuple[MultiDict[str, str], str] | None:
    """The form sent back as the table asked, and a note saying what changed: a
    refused claim of a full hand recorded as the claimer's mistake instead (seed 001,
    "Player mistakes" 3), who went out still to say. ``None`` for a plain save."""
    seat = _mistake_seat(data.get("as_mistake"), table)
    if seat is None:
        return None
    data = data.copy()
    for field in ("winner", "winner_cards", "bonuses", "as_mistake", f"melded_{seat}"):
        data.poplist(field)
    data["finish"] = "partial"
    data[f"mistake_{seat}"] = "y"
    return data, _("%(name)s's claim of a full hand is marked as a mistake. Now say "
                   "who went out in the end, and how the others finished.",
                   name=table.players[seat])


# --- the sheet -------------------------------------------------------------------

def context(game: Game | None, state: GameState) -> dict[str, Any]:
    """What Hand's templates show besides the sheet: the rulings the table kept, how
    a deal's winner went out in words, what the preview needs to tick the bonuses
    the winner's cards bear out, and before the last round what would put each
    player in front."""
    rules = state.table.rules
    return {"kept": [] if game is None else kept_rulings(game, rules),
            "went_out": lambda line: went_out(rules, line),
            "bonus_values": [b.value for b in Bonus], "cards_key": cards_key,
            "outlook": outlook(state)}


def _outcome_note(outcome: str | None) -> str:
    known = {o.value: o for o in Outcome}
    return str(outcome_note(known[outcome])) if outcome in known else ""


def _mistake_seat(value: object, table: Table) -> int | None:
    seat = whole(value) if value else None
    if seat is None or seat >= len(table.players) or not table.rules.pays_mistakes:
        return None
    return seat


def form_body(form: Any, table: Table) -> dict[str, Any]:
    """The deal form's answers as the JSON API's body for the deal (docs/api.md): seat
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
    hands: dict[str, Any] = {}
    for i, name in enumerate(players):
        if name in (winner, partner):
            continue
        mistake = bool(form[f"mistake_{i}"].data) if f"mistake_{i}" in form else False
        melded = form[f"melded_{i}"].data
        if (form[f"first_{i}"].data or "").strip() and not mistake:
            if melded == "no":
                raise RulesError(msg(N_(
                    "%(name)s announced, so answer yes to “Announced?”, or clear the "
                    "announcement.") if table.rules.announcing else N_(
                    "%(name)s laid a first meld, so %(name)s melded: answer yes, or clear "
                    "the first meld."), name=name))
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
        # The cards decide (docs/api.md, "Deals from the cards"): what the table ticked
        # besides the defaults — a full hand, bonuses — must agree with them.
        body["winner_cards"] = cards
        if finish != "full":
            del body["finish"]
        if not bonuses or (form.bonuses_for.data or "") not in ("", cards_key(" ".join(cards))):
            del body["bonuses"]  # none ticked, or ticked for other cards: the cards decide
    return body


def cards_key(text: str) -> str:
    """Cards as typed, the same however they were spaced or cased."""
    return " ".join(text.replace(",", " ").split()).upper()


def _first_melds(form: Any, players: tuple[str, ...]) -> dict[str, Any]:
    """The first melds entered, as the API's ``first_melds``: each a worth typed, or
    melds' cards with ``/`` between melds, in the order the phone saw them entered (then
    in seating order, when no script kept it)."""
    entered = [i for i in range(len(players)) if (form[f"first_{i}"].data or "").strip()]
    kept = [n for s in (form.first_order.data or "").split() if (n := whole(s)) is not None]
    order = [i for i in dict.fromkeys(kept) if i in entered]
    order += [i for i in entered if i not in order]
    melds: list[dict[str, Any]] = []
    for i in order:
        text = form[f"first_{i}"].data.strip()
        if (worth := typed(text)) is not None:
            melds.append({"player": players[i], "value": worth})
        else:
            melds.append({"player": players[i], "melds": [
                meld.replace(",", " ").split() for meld in text.split("/")]})
    return {"first_melds": melds} if melds else {}


PAGES = GamePages[Table, Deal, GameState](
    preset_names=PRESET_NAMES, offered=PRESET_NAMES, setup_fields=setup_fields,
    setup=_setup, setup_data=setup_data, deal_form=_deal_form, fill_form=fill_form,
    ready=ready, deal_from=deal_from, offer=offer, retry=retry, context=context,
    sheet=sheet_of, csv_rows=csv_rows, outcome_note=_outcome_note,
    referee=referee_pages.standalone, game_referee=referee_pages.for_game,
    ruling_to_keep=referee_pages.to_keep,
    # Hand's own figures in a group's standings (league.figures).
    league_columns=(("deals_won", _l("Deals won")), ("full_hands", _l("Full hands")),
                    ("bonus_hands", _l("Bonus hands")),
                    ("never_melded", _l("Caught without melding")),
                    ("average_penalty", _l("Average penalty per deal lost"))))
