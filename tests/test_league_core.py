"""The league's core: each game's result as its rules give it, the standings, head-to-head
and partners added up from stored results, and a group's storage (members, renames,
results kept with every change)."""

from datetime import UTC, date, datetime

import pytest
from game_actions import NAMES

from scorekeeper import storage
from scorekeeper.extensions import db
from scorekeeper.games import kind_named
from scorekeeper.league import groups
from scorekeeper.league.engine import Place, ranks
from scorekeeper.league.engine.standings import (
    Played,
    head_to_head,
    partners,
    standings,
    wins_over_time,
)
from scorekeeper.league.results import season
from scorekeeper.models import Game, GameResult, Group
from scorekeeper.rulekit.messages import RulesError


def played(n: int, *places: tuple[int, int, int, bool]) -> Played:
    """Game *n*: each place as (member, side, rank, won)."""
    return Played(f"g{n}", datetime(2026, 1, n, tzinfo=UTC), tuple(
        Place(seat, side, 0, rank, won, {"deals_won": int(won)}, member)
        for seat, (member, side, rank, won) in enumerate(places)))


SEASON = [
    played(1, (1, 0, 1, True), (2, 1, 2, False), (3, 2, 3, False)),
    played(2, (1, 0, 2, False), (2, 1, 1, True), (3, 2, 2, False)),
    # Partners 1 and 3 against 2 and 4: the side of 1 and 3 wins, so both do.
    played(3, (1, 0, 1, True), (2, 1, 2, False), (3, 0, 1, True), (4, 1, 2, False)),
    played(4, (1, 0, 1, True), (2, 1, 1, True)),  # a shared win: each winner wins
]


def test_ranks_share_the_better_rank_on_a_tie():
    assert ranks([10, 5, 5, 20], higher_wins=False) == [3, 1, 1, 4]
    assert ranks([10, 5, 5, 20], higher_wins=True) == [2, 3, 3, 1]


def test_standings_count_a_shared_win_and_every_partner_of_the_winning_side():
    rows = {r.member: r for r in standings(SEASON)}
    assert (rows[1].games, rows[1].wins, rows[1].streak, rows[1].best_streak) == (4, 3, 2, 2)
    assert (rows[2].games, rows[2].wins, rows[2].streak) == (4, 2, 1)
    assert (rows[3].games, rows[3].wins) == (3, 1)
    assert rows[4].wins == 0 and rows[4].win_rate == 0.0
    assert rows[1].win_rate == 0.75
    assert rows[1].figures["deals_won"] == 3


def test_standings_are_ordered_best_first():
    assert [r.member for r in standings(SEASON)] == [1, 2, 3, 4]


def test_head_to_head_never_puts_partners_ahead_of_each_other():
    meeting = head_to_head(SEASON, 1, 3)
    assert (meeting.games, meeting.a_ahead, meeting.b_ahead, meeting.ties) == (3, 1, 0, 1)
    assert (meeting.partner_games, meeting.partner_wins) == (1, 1)
    meeting = head_to_head(SEASON, 1, 2)
    assert (meeting.games, meeting.a_ahead, meeting.b_ahead, meeting.ties) == (4, 2, 1, 1)


def test_partners_table_lists_pairs_who_shared_a_side():
    table = partners(SEASON)
    assert [(p.members, p.games, p.wins) for p in table] == [((1, 3), 1, 1), ((2, 4), 1, 0)]


def test_wins_over_time_gives_each_member_a_point_per_game():
    assert wins_over_time(SEASON) == {1: [1, 1, 2, 3], 2: [0, 1, 1, 2], 3: [0, 0, 1, 1],
                                      4: [0, 0, 0, 0]}


# --- each game's result, from its rules ----------------------------------------------


def test_hand_result_counts_full_hands_never_melded_and_penalties(app, actions):
    """Seed 000, "End of the Play and Scoring": a full hand doubles the penalties, and a
    player who never melded pays a fixed 100 (200 doubled)."""
    game_id = actions.create({"preset": "levant", "rounds": 2}, NAMES[:3])["id"]
    actions.post_deal(game_id, {"deal": 1, "outcome": "scored", "winner": "Ali",
                                "finish": "full", "indicator": "5H",
                                "hands": {"Badr": {"melded": False},
                                          "Caro": {"melded": True, "points": 20}}})
    actions.post_deal(game_id, {"deal": 2, "outcome": "scored", "winner": "Badr",
                                "finish": "partial",
                                "hands": {"Ali": {"melded": True, "points": 12},
                                          "Caro": {"melded": False}}})
    with app.app_context():
        game = db.session.get(Game, game_id)
        state, log = storage.state_and_log(game)
        result = kind_named("hand").result(state, log)
    assert result.finished
    ali, badr, caro = result.places
    assert dict(ali.figures) == {"deals_won": 1, "full_hands": 1, "deals_lost": 1,
                                 "penalty": 12}
    assert badr.figures["never_melded"] == 1 and badr.figures["penalty"] == 200
    assert caro.figures["never_melded"] == 1 and caro.figures["penalty"] == 40 + 100
    assert (ali.rank, ali.won, ali.total) == (1, True, -60 + 12)
    figures = kind_named("hand").league_figures(caro.figures)
    assert figures["average_penalty"] == 70.0 and figures["never_melded"] == 1


def test_hand_partners_share_the_side_and_the_partner_of_the_winner_loses_nothing(
        app, actions):
    """Seed 002, "Hand Partner": the winner's partner's cards do not count."""
    game_id = actions.create({"preset": "gulf", "rounds": 1}, list(NAMES[:4]),
                             partnerships=True)["id"]
    actions.post_deal(game_id, {"deal": 1, "outcome": "scored", "winner": NAMES[0],
                                "finish": "partial",
                                "hands": {NAMES[1]: {"melded": True, "points": 10},
                                          NAMES[2]: {"melded": True, "points": 7},
                                          NAMES[3]: {"melded": False}}})
    with app.app_context():
        game = db.session.get(Game, game_id)
        result = kind_named("hand").result(*storage.state_and_log(game))
    first, second, third, fourth = result.places
    assert first.side == third.side != second.side == fourth.side
    assert first.won and third.won and not second.won
    assert "deals_lost" not in third.figures
    assert fourth.figures["never_melded"] == 1


def test_hand_and_foot_result_counts_piles_by_kind_for_each_player_of_the_side(
        app, actions):
    """Seed 003, "Scoring": a side scores its piles, clean, dirty and wild."""
    game_id = actions.create({"preset": "hand_and_foot", "rounds": 1}, list(NAMES[:4]),
                             partnerships=True)["id"]
    actions.post_deal(game_id, {
        "deal": 1, "went_out": NAMES[0],
        "sides": [{"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1, "melded": 400,
                   "left": 0},
                  {"clean_piles": 1, "red_threes_caught": 1, "melded": 200, "left": 60}]})
    with app.app_context():
        game = db.session.get(Game, game_id)
        result = kind_named("handfoot").result(*storage.state_and_log(game))
    first, second, third, _ = result.places
    assert first.figures == third.figures
    assert first.figures["clean_piles"] == 2 and first.figures["wild_piles"] == 1
    assert second.figures["red_threes_caught"] == 1
    assert first.won and first.rank == 1 and second.rank == 2
    figures = kind_named("handfoot").league_figures(first.figures)
    assert figures["piles"] == {"clean": 2, "dirty": 2, "wild": 1}
    assert figures["average_deal_score"] == first.total


# --- a group's storage ------------------------------------------------------------------


def test_a_group_keeps_its_members_once_each(app):
    with app.app_context():
        group = groups.new_group("  Thursday  night ", ["Ali", "Badr", "ali"])
        assert group.name == "Thursday night"
        assert [m.name for m in group.members] == ["Ali", "Badr"]
        with pytest.raises(RulesError, match="look the same"):
            groups.add_members(group, ["Βadr"])  # a Greek capital beta


@pytest.mark.parametrize("name", ["", "   ", None, "x" * 61])
def test_a_group_needs_a_name_the_sheet_can_show(app, name):
    with app.app_context(), pytest.raises(RulesError):
        groups.new_group(name, ["Ali"])


def test_results_follow_every_change_and_a_rename_follows_into_the_games(app, actions):
    game_id = actions.create({"preset": "levant", "rounds": 1}, NAMES[:2])["id"]
    with app.app_context():
        group = groups.new_group("Family", list(NAMES[:2]))
        db.session.add(group)
        db.session.flush()
        groups.count_game(group, db.session.get(Game, game_id))
        db.session.commit()
        assert db.session.get(GameResult, game_id).finished is False
        group_id = group.id
    actions.post_deal(game_id, {"deal": 1, "outcome": "scored", "winner": "Ali",
                                "finish": "partial", "hands": {"Badr": {"melded": False}}})
    with app.app_context():
        row = db.session.get(GameResult, game_id)
        assert row.finished is True
        assert [p.game_id for p in season(group_id, "hand")] == [game_id]
        assert season(group_id, "hand", until=date(2000, 1, 1)) == []
        assert season(group_id, "handfoot") == []
        group = db.session.get(Group, group_id)
        ali = groups.member_named(group, "Ali")
        groups.rename(group, ali, "Aly")
        db.session.commit()
    assert actions.state(game_id)["players"][0] == "Aly"
    assert actions.state(game_id)["winners"] == ["Aly"]


def test_a_game_started_from_a_group_makes_its_rules_the_groups_usual_ones(app):
    with app.app_context():
        group = groups.new_group("Diwaniya", ["Ali", "Badr"])
        db.session.add(group)
        game = storage.new_game({"preset": "gulf", "rounds": 5}, ["Ali", "Badr", "Caro"],
                                "Ali")
        db.session.add(game)
        groups.start_game(group, game)
        db.session.commit()
        assert [m.name for m in group.members] == ["Ali", "Badr", "Caro"]
        assert group.house_rules["hand"]["preset"] == "gulf"
        assert group.house_rules["hand"]["rounds"] == 5
        assert db.session.get(GameResult, game.id).finished is False
        assert {seat.member_id for seat in game.seats} == {m.id for m in group.members}
