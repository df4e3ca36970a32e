"""A game as a pure function of its table (rules, seats, first dealer) and its log of
deals: totals, who deals next, who starts, when it ends and who won.

RULES.md sections 5–8; seed 000 "Deal" and "End of the Play and Scoring"; seed 002 for
rotating deals, Hand Saudi and Hareeqa. Nothing here is stored: correcting or removing a
deal and replaying the log gives every later dealer, total and result anew.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import chain
from types import MappingProxyType
from typing import NamedTuple

from scorekeeper.rules.cards import Card
from scorekeeper.rules.messages import N_, Message, fail, msg
from scorekeeper.rules.names import check_names

from .hand import Bonus, Finish
from .initial import rule_initial_meld
from .options import DealerRule, Rules, Scoring
from .scoring import RoundResult, deal_wilds, partner_of, score_round
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
class Table:
    """Who plays, in counter-clockwise seating order, under which rules, and who deals
    first."""

    rules: Rules
    players: tuple[str, ...]
    first_dealer: str
    partnerships: bool = False

    def __post_init__(self) -> None:
        rules, players = self.rules, self.players
        if len(players) < max(2, rules.min_players):
            raise fail(N_("A game needs at least %(count)d players."),
                       count=max(2, rules.min_players))
        if len(players) > rules.max_players:
            raise fail(N_("This form of Hand is played by at most %(count)d players."),
                       count=rules.max_players)
        check_names(players)
        if self.partnerships and (len(players) != 4 or not rules.partnerships):
            raise fail(N_("Partnerships are for four players, in a form of Hand that has "
                          "them."))
        if self.first_dealer not in players:
            raise fail(N_("The first dealer “%(name)s” is not one of the players."),
                       name=str(self.first_dealer))

    @property
    def teams(self) -> tuple[tuple[str, str], tuple[str, str]] | None:
        """Partners sit opposite each other: seats 1 and 3, seats 2 and 4."""
        if not self.partnerships:
            return None
        p = self.players
        return (p[0], p[2]), (p[1], p[3])

    def right_of(self, name: str) -> str:
        """The next player counter-clockwise, who sits on *name*'s right."""
        return self.players[(self.players.index(name) + 1) % len(self.players)]


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
class GameState:
    """Everything the score sheet shows, derived from the table and the log."""

    table: Table
    deals: tuple[DealLine, ...]
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
    def next_deal(self) -> int:
        return len(self.deals) + 1

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
        sides = self.table.teams or tuple((p,) for p in self.table.players)
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


def _check_first_melds(table: Table, deal: Deal) -> Deal:
    for meld in deal.first_melds:
        if meld.player not in table.players:
            raise fail(N_("“%(name)s” is not one of the players."), name=str(meld.player))
    return settle_first_melds(table.rules, deal)


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


class _Replay:
    """Walks the log once, keeping the running state."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.rules = table.rules
        self.dealer = table.first_dealer
        self.totals = dict.fromkeys(table.players, 0)
        self.scored = 0
        self.attempts = 0        # unscored deals since the last scored one
        self.abandoned = False   # the last round was dealt too often without a score
        self.finished = False
        self.winners: tuple[str, ...] = ()
        self.lines: list[DealLine] = []
        self.points = dict.fromkeys(table.players, self.rules.start_points)
        self.pot = 0
        self.burned: list[str] = []

    @classmethod
    def resume(cls, state: GameState) -> _Replay:
        """The walk as it stood when it gave *state*: everything it keeps is in the state
        or follows from it."""
        walk = cls(state.table)
        walk.lines = list(state.deals)
        walk.totals = dict(state.totals)
        walk.scored = state.scored_rounds
        walk.finished = state.finished
        walk.winners = state.winners
        if state.dealer is not None:  # None only once the game is over
            walk.dealer = state.dealer
        if state.attempt is not None:
            walk.attempts = state.attempt - 1
        if state.points is not None:  # Hareeqa
            walk.points = dict(state.points)
            walk.pot = state.pot or 0
        walk.burned = list(state.burned)
        # The last round is abandoned once it was dealt its limit of times without a
        # score; that only ever matters while it is the round being played.
        limit = walk.rules.last_round_deals
        walk.abandoned = walk.on_last_round and limit is not None and walk.attempts >= limit
        return walk

    @property
    def hareeqa(self) -> bool:
        return self.rules.scoring is Scoring.HAREEQA

    @property
    def on_last_round(self) -> bool:
        rounds = self.rules.rounds
        return rounds is not None and self.scored == rounds - 1

    def add(self, deal: Deal) -> None:
        number = len(self.lines) + 1
        if deal.number != number:
            raise fail(N_("This is deal %(expected)d, not deal %(number)d."),
                       expected=number, number=deal.number)
        if self.finished:
            raise fail(N_("The game is over; no deal can follow deal %(number)d."),
                       number=number - 1)
        deal = _check_first_melds(self.table, deal)
        if deal.outcome is Outcome.SCORED:
            self._scored(deal)
        else:
            self._unscored(deal)
        self._check_end()

    def _unscored(self, deal: Deal) -> None:
        if deal.result is not None:
            raise fail(N_("A deal that was not scored has no winner or hands."))
        if deal.outcome is Outcome.REDEAL and not self.rules.redeal_claims:
            raise fail(N_("This form of Hand has no redeal for identical pairs."))
        self.lines.append(DealLine(deal.number, deal.outcome, self.dealer, None))
        self.attempts += 1
        limit = self.rules.last_round_deals
        if self.on_last_round and limit is not None and self.attempts >= limit:
            self.abandoned = True
        # After a deal without a score the same dealer deals again (seed 000 "Deal").

    def _scored(self, deal: Deal) -> None:
        result = deal.result
        if result is None:
            raise fail(N_("A scored deal needs its winner and how the others finished."))
        table = self.table
        score = score_round(deal_wilds(self.rules, result), table.players, result,
                            table.teams)
        for name, value in score.scores.items():
            self.totals[name] += value
        self.scored += 1
        self.attempts = 0
        points, burned = self._hareeqa(result) if self.hareeqa else (None, ())
        full_hand = None if not result.winner_melds else FullHand(
            result.winner, result.winner_melds, result.winner_discard)
        self.lines.append(DealLine(deal.number, deal.outcome, self.dealer, self.scored,
                                   score.scores, score.team_scores, points, burned,
                                   MappingProxyType(dict(self.totals)), full_hand,
                                   result.winner, result.finish, result.bonuses))
        self.dealer = dealer_after(self.table, self.dealer, score.scores, result.winner)

    def _hareeqa(self, result: RoundResult) -> tuple[dict[str, int], tuple[str, ...]]:
        """Hareeqa's points and burns after a round (seed 002; docs/scoring.md says how
        the open points are decided)."""
        rules, players = self.rules, self.table.players
        before = dict(self.points)
        burning = [p for p in players if self.totals[p] >= rules.burn_score]
        for name in burning:
            self.points[name] -= rules.burn_points
            self.pot += rules.burn_points
        others = [self.totals[p] for p in players if p not in burning]
        for name in burning:
            self.totals[name] = max(others, default=0)
            if name not in self.burned:
                self.burned.append(name)
        standing = [p for p in players if p not in self.burned]
        if len(standing) <= 1:
            # The last round moves no points: the one left standing takes the pot (the
            # round's winner, if everyone burned).
            taker = standing[0] if standing else result.winner
            self.points[taker] += self.pot
            self.pot = 0
            self.finished = True
            best = max(self.points.values())
            self.winners = tuple(p for p in players if self.points[p] == best)
        else:
            moved = 2 if result.finish is Finish.FULL else 1
            for name in players:
                self.points[name] += moved * (len(players) - 1) if (
                    name == result.winner) else -moved
        return {p: self.points[p] - before[p] for p in players}, tuple(burning)

    def team_totals(self) -> tuple[int, ...] | None:
        teams = self.table.teams
        return None if teams is None else tuple(sum(self.totals[p] for p in t) for t in teams)

    def _check_end(self) -> None:
        if self.finished or self.hareeqa:
            return
        rounds = self.rules.rounds
        if rounds is None or (self.scored < rounds and not self.abandoned):
            return
        teams = self.table.teams
        sides = teams if teams is not None else tuple((p,) for p in self.table.players)
        totals = [sum(self.totals[p] for p in side) for side in sides]
        best = min(totals)
        if totals.count(best) == 1:
            self.finished = True
            self.winners = sides[totals.index(best)]

    def state(self) -> GameState:
        rules = self.rules
        regular_done = rules.rounds is not None and (self.scored >= rules.rounds
                                                     or self.abandoned)
        tie_break = regular_done and not self.finished
        rounds_to_play = None if rules.rounds is None else (
            0 if regular_done else rules.rounds - self.scored)
        live = not self.finished
        return GameState(
            table=self.table, deals=tuple(self.lines),
            totals=MappingProxyType(dict(self.totals)), team_totals=self.team_totals(),
            scored_rounds=self.scored, rounds_to_play=rounds_to_play,
            finished=self.finished, winners=self.winners,
            dealer=self.dealer if live else None,
            starter=self.table.right_of(self.dealer) if live else None,
            round=self.scored + 1 if live else None,
            attempt=self.attempts + 1 if live else None,
            tie_break=tie_break, notices=self._notices(tie_break),
            points=MappingProxyType(dict(self.points)) if self.hareeqa else None,
            pot=self.pot if self.hareeqa else None, burned=tuple(self.burned),
        )

    def _notices(self, tie_break: bool) -> tuple[Message, ...]:
        notes = []
        if self.abandoned and self.on_last_round:
            # (Once a tie-break round is scored, the game no longer stands on six rounds.)
            notes.append(msg(N_("The last round was dealt %(count)d times without a score, "
                                "so it is not played: the game stands on the earlier "
                                "rounds."), count=self.rules.last_round_deals))
        if self.finished:
            return tuple(notes)
        if self.attempts:
            notes.append(msg(N_("The last deal was not scored, so %(name)s deals again."),
                             name=self.dealer))
        limit = self.rules.last_round_deals
        if (not tie_break and self.on_last_round and limit is not None
                and self.attempts == limit - 1 and limit > 1):
            notes.append(msg(N_("This is the last round's deal number %(count)d: if it is not "
                                "scored either, the game ends on the earlier rounds."),
                             count=limit))
        if tie_break:
            notes.append(msg(N_("The lowest total is tied: play another round to break the "
                                "tie.")))
        return tuple(notes)


def replay(table: Table, deals: Sequence[Deal]) -> GameState:
    """The game's state after *deals*; raises :class:`RulesError` naming the first deal
    that cannot be (a wrong number, a deal after the end, a malformed result)."""
    walk = _Replay(table)
    for deal in deals:
        walk.add(deal)
    return walk.state()


def extend(state: GameState, deal: Deal) -> GameState:
    """The state after one more deal: ``extend(replay(table, log), deal)`` equals
    ``replay(table, [*log, deal])``, and refuses what it refuses, without walking the log
    again. Recording a deal costs the same however long the game."""
    walk = _Replay.resume(state)
    walk.add(deal)
    return walk.state()
