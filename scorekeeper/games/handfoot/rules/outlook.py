"""The outlook before the last deal: for each side (player alone) not alone in front, the
points it must score this deal beyond each side ahead of it or level with it (issue 25).

Seed 003, "Players, Cards, Deal": "a complete game consists of four deals", the highest
total winning; a tie stands (docs/handfoot.md), so a side level with the leaders after
the last deal shares the win, and in front means alone highest. Played to a target
(docs/handfoot.md, "House rules") no deal is known to be the last, so there is no
outlook. docs/scoring.md, "The outlook before the last round", states the decisions.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rulekit.messages import N_, Message, N_plural, msg, msg_count

from .game import HandFootState, side_label


@dataclass(frozen=True)
class Outlook:
    """What would put *side* in front in the last deal: more points this deal than each
    side of *behind* by more than the points it is behind it. A deal's score is bounded
    only by the five packs, so it is always *possible*; *needs* says it in a sentence."""

    side: tuple[str, ...]
    possible: bool
    needs: Message
    behind: tuple[tuple[tuple[str, ...], int], ...]


def outlook(state: HandFootState) -> tuple[Outlook, ...]:
    """The outlook for each side not alone in front, in the order of the sides; empty
    unless the next deal is the last of a game of so many deals."""
    if state.finished or state.rounds_to_play != 1 or not state.deals:
        return ()
    units, totals = state.table.units, state.team_totals
    best = max(totals)
    alone = totals.count(best) == 1
    found = []
    for me, side in enumerate(units):
        if alone and totals[me] == best:
            continue
        behind = tuple((other, totals[i] - totals[me]) for i, other in enumerate(units)
                       if i != me and totals[i] >= totals[me])
        found.append(Outlook(side, True, msg(N_("outscoring %(sides)s this deal"), sides=tuple(
            _margin(other, points) for other, points in behind)), behind))
    return tuple(found)


def _margin(side: tuple[str, ...], points: int) -> Message:
    if not points:  # level now: any lead at all puts the side in front
        return msg(N_("%(side)s by any margin"), side=side_label(side))
    return msg_count(N_plural("%(side)s by more than %(count)d point",
                              "%(side)s by more than %(count)d points"), "count",
                     side=side_label(side), count=points)
