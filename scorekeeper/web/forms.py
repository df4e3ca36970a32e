"""The forms of the scorekeeper pages. They only gather what the table says; every rule
is checked by the engine (scorekeeper.rules) when the answer is turned into a deal."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..pins import normal_pin
from ..rules import OPTIONS, PRESET_NOTES, PRESETS, Bonus, Outcome, Rules, handfoot
from .labels import BONUSES, CHOICE_LABELS, OPTION_LABELS, OUTCOMES, PRESET_NAMES

# Hand seats up to five; Hand and Foot up to six (the engine says which takes how many).
MAX_SEATS = 6

#: House rules offered on the new-game form, folded away; the rest stay the preset's.
HOUSE_RULES = ("rounds", "initial_minimum", "dealer_rule", "wild_mode", "max_meld_size",
               "ace_low_value", "ace_penalty", "initial_increasing", "bonus_hands",
               "lenient_group_add", "discarded_wild", "discard_lay_off", "redeal_claims",
               "announce_after_turns", "announce_after_discard")

def _choices(pairs) -> list[SelectChoice]:
    """WTForms 3.3 takes choices as SelectChoice records, no longer as tuples."""
    return [SelectChoice(value, label) for value, label in pairs]


def _option_field(name: str):
    option = OPTIONS[name]
    label = OPTION_LABELS[name]
    if option.choices is None:
        return IntegerField(label, validators=[Optional(), NumberRange(option.low,
                                                                        option.high)])
    values = [c.value if hasattr(c, "value") else c for c in option.choices]
    if option.nullable:
        values.append(None)
    choices = [("", _l("as the form of Hand says"))] + [
        (_encode(v), _choice_label(v)) for v in values]
    return SelectField(label, choices=_choices(choices), default="")


def _choice_label(value):
    """What a house rule's value is called; a number is itself (1 and 0 are not the
    labels of True and False, which compare equal to them)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return CHOICE_LABELS.get(value, str(value))


def _encode(value) -> str:
    return {True: "yes", False: "no", None: "none"}.get(value, str(value)) if (
        value is None or isinstance(value, bool)) else str(value)


def decode_option(name: str, raw) -> object:
    """A house-rule field's value as the rules take it; ``""`` means the preset's own."""
    if raw in ("", None):
        return ""
    if isinstance(raw, int):
        return raw
    if raw in ("yes", "no", "none"):
        return {"yes": True, "no": False, "none": None}[raw]
    option = OPTIONS[name]
    return int(raw) if option.choices and isinstance(option.choices[0], int) else raw


def _pin_digits(form, field) -> None:
    if normal_pin(field.data) is None:
        raise ValidationError(_l("A PIN is 4 to 8 digits."))


def _minimums(form, field) -> None:
    if field.data and not all(part.isdigit() for part in field.data.replace(",", " ").split()):
        raise ValidationError(_l("Give one whole number per deal, such as 50 90 120 150."))


class NewGameForm(FlaskForm):
    preset = RadioField(_l("Form of Hand"), choices=_choices(
        [(name, PRESET_NAMES[name]) for name in PRESETS]
        + [(handfoot.PRESET, PRESET_NAMES[handfoot.PRESET])]), default="levant",
        validators=[InputRequired()])
    partnerships = BooleanField(_l("Play in partnerships (four players, partners opposite)"))
    # Hand and Foot's sides (seed 003, "Introduction").
    sides = RadioField(_l("Sides (Hand and Foot)"), default="opposite", choices=_choices([
        ("opposite", _l("Partners opposite: two teams of two, or three teams of two with "
                        "six players")),
        ("threes", _l("Two teams of three, sitting alternately (six players)")),
        ("alone", _l("Everyone plays alone"))]))
    hf_rounds = IntegerField(_l("Deals in a game"), validators=[Optional(), NumberRange(
        1, handfoot.options.MOST_ROUNDS)])
    hf_minimums = StringField(_l("Opening meld at least, deal by deal"),
                              validators=[Optional(), _minimums])
    hf_going_out = IntegerField(_l("Going out scores"),
                                validators=[Optional(), NumberRange(0, 10000)])
    hf_red_three = IntegerField(_l("Each red three scores"),
                                validators=[Optional(), NumberRange(0, 10000)])
    first_dealer = RadioField(_l("Who deals first"), default="random",
                              choices=_choices([("random", _l("Draw at random"))] + [
                                  (str(i), str(i + 1)) for i in range(MAX_SEATS)]))
    pin = StringField(_l("Table PIN (optional)"), validators=[Optional(), _pin_digits])

    def player_fields(self):
        return [self[f"player_{i}"] for i in range(MAX_SEATS)]

    def option_fields(self):
        return [self[f"opt_{name}"] for name in HOUSE_RULES]

    def names(self) -> list[str]:
        return [f.data.strip() for f in self.player_fields() if (f.data or "").strip()]

    def foot_fields(self):
        return [self.hf_rounds, self.hf_minimums, self.hf_going_out, self.hf_red_three]

    def rules_spec(self) -> dict:
        if self.preset.data == handfoot.PRESET:
            return self._foot_spec()
        spec = {"preset": self.preset.data}
        for name in HOUSE_RULES:
            value = decode_option(name, self[f"opt_{name}"].data)
            if value != "":
                spec[name] = value
        return spec

    def _foot_spec(self) -> dict:
        spec: dict = {"preset": handfoot.PRESET}
        for name, field in (("rounds", self.hf_rounds), ("going_out", self.hf_going_out),
                            ("red_three", self.hf_red_three)):
            if field.data is not None:
                spec[name] = field.data
        if self.hf_minimums.data:
            spec["minimums"] = [int(p) for p in self.hf_minimums.data.replace(",", " ").split()]
        return spec

    def foot_sides(self, names: list[str]) -> list[list[str]] | None:
        """The sides the table chose; :class:`RulesError` when the players cannot make
        them."""
        if self.sides.data == "threes":
            return [list(side) for side in handfoot.teams_of_three(names)]
        if self.sides.data == "alone":
            return None
        return [list(side) for side in handfoot.partnership_sides(names)]

    def move(self, seat: int, step: int) -> None:
        """Swap the player at *seat* with the one *step* away (the reorder buttons)."""
        other = seat + step
        if 0 <= seat < MAX_SEATS and 0 <= other < MAX_SEATS:
            a, b = self[f"player_{seat}"], self[f"player_{other}"]
            a.data, b.data = b.data, a.data
            if self.first_dealer.data in (str(seat), str(other)):
                self.first_dealer.data = str(other if self.first_dealer.data == str(seat)
                                             else seat)


# Fields made in loops: WTForms picks up fields set on the class after it is made.
for _seat in range(MAX_SEATS):
    setattr(NewGameForm, f"player_{_seat}",
            StringField(_l("Player %(number)d", number=_seat + 1)))
for _name in HOUSE_RULES:
    setattr(NewGameForm, f"opt_{_name}", _option_field(_name))


def first_error(form) -> str:
    """The first thing wrong with a deal form, named by its field, for the one-line
    preview."""
    if "csrf_token" in form and form.csrf_token.errors:
        return str(_l("This form has expired; reload the page and enter the deal again."))
    for field in form:
        if field.errors:
            return f"{field.label.text}: {field.errors[0]}"
    return ""


def preset_notes() -> dict[str, str]:
    return dict(PRESET_NOTES) | {handfoot.PRESET: handfoot.PRESET_NOTE}


def deal_form_class(rules: Rules, players: tuple[str, ...]):
    """A deal form for this table: one block of fields per player."""
    seats = [(str(i), name) for i, name in enumerate(players)]
    outcomes = [o for o in Outcome if o is not Outcome.REDEAL or rules.redeal_claims]

    class DealForm(FlaskForm):
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
        indicator = StringField(_l("Indicator card (needed to count cards)"))
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
        setattr(DealForm, f"points_{i}", IntegerField(
            _l("Points left in hand"), validators=[Optional(), NumberRange(0, 1400)]))
        setattr(DealForm, f"cards_{i}", StringField(_l("or the cards left")))
        setattr(DealForm, f"first_{i}", StringField(first_label))
        if kuwait:
            setattr(DealForm, f"mistake_{i}", BooleanField(_l("Made a mistake")))
    return DealForm
