"""The referee's card picker as plain form state: the lists of cards picked so far (each a
field of card texts), which list takes the next tap, which picked card is selected to
be moved or taken out, and which one was taken from the discard pile; and the taps that
change them.

Every tap is a button that sends the whole form again, so the picker works as a plain
form where JavaScript does not run, and through htmx where it does. Nothing here is a
rule: the copies the packs hold are counted by the engine (``check_copies``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol, TypedDict, Unpack

from ..numbers import whole
from ..rulekit import Card, Message, RulesError
from ..rulekit.cards import NATURAL_CARDS, check_copies
from ..rulekit.messages import N_, msg

#: Most cards one list takes: a full hand is the longest thing the referee is asked about.
LONGEST = 15
#: Most melds a first meld is checked with (fourteen cards make at most four melds).
MOST_MELDS = 4
#: The deck in the picker's order: suit by suit, ace to king.
DECK = NATURAL_CARDS


@dataclass(frozen=True)
class Picker:
    """The lists being picked, by field name, in the order shown; ``taken`` is the slot
    (list, index) of the card taken from the discard pile, marked with the toggle."""

    lists: dict[str, tuple[Card, ...]]
    target: str
    selected: tuple[str, int] | None = None
    # What went wrong with the last tap, and at which list.
    problem: tuple[str, Message] | None = field(default=None, compare=False)
    taken: tuple[str, int] | None = None

    def all_cards(self) -> list[Card]:
        return [c for cards in self.lists.values() for c in cards]

    def query(self) -> dict[str, str]:
        """The state as form fields (and URL arguments)."""
        out = {name: " ".join(map(str, cards)) for name, cards in self.lists.items()
               if cards}
        out["target"] = self.target
        if self.selected is not None:
            out["selected"] = f"{self.selected[0]}:{self.selected[1]}"
        if self.taken is not None:
            out["taken"] = f"{self.taken[0]}:{self.taken[1]}"
        return out


def _parse(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.replace(",", " ").split())


def read(args: Mapping[str, str], names: Iterable[str]) -> Picker:
    """The picker's state from the form's fields *names*; a field that does not parse is
    emptied and named in ``problem``."""
    lists: dict[str, tuple[Card, ...]] = {}
    problem = None
    for name in names:
        try:
            lists[name] = _parse(args.get(name, ""))
        except RulesError as refusal:
            lists[name] = ()
            problem = problem or (name, refusal.message)
    target = args.get("target", "")
    if target not in lists:
        target = next(iter(lists))
    selected = _slot(args.get("selected", ""), lists)
    return Picker(lists, target, selected, problem, _slot(args.get("taken", ""), lists))


def _slot(text: str, lists: Mapping[str, tuple[Card, ...]]) -> tuple[str, int] | None:
    """``"meld:2"`` as (list, index) when that card is there."""
    name, _, index = text.partition(":")
    place = whole(index)
    if name in lists and place is not None and place < len(lists[name]):
        return name, place
    return None


class Packs(Protocol):
    """The packs a game's rules are played with, all the picker needs of them."""

    @property
    def packs(self) -> int: ...

    @property
    def jokers(self) -> int: ...


def limits(picker: Picker, rules: Packs, indicator: Card | None) -> set[Card]:
    """The cards of which every copy is already picked (or turned as the indicator)."""
    counts = Counter(picker.all_cards())
    if indicator is not None:
        counts[indicator] += 1
    return {c for c, n in counts.items() if n >= (rules.jokers if c.is_joker
                                                  else rules.packs)}


def tap(picker: Picker, args: Mapping[str, str], rules: Packs,
        indicator: Card | None) -> Picker:
    """The picker after the button the form was sent with (none: as it was)."""
    if "pick" in args and args["pick"] in picker.lists:
        return replace(picker, target=args["pick"], selected=None)
    if "tap" in args:
        return _add(picker, args["tap"], rules, indicator)
    if "select" in args:
        slot = _slot(args["select"], picker.lists)
        # Tapping the selected card again puts it down.
        return replace(picker, selected=None if slot == picker.selected else slot)
    if "drag" in args:
        source, _, to = args["drag"].rpartition(":")
        slot = _slot(source, picker.lists)
        if slot is not None and (place := whole(to)) is not None:
            return _move(picker, slot, place)
        return picker
    if "act" in args and picker.selected is not None:
        name, index = picker.selected
        if args["act"] == "out":
            cards = picker.lists[name]
            taken = picker.taken
            if taken is not None and taken[0] == name and taken[1] >= index:
                taken = None if taken[1] == index else (name, taken[1] - 1)
            return _with(picker, name, cards[:index] + cards[index + 1:], selected=None,
                         taken=taken)
        if args["act"] in ("earlier", "later"):
            return _move(picker, picker.selected,
                         index + (-1 if args["act"] == "earlier" else 1))
        if args["act"] == "taken":
            # One card is taken from the discard pile in a turn: marking another moves the
            # mark, and marking the marked card again takes it off.
            return replace(picker, taken=None if picker.taken == picker.selected
                           else picker.selected)
    if "clear" in args and args["clear"] in picker.lists:
        taken = None if picker.taken and picker.taken[0] == args["clear"] else picker.taken
        return _with(picker, args["clear"], (), selected=None, taken=taken)
    return picker


class _Changes(TypedDict, total=False):
    """What :func:`_with` changes besides the list."""

    selected: tuple[str, int] | None
    taken: tuple[str, int] | None


def _with(picker: Picker, name: str, cards: tuple[Card, ...],
          **changes: Unpack[_Changes]) -> Picker:
    return replace(picker, lists={**picker.lists, name: cards}, **changes)


def _move(picker: Picker, slot: tuple[str, int], to: int) -> Picker:
    name, index = slot
    cards = list(picker.lists[name])
    to = min(max(to, 0), len(cards) - 1)
    # The mark of the card taken from the discard pile moves with its card.
    places = list(range(len(cards)))
    cards.insert(to, cards.pop(index))
    places.insert(to, places.pop(index))
    taken = picker.taken
    if taken is not None and taken[0] == name:
        taken = (name, places.index(taken[1]))
    return _with(picker, name, tuple(cards), selected=(name, to), taken=taken)


def _add(picker: Picker, text: str, rules: Packs, indicator: Card | None) -> Picker:
    name = picker.target
    try:
        card = Card.parse(text)
        if len(picker.lists[name]) >= LONGEST:
            raise RulesError(msg(N_("That is %(count)d cards already, as many as the referee "
                                    "looks at in one row."), count=LONGEST))
        # The copies the packs hold, counted over every list (they are all on the table
        # or in one hand at once) and the indicator.
        check_copies([*picker.all_cards(), card], packs=rules.packs, jokers=rules.jokers,
                     indicator=indicator)
    except RulesError as refusal:
        return replace(picker, problem=(name, refusal.message))
    return _with(picker, name, picker.lists[name] + (card,), selected=None)

