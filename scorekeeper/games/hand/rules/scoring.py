"""Scoring one round: who pays what when a player goes out.

RULES.md section 5; seed 000 "End of the Play and Scoring" and "Bonus Scores"; seed 001's
table for the Kuwaiti form; seed 002 for partnerships and Hareeqa (which never doubles).
Scores are penalty points: the winner's are negative, the lowest total wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from math import prod
from types import MappingProxyType

from scorekeeper.rulekit.cards import Card, Rank
from scorekeeper.rulekit.messages import N_, fail

from .hand import Bonus, Finish
from .options import Rules, Scoring
from .wilds import Wilds
from .winning import check_claim, rule_winning_hand

#: Points a player may be charged for the cards left in hand before any doubling: far
#: above the 14 cards' worst (14 wilds at 100 each), so a larger number is a typing slip.
MOST_POINTS = 1400


@dataclass(frozen=True)
class PlayerHand:
    """What a losing player is charged for: whether they melded (announced, in the
    Kuwaiti form), and the points left in hand — given, or counted from ``cards``."""

    melded: bool
    points: int | None = None
    cards: tuple[Card, ...] | None = None
    mistake: bool = False


@dataclass(frozen=True)
class RoundResult:
    """A scored round as the table reports it."""

    winner: str
    finish: Finish
    hands: Mapping[str, PlayerHand]
    bonuses: tuple[Bonus, ...] = ()
    indicator: Card | None = None
    # The evidence of a full hand (issue 13): the melds the winner laid, or the referee
    # found in their 15 cards, and the card or two wild cards discarded. Empty when the
    # table reported the finish without the cards.
    winner_melds: tuple[tuple[Card, ...], ...] = ()
    winner_discard: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", MappingProxyType(dict(self.hands)))


@dataclass(frozen=True)
class RoundScore:
    """Each player's score for the round, and each team's when playing partners."""

    scores: Mapping[str, int]
    team_scores: tuple[int, ...] | None = None
    factor: int = 1


# seed 001 "Finishing": winner, did not announce, announced (times the cards), mistake.
KUWAIT_FINISH = (-30, 100, 1, 150)
KUWAIT_HANDS = {
    frozenset(): (-60, 200, 2, 300),                                   # regular hand
    frozenset({Bonus.ONE_COLOUR}): (-120, 400, 4, 600),                # colored
    frozenset({Bonus.WILD_DISCARD}): (-120, 400, 4, 600),              # joker
    frozenset({Bonus.ONE_SUIT}): (-240, 800, 8, 1200),                 # suited
    frozenset({Bonus.TWO_WILDS}): (-240, 800, 8, 1200),                # double joker
    frozenset({Bonus.TWO_WILDS, Bonus.ONE_COLOUR}): (-480, 1600, 32, 4800),  # its own row
}


def kuwait_row(finish: Finish, bonuses: tuple[Bonus, ...]) -> tuple[int, int, int, int]:
    """The Kuwaiti table's row for a finish. A combination the table does not list (a
    joker hand of one suit, say) multiplies the listed rows' factors over a regular hand.

    >>> kuwait_row(Finish.FULL, (Bonus.WILD_DISCARD, Bonus.ONE_SUIT))
    (-480, 1600, 16, 2400)
    """
    if finish is Finish.PARTIAL:
        return KUWAIT_FINISH
    key = frozenset(bonuses)
    if key in KUWAIT_HANDS:
        return KUWAIT_HANDS[key]
    regular = KUWAIT_HANDS[frozenset()]
    rows = [KUWAIT_HANDS[frozenset({b})] for b in bonuses]

    def column(i: int) -> int:
        return regular[i] * prod(row[i] // regular[i] for row in rows)

    return column(0), column(1), column(2), column(3)


def penalty(card: Card, wilds: Wilds, *, announcer: bool = False) -> int:
    """What *card* left in hand costs (RULES.md section 5): a wild 15 (a joker 20 in a
    Kuwaiti announcer's hand), a natural ace ``ace_penalty`` — a joker playing as one
    included — court cards 10, the rest their number."""
    rules = wilds.rules
    if wilds.is_wild(card):
        return rules.announcer_wild_penalty if announcer else rules.wild_penalty
    natural = wilds.natural(card)
    return rules.ace_penalty if natural.rank is Rank.ACE else natural.rank.points


def _check_bonuses(rules: Rules, result: RoundResult) -> int:
    bonuses = result.bonuses
    if not bonuses:
        return 1
    if result.finish is Finish.PARTIAL:
        raise fail(N_("Bonus hands count only for a full hand, not a partial one."))
    if not rules.bonus_hands:
        raise fail(N_("This form of Hand has no bonus hands; leave the bonuses out."))
    if len(set(bonuses)) != len(bonuses):
        raise fail(N_("A bonus is named twice."))
    if {Bonus.WILD_DISCARD, Bonus.TWO_WILDS} <= set(bonuses):
        raise fail(N_("A hand throws one wild or two, not both: give “%(one)s” or "
                      "“%(two)s”."), one=Bonus.WILD_DISCARD.label, two=Bonus.TWO_WILDS.label)
    if {Bonus.ONE_COLOUR, Bonus.ONE_SUIT} <= set(bonuses):
        raise fail(N_("A hand of one suit is not also counted as one colour: give "
                      "“%(suit)s” or “%(colour)s”."), suit=Bonus.ONE_SUIT.label,
                   colour=Bonus.ONE_COLOUR.label)
    return prod(b.factor for b in bonuses)


def _check_evidence(wilds: Wilds, result: RoundResult) -> None:
    """The finish and bonuses reported are those the winner's cards bear out, when the
    cards were given."""
    if not result.winner_melds and not result.winner_discard:
        return
    ruling = rule_winning_hand(wilds, melds=result.winner_melds,
                               discard=result.winner_discard)
    check_claim(ruling, wilds, result.finish, result.bonuses)


def _teams(players: tuple[str, ...],
           teams: Sequence[Sequence[str]] | None) -> tuple[tuple[str, ...], ...] | None:
    if teams is None:
        return None
    flat = [p for team in teams for p in team]
    if len(players) != 4 or len(teams) != 2 or any(len(t) != 2 for t in teams) or sorted(
            flat) != sorted(players):
        raise fail(N_("Partnerships are two teams of two, made of the four players."))
    return tuple(tuple(t) for t in teams)


def partner_of(winner: str, teams: Sequence[Sequence[str]] | None) -> str | None:
    """The winner's partner, whose cards do not count (seed 000 "End of the Play and
    Scoring", seed 002 "Hand Partner"); ``None`` when playing alone."""
    if teams is None:
        return None
    return next(p for team in teams if winner in team for p in team if p != winner)


def score_round(wilds: Wilds, players: tuple[str, ...], result: RoundResult,
                teams: Sequence[Sequence[str]] | None = None) -> RoundScore:
    """Each player's score for a round that *result* describes, under *wilds*' rules (the
    deal's indicator values the cards left in hand)."""
    rules = wilds.rules
    teams = _teams(players, teams)
    if result.winner not in players:
        raise fail(N_("The winner “%(name)s” is not one of the players."),
                   name=result.winner)
    for name in result.hands:
        if name not in players:
            raise fail(N_("“%(name)s” is not one of the players."), name=name)
    partner = partner_of(result.winner, teams)
    factor = _check_bonuses(rules, result)
    _check_evidence(wilds, result)
    losers = [p for p in players if p not in (result.winner, partner)]
    for name in losers:
        if name not in result.hands:
            raise fail(N_("Say how %(name)s finished: melded or not, and the points or "
                          "cards left in hand."), name=name)
    mine = result.hands.get(result.winner)
    if mine is not None and (mine.points or mine.cards or mine.mistake):
        raise fail(N_("The winner has no cards left to count."))
    wilds.check(c for hand in result.hands.values() for c in hand.cards or ())
    # A Kuwaiti mistake pays its fixed column whatever the hand held.
    values = {name: _value(name, result.hands[name], wilds) for name in losers
              if not result.hands[name].mistake}
    scores = {name: 0 for name in players}
    if rules.scoring is Scoring.KUWAIT:
        winner, fixed, times, mistake = kuwait_row(result.finish, result.bonuses)
        scores[result.winner] = winner
        for name in losers:
            hand = result.hands[name]
            scores[name] = (mistake if hand.mistake else
                            values[name] * times if hand.melded else fixed)
        factor = times
    else:
        doubling = 2 if result.finish is Finish.FULL and rules.scoring is not Scoring.HAREEQA else 1
        factor *= doubling
        scores[result.winner] = -30 * factor
        for name in losers:
            hand = result.hands[name]
            if hand.mistake:
                raise fail(N_("Mistake penalties belong to the Kuwaiti form."))
            scores[name] = (values[name] if hand.melded else 100) * factor
    team_scores = None if teams is None else tuple(sum(scores[p] for p in t) for t in teams)
    return RoundScore(MappingProxyType(scores), team_scores, factor)


def deal_wilds(rules: Rules, result: RoundResult) -> Wilds:
    """The deal's wilds for valuing the cards in *result*. The indicator is needed only
    when some card given (left in a hand, or the winner's) is one whose worth it decides."""
    cards = chain(*(h.cards or () for h in result.hands.values()), *result.winner_melds,
                  result.winner_discard)
    return Wilds.for_cards(rules, result.indicator, cards)


def _value(name: str, hand: PlayerHand, wilds: Wilds) -> int:
    """The points *name* is charged before any multiplying."""
    if not hand.melded:
        if hand.points is not None or hand.cards is not None:
            raise fail(N_("%(name)s did not meld, so the hand counts a fixed penalty; leave "
                          "out the points and cards."), name=name)
        return 0
    if hand.points is not None and hand.cards is not None:
        raise fail(N_("For %(name)s give the points or the cards left in hand, not both."),
                   name=name)
    if hand.points is not None:
        if isinstance(hand.points, bool) or not isinstance(hand.points, int) or not (
                0 <= hand.points <= MOST_POINTS):
            raise fail(N_("%(name)s's points must be a whole number from 0 to %(most)d."),
                       name=name, most=MOST_POINTS)
        return hand.points
    if hand.cards is None:
        raise fail(N_("%(name)s melded: give the points left in hand, or the cards."),
                   name=name)
    if len(hand.cards) > 15:
        raise fail(N_("%(name)s cannot hold more than 15 cards."), name=name)
    announcer = wilds.rules.scoring is Scoring.KUWAIT
    return sum(penalty(c, wilds, announcer=announcer) for c in hand.cards)
