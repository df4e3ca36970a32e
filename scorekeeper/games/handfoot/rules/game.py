"""A Hand and Foot game as a pure function of its table and its log of deals: the sides'
totals, who deals, the next deal's minimum, when the game ends and who won.

Seed 003, "Players, Cards, Deal" (partners opposite; "the turn to deal passes to the
left"; "a complete game consists of four deals") and "Introduction" (two teams of three,
or individuals); RULES.md section 9. The highest total wins; a tie stands (docs/
handfoot.md): every player of every side sharing the highest total is a winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rulekit.engine import Seating, SideSheet, best, check_next
from scorekeeper.rulekit.engine import replay as walk
from scorekeeper.rulekit.messages import N_, Message, fail, msg

from .options import HandFootRules
from .scoring import SideResult, SideScore, score_deal

MOST_PLAYERS = 6

#: The shapes of sides a table may play: (sides, players in each).
SHAPES = ((2, 2), (2, 3), (3, 2))


def side_name(side: Sequence[str]) -> str:
    """A side as the game keeps it (the stored scores, the API): "Ann & Cy"."""
    return " & ".join(side)


def side_label(side: Sequence[str]) -> str | Message:
    """A side as a sentence for the players names it: "Ann & Cy" in English, joined in
    the reader's own words when translated (in Arabic with و)."""
    label: str | Message = side[0]
    for name in side[1:]:
        label = msg(N_("%(names)s & %(name)s"), names=label, name=name)
    return label


def teams_of_three(players: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Six players in two teams of three sit alternately: seats 1, 3, 5 and 2, 4, 6."""
    if len(players) != 6:
        raise fail(N_("Two teams of three need six players."))
    return tuple(players[0::2]), tuple(players[1::2])


def partnership_sides(players: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Partners sit opposite: with four players seats 1 & 3 and 2 & 4; with six, three
    sides of two, each player's partner three seats on."""
    if len(players) == 4:
        return (players[0], players[2]), (players[1], players[3])
    if len(players) == 6:
        return tuple((players[i], players[i + 3]) for i in range(3))
    raise fail(N_("Partners opposite each other need four players (two sides of two) or "
                  "six (three sides of two); give the sides as teams otherwise."))


@dataclass(frozen=True)
class HandFootTable(Seating[HandFootRules]):
    """Who plays, in clockwise seating order, in which sides (``None``: everyone plays
    alone), under which rules, and who deals first."""

    sides: tuple[tuple[str, ...], ...] | None = None

    def check_count(self) -> None:
        if not 2 <= len(self.players) <= MOST_PLAYERS:
            raise fail(N_("Hand and Foot is played by 2 to %(most)d players."),
                       most=MOST_PLAYERS)

    def check_sides(self) -> None:
        if self.sides is not None:
            flat = [p for side in self.sides for p in side]
            shape = (len(self.sides), len(self.sides[0]) if self.sides else 0)
            if sorted(flat) != sorted(self.players) or shape not in SHAPES or any(
                    len(side) != shape[1] for side in self.sides):
                raise fail(N_("Sides are two teams of two, two teams of three or three "
                              "teams of two, made of the players, each once."))

    #: The next player clockwise, on a player's left: the next dealer.
    left_of = Seating.next_to


@dataclass(frozen=True)
class HandFootDeal:
    """One entry of the log: the player who went out (``None``: the stock ran out) and
    each side's report, in the order of :attr:`HandFootTable.units`."""

    number: int
    went_out: str | None
    sides: tuple[SideResult, ...]


@dataclass(frozen=True)
class HandFootLine:
    """A replayed deal: who dealt, its minimum, each side's score and the totals after."""

    number: int
    dealer: str
    minimum: int | tuple[int, ...]   # one per side where minimums go by score
    went_out: str | None
    scores: tuple[SideScore, ...]
    totals: tuple[int, ...]
    names: tuple[str, ...] = ()   # each side's, as messages and the history name it


@dataclass(frozen=True)
class HandFootState(SideSheet[HandFootTable, HandFootLine]):
    """Everything the sheet shows, derived from the table and the log."""

    minimum: int | tuple[int, ...] | None  # the next deal's opening minimum (by side)
    rounds_to_play: int | None   # None when the game is played to a target


def minimum_of(rules: HandFootRules, deal: int,
               totals: Sequence[int]) -> int | tuple[int, ...]:
    """Deal *deal*'s opening minimum: one for every side, or each side's by its running
    total where the house plays minimums by score (docs/handfoot.md)."""
    if rules.by_score:
        return tuple(rules.minimum(deal, total) for total in totals)
    return rules.minimum(deal)


def _to_play(rules: HandFootRules, played: int) -> int | None:
    last = rules.last_deal()
    return None if last is None else last - played


def _start(table: HandFootTable) -> HandFootState:
    rules = table.rules
    zeros = tuple(0 for _ in table.units)
    return HandFootState(table, (), zeros, table.first_dealer, False, (),
                         minimum_of(rules, 1, zeros), _to_play(rules, 0))


def extend(state: HandFootState, deal: HandFootDeal) -> HandFootState:
    """*state* with *deal* played after it."""
    table, rules = state.table, state.table.rules
    number = state.next_deal
    check_next(deal.number, number, state.finished or state.dealer is None)
    assert state.dealer is not None  # a game not over has a dealer
    units = table.units
    if len(deal.sides) != len(units):
        raise fail(N_("Give one report per side: %(count)d, in the order of the sides."),
                   count=len(units))
    if deal.went_out is not None and deal.went_out not in table.players:
        raise fail(N_("“%(name)s” is not one of the players."), name=str(deal.went_out))
    went_out = None if deal.went_out is None else table.side_of(deal.went_out)
    names = [side_name(side) for side in units]
    scores = score_deal(rules, deal.sides, went_out, [side_label(side) for side in units],
                        deal=number)
    totals = tuple(t + s.total for t, s in zip(state.team_totals, scores, strict=True))
    line = HandFootLine(number, state.dealer, minimum_of(rules, number, state.team_totals),
                        deal.went_out, scores, totals, tuple(names))
    # Played to a target, the game ends after the deal in which a side reaches it.
    finished = (max(totals) >= rules.target if rules.target is not None
                else number >= rules.rounds)
    winners = best(units, totals) if finished else ()
    return HandFootState(table, (*state.deals, line), totals,
                         None if finished else table.left_of(state.dealer), finished, winners,
                         None if finished else minimum_of(rules, number + 1, totals),
                         _to_play(rules, number))


def rematch_dealer(state: HandFootState) -> str:
    """Who deals first in a rematch of the game *state* holds: whoever would have dealt
    the next deal had the game gone on — the player on the last dealer's left (seed 003,
    "Players, Cards, Deal": "After the end of the play, the turn to deal passes to the
    left"); every deal of Hand and Foot is played out, so the turn always passes."""
    return state.dealer_had_it_gone_on()


def replay(table: HandFootTable, deals: Sequence[HandFootDeal]) -> HandFootState:
    """The game after *deals*, from the start."""
    return walk(_start(table), extend, deals)
