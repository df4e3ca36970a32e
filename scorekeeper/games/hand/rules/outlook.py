"""The outlook before the last round: for each player (side, in partnerships) not alone in
front, the cheapest finish of their own that would put them there, and the least each
player still ahead would have to pay — or, when even the largest finish with the largest
penalties cannot, that nothing this round can (issue 25).

Seed 000, "End of the Play and Scoring": the lowest total wins, and "if there is a tie
for lowest total score at the end of the game ... further rounds are played until there
is a single player or team with the lowest score" — so in front means alone lowest, and
every tie-break round is again a last round. What a finish scores and what each loser
pays are the engine's own (:func:`score_round`): partial and full hands, Egypt's bonus
hands, seed 001's Kuwaiti table with its columns, partnerships. docs/scoring.md, "The
outlook before the last round", states the decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, reduce
from itertools import product
from math import ceil
from typing import NamedTuple

from scorekeeper.rulekit.cards import JOKER, NATURAL_CARDS, NaturalCard, Rank, Suit
from scorekeeper.rulekit.messages import N_, Message, msg

from .game import GameState
from .hand import HAND_SIZE, Bonus, Finish
from .options import Rules, Scoring
from .scoring import PlayerHand, RoundResult, deal_wilds, penalty, score_round
from .wilds import IndicatorError, Wilds

#: What one card counts toward a first meld at most: an ace (``ace_high_value``,
#: ``ace_low_value``: 11 at most), or a wild standing for one.
MOST_MELD_VALUE = 11

# The finishes a winner can make, in the order the outlook tries them at one score: a
# wild thrown is the likeliest bonus, one suit or two wilds thrown the rarest.
_BONUSES = ((Bonus.WILD_DISCARD,), (Bonus.ONE_COLOUR,), (Bonus.TWO_WILDS,),
            (Bonus.ONE_SUIT,), (Bonus.WILD_DISCARD, Bonus.ONE_COLOUR),
            (Bonus.TWO_WILDS, Bonus.ONE_COLOUR), (Bonus.WILD_DISCARD, Bonus.ONE_SUIT),
            (Bonus.TWO_WILDS, Bonus.ONE_SUIT))


class Payments(NamedTuple):
    """What a loser (or a side of losers) can pay: every multiple of ``step`` from
    ``low`` to ``high``; a fixed penalty is one value (``low == high``)."""

    low: int
    high: int
    step: int

    def least(self, at_least: int) -> int | None:
        """The least payment of at least *at_least*; ``None`` when even the most is less."""
        if at_least > self.high:
            return None
        if at_least <= self.low:
            return self.low
        return self.low + ceil((at_least - self.low) / self.step) * self.step


def _both(one: Payments, other: Payments) -> Payments:
    """What two losers of one side pay together. Every loser's cards are counted by the
    same multiple in a finish, so two runs of it sum to every multiple between."""
    step = other.step if one.low == one.high else one.step
    return Payments(one.low + other.low, one.high + other.high, step)


@dataclass(frozen=True)
class FinishScore:
    """One finish as the rules in force score it: the winner's score and what each other
    player can pay for it (cards counted, a fixed penalty, a Kuwaiti mistake)."""

    finish: Finish
    bonuses: tuple[Bonus, ...]
    winner: int
    loser: tuple[Payments, ...]

    def side_pays(self, size: int) -> tuple[Payments, ...]:
        """What a side of *size* losers can pay: each loser's way, summed."""
        return tuple(reduce(_both, ways) for ways in product(self.loser, repeat=size))

    @property
    def name(self) -> Message:
        if self.finish is Finish.PARTIAL:
            return msg(N_("a partial hand"))
        if not self.bonuses:
            return msg(N_("a full hand"))
        return msg(N_("a full hand (%(bonuses)s)"), bonuses=tuple(b.label for b in self.bonuses))


@dataclass(frozen=True)
class Outlook:
    """What would put *side* (one player alone) in front this round: a *finish* of their
    own with *bonuses*, with each side in *pays* paying at least its amount; or, when
    *possible* is false, nothing. *needs* says it in a sentence."""

    side: tuple[str, ...]
    possible: bool
    needs: Message
    finish: Finish | None = None
    bonuses: tuple[Bonus, ...] = ()
    pays: tuple[tuple[tuple[str, ...], int], ...] = ()


def is_last_round(state: GameState) -> bool:
    """Whether the next deal plays the game's last round: the last regular round, or a
    tie-break round (each may be the last). Hareeqa ends by burns, which no one can count
    on in advance, and before any round is scored nobody is ahead to catch."""
    return (not state.finished and state.table.rules.rounds is not None
            and bool(state.leaders) and (state.tie_break or state.rounds_to_play == 1))


def outlook(state: GameState) -> tuple[Outlook, ...]:
    """The outlook for each side not alone in front, in seating order; empty unless the
    next deal plays the last round (:func:`is_last_round`)."""
    if not is_last_round(state):
        return ()
    table = state.table
    sides = table.teams or tuple((p,) for p in table.players)
    return outlook_of(table.rules, sides, [sum(state.totals[p] for p in side)
                                           for side in sides])


def outlook_of(rules: Rules, sides: Sequence[tuple[str, ...]],
               totals: Sequence[int]) -> tuple[Outlook, ...]:
    """The outlook of each of *sides* not alone in front with these *totals*, when the
    round about to be played is the last."""
    best = min(totals)
    alone = totals.count(best) == 1
    return tuple(_for_side(rules, sides, totals, i) for i in range(len(sides))
                 if not (alone and totals[i] == best))


def _for_side(rules: Rules, sides: Sequence[tuple[str, ...]], totals: Sequence[int],
              me: int) -> Outlook:
    for score in finish_scores(rules):
        after = totals[me] + score.winner
        pays = []
        for other, side in enumerate(sides):
            if other == me:
                continue
            # To stay behind, the other side must end above: pay past the gap.
            needed = after - totals[other] + 1
            ways = score.side_pays(len(side))
            if needed <= min(way.low for way in ways):
                continue
            least = [found for way in ways if (found := way.least(needed)) is not None]
            if not least:
                break
            pays.append((side, min(least)))
        else:
            return Outlook(sides[me], True, _needs(score, pays), score.finish,
                           score.bonuses, tuple(pays))
    return Outlook(sides[me], False,
                   msg(N_("cannot catch up this round — play for the honour")))


def _needs(score: FinishScore, pays: list[tuple[tuple[str, ...], int]]) -> Message:
    if not pays:
        return score.name
    payers: Message | None = None
    for side, points in pays:
        payer = msg(N_("%(name)s paying at least %(points)d"), name=side_label(side),
                    points=points)
        # "Ali paying at least 162 and Caro paying at least 132": joined as said aloud.
        payers = payer if payers is None else msg(N_("%(first)s and %(next)s"),
                                                  first=payers, next=payer)
    return msg(N_("%(finish)s, with %(payers)s"), finish=score.name, payers=payers)


def side_label(side: Sequence[str]) -> str | Message:
    """A side as a sentence names it: "Sami & Omar", joined in the reader's words."""
    label: str | Message = side[0]
    for name in side[1:]:
        label = msg(N_("%(names)s & %(name)s"), names=label, name=name)
    return label


@cache
def finish_scores(rules: Rules) -> tuple[FinishScore, ...]:
    """Every finish the rules allow, cheapest first (the winner's score nearest zero),
    each as :func:`score_round` scores it."""
    finishes: list[tuple[Finish, tuple[Bonus, ...]]] = [(Finish.PARTIAL, ()), (Finish.FULL, ())]
    if rules.bonus_hands:
        finishes += [(Finish.FULL, bonuses) for bonuses in _BONUSES]
    scored = [_scored(rules, finish, bonuses) for finish, bonuses in finishes]
    return tuple(sorted(scored, key=lambda score: -score.winner))


def _scored(rules: Rules, finish: Finish, bonuses: tuple[Bonus, ...]) -> FinishScore:
    least, most = cards_in_hand(rules)

    def paid(hand: PlayerHand) -> tuple[int, int]:
        result = RoundResult("winner", finish, {"loser": hand}, bonuses)
        scores = score_round(deal_wilds(rules, result), ("winner", "loser"), result).scores
        return scores["winner"], scores["loser"]

    winner, low = paid(PlayerHand(True, least))
    step = paid(PlayerHand(True, least + 1))[1] - low
    ways = [Payments(low, paid(PlayerHand(True, most))[1], step)]
    fixed = paid(PlayerHand(False))[1]
    ways.append(Payments(fixed, fixed, 1))
    if rules.pays_mistakes:
        mistake = paid(PlayerHand(False, mistake=True))[1]
        ways.append(Payments(mistake, mistake, 1))
    return FinishScore(finish, bonuses, winner, tuple(ways))


def most_cards_kept(rules: Rules) -> int:
    """The most cards a player who melded can hold when another goes out. They held 15
    after drawing, laid a first meld of at least ``first_meld_minimum`` points (at most
    11 a card) and discarded; each later turn draws one card and discards one (seed 000,
    "Play"), a card taken from the discard pile going at once into a meld."""
    fewest_melded = ceil(rules.first_meld_minimum / MOST_MELD_VALUE)
    return HAND_SIZE - fewest_melded - 1


@cache
def cards_in_hand(rules: Rules) -> tuple[int, int]:
    """The least and the most the cards of a player who melded can cost, before any
    multiplying: one card, the cheapest of the packs, or the dearest
    :func:`most_cards_kept` cards, under whichever indicator costs the most."""
    pack = [*NATURAL_CARDS * rules.packs, *[JOKER] * rules.jokers]
    announcer = rules.scoring is Scoring.KUWAIT
    least, most = None, 0
    for wilds in _deals(rules):
        costs = sorted((penalty(card, wilds, announcer=announcer) for card in pack),
                       reverse=True)
        low = costs[-1]
        least = low if least is None else min(least, low)
        most = max(most, sum(costs[:most_cards_kept(rules)]))
    assert least is not None
    return least, most


def _deals(rules: Rules) -> list[Wilds]:
    """The wilds of every kind of deal: the jokers, or an indicator that is not an ace
    (its suit's aces wild) and one that is (where the rules keep it)."""
    found = []
    for indicator in (NaturalCard(Rank.SEVEN, Suit.CLUBS), NaturalCard(Rank.ACE, Suit.CLUBS)):
        try:
            found.append(Wilds.for_deal(rules, indicator))
        except IndicatorError:
            continue  # an ace indicator redrawn: no such deal
    return found
