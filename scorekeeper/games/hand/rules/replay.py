"""Replaying a game of Hand: its table and its log of deals walked once, deal by deal, to
the state the sheet shows (scorekeeper/games/hand/rules/game.py holds what the state is
made of, and who deals after whom). A state one deal longer is the walk resumed, not
replayed from the start.

docs/rules.md; seed 000 "Deal" and "End of the Play and Scoring"; seed 002 for
rotating deals, Hand Saudi and Hareeqa.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from scorekeeper.rulekit.engine import check_next
from scorekeeper.rulekit.messages import N_, Message, fail, msg

from .game import (
    Deal,
    DealLine,
    GameState,
    Outcome,
    Table,
    dealer_after,
    settle_first_melds,
)
from .hand import Finish
from .options import Scoring
from .scoring import RoundResult, deal_wilds, score_round
from .winning import FullHand


def _check_first_melds(table: Table, deal: Deal) -> Deal:
    for meld in deal.first_melds:
        if meld.player not in table.players:
            raise fail(N_("“%(name)s” is not one of the players."), name=str(meld.player))
    return settle_first_melds(table.rules, deal)


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
        check_next(deal.number, len(self.lines) + 1, self.finished)
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
        sides = self.table.units
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
