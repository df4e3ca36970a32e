"""scorekeeper/league/rematch.py, the "Play again" core both sides call: the same table, the
first dealer by the form's rule, the group and the PIN kept, one rematch per game."""

import pytest
from game_actions import THREE as NAMES

from scorekeeper import storage
from scorekeeper.extensions import db
from scorekeeper.league import groups, rematch
from scorekeeper.models import Game, GameResult
from scorekeeper.rulekit.messages import RulesError


def _finish(actions, game_id):
    return actions.post_deal(game_id, {
        "deal": 1, "outcome": "scored", "winner": "Badr", "finish": "partial",
        "hands": {"Ali": {"melded": True, "points": 20},
                  "Caro": {"melded": True, "points": 45}}})


def test_a_rematch_seats_the_same_table_and_the_loser_deals(app, actions):
    old = actions.create({"preset": "levant", "rounds": 1}, NAMES, pin="2468")["id"]
    actions.client.post(f"/api/v1/games/{old}/deals", headers={"X-Table-PIN": "2468"},
                        json={"deal": 1, "outcome": "scored", "winner": "Badr",
                              "finish": "partial",
                              "hands": {"Ali": {"melded": True, "points": 20},
                                        "Caro": {"melded": True, "points": 45}}})
    with app.test_request_context():
        game = db.session.get(Game, old)
        before = storage.version_of(game)
        new = rematch.rematch(game)
        db.session.commit()
        assert [s.name for s in new.seats] == list(NAMES)
        assert new.rules == game.rules and new.first_dealer == NAMES.index("Caro")
        assert new.pin_hash == game.pin_hash and new.rematch_of == old
        assert storage.version_of(game) != before  # phones on the old game see the link
        assert rematch.rematch_id(old) == new.id
        # Asked again: the same rematch, no second game.
        assert rematch.rematch(db.session.get(Game, old)).id == new.id
        assert db.session.query(Game).count() == 2


def test_only_a_finished_game_is_played_again(app, actions, game):
    with app.test_request_context(), pytest.raises(RulesError, match="finished"):
        rematch.rematch(db.session.get(Game, game))


def test_a_group_games_rematch_counts_for_the_group(app, actions):
    old = actions.create({"preset": "levant", "rounds": 1}, NAMES)["id"]
    _finish(actions, old)
    with app.test_request_context():
        group = groups.new_group("Thursday", [])
        db.session.add(group)
        game = db.session.get(Game, old)
        groups.add_members(group, NAMES)
        db.session.flush()
        groups.count_game(group, game)
        db.session.commit()
        new = rematch.rematch(game)
        db.session.commit()
        assert new.group_id == group.id
        assert [s.member_id for s in new.seats] == [s.member_id for s in game.seats]
        assert db.session.get(GameResult, new.id).finished is False
