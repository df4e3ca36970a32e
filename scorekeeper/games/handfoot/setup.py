"""The choices a new game of Hand and Foot adds to the new-game form: its sides (seed 003,
"Introduction") and its house rules (docs/handfoot.md, "House rules"), the common ones in
plain words and the rest folded away. They become the JSON API's rules; the engine
validates them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, RadioField, SelectField, StringField
from wtforms.validators import NumberRange, Optional, ValidationError

from scorekeeper.numbers import ARABIC_DIGITS
from scorekeeper.rulekit.messages import RulesError
from scorekeeper.ui.forms import WholeField, choices

from .rules import PRESET, HandFootRules, house, partnership_sides, teams_of_three
from .rules.house import MOST_ROUNDS, SETS

#: Each house-rule set as the form and the sheet name it (docs/handfoot.md says whose).
SET_NAMES = {
    "hand_and_foot": _l("Hand and Foot"),
    "hand_and_foot_simpson": _l("Hand and Foot — Simpson"),
    "hand_and_foot_saskatchewan": _l("Hand and Foot — Saskatchewan"),
    "hand_knee_foot": _l("Hand, Knee and Foot"),
    "hand_foot_toe": _l("Hand, Foot and Toe"),
    "hand_and_foot_rising": _l("Hand and Foot — rising contract"),
    "hand_and_foot_threes_against": _l("Hand and Foot — threes against"),
    "hand_and_foot_canasta_threes": _l("Hand and Foot — red threes for going out"),
}


def _number(text: str) -> int:
    """One whole number of at most seven digits, or :class:`ValueError`."""
    text = text.translate(ARABIC_DIGITS)
    if not (text.isascii() and text.isdigit()) or len(text) > 7:
        raise ValueError(text)
    return int(text)


def _parts(text: str | None) -> list[str]:
    return (text or "").replace(",", " ").replace("،", " ").split()


def _numbers(text: str | None) -> list[int]:
    return [_number(p) for p in _parts(text)]


def _pairs(text: str | None, sep: str) -> list[list[str]]:
    pairs = [p.split(sep) for p in _parts(text)]
    if any(len(p) != 2 for p in pairs):
        raise ValueError(text)
    return pairs


def _checked(read: Any, message: Any) -> Any:
    """A validator: the field's text must read with *read*, else *message*."""
    def check(form: Any, field: Field) -> None:
        try:
            read(field.data)
        except (ValueError, KeyError):
            raise ValidationError(message) from None
    return check


def _by_score(text: str | None) -> list[list[int]]:
    return [[_number(a), _number(b)] for a, b in _pairs(text, ":")]


def _rank_piles(text: str | None) -> dict[str, int]:
    return {rank.upper(): _number(points) for rank, points in _pairs(text, ":")}


def _contracts(text: str | None) -> list[dict[str, int]]:
    out = []
    for part in _parts(text):
        clean, dirty, wild = (_number(n) for n in part.split("/"))
        out.append({"clean": clean, "dirty": dirty, "wild": wild})
    return out


# Each box read as the engine reads the option it sets, so that a value it would refuse
# is named at the box, in the box's own terms (score:minimum, 2/2/1), not the API's.
def _minimums(text: str | None) -> object:
    return house.minimums(_numbers(text))


def _by_score_rule(text: str | None) -> object:
    return house.minimums_by_score(_by_score(text))


def _going_out(text: str | None) -> object:
    values = _numbers(text)
    return house.going_out(values[0] if len(values) == 1 else values)


def _rank_piles_rule(text: str | None) -> object:
    return house.rank_piles(_rank_piles(text))


def _contracts_rule(text: str | None) -> object:
    return house.contracts(_contracts(text))


def _points(label: Any, low: int = 0) -> WholeField:
    return WholeField(label, validators=[Optional(), NumberRange(low, 100000)])


def setup_fields() -> dict[str, Field]:
    """The fields a game of Hand and Foot adds to the new-game form: its sides (seed 003,
    "Introduction"), the house-rule set it plays and the house rules changed over it —
    the common ones first, in plain words, then the rest (folded away on the page)."""
    return {
        "sides": RadioField(_l("Sides (Hand and Foot)"), default="opposite", choices=choices([
            ("opposite", _l("Partners opposite: two teams of two, or three teams of two "
                            "with six players")),
            ("threes", _l("Two teams of three, sitting alternately (six players)")),
            ("alone", _l("Everyone plays alone"))])),
        "hf_set": SelectField(_l("Rules played"), default=PRESET,
                              choices=choices(SET_NAMES.items())),
        "hf_rounds": WholeField(_l("Deals in a game"), validators=[
            Optional(), NumberRange(1, MOST_ROUNDS)]),
        "hf_target": SelectField(_l("Or play to a score"), default="", choices=choices([
            ("", _l("No: play the deals")), ("5000", "5,000"), ("10000", "10,000"),
            ("20000", "20,000")])),
        "hf_minimums": StringField(_l("Opening meld at least, deal by deal"), validators=[
            Optional(), _checked(_minimums, _l("Give one whole number per deal, such as 50 "
                                              "90 120 150."))]),
        "hf_by_score": StringField(_l("Or by the side's score (score:minimum)"), validators=[
            Optional(), _checked(_by_score_rule, _l("Give pairs of score:minimum, the scores "
                                               "rising, such as 0:50 2500:90 5000:120 "
                                               "7500:150."))]),
        "hf_going_out": StringField(_l("Going out scores (one number, or one per deal)"),
                                    validators=[Optional(), _checked(_going_out, _l(
                                        "Give a whole number, or one per deal such as "
                                        "100 200 300 400."))]),
        "hf_red_three": _points(_l("Each red three laid scores")),
        "hf_red_three_caught": _points(_l("Each red three caught costs")),
        "hf_wild_melds": SelectField(_l("Melds of wild cards only"), default="",
                                     choices=choices([("", _l("As the rules played say")),
                                                      ("yes", _l("Allowed")),
                                                      ("no", _l("Not allowed"))])),
        # Folded away: the rarer house rules.
        "hf_clean_pile": _points(_l("A clean pile scores")),
        "hf_dirty_pile": _points(_l("A dirty pile scores")),
        "hf_wild_pile": _points(_l("A wild pile scores")),
        "hf_rank_piles": StringField(_l("Special piles (rank:points)"), validators=[
            Optional(), _checked(_rank_piles_rule, _l(
                "Give rank:points pairs, ranks from 4 to A and at most 100000 points, "
                "such as 7:1000 5:3000."))]),
        "hf_contracts": StringField(_l("Piles to go out (clean/dirty/wild, or one per "
                                       "deal)"), validators=[
            Optional(), _checked(_contracts_rule, _l("Give clean/dirty/wild, such as 2/2/1, or "
                                                "one per deal such as 1/1/0 2/2/0 3/3/0."))]),
        "hf_pickup": SelectField(_l("Taking the discard pile takes"), default="",
                                 choices=choices([("", _l("As the rules played say")),
                                                  ("7", _l("The top seven cards")),
                                                  ("whole", _l("The whole pile"))])),
        "hf_black_three": _points(_l("Each black three left costs")),
        "hf_perfect_draw": _points(_l("A perfect draw scores")),
        "hf_first_meld": _points(_l("The first side to meld scores")),
    }


_PLAIN = {"hf_rounds": "rounds", "hf_red_three": "red_three",
          "hf_red_three_caught": "red_three_caught", "hf_clean_pile": "clean_pile",
          "hf_dirty_pile": "dirty_pile", "hf_wild_pile": "wild_pile",
          "hf_black_three": "black_three", "hf_perfect_draw": "perfect_draw",
          "hf_first_meld": "first_meld"}


def rules_spec(form: Any, preset: str) -> dict[str, object]:
    """The rules the new-game form chose: the house-rule set's, with what the table
    changed over it. The engine checks the values."""
    chosen = form.hf_set.data if form.hf_set.data in SETS else PRESET
    spec: dict[str, object] = {"preset": chosen}
    for name, option in _PLAIN.items():
        if form[name].data is not None:
            spec[option] = form[name].data
    if form.hf_target.data:
        spec["target"] = int(form.hf_target.data)
    if form.hf_minimums.data:
        spec["minimums"] = _numbers(form.hf_minimums.data)
    if form.hf_by_score.data:
        spec["minimums_by_score"] = _by_score(form.hf_by_score.data)
    if form.hf_going_out.data:
        values = _numbers(form.hf_going_out.data)
        spec["going_out"] = values[0] if len(values) == 1 else values
    if form.hf_wild_melds.data:
        spec["wild_melds"] = form.hf_wild_melds.data == "yes"
    if form.hf_rank_piles.data:
        spec["rank_piles"] = _rank_piles(form.hf_rank_piles.data)
    if form.hf_contracts.data:
        contracts = _contracts(form.hf_contracts.data)
        if len(contracts) == 1:
            spec["contract"], spec["contracts"] = contracts[0], None
        else:
            spec["contracts"] = contracts
    if form.hf_pickup.data:
        spec["pickup"] = None if form.hf_pickup.data == "whole" else 7
    return spec


def sides(form: Any, names: list[str]) -> list[list[str]] | None:
    """The sides the table chose; :class:`RulesError` when the players cannot make
    them."""
    if form.sides.data == "threes":
        return [list(side) for side in teams_of_three(names)]
    if form.sides.data == "alone":
        return None
    return [list(side) for side in partnership_sides(names)]


def setup_data(stored: Mapping[str, Any]) -> dict[str, Any]:
    """The new-game form's fields holding *stored* rules (a game's, as kept): the
    house-rule set, and what the table changed over it, as the form writes it. A change
    the form has no field for (a contract naming ranks) is left as the set has it."""
    try:
        rules = HandFootRules.from_spec(dict(stored)).to_dict(every=True)
        usual = HandFootRules.from_spec(str(stored.get("preset"))).to_dict(every=True)
    except RulesError:
        return {}
    data: dict[str, Any] = {"preset": PRESET, "hf_set": rules["preset"]}
    changed = {name for name, value in rules.items() if usual.get(name) != value}
    for field, option in _PLAIN.items():
        if option in changed:
            data[field] = rules[option]
    if "target" in changed and str(rules["target"]) in ("5000", "10000", "20000"):
        data["hf_target"] = str(rules["target"])
    if "minimums" in changed:
        data["hf_minimums"] = " ".join(map(str, rules["minimums"]))
    if "minimums_by_score" in changed and rules["minimums_by_score"]:
        data["hf_by_score"] = " ".join(f"{a}:{b}" for a, b in rules["minimums_by_score"])
    if "going_out" in changed:
        going = rules["going_out"]
        data["hf_going_out"] = " ".join(map(str, going if isinstance(going, list)
                                            else [going]))
    if "wild_melds" in changed:
        data["hf_wild_melds"] = "yes" if rules["wild_melds"] else "no"
    if "rank_piles" in changed:
        data["hf_rank_piles"] = " ".join(f"{rank}:{points}" for rank, points in
                                         rules["rank_piles"].items())
    contracts = rules["contracts"] or [rules["contract"]]
    if {"contract", "contracts"} & changed and all(
            set(c) == {"clean", "dirty", "wild"} for c in contracts):
        data["hf_contracts"] = " ".join(f"{c['clean']}/{c['dirty']}/{c['wild']}"
                                        for c in contracts)
    if "pickup" in changed:
        data["hf_pickup"] = "whole" if rules["pickup"] is None else "7"
    return data
