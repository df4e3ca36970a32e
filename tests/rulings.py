"""Shorthand for the rules tests: cards from a string, the wilds of a deal; enum members
left without a docstring."""

import ast
import inspect
from enum import Enum

from scorekeeper.games.hand.rules import Card, Rules, Wilds


def cards(text: str) -> tuple[Card, ...]:
    """``cards("7D AC 9D")`` → the three cards, in that order."""
    return tuple(Card.parse(t) for t in text.split())


def deal(preset: str = "levant", indicator: str | None = None, **options) -> Wilds:
    """The wilds of a deal under *preset* with *options* and the *indicator* turned."""
    rules = Rules.from_spec({"preset": preset, **options})
    return Wilds.for_deal(rules, Card.parse(indicator) if indicator else None)


def shown(cards_: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards_))


def undocumented_members(enum: type[Enum]) -> list[str]:
    """The members of *enum* with no string literal right under them (pokerkit style)."""
    body = ast.parse(inspect.getsource(enum)).body[0].body
    return [node.targets[0].id for node, after in zip(body, [*body[1:], None], strict=True)
            if isinstance(node, ast.Assign) and not (
                isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str))]
