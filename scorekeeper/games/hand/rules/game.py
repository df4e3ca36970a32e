"""What a game of Hand is made of: its table (rules, seats, first dealer), its deals as the
table reports them, each deal's line of the sheet and the state after them; who deals
after whom, and first melds checked against the bar in force. The walk from a log of
deals to a state is scorekeeper/games/hand/rules/replay.py.

Seed 000 "Deal" and "End of the Play and Scoring"; seed 002 for rotating deals, Hand
Saudi and Hareeqa. Nothing here is stored: correcting or removing a deal and replaying
the log gives every later dealer, total and result anew.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import chain
from typing import NamedTuple

from scorekeeper.rulekit.cards import Card
from scorekeeper.rulekit.engine import Seating, Sheet
from scorekeeper.rulekit.messages import N_, Message, fail

from .hand import Bonus, Finish
from .initial import rule_initial_meld
from .options import DealerRule, Rules
from .scoring import RoundResult, partner_of
from .wilds import Wilds
from .winning import FullHand


class Outcome(Enum):
    """How a deal ended."""

    SCORED = "scored"
    """A player went out and the round was scored."""
    REDEAL = "redeal"
    """A player showed identical pairs and the cards were dealt again (no score)."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """The stock ran out before anyone went out (no score)."""


class FirstMeld(NamedTuple):
    """A first meld (an announcement, in the Kuwaiti form) laid in a deal: who laid it
    and its worth, or the melds themselves for the referee to value and check (issue 13).
    """

    player: str
    value: int | None
    melds: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class Deal:
    """One entry of the log: a deal's number, how it ended, the round result when scored,
    and the first melds (announcements, in the Kuwaiti form) laid in it, in order."""

    number: int
    outcome: Outcome
    result: RoundResult | None = None
    first_melds: tuple[FirstMeld, ...] = ()

    def __post_init__(self) -> None:
        # (player, value) pairs are the short way of writing a first meld without cards.
        object.__setattr__(self, "first_melds", tuple(
            m if isinstance(m, FirstMeld) else FirstMeld(*m) for m in self.first_melds))


@dataclass(frozen=True)
class Table(Seating[Rules]):
    """Who plays, in counter-clockwise seating order, under which rules, and who deals
    first."""

    partnerships: bool = False

    def check_count(self) -> None:
        rules, players = self.rules, self.players
        if len(players) < max(2, rules.min_players):
            raise fail(N_("A game needs at least %(count)d players."),
                       count=max(2, rules.min_players))
        if len(players) > rules.max_players:
            raise fail(N_("This form of Hand is played by at most %(count)d players."),
                       count=rules.max_players)

    def check_sides(self) -> None:
        if self.partnerships and (len(self.players) != 4 or not self.rules.partnerships):
            raise fail(N_("Partnerships are for four players, in a form of Hand that has "
                          "them."))

    @property
    def teams(self) -> tuple[tuple[str, str], tuple[str, str]] | None:
        """Partners sit opposite each other: seats 1 and 3, seats 2 and 4."""
        if not self.partnerships:
            return None
        p = self.players
        return (p[0], p[2]), (p[1], p[3])

    @property
    def sides(self) -> tuple[tuple[str, ...], ...] | None:
        """The partnerships score together; without them everyone plays alone."""
        return self.teams

    #: The next player counter-clockwise, who sits on a player's right.
    right_of = Seating.next_to


@dataclass(frozen=True)
class DealLine:
    """A replayed deal: who dealt it, which round it scored (None when unscored) and each
    player's score; under Hareeqa also the points moved and who burned."""

    number: int
    outcome: Outcome
    dealer: str
    round: int | None
    scores: Mapping[str, int] | None = None
    team_scores: tuple[int, ...] | None = None
    points: Mapping[str, int] | None = None
    burned: tuple[str, ...] = ()
    totals: Mapping[str, int] | None = None  # after this deal (Hareeqa's burns included)
    full_hand: FullHand | None = None  # a full hand given with its cards (issue 13)
    # Who went out of a scored deal and how, as the sheet marks it (issue 22).
    winner: str | None = None
    finish: Finish | None = None
    bonuses: tuple[Bonus, ...] = ()


@dataclass(frozen=True)
class GameState(Sheet[Table, DealLine]):
    """Everything the score sheet shows, derived from the table and the log."""

    totals: Mapping[str, int]
    team_totals: tuple[int, ...] | None
    scored_rounds: int
    rounds_to_play: int | None
    finished: bool
    winners: tuple[str, ...]
    dealer: str | None
    starter: str | None
    round: int | None
    attempt: int | None
    tie_break: bool
    notices: tuple[Message, ...]
    points: Mapping[str, int] | None = None
    pot: int | None = None
    burned: tuple[str, ...] = ()

    @property
    def full_hands(self) -> tuple[DealLine, ...]:
        """The deals won with a full hand whose cards were given, in order."""
        return tuple(line for line in self.deals if line.full_hand)

    @property
    def leaders(self) -> tuple[str, ...]:
        """Who is ahead now: the lowest total (a team's, in partnerships), or under
        Hareeqa the most points. Nobody before the first scored round."""
        if not any(line.scores for line in self.deals):
            return ()
        if self.points is not None:
            best = max(self.points.values())
            return tuple(p for p in self.table.players if self.points[p] == best)
        sides = self.table.units
        totals = [sum(self.totals[p] for p in side) for side in sides]
        return tuple(p for side, t in zip(sides, totals, strict=True) if t == min(totals)
                     for p in side)


def dealer_after(table: Table, dealer: str, scores: Mapping[str, int], winner: str) -> str:
    """Who deals after a round *dealer* dealt, scored *scores* and *winner* won, by the
    rules' ``dealer_rule``."""
    if table.rules.dealer_rule is DealerRule.ROTATE:
        # seed 000, "Dealing" (a variation): "After each round that ends with a score, the
        # turn to deal passes to the right."
        return table.right_of(dealer)
    # loser_deals (seed 000 "Deal"): the round's highest score deals; a tie that takes
    # in the dealer keeps the dealer, otherwise the first tied player counter-clockwise.
    # Only the losers are compared: the winner's partner scored nothing of their own
    # (their cards "have no effect on the score"), so a tie at 0 never hands them the
    # deal (docs/scoring.md, "Who deals next").
    partner = partner_of(winner, table.teams)
    losers = {name: value for name, value in scores.items()
              if name not in (winner, partner)}
    worst = max(losers.values())
    tied = [name for name, value in losers.items() if value == worst]
    if dealer in tied:
        return dealer
    name = dealer
    while name not in tied:
        name = table.right_of(name)
    return name


def rematch_dealer(state: GameState) -> str:
    """Who deals first in a rematch of the game *state* holds: whoever would have dealt
    the next deal had the game gone on, by the same rule as every deal before it — the
    last scored round's biggest loser (``loser_deals``, seed 000 "Deal"), the player on
    the last dealer's right (``rotate``), or the same dealer again after a deal that was
    not scored ("In a round that ends with no score, the same dealer deals again")."""
    if state.dealer is not None:  # a game not over: its next dealer
        return state.dealer
    if not state.deals:
        return state.table.first_dealer
    last = state.deals[-1]
    if last.scores is None or last.winner is None:
        return last.dealer
    return dealer_after(state.table, last.dealer, last.scores, last.winner)


def first_meld_bar(rules: Rules, earlier: Sequence[int]) -> int:
    """The bar a first meld (or announcement) must reach after the *earlier* ones of the
    same deal: the rules' minimum, or under ``initial_increasing`` one more than the last
    (Hand Saudi, seed 002; Kuwaiti announcements, seed 001)."""
    if rules.initial_increasing and earlier:
        return max(rules.first_meld_minimum, earlier[-1] + 1)
    return rules.first_meld_minimum


#: What a first meld can be worth at most: fifteen cards (the starter's hand) of 11. A worth
#: above it is a slip, refused at the door so that no stored deal holds a number the
#: database (or a backup read back) cannot.
MOST_FIRST_MELD = 15 * 11


def settle_first_melds(rules: Rules, deal: Deal) -> Deal:
    """*deal* with each first meld checked against the bar in force when it was laid,
    those given as cards valued by the referee."""
    seen: list[str] = []
    values: list[int] = []
    checked = []
    for meld in deal.first_melds:
        name, value = meld.player, meld.value
        if name in seen:
            raise fail(_word(rules, N_("%(name)s can lay a first meld only once in a deal."),
                             N_("%(name)s can announce only once in a deal.")), name=name)
        bar = first_meld_bar(rules, values)
        if meld.melds:
            value = _valued(rules, deal, meld, bar)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise fail(_word(rules, N_("A first meld's value is a whole number of points."),
                             N_("An announcement's value is a whole number of points.")))
        if value > MOST_FIRST_MELD:
            raise fail(_word(rules, N_("%(name)s's first meld cannot be worth more than "
                                       "%(most)d: a player holds at most 15 cards, none "
                                       "worth more than 11."),
                             N_("%(name)s's announcement cannot be worth more than %(most)d: "
                                "a player holds at most 15 cards, none worth more than "
                                "11.")), name=name, most=MOST_FIRST_MELD)
        if value < bar:
            raise fail(_word(rules, N_("%(name)s's first meld of %(value)d does not reach "
                                       "the %(bar)d in force."),
                             N_("%(name)s's announcement of %(value)d does not reach the "
                                "%(bar)d in force.")), name=name, value=value, bar=bar)
        seen.append(name)
        values.append(value)
        checked.append(meld._replace(value=value))
    if tuple(checked) == deal.first_melds:
        return deal
    return Deal(deal.number, deal.outcome, deal.result, tuple(checked))


def _valued(rules: Rules, deal: Deal, meld: FirstMeld, bar: int) -> int:
    """The worth of a first meld given as cards, when the referee upholds it against *bar*
    (seed 000 "Initial Meld"; seed 001 "Announcing"; seed 002 Hand Saudi)."""
    # An unscored deal records no indicator: there only a form without one can value it.
    wilds = Wilds.for_cards(rules, deal.result.indicator if deal.result else None,
                            chain(*meld.melds))
    ruling = rule_initial_meld(list(meld.melds), wilds, bar)
    if not ruling.valid:
        raise fail(_word(rules, N_("%(name)s's first meld is refused: %(reason)s"),
                         N_("%(name)s's announcement is refused: %(reason)s")),
                   name=meld.player, reason=ruling.reason)
    if meld.value is not None and meld.value != ruling.total:
        raise fail(_word(rules, N_("%(name)s's first meld is worth %(total)d by its cards, "
                                   "not %(value)d."),
                         N_("%(name)s's announcement is worth %(total)d by its cards, not "
                            "%(value)d.")), name=meld.player, total=ruling.total,
                   value=meld.value)
    return ruling.total


def _word(rules: Rules, first_meld: str, announcement: str) -> str:
    """The sentence in the form's own word: where players announce (seed 001,
    "Announcing") the table calls a first meld an announcement."""
    return announcement if rules.announcing else first_meld
