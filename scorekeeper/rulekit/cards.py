"""Cards: ranks, suits, jokers; forgiving parsing and canonical printing.

Hand is played with two 52-card packs and two jokers (seed 000, "Players and Cards"),
so two identical cards can be in play at once. The Kuwaiti form uses one pack for two
or three players (seed 001).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from .messages import N_, N_plural, fail, fail_count


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


class Card(ABC):
    """A physical card: a :class:`NaturalCard` (a rank and a suit) or the :class:`Joker`,
    which has neither. Both parse and print the same way, so a ``Card`` annotation covers
    any card a player can hold; the engine asks ``isinstance(card, NaturalCard)`` where
    it needs a rank or a suit.

    >>> Card.parse("10h")
    Card.parse('10H')
    >>> str(Card.parse("t♥")), str(Card.parse("joker")), Card.parse("A♠").symbol
    ('10H', 'JK', 'A♠')
    >>> Card.parse("JK") is JOKER, Card.parse("JK").is_joker
    (True, True)
    """

    #: True for the joker only; templates ask this rather than the class.
    is_joker: ClassVar[bool]

    @staticmethod
    def parse(text: object) -> Card:
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
        return NaturalCard(rank, suit)

    @abstractmethod
    def __str__(self) -> str:
        """The canonical text: ``10H``, ``AS``, ``JK``."""

    @property
    @abstractmethod
    def symbol(self) -> str:
        """The card as players write it: ``10♥``, ``A♠``, ``JK``."""

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


# repr=False keeps Card's parse-style repr; eq and hash compare the fields (none, for the
# joker, so every joker is equal to JOKER).
@dataclass(frozen=True, repr=False)
class NaturalCard(Card):
    """A card with a rank and a suit.

    >>> NaturalCard(Rank.TEN, Suit.HEARTS)
    Card.parse('10H')
    """

    rank: Rank
    suit: Suit
    is_joker: ClassVar[bool] = False

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    @property
    def symbol(self) -> str:
        return self.rank.value + self.suit.symbol


@dataclass(frozen=True, repr=False)
class Joker(Card):
    """A joker: no rank and no suit; what it plays as is the deal's business
    (:class:`~scorekeeper.games.hand.rules.wilds.Wilds`).

    >>> Joker(), Joker() == JOKER
    (Card.parse('JK'), True)
    """

    is_joker: ClassVar[bool] = True

    def __str__(self) -> str:
        return "JK"

    @property
    def symbol(self) -> str:
        return "JK"


JOKER = Joker()

#: The 52 natural cards, suit by suit, ace to king.
NATURAL_CARDS = tuple(NaturalCard(rank, suit) for suit in Suit for rank in Rank)


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
            raise fail_count(N_plural("JK appears %(count)d times, but the pack has only "
                                      "%(limit)d joker.",
                                      "JK appears %(count)d times, but the pack has only "
                                      "%(limit)d jokers."), "limit", count=count, limit=limit)
        if indicator == card:
            raise fail_count(N_plural("%(card)s appears %(count)d times counting the indicator "
                                      "on the table, but the packs hold only %(limit)d copy "
                                      "of it.",
                                      "%(card)s appears %(count)d times counting the indicator "
                                      "on the table, but the packs hold only %(limit)d copies "
                                      "of it."), "limit", card=card.symbol, count=count,
                             limit=limit)
        raise fail_count(N_plural("%(card)s appears %(count)d times, but the packs hold only "
                                  "%(limit)d copy of it.",
                                  "%(card)s appears %(count)d times, but the packs hold only "
                                  "%(limit)d copies of it."), "limit", card=card.symbol,
                         count=count, limit=limit)
