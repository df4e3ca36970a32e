"""The table's league: what a group's games add up to. Plain Python over plain data — each
game's kind says what one game's result is (:class:`Result`, from its own rules); this
package only adds results up, so it names no game and needs neither Flask nor the
database (docs/league.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypedDict


class PlaceJSON(TypedDict):
    """A :class:`Place` as a game's stored result keeps it."""

    seat: int
    side: int
    total: int
    rank: int
    won: bool
    figures: dict[str, int]
    member: int | None


@dataclass(frozen=True)
class Place:
    """How one seat finished a game: its side (partners share one; a player alone is a
    side of one), the side's total, its rank among the sides (1 best; sides that tie
    share a rank), whether it won, and the game's own counts for the seat (deals won, full
    hands, piles …), which standings add up game after game."""

    seat: int
    side: int
    total: int
    rank: int
    won: bool
    figures: Mapping[str, int] = field(default_factory=dict)
    member: int | None = None  # the group's member sitting there, once the game is a group's

    def __post_init__(self) -> None:
        # Counts of none are left out: a stored result holds only what happened.
        object.__setattr__(self, "figures", MappingProxyType(
            {name: count for name, count in self.figures.items() if count}))

    def to_json(self) -> PlaceJSON:
        return {"seat": self.seat, "side": self.side, "total": self.total,
                "rank": self.rank, "won": self.won, "figures": dict(self.figures),
                "member": self.member}

    @classmethod
    def from_json(cls, data: PlaceJSON) -> Place:
        # As to_json wrote it, its counts of none already left out: read straight in,
        # without __post_init__'s copy (a season reads thousands of places per answer).
        place = object.__new__(cls)
        fields = place.__dict__
        fields["seat"], fields["side"], fields["total"] = (data["seat"], data["side"],
                                                           data["total"])
        fields["rank"], fields["won"], fields["member"] = (data["rank"], data["won"],
                                                           data["member"])
        fields["figures"] = MappingProxyType(data["figures"])
        return place


@dataclass(frozen=True)
class Result:
    """A game's result as the league reads it: whether it is finished, and every seat's
    :class:`Place`, in seat order."""

    finished: bool
    places: tuple[Place, ...]


def ranks(totals: list[int], higher_wins: bool) -> list[int]:
    """Each total's rank, 1 best, ties sharing the better rank (1, 1, 3)."""
    key = [(-t if higher_wins else t) for t in totals]
    return [1 + sum(other < mine for other in key) for mine in key]
