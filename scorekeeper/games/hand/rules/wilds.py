"""Which cards are wild in a deal, and which natural card every other card plays as.

RULES.md section 2: under ``indicator`` a non-ace indicator makes the two aces of its
suit wild and the two jokers play as those natural aces; an ace indicator makes the
jokers wild. Under ``jokers`` the jokers are wild. Under ``indicator_no_jokers`` (104
cards) the aces of the indicator's suit are wild, and an ace indicator is either
redrawn or leaves the other copy of that ace as the only wild (``ace_indicator``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.rulekit.cards import JOKER, Card, NaturalCard, Rank, check_copies
from scorekeeper.rulekit.messages import N_, RulesError, fail, msg

from .options import AceIndicator, Rules, WildMode


class IndicatorError(RulesError):
    """A refusal about the indicator itself (missing, or a card that cannot be one), which
    a form shows at the indicator's field."""


def turns_on_indicator(card: Card) -> bool:
    """Whether which card the indicator is changes what *card* is: only an ace (wild
    when of the indicator's suit) or a joker (wild, or playing as that ace) changes."""
    return card.is_joker or (isinstance(card, NaturalCard) and card.rank is Rank.ACE)


@dataclass(frozen=True)
class Wilds:
    """The wild cards of one deal and what a joker plays as when it is not wild."""

    rules: Rules
    indicator: Card | None
    wild: frozenset[Card]
    joker_plays_as: NaturalCard | None = None

    @classmethod
    def for_deal(cls, rules: Rules, indicator: Card | None = None) -> Wilds:
        """The wilds under *rules* with *indicator* turned up; raise :class:`RulesError`
        when the indicator is missing or cannot be one.

        >>> w = Wilds.for_deal(Rules.from_spec("levant"), Card.parse("7C"))
        >>> w.is_wild(Card.parse("AC")), str(w.natural(Card.parse("JK")))
        (True, 'AC')
        """
        if rules.wild_mode is WildMode.JOKERS:
            return cls(rules, None, frozenset({JOKER}))
        if indicator is None:
            raise IndicatorError(msg(N_(
                "This form of Hand turns an indicator card to pick the wild cards; say "
                "which card is the indicator.")))
        if not isinstance(indicator, NaturalCard):
            raise IndicatorError(msg(N_(
                "A joker is never the indicator: it goes back into the stock and the next "
                "card is turned instead.")))
        ace = NaturalCard(Rank.ACE, indicator.suit)
        if rules.wild_mode is WildMode.INDICATOR:
            if indicator.rank is Rank.ACE:
                return cls(rules, indicator, frozenset({JOKER}))
            return cls(rules, indicator, frozenset({ace}), joker_plays_as=ace)
        if indicator.rank is Rank.ACE and rules.ace_indicator is AceIndicator.REDRAW:
            raise IndicatorError(msg(N_(
                "Under this rule an ace indicator goes back into the stock and another card "
                "is turned; an ace cannot be the indicator.")))
        return cls(rules, indicator, frozenset({ace}))

    @classmethod
    def for_cards(cls, rules: Rules, indicator: Card | None,
                  cards: Iterable[Card]) -> Wilds:
        """The wilds for valuing *cards*: without an ace or a joker among them no value
        depends on the indicator, so a missing one is not asked for (and none is wild)."""
        if indicator is None and rules.uses_indicator and not any(
                turns_on_indicator(c) for c in cards):
            return cls(rules, None, frozenset())
        return cls.for_deal(rules, indicator)

    def is_wild(self, card: Card) -> bool:
        return card in self.wild

    def natural(self, card: Card) -> NaturalCard:
        """The natural card *card* plays as (a joker may play as an ace); *card* is not
        wild. A joker that is neither wild nor plays as an ace has no place in the deal."""
        if isinstance(card, NaturalCard):
            return card
        if self.joker_plays_as is None:
            raise fail(N_("This form of Hand is played without jokers, so JK cannot be "
                          "among the cards."))
        return self.joker_plays_as

    def physical(self, natural: NaturalCard) -> Card:
        """The card that plays as *natural*: the joker when jokers play as that ace."""
        return JOKER if natural == self.joker_plays_as else natural

    def check(self, cards: Iterable[Card]) -> None:
        """Raise :class:`RulesError` if *cards*, with the indicator on the table, hold
        more copies of any card than the packs do."""
        check_copies(cards, packs=self.rules.packs, jokers=self.rules.jokers,
                     indicator=self.indicator)
