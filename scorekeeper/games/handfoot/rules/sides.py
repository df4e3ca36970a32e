"""What a side reports at the end of a Hand and Foot deal, and its score broken down:
the values :mod:`.scoring` reads and :mod:`.reports` checks."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rulekit.cards import Card, Rank


@dataclass(frozen=True)
class SideResult:
    """What a side reports at the end of a deal: its complete piles by kind (special
    piles of a rank and mixed wild piles counted among them too), red threes laid and
    caught, and the points melded and left — typed, counted from cards or by kind."""

    clean_piles: int = 0
    dirty_piles: int = 0
    wild_piles: int = 0
    red_threes: int = 0
    red_threes_caught: int = 0
    melded: int | None = None
    melded_cards: tuple[Card, ...] | None = None
    left: int | None = None
    left_cards: tuple[Card, ...] | None = None
    melded_by_kind: tuple[tuple[str, int], ...] | None = None
    left_by_kind: tuple[tuple[str, int], ...] | None = None
    rank_piles: tuple[tuple[Rank, int], ...] = ()
    dirty_wild_piles: int = 0
    black_three_piles: int = 0
    perfect_draws: int = 0
    first_meld: bool = False

    def rank_piles_by_symbol(self) -> dict[str, int]:
        return {rank.value: count for rank, count in self.rank_piles}

    def piles(self) -> dict[str, int]:
        """Complete piles by kind and by special rank, as a contract counts them."""
        return {"clean": self.clean_piles, "dirty": self.dirty_piles,
                "wild": self.wild_piles, **self.rank_piles_by_symbol()}


@dataclass(frozen=True)
class SideScore:
    """A side's deal score and its parts, as the preview and the sheet break it down."""

    cards: int        # melded less left
    piles: int
    red_threes: int   # laid less caught, in points (and a red threes bonus)
    going_out: int
    total: int
    red_threes_caught: int  # counted, the cards left's red threes included
    bonuses: int = 0  # first meld and perfect draws


COUNTS = ("clean_piles", "dirty_piles", "wild_piles", "red_threes", "red_threes_caught")
#: Counts a side reports only where a house rule scores them.
HOUSE_COUNTS = ("dirty_wild_piles", "black_three_piles", "perfect_draws")
