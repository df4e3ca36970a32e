"""What a game of Hand read from a backup holds beyond its deals, checked as the app
writes it: no sides but partners opposite, and each kept ruling a question its referee
decides under the game's rules, as it did when the table kept it."""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.codec import PayloadError
from scorekeeper.models import INT_MAX, Game
from scorekeeper.models import fits_integer_column as _whole

from ..kind import Unfit, brief
from .referee.questions import decide
from .rules import Check, Rules, RulesError, Table


def check_stored(game: Game, table: Table) -> None:
    if game.teams is not None:
        raise Unfit("'teams'", "must be null for a game of Hand")
    _check_rulings(game, table.rules)


# The fields of a kept question, by check, as the referee pages keep it (referee/pages.py):
# those it always has, and those it may have.
QUESTIONS: dict[Check, tuple[set[str], set[str]]] = {
    Check.MELD: ({"cards"}, {"indicator", "from_discard"}),
    Check.HAND: ({"cards"}, {"indicator", "from_discard"}),
    Check.REDEAL: ({"cards"}, {"indicator", "from_discard"}),
    Check.INITIAL_MELD: ({"melds"}, {"minimum", "indicator", "from_discard", "going_out",
                                     "cards_played", "took_discard"}),
    Check.LAY_OFF: ({"meld", "add"}, {"end", "going_out", "one_card", "indicator",
                                      "from_discard", "discarder_melded"}),
    Check.SWAP: ({"meld", "give"}, {"indicator"}),
}


def _check_rulings(game: Game, rules: Rules) -> None:
    """Each kept ruling names a referee check and holds a question the referee decides
    under the game's rules, as it did when the table kept it."""
    for i, ruling in enumerate(game.rulings):
        place = f"rulings[{i}]"
        try:
            check = Check(ruling.check)
        except ValueError:
            raise Unfit(f"{place}, 'check'", f"unknown check {brief(ruling.check)}; the "
                                             f"checks are {', '.join(Check)}") from None
        if ruling.deal_number < 1:
            raise Unfit(f"{place}, 'deal_number'", "must be 1 or more")
        inputs = ruling.inputs
        needed, allowed = QUESTIONS[check]
        if not isinstance(inputs, dict) or not needed <= set(inputs) <= needed | allowed:
            raise Unfit(f"{place}, 'inputs'",
                        f"a {check} question holds {', '.join(sorted(needed))}"
                        + (f" and may hold {', '.join(sorted(allowed))}" if allowed else ""))
        for key, value in inputs.items():
            if not _question_field(key, value):
                raise Unfit(f"{place}, 'inputs', {key!r}", QUESTION_FIELDS[key][1])
        try:
            decide(check, rules, inputs)
        except (RulesError, PayloadError) as refusal:
            raise Unfit(f"{place}, 'inputs'",
                        f"the referee refuses the question: {refusal.message}") from None
        except Exception as error:
            raise Unfit(f"{place}, 'inputs'",
                        f"the referee cannot read the question ({brief(error)})") from None


def _cards(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(card, str) for card in value)


# What each field of a kept question must be, and the sentence saying so.
QUESTION_FIELDS: dict[str, tuple[Callable[[object], bool], str]] = {
    **dict.fromkeys(("cards", "meld", "add", "give"),
                    (_cards, "must be a list of cards like [\"9C\", \"10C\", \"JC\"]")),
    "melds": (lambda v: isinstance(v, list) and all(_cards(m) for m in v),
              "must be a list of melds, each a list of cards"),
    "indicator": (lambda v: isinstance(v, str), "must be a card like \"7C\""),
    "minimum": (_whole, f"must be a whole number from 0 to {INT_MAX}"),
    "end": (lambda v: v in ("low", "high"), "must be \"low\" or \"high\""),
    **dict.fromkeys(("going_out", "one_card", "discarder_melded", "took_discard"),
                    (lambda v: isinstance(v, bool), "must be true or false")),
    "cards_played": (_whole, f"must be a whole number from 0 to {INT_MAX}"),
    # The card taken from the discard pile: its place in the cards, or [meld, card] in a
    # first meld's melds (referee.py reads both).
    "from_discard": (lambda v: _whole(v) or (isinstance(v, list) and len(v) == 2
                                             and all(_whole(i) for i in v)),
                     "must be the place of a card, or [meld, card] in a first meld"),
}


def _question_field(key: str, value: object) -> bool:
    return QUESTION_FIELDS[key][0](value)
