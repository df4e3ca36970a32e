"""The engine skeleton every game builds on (scorekeeper/rulekit/engine.py; issue 49,
point 3: "The engine skeleton repeated in each game (replay loop, deal count, totals) is
one shared base the games build on"): the table's seats and checks, the state's deal
count, totals and leaders, the deal-number check and the replay loop are written once,
and each game's table and state are built on them."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper.games.hand.rules import GameState, Table
from scorekeeper.games.handfoot.rules import HandFootState, HandFootTable
from scorekeeper.games.points.rules import (
    PointsDeal,
    PointsRules,
    PointsState,
    PointsTable,
    replay,
)
from scorekeeper.rulekit import RulesError
from scorekeeper.rulekit.engine import Seating, Sheet, SideSheet, best, check_next
from scorekeeper.rulekit.engine import replay as walk


@pytest.mark.parametrize("table", [Table, HandFootTable, PointsTable])
def test_every_games_table_is_seated_on_the_shared_base(table):
    assert issubclass(table, Seating)


@pytest.mark.parametrize(("state", "base"), [(GameState, Sheet), (HandFootState, SideSheet),
                                             (PointsState, SideSheet)])
def test_every_games_state_is_built_on_the_shared_sheet(state, base):
    assert issubclass(state, base)


@dataclass(frozen=True)
class _Toy(Seating[None]):
    """A table whose checks say when they ran."""

    sides: tuple[tuple[str, ...], ...] | None = None

    def check_count(self) -> None:
        if len(self.players) > 4:
            raise RulesError("count")

    def check_sides(self) -> None:
        if self.sides is not None and len(self.sides) != 2:
            raise RulesError("sides")


@pytest.mark.parametrize(("players", "sides", "first", "refused"), [
    (("A", "B", "C", "D", "E"), ((),), "Z", "count"),   # before the names and sides
    (("A", "A"), ((),), "Z", "different names"),        # the names before the sides
    (("A", "B"), ((),), "Z", "sides"),                  # the sides before the dealer
    (("A", "B"), None, "Z", "first dealer"),
])
def test_a_table_is_checked_count_names_sides_then_first_dealer(players, sides, first,
                                                                refused):
    with pytest.raises(RulesError, match=refused):
        _Toy(None, players, first, sides)


def test_a_seat_passes_the_deal_round_the_table_and_units_follow_the_sides():
    alone = _Toy(None, ("A", "B", "C"), "A")
    assert [alone.next_to(p) for p in "ABC"] == ["B", "C", "A"]
    assert alone.units == (("A",), ("B",), ("C",))
    paired = _Toy(None, ("A", "B", "C", "D"), "A", (("A", "C"), ("B", "D")))
    assert paired.units == (("A", "C"), ("B", "D")) and paired.side_of("D") == 1


def test_the_best_total_is_the_highest_or_where_the_lowest_wins_the_lowest():
    units = (("A", "C"), ("B", "D"), ("E",))
    assert best(units, (10, 30, 30)) == ("B", "D", "E")
    assert best(units, (10, 30, 30), lowest=True) == ("A", "C")


def test_a_deal_must_be_the_next_of_a_game_not_over():
    check_next(3, 3, False)
    with pytest.raises(RulesError, match="This is deal 3, not deal 4"):
        check_next(4, 3, False)
    with pytest.raises(RulesError, match="The game is over; no deal can follow deal 2"):
        check_next(3, 3, True)


def test_the_replay_adds_each_deal_in_order_to_the_start():
    assert walk("", lambda state, deal: state + deal, ["a", "b", "c"]) == "abc"


def test_a_points_deal_out_of_turn_is_refused_in_every_games_words():
    sheet = PointsTable(PointsRules.from_spec("points"), ("Ali", "Badr"), "Ali")
    with pytest.raises(RulesError, match="This is deal 1, not deal 2"):
        replay(sheet, [PointsDeal(2, (("Ali", 1), ("Badr", 0)))])


def test_a_side_sheets_totals_leaders_and_rematch_dealer_come_from_the_shared_base():
    sheet = PointsTable(PointsRules.from_spec("points"), ("Ann", "Bob", "Cy", "Dee"), "Bob",
                        (("Ann", "Cy"), ("Bob", "Dee")))
    state = replay(sheet, [PointsDeal(1, (("Ann", 20), ("Bob", 25)))])
    assert dict(state.totals) == {"Ann": 20, "Bob": 25, "Cy": 20, "Dee": 25}
    assert state.leaders == ("Bob", "Dee") and state.scored_rounds == 1
    assert state.next_deal == 2 and state.dealer == "Cy" and state.starter == "Dee"
    assert state.dealer_had_it_gone_on() == "Cy"
