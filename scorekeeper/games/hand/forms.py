"""Hand's forms: the deal form, one block of fields per player, and the choices a new game
of Hand adds to the new-game form (partners opposite, the house rules). They only gather
what the table says; the engine checks every rule when the answers become a deal."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.ui.forms import Form, WholeField
from scorekeeper.ui.forms import choices as _choices

from .labels import BONUSES, CHOICE_LABELS, OPTION_LABELS, OUTCOMES, PRESET_NAMES
from .rules import OPTIONS, PRESETS, Bonus, Outcome, Rules, RulesError

#: House rules offered on the new-game form, folded away; the rest stay the preset's.
HOUSE_RULES = ("rounds", "initial_minimum", "dealer_rule", "wild_mode", "max_meld_size",
               "wilds_per_meld", "ace_low_value", "ace_penalty", "initial_increasing",
               "bonus_hands", "lenient_group_add", "discarded_wild", "discard_lay_off",
               "redeal_claims",
               "announce_after_turns", "announce_after_discard")


def _option_field(name: str) -> Any:
    option = OPTIONS[name]
    label = OPTION_LABELS[name]
    if option.choices is None:
        return WholeField(label, validators=[Optional(), NumberRange(option.low,
                                                                        option.high)])
    values = [c.value if hasattr(c, "value") else c for c in option.choices]
    if option.nullable:
        values.append(None)
    choices = [("", _l("as the form of Hand says"))] + [
        (_encode(v), _choice_label(v)) for v in values]
    return SelectField(label, choices=_choices(choices), default="")


def _choice_label(value: object) -> object:
    """What a house rule's value is called; a number is itself (1 and 0 are not the
    labels of True and False, which compare equal to them)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return CHOICE_LABELS.get(value, str(value))


def _encode(value: object) -> str:
    return {True: "yes", False: "no", None: "none"}.get(value, str(value)) if (
        value is None or isinstance(value, bool)) else str(value)


def decode_option(name: str, raw: str | int | None) -> object:
    """A house-rule field's value as the rules take it; ``""`` means the preset's own."""
    if raw in ("", None):
        return ""
    if isinstance(raw, int):
        return raw
    if raw in ("yes", "no", "none"):
        return {"yes": True, "no": False, "none": None}[raw]
    option = OPTIONS[name]
    return int(raw) if option.choices and isinstance(option.choices[0], int) else raw


def setup_fields() -> dict[str, Field]:
    """The fields a game of Hand adds to the new-game form: partners opposite, and each
    house rule, left as the form of Hand has it unless the table changes it."""
    # The forms that have partnerships are named on the box, and listed for the page's
    # script, which turns the box off for a form without them (issue 39).
    return {"partnerships": BooleanField(
        _l("Play in partnerships (four players, partners opposite): %(forms)s",
           forms=LazyString(partnership_forms)),
        render_kw={"data-presets": " ".join(
            name for name, rules in PRESETS.items() if rules.partnerships)}),
        **{f"opt_{name}": _option_field(name) for name in HOUSE_RULES}}


def partnership_forms() -> str:
    return str(_l(", ")).join(str(PRESET_NAMES[name]) for name, rules in PRESETS.items()
                              if rules.partnerships and name in PRESET_NAMES)


def rules_spec(form: Any, preset: str) -> dict[str, object]:
    """The rules the new-game form chose: *preset* with the house rules changed."""
    spec: dict[str, object] = {"preset": preset}
    for name in HOUSE_RULES:
        value = decode_option(name, form[f"opt_{name}"].data)
        if value != "":
            spec[name] = value
    return spec


def setup_data(stored: Mapping[str, Any]) -> dict[str, Any]:
    """The new-game form's fields holding *stored* rules (a game's, as kept): its form of
    Hand, and each house rule the form offers where it differs from that form's own."""
    try:
        rules = Rules.from_spec(dict(stored)).to_dict()
        usual = Rules.from_spec(str(stored.get("preset"))).to_dict()
    except RulesError:
        return {}
    data: dict[str, Any] = {"preset": rules["preset"]}
    for name in HOUSE_RULES:
        if rules[name] != usual[name]:
            value = rules[name]
            data[f"opt_{name}"] = value if OPTIONS[name].choices is None else _encode(value)
    return data


@lru_cache(maxsize=256)
def deal_form_class(rules: Rules, players: tuple[str, ...]) -> Any:
    """A deal form for this table: one block of fields per player. Made once per table
    and kept (a save, a preview and a correction each build a form from it): every label
    is translated when shown (lazy_gettext), so one class serves every language."""
    seats = [(str(i), name) for i, name in enumerate(players)]
    outcomes = [o for o in Outcome if o is not Outcome.REDEAL or rules.redeal_claims]

    class DealForm(Form):
        deal = HiddenField()
        # The game's version the phone saw, on a correction (storage.version_of).
        version = HiddenField()
        outcome = RadioField(_l("How did the deal end?"), default=Outcome.SCORED.value,
                             choices=_choices((o.value, OUTCOMES[o].choice) for o in outcomes))
        winner = RadioField(_l("Who went out?"), choices=_choices(seats),
                            validate_choice=False)
        finish = RadioField(_l("How?"), default="partial", choices=_choices([
            ("partial", _l("Over several turns")),
            ("full", _l("Full hand: all 14 in one turn"))]))
        bonuses = SelectMultipleField(
            _l("Bonus hands"), choices=_choices((b.value, BONUSES[b]) for b in Bonus),
            widget=ListWidget(prefix_label=False), option_widget=CheckboxInput(),
            validate_choice=False)
        # The winner's cards the bonuses were last ticked for by the preview (what those
        # cards bear out), so that new cards tick theirs and the player may still untick.
        bonuses_for = HiddenField()
        # Asked for only where a card given is an ace or a joker (rules.wilds.for_cards).
        indicator = StringField(_l("Indicator card (needed to count an ace or a joker)"))
        # Issue 13: the winner's 15 cards, for the referee to decide the finish.
        winner_cards = StringField(_l("The winner's 15 cards, for the referee to decide"))
        # The seats in the order their first melds were entered (static/app.js): the
        # order they were laid in, which raises Hand Saudi's and the Kuwaiti bar.
        first_order = HiddenField()

    kuwait = rules.pays_mistakes  # the Kuwaiti form: announcing, and mistakes scored
    melded_label = _l("Announced?") if kuwait else _l("Melded?")
    first_label = (_l("The announcement: its worth, or its melds' cards") if kuwait
                   else _l("The first meld: its worth, or its melds' cards"))
    for i, _name in seats:
        setattr(DealForm, f"melded_{i}", RadioField(melded_label, choices=_choices([
            ("yes", _l("yes")), ("no", _l("no"))]), validate_choice=False))
        setattr(DealForm, f"points_{i}", WholeField(
            _l("Points left in hand"), validators=[Optional(), NumberRange(0, 1400)]))
        setattr(DealForm, f"cards_{i}", StringField(_l("or the cards left")))
        setattr(DealForm, f"first_{i}", StringField(first_label))
        if kuwait:
            setattr(DealForm, f"mistake_{i}", BooleanField(_l("Made a mistake")))
    return DealForm
