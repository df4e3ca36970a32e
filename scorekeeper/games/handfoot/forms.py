"""Hand and Foot's deal form: per side, steppers for the piles and red threes, and the
cards melded and left — as points typed, cards tapped in, or counted by kind (jokers,
twos, aces, eights to kings, fours to sevens, black threes) with a stepper each. It only
gathers what the table says; the answers become the JSON API's body and the engine rules
on them (a side giving more than one of points, cards and counts is refused there). The
new-game choices are in :mod:`.setup`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from scorekeeper.numbers import whole_or
from scorekeeper.rulekit import Card, RulesError
from scorekeeper.ui.forms import Form, WholeField
from scorekeeper.ui.names import together

from .rules import HandFootDeal, HandFootRules, HandFootTable
from .rules.kinds import KINDS, RANK_KEYS, kind_value, per_pack
from .rules.melds import is_red_three
from .rules.scoring import COUNTS

#: The steppers of a side, with their labels.
STEPPERS = {
    "clean_piles": _l("Clean piles"),
    "dirty_piles": _l("Dirty piles"),
    "wild_piles": _l("Wild piles"),
    "red_threes": _l("Red threes laid"),
    "red_threes_caught": _l("Red threes caught"),
}
NOBODY = "none"
MOST_POINTS = 100000
#: The two counts of a side's cards, each typed, tapped in or counted by kind.
PARTS = ("melded", "left")
KIND_LABELS = {
    "joker": _l("Jokers"),
    "two": _l("Twos"),
    "ace": _l("Aces"),
    "eight_to_king": _l("Eights to kings"),
    "four_to_seven": _l("Fours to sevens"),
    "black_three": _l("Black threes"),
}
#: The kinds that are bands of ranks, which a house rule may value apart.
BANDS = ("ace", "eight_to_king", "four_to_seven")


@dataclass(frozen=True)
class Kind:
    """One stepper of a count by kind: its key in the API's ``*_by_kind`` (a kind, or a
    rank's symbol where the house values its band's ranks apart), its label, what one
    card counts and the most the packs hold."""

    key: str
    label: Any
    value: int
    most: int


def kinds(rules: HandFootRules, part: str) -> list[Kind]:
    """The steppers counting a side's cards *part* ("melded" or "left") by kind. Red
    threes left are the side's "Red threes caught" stepper, never counted here; black
    threes are melded only where the house lets the side going out meld them."""
    keys: list[str] = ["joker", "two"]
    for band in BANDS:
        # The engine counts a band as one only when all its ranks are worth the same.
        split = len({rules.rank_value(r) for r in KINDS[band]}) > 1
        keys += [r.value for r in KINDS[band]] if split else [band]
    if part == "left" or rules.black_three_melded:
        keys.append("black_three")
    melded = part == "melded"
    return [Kind(key, KIND_LABELS.get(key) or _l("Rank %(rank)s", rank=key),
                 kind_value(rules, key, melded=melded), per_pack(key) * rules.packs)
            for key in keys]


def kind_field(part: str, key: str, i: int) -> str:
    return f"kind_{part}_{key}_{i}"


def house_counts(rules: HandFootRules) -> list[tuple[str, Any]]:
    """The counts a side reports only where the house scores them: special piles of a
    rank (``rank_piles_<rank>``), mixed wild piles, black-three piles, perfect draws."""
    out: list[tuple[str, Any]] = [
        (f"rank_piles_{rank.value}", _l("Clean piles of %(rank)ss, among the clean piles",
                                        rank=rank.value)) for rank, _points in rules.rank_piles]
    if rules.dirty_wild_pile is not None:
        out.append(("dirty_wild_piles", _l("Wild piles mixing twos and jokers, among the "
                                           "wild piles")))
    if rules.black_three_pile:
        out.append(("black_three_piles", _l("Piles of black threes")))
    if rules.perfect_draw:
        out.append(("perfect_draws", _l("Perfect draws")))
    return out


def deal_form_class(table: HandFootTable) -> Any:
    """A deal form for this table: one block of fields per side."""
    choices = [SelectChoice(str(i), name) for i, name in enumerate(table.players)]
    choices.append(SelectChoice(NOBODY, _l("Nobody: the stock ran out")))
    by_part = {part: kinds(table.rules, part) for part in PARTS}

    class HandFootDealForm(Form):
        deal = HiddenField()
        version = HiddenField()
        # Never taken as "nobody": a side that went out would silently lose its bonus.
        went_out = RadioField(_l("Who went out?"), choices=choices, validate_choice=False,
                              validators=[InputRequired(_l(
                                  "Say who went out, or that nobody did (the stock ran "
                                  "out)."))])

        def validate(self, extra_validators: Any = None) -> bool:
            valid: bool = super().validate(extra_validators)
            return _melded_given(self, table) and valid

    # What the template lays out per side besides the fields' names.
    HandFootDealForm.kinds = by_part
    HandFootDealForm.house = house_counts(table.rules)
    # A set without melds of wild cards has no wild piles to count (issue 39, point 9).
    HandFootDealForm.piles = tuple(name for name in ("clean_piles", "dirty_piles",
                                                     "wild_piles", "red_threes")
                                   if name != "wild_piles" or table.rules.wild_melds)
    if table.rules.first_meld:
        HandFootDealForm.first_meld = RadioField(
            _l("Which side melded first?"), default=NOBODY, validate_choice=False,
            choices=[SelectChoice(str(i), name) for i, name in enumerate(
                together(side) for side in table.units)]
            + [SelectChoice(NOBODY, _l("Nobody melded"))])
    for i in range(len(table.units)):
        for name, label in HandFootDealForm.house:
            setattr(HandFootDealForm, f"{name}_{i}", WholeField(
                label, validators=[Optional(), NumberRange(0, 99)], default=0))
        for name in COUNTS:
            setattr(HandFootDealForm, f"{name}_{i}", WholeField(
                STEPPERS[name], validators=[Optional(), NumberRange(0, 99)], default=0))
        setattr(HandFootDealForm, f"melded_{i}", WholeField(
            _l("Points melded"), validators=[Optional(), NumberRange(0, MOST_POINTS)]))
        setattr(HandFootDealForm, f"melded_cards_{i}", StringField(_l("or the cards melded")))
        setattr(HandFootDealForm, f"left_{i}", WholeField(
            _l("Points left in hands and feet"),
            validators=[Optional(), NumberRange(0, MOST_POINTS)]))
        setattr(HandFootDealForm, f"left_cards_{i}", StringField(_l("or the cards left")))
        for part, shown in by_part.items():
            for kind in shown:
                setattr(HandFootDealForm, kind_field(part, kind.key, i), WholeField(
                    kind.label, validators=[Optional(), NumberRange(0, kind.most)],
                    default=0))
    return HandFootDealForm


def _melded_given(form: Any, table: HandFootTable) -> bool:
    """Whether every side with complete piles says what its melded cards are worth. The
    API counts nothing given as 0, but a pile is seven melded cards: on the form an
    empty box beside piles is a box forgotten, and the deal would lose those points."""
    given = True
    for i, side in enumerate(table.units):
        piles = sum(form[f"{name}_{i}"].data or 0
                    for name in ("clean_piles", "dirty_piles", "wild_piles"))
        melded = form[f"melded_{i}"]
        if not piles or melded.errors or melded.data is not None or (
                form[f"melded_cards_{i}"].data or "").strip() or any(
                form[kind_field("melded", kind.key, i)].data for kind in form.kinds["melded"]):
            continue
        melded.errors = [*melded.errors, _l(
            "%(side)s made piles: give what its melded cards are worth (the points, the "
            "cards or a count by kind).", side=together(side))]
        given = False
    return given


def _red_three(text: str) -> bool:
    try:
        return is_red_three(Card.parse(text))
    except RulesError:
        return False  # the engine names a card it cannot read


def form_body(form: Any, table: HandFootTable) -> dict[str, Any]:
    """The form's answers as the JSON API's body for the deal (docs/api.md, "Hand and
    Foot"): a seat becomes a name, the text of cards a list, the steppers of a count by
    kind a ``*_by_kind`` of the counts above 0; a points box left empty with no cards
    and no counts counts nothing."""
    seat = form.went_out.data
    went_out = None
    if seat not in (None, "", NOBODY):
        index = whole_or(seat, -1)
        went_out = table.players[index] if 0 <= index < len(table.players) else str(seat)
    sides = []
    for i in range(len(table.units)):
        side: dict[str, Any] = {name: form[f"{name}_{i}"].data or 0 for name in COUNTS}
        for part in PARTS:
            text = (form[f"{part}_cards_{i}"].data or "").replace(",", " ").split()
            if part == "left":
                # On the form a red three left is counted once, by the "Red threes
                # caught" stepper: one typed among the cards left too is the same card.
                reds = sum(map(_red_three, text))
                side["red_threes_caught"] = max(side["red_threes_caught"], reds)
                text = [t for t in text if not _red_three(t)]
            counts = {kind.key: n for kind in form.kinds[part]
                      if (n := form[kind_field(part, kind.key, i)].data)}
            if text:
                side[f"{part}_cards"] = text
            if counts:
                side[f"{part}_by_kind"] = counts
            if form[f"{part}_{i}"].data is not None:
                side[part] = form[f"{part}_{i}"].data
        _house_body(form, i, side)
        sides.append(side)
    return {"outcome": "scored", "went_out": went_out, "sides": sides}


def _house_body(form: Any, i: int, side: dict[str, Any]) -> None:
    """Side *i*'s house counts into its body: only those given, special piles by rank."""
    special = {}
    for name, _label in form.house:
        count = form[f"{name}_{i}"].data
        if not count:
            continue
        if name.startswith("rank_piles_"):
            special[name.removeprefix("rank_piles_")] = count
        else:
            side[name] = count
    if special:
        side["rank_piles"] = special
    if "first_meld" in form and form.first_meld.data == str(i):
        side["first_meld"] = True


def _form_key(key: str, shown: list[Kind]) -> str:
    """The stepper a recorded count goes back to: its own, or its band's where the API
    counted a rank alone that the form counts with its band (worth the same)."""
    keys = {kind.key for kind in shown}
    if key in keys or key not in RANK_KEYS:
        return key
    return next(band for band in BANDS if RANK_KEYS[key] in KINDS[band])


def fill_form(form: Any, table: HandFootTable, deal: HandFootDeal) -> None:
    """Put a recorded deal back into the form, to correct it. Red threes left (among the
    cards or counted by kind) go back to the side's "Red threes caught" stepper, where
    the form counts them."""
    form.went_out.data = NOBODY if deal.went_out is None else str(
        table.players.index(deal.went_out))
    for i, side in enumerate(deal.sides):
        for name in COUNTS:
            form[f"{name}_{i}"].data = getattr(side, name)
        caught = side.red_threes_caught
        for part in PARTS:
            form[f"{part}_{i}"].data = getattr(side, part)
            given = getattr(side, f"{part}_cards")
            cards = [c for c in given or () if not is_red_three(c)]
            caught += len(given or ()) - len(cards)
            form[f"{part}_cards_{i}"].data = " ".join(map(str, cards))
            for key, count in getattr(side, f"{part}_by_kind") or ():
                if key == "red_three":
                    caught += count
                    continue
                field = form[kind_field(part, _form_key(key, form.kinds[part]), i)]
                field.data = (field.data or 0) + count
        form[f"red_threes_caught_{i}"].data = caught
        for name, _label in form.house:
            form[f"{name}_{i}"].data = dict(side.rank_piles_by_symbol()).get(
                name.removeprefix("rank_piles_"), 0) if name.startswith(
                "rank_piles_") else getattr(side, name)
        if "first_meld" in form and side.first_meld:
            form.first_meld.data = str(i)
