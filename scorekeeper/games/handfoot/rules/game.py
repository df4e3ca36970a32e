"""A Hand and Foot game as a pure function of its table and its log of deals: the sides'
totals, who deals, the next deal's minimum, when the game ends and who won.

Seed 003, "Players, Cards, Deal" (partners opposite; "the turn to deal passes to the
left"; "a complete game consists of four deals") and "Introduction" (two teams of three,
or individuals); RULES.md section 9. The highest total wins; a tie stands (docs/
handfoot.md): every player of every side sharing the highest total is a winner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scorekeeper.rulekit.messages import N_, Message, fail, msg
from scorekeeper.rulekit.names import check_names

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
class HandFootTable:
    """Who plays, in clockwise seating order, in which sides (``None``: everyone plays
    alone), under which rules, and who deals first."""

    rules: HandFootRules
    players: tuple[str, ...]
    first_dealer: str
    sides: tuple[tuple[str, ...], ...] | None = None

    def __post_init__(self) -> None:
        players = self.players
        if not 2 <= len(players) <= MOST_PLAYERS:
            raise fail(N_("Hand and Foot is played by 2 to %(most)d players."),
                       most=MOST_PLAYERS)
        check_names(players)
        if self.sides is not None:
            flat = [p for side in self.sides for p in side]
            shape = (len(self.sides), len(self.sides[0]) if self.sides else 0)
            if sorted(flat) != sorted(players) or shape not in SHAPES or any(
                    len(side) != shape[1] for side in self.sides):
                raise fail(N_("Sides are two teams of two, two teams of three or three "
                              "teams of two, made of the players, each once."))
        if self.first_dealer not in players:
            raise fail(N_("The first dealer “%(name)s” is not one of the players."),
                       name=str(self.first_dealer))

    @property
    def units(self) -> tuple[tuple[str, ...], ...]:
        """The scoring sides: the teams, or each player alone."""
        return self.sides or tuple((p,) for p in self.players)

    def side_of(self, name: str) -> int:
        return next(i for i, side in enumerate(self.units) if name in side)

    def left_of(self, name: str) -> str:
        """The next player clockwise, on *name*'s left: the next dealer."""
        return self.players[(self.players.index(name) + 1) % len(self.players)]


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
class HandFootState:
    """Everything the sheet shows, derived from the table and the log."""

    table: HandFootTable
    deals: tuple[HandFootLine, ...]
    team_totals: tuple[int, ...]
    dealer: str | None       # of the next deal; None once the game is over
    minimum: int | tuple[int, ...] | None  # the next deal's opening minimum (by side)
    rounds_to_play: int | None   # None when the game is played to a target
    finished: bool
    winners: tuple[str, ...]

    @property
    def next_deal(self) -> int:
        return len(self.deals) + 1

    @property
    def scored_rounds(self) -> int:
        """Deals played: every Hand and Foot deal is scored."""
        return len(self.deals)

    @property
    def starter(self) -> str | None:
        """Who plays first in the next deal: the dealer's left."""
        return None if self.dealer is None else self.table.left_of(self.dealer)

    @property
    def totals(self) -> Mapping[str, int]:
        """Each player's side total (their own, playing alone)."""
        return MappingProxyType({p: self.team_totals[self.table.side_of(p)]
                                 for p in self.table.players})

    @property
    def leaders(self) -> tuple[str, ...]:
        """Who is ahead: every player of the sides with the highest total."""
        if not self.deals:
            return ()
        best = max(self.team_totals)
        return tuple(p for side, total in zip(self.table.units, self.team_totals,
                                               strict=True) if total == best for p in side)


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
    return HandFootState(table, (), zeros, table.first_dealer, minimum_of(rules, 1, zeros),
                         _to_play(rules, 0), False, ())


def extend(state: HandFootState, deal: HandFootDeal) -> HandFootState:
    """*state* with *deal* played after it."""
    table, rules = state.table, state.table.rules
    number = state.next_deal
    if deal.number != number:
        raise fail(N_("This is deal %(expected)d, not deal %(number)d."), expected=number,
                   number=deal.number)
    if state.finished or state.dealer is None:
        raise fail(N_("The game is over; no deal can follow deal %(number)d."),
                   number=number - 1)
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
    best = max(totals)
    # Played to a target, the game ends after the deal in which a side reaches it.
    finished = best >= rules.target if rules.target is not None else number >= rules.rounds
    winners = tuple(p for side, total in zip(units, totals, strict=True) if total == best
                    for p in side) if finished else ()
    return HandFootState(table, (*state.deals, line), totals,
                         None if finished else table.left_of(state.dealer),
                         None if finished else minimum_of(rules, number + 1, totals),
                         _to_play(rules, number), finished, winners)


def rematch_dealer(state: HandFootState) -> str:
    """Who deals first in a rematch of the game *state* holds: whoever would have dealt
    the next deal had the game gone on — the player on the last dealer's left (seed 003,
    "Players, Cards, Deal": "After the end of the play, the turn to deal passes to the
    left"); every deal of Hand and Foot is played out, so the turn always passes."""
    if state.dealer is not None:  # a game not over: its next dealer
        return state.dealer
    if not state.deals:
        return state.table.first_dealer
    return state.table.left_of(state.deals[-1].dealer)


def replay(table: HandFootTable, deals: Sequence[HandFootDeal]) -> HandFootState:
    """The game after *deals*, from the start."""
    state = _start(table)
    for deal in deals:
        state = extend(state, deal)
    return state
