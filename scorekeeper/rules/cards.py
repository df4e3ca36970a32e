"""Cards: ranks, suits, jokers; forgiving parsing and canonical printing.

Hand is played with two 52-card packs and two jokers (seed 000, "Players and Cards"),
so two identical cards can be in play at once. The Kuwaiti form uses one pack for two
or three players (seed 001).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .messages import N_, fail


class Suit(Enum):
    """A suit, with its symbol and colour."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INPUT = {
    **{s.value: s for s in Suit},
    **{sym: s for s, sym in _SUIT_SYMBOLS.items()},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


class Rank(Enum):
    """A rank; ``number`` runs from 1 (ace) to 13 (king)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def number(self) -> int:
        return _RANK_ORDER.index(self) + 1

    @property
    def points(self) -> int:
        """Natural value (seed 000, "Players and Cards"): A 11, K Q J 10, pips face value."""
        if self is Rank.ACE:
            return 11
        return min(self.number, 10)

    @classmethod
    def from_number(cls, number: int) -> Rank:
        """The rank at *number*, where 14 is the ace above the king."""
        return _RANK_ORDER[(number - 1) % 13]


_RANK_ORDER = list(Rank)
_RANK_INPUT = {r.value: r for r in Rank} | {"T": Rank.TEN}
JOKER_WORDS = {"JK", "JOKER", "*", "🃏", "JO"}


@dataclass(frozen=True)
class Card:
    """A physical card: a rank and a suit, or a joker (both ``None``).

    >>> Card.parse("10h")
    Card.parse('10H')
    >>> str(Card.parse("t♥")), str(Card.parse("joker")), Card.parse("A♠").symbol
    ('10H', 'JK', 'A♠')
    """

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card written as ``10H``, ``TH``, ``th``, ``10♥``, ``A♠``, ``JK``, ``joker``
        or ``*``; raise :class:`RulesError` naming the text otherwise."""
        if not isinstance(text, str):
            raise fail(N_("%(text)s is not a card; write cards as text like 10H, QS or JK."),
                       text=json.dumps(text, ensure_ascii=False, default=repr))
        token = "".join(text.split()).upper()
        if token in JOKER_WORDS:
            return JOKER
        rank, suit = _RANK_INPUT.get(token[:-1]), _SUIT_INPUT.get(token[-1:])
        if rank is None or suit is None:
            raise fail(N_("“%(text)s” is not a card; write it like 10H, QS, A♠ or JK."),
                       text=text)
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        """The card as players write it: ``10♥``, ``A♠``, ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.value + self.suit.symbol


JOKER = Card(None, None)

#: The 52 natural cards, suit by suit, ace to king.
NATURAL_CARDS = tuple(Card(rank, suit) for suit in Suit for rank in Rank)


def parse_cards(texts: object) -> tuple[Card, ...]:
    """Parse a list of card texts, naming the first bad one."""
    if not isinstance(texts, list | tuple):
        raise fail(N_("Cards must be given as a list, like [\"9C\", \"10C\", \"JC\"]."))
    return tuple(Card.parse(t) for t in texts)


def check_copies(cards: Iterable[Card], *, packs: int, jokers: int,
                 indicator: Card | None = None) -> None:
    """Raise :class:`RulesError` if *cards* (plus the face-up *indicator*, which stays on
    the table) hold more copies of a card than *packs* packs and *jokers* jokers have."""
    counts = Counter(cards)
    if indicator is not None:
        counts[indicator] += 1
    for card, count in counts.items():
        limit = jokers if card.is_joker else packs
        if count <= limit:
            continue
        if card.is_joker:
            if jokers == 0:
                raise fail(N_("This form of Hand is played without jokers, so JK cannot be "
                              "among the cards."))
            raise fail(N_("JK appears %(count)d times, but the pack has only %(limit)d "
                          "jokers."), count=count, limit=limit)
        if indicator == card:
            raise fail(N_("%(card)s appears %(count)d times counting the indicator on the "
                          "table, but the packs hold only %(limit)d copies of it."),
                       card=card.symbol, count=count, limit=limit)
        raise fail(N_("%(card)s appears %(count)d times, but the packs hold only "
                      "%(limit)d copies of it."), card=card.symbol, count=count, limit=limit)
