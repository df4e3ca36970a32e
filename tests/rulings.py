"""Shorthand for the rules tests: cards from a string, the wilds of a deal."""

from scorekeeper.rules import Card, Rules, Wilds


def cards(text: str) -> tuple[Card, ...]:
    """``cards("7D AC 9D")`` → the three cards, in that order."""
    return tuple(Card.parse(t) for t in text.split())


def deal(preset: str = "levant", indicator: str | None = None, **options) -> Wilds:
    """The wilds of a deal under *preset* with *options* and the *indicator* turned."""
    rules = Rules.from_spec({"preset": preset, **options})
    return Wilds.for_deal(rules, Card.parse(indicator) if indicator else None)


def shown(cards_: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards_))
