"""Groups in a backup (docs/durability.md, "Back up"): export-games writes every group with
its members, each game's group and members by place, the game it is a rematch of and the
day a group game counts for; import-games brings them back byte for byte, rebuilds each
group game's result from its deals, skips what is already here, reads files of version 1,
and refuses a tampered group or link naming it."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime

import pytest
from backup_formats import as_format_4
from test_backup import count, export, fresh_app, load

from scorekeeper.extensions import db
from scorekeeper.league.ratings import rerate
from scorekeeper.models import Game, GameResult, Group, Member

API = "/api/v1"
CONTRACT = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}
OUT = {**CONTRACT, "red_threes": 1, "melded": 2400, "left": 0}
BEHIND = {"clean_piles": 1, "dirty_piles": 1, "melded": 900, "left": 120,
          "red_threes_caught": 2}


def _post(client, path, body, status=201, **kwargs):
    response = client.post(f"{API}{path}", json=body, **kwargs)
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()


@pytest.fixture
def league(app, client) -> dict:
    """A group with a PIN and a bit of everything: a Hand game won, its rematch, a Hand
    game in partnerships, a Hand and Foot game, a game counted after it was played, a
    member renamed, and a game of no group beside them; one game dated in the past."""
    pin = {"X-Table-PIN": "2468"}
    group = _post(client, "/groups", {"name": "Diwaniya", "members": ["Ali", "Badr"],
                                      "pin": "2468"})
    gid = group["id"]

    def game(players, rules=None, **extra):
        return _post(client, "/games", {"rules": rules or {"preset": "levant", "rounds": 1},
                                        "players": players, "first_dealer": players[0],
                                        "group": gid, **extra}, headers=pin)["id"]

    first = game(["Ali", "Badr", "Caro"])
    # The group's games take its PIN (issue 39, point 14).
    _post(client, f"/games/{first}/deals", {
        "deal": 1, "outcome": "scored", "winner": "Badr", "finish": "full",
        "hands": {"Ali": {"melded": False}, "Caro": {"melded": True, "points": 20}}},
        headers=pin)
    again = _post(client, f"/games/{first}/rematch", {}, headers=pin)["id"]
    partners = game(["Ali", "Badr", "Caro", "Dina"], partnerships=True)
    _post(client, f"/games/{partners}/deals", {
        "deal": 1, "outcome": "scored", "winner": "Dina", "finish": "partial",
        "hands": {"Ali": {"melded": True, "points": 15}, "Caro": {"melded": False}}},
        headers=pin)
    foot = game(["Ali", "Badr", "Caro", "Dina"], {"preset": "hand_and_foot", "rounds": 1},
                partnerships=True)
    _post(client, f"/games/{foot}/deals", {"deal": 1, "outcome": "scored",
                                           "went_out": "Badr", "sides": [BEHIND, OUT]},
          headers=pin)
    outside = _post(client, "/games", {"rules": {"preset": "gulf", "rounds": 1},
                                       "players": ["Caro", "Ali"], "first_dealer": "Caro"})
    _post(client, f"/games/{outside['id']}/deals", {
        "deal": 1, "outcome": "scored", "winner": "Caro", "finish": "partial",
        "hands": {"Ali": {"melded": True, "points": 40}}})
    assert client.patch(f"{API}/groups/{gid}", headers=pin, json={
        "games": [outside["id"]], "rename": {"Caro": "Caro N."}}).status_code == 200
    alone = _post(client, "/games", {"rules": "levant", "players": ["Zed", "Yan"],
                                     "first_dealer": "Zed"})["id"]
    with app.app_context():
        db.session.get(GameResult, partners).played_at = datetime(2026, 1, 5, 20, tzinfo=UTC)
        # The ratings follow the games' order, as the app keeps them after any change.
        rerate(gid, "hand")
        db.session.commit()
    return {"group": gid, "first": first, "again": again, "partners": partners,
            "foot": foot, "outside": outside["id"], "alone": alone}


def _answers(app, gid: str) -> list:
    client = app.test_client()
    return [client.get(f"{API}/groups/{gid}").get_json(),
            *(client.get(f"{API}/groups/{gid}/standings?game={g}").get_json()
              for g in ("hand", "hand_and_foot")),
            client.get(f"{API}/groups/{gid}/standings?game=hand&until=2026-01-31").get_json()]


def _results(app) -> dict:
    with app.app_context():
        return {r.game_id: (r.group_id, r.kind, r.finished, r.played_at.date(), r.places)
                for r in db.session.scalars(db.select(GameResult))}


def test_groups_export_import_and_export_the_same_file(app, league, runner, tmp_path,
                                                       import_database):
    first = tmp_path / "first.json"
    data = export(runner, first)
    # 3 since nights, 4 since ratings (test_backup_ratings.py), 5 since deals kept their
    # game's report (test_deal_reports.py)
    assert data["version"] == 5
    [group] = data["groups"]
    assert [m["name"] for m in group["members"]] == ["Ali", "Badr", "Caro N.", "Dina"]
    assert group["members"][0] == {"position": 0, "name": "Ali"}
    assert group["pin_hash"].startswith(("scrypt:", "pbkdf2:"))
    games = {g["id"]: g for g in data["games"]}
    assert games[league["again"]]["rematch_of"] == league["first"]
    assert [s["member"] for s in games[league["outside"]]["seats"]] == [2, 0]
    assert games[league["partners"]]["played_at"] == "2026-01-05T20:00:00+00:00"
    assert games[league["alone"]]["played_at"] is None
    assert [s["member"] for s in games[league["alone"]]["seats"]] == [None, None]
    other = fresh_app(import_database)
    result = load(other, first)
    assert result.exit_code == 0, result.output
    assert "Imported 6 games" in result.output
    second = tmp_path / "second.json"
    export(other.test_cli_runner(), second)
    assert second.read_bytes() == first.read_bytes()
    # The results are worked out again, each game on the day it counted for.
    assert _results(other) == _results(app)
    assert _answers(other, league["group"]) == _answers(app, league["group"])
    assert _answers(other, league["group"])[3]["games"] == 1  # January's game
    # The group's PIN still guards it; the rematch still links.
    there = other.test_client()
    assert there.patch(f"{API}/groups/{league['group']}", json={"add": ["X"]}
                       ).status_code == 403
    assert there.get(f"{API}/games/{league['first']}").get_json()["rematch"]["id"] == (
        league["again"])


def test_the_export_command_counts_the_groups(league, runner, tmp_path):
    result = runner.invoke(args=["export-games", str(tmp_path / "f.json")])
    assert "Exported 6 games and 1 group to" in result.output  # issue 39: plurals


def test_importing_a_group_already_there_skips_it_and_doubles_nothing(app, league, runner,
                                                                      tmp_path):
    path = tmp_path / "all.json"
    export(runner, path)
    before = [count(app, m) for m in (Group, Member, Game, GameResult)]
    result = load(app, path)
    assert result.exit_code == 0, result.output
    assert "Skipped group" in result.output and "Imported 0 games" in result.output
    assert [count(app, m) for m in (Group, Member, Game, GameResult)] == before


def test_a_new_game_of_a_group_already_here_joins_it(app, league, client, runner,
                                                     tmp_path):
    old = tmp_path / "old.json"
    export(runner, old)
    other = fresh_app()
    assert load(other, old).exit_code == 0
    newer = _post(client, "/games", {"rules": {"preset": "levant", "rounds": 1},
                                     "players": ["Dina", "Ali"], "first_dealer": "Dina",
                                     "group": league["group"]},
                  headers={"X-Table-PIN": "2468"})["id"]
    new = tmp_path / "new.json"
    export(runner, new)
    result = load(other, new)
    assert result.exit_code == 0, result.output
    assert "Imported 1 game from" in result.output  # issue 39, point 8: "1 games"
    with other.app_context():
        game = db.session.get(Game, newer)
        members = {m.name: m.id for m in db.session.get(Group, league["group"]).members}
        assert [s.member_id for s in game.seats] == [members["Dina"], members["Ali"]]
        assert db.session.get(GameResult, newer) is not None


def test_a_file_of_version_1_imports_as_before(app, runner, client, tmp_path):
    _post(client, "/games", {"rules": "levant", "players": ["Ali", "Badr"],
                             "first_dealer": "Ali"})
    data = export(runner, tmp_path / "now.json")
    old = as_format_4(data)
    old["version"] = 1
    del old["groups"], old["nights"]
    for game in old["games"]:
        del game["played_at"], game["group_id"], game["rematch_of"], game["night_id"]
        for seat in game["seats"]:
            del seat["member"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code == 0, result.output
    assert "Imported 1 game from" in result.output  # issue 39, point 8: "1 games"
    # A version 1 file written while groups were being built held these, always null.
    for game in old["games"]:
        game["group_id"] = None
        for seat in game["seats"]:
            seat["member_id"] = None
    path.write_text(json.dumps(old), encoding="utf-8")
    assert load(fresh_app(), path).exit_code == 0


def _group(change):
    def apply(data):
        change(data["groups"][0])
    return apply


def _game(key, change):
    def apply(data, league):
        game = next(g for g in data["games"] if g["id"] == league[key])
        change(game)
    return apply


GROUP_DAMAGE = {
    "name-not-as-kept": (_group(lambda g: g.update(name="  Diwaniya ")), "'name'"),
    "name-empty": (_group(lambda g: g.update(name="")), "'name'"),
    "members-look-alike": (_group(lambda g: g["members"][1].update(name="AIi")),
                           "'members'"),
    "members-misnumbered": (_group(lambda g: g["members"][0].update(position=7)),
                            "numbered"),
    "member-unknown-field": (_group(lambda g: g["members"][0].update(id=3)),
                             "unknown field 'id'"),
    "house-rules-unknown-game": (_group(lambda g: g["house_rules"].update(chess={})),
                                 "unknown game"),
    "house-rules-refused": (_group(lambda g: g["house_rules"]["hand"].update(rounds=-4)),
                            "refuses them"),
    "pin-hash-garbage": (_group(lambda g: g.update(pin_hash="x")), "'pin_hash'"),
    "view-id-not-a-token": (_group(lambda g: g.update(view_id="a b")), "'view_id'"),
}


@pytest.mark.parametrize("name", GROUP_DAMAGE)
def test_a_damaged_group_is_left_out_with_its_games_naming_it(league, runner, tmp_path,
                                                              name):
    change, message = GROUP_DAMAGE[name]
    data = export(runner, tmp_path / "good.json")
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code == 1, result.output
    assert f"Not imported: group {league['group']}" in result.output
    assert message in result.output
    # Its games name the group they cannot join; the game of no group comes in.
    assert "names no group" in result.output
    assert "Imported 1 game from" in result.output  # issue 39, point 8: "1 games"
    assert count(other, Group) == 0


GAME_DAMAGE = {
    "member-out-of-range": (_game("first", lambda g: g["seats"][0].update(member=9)),
                            "seats[0], 'member'"),
    "member-of-another-name": (_game("first", lambda g: g["seats"][0].update(member=1)),
                               "not the seat's"),
    "member-missing": (_game("first", lambda g: g["seats"][0].update(member=None)),
                       "every seat of a group's game"),
    "member-not-a-number": (_game("first", lambda g: g["seats"][0].update(member="0")),
                            "'member'"),
    "member-in-a-game-of-no-group": (_game("alone", lambda g: g["seats"][0].update(member=0)),
                                     "must be null in a game of no group"),
    "unknown-group": (_game("first", lambda g: g.update(group_id="x" * 20)), "names no group"),
    "rematch-of-itself": (_game("first", lambda g: g.update(rematch_of=g["id"])),
                          "'rematch_of'"),
    "rematch-of-no-game": (_game("first", lambda g: g.update(rematch_of="y" * 20)),
                           "'rematch_of'"),
    "played-at-missing": (_game("first", lambda g: g.pop("played_at")),
                          "missing field 'played_at'"),
    "played-at-null": (_game("first", lambda g: g.update(played_at=None)), "'played_at'"),
    "played-at-on-no-group": (_game("alone", lambda g: g.update(
        played_at="2026-01-01T00:00:00+00:00")), "'played_at'"),
    "played-at-not-a-time": (_game("first", lambda g: g.update(played_at="today")),
                             "'played_at'"),
}


@pytest.mark.parametrize("name", GAME_DAMAGE)
def test_a_game_badly_linked_is_left_out_naming_it(league, runner, tmp_path, name):
    change, message = GAME_DAMAGE[name]
    data = export(runner, tmp_path / "good.json")
    change(data, league)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code == 1, result.output
    assert "Not imported: game " in result.output and message in result.output
    assert "Traceback" not in result.output
    # The game of its rematch goes with it (it must follow a game imported).
    assert count(other, Game) >= 4
    assert count(other, Group) == 1


def test_two_groups_claiming_one_id_import_nothing(league, runner, tmp_path):
    data = export(runner, tmp_path / "good.json")
    data["groups"].append(copy.deepcopy(data["groups"][0]))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code == 1 and "Nothing was imported." in result.output
    assert count(other, Game) == count(other, Group) == 0


@pytest.mark.parametrize("groups", [{}, "x", [1]])
def test_groups_that_are_not_a_list_of_objects(league, runner, tmp_path, groups):
    data = export(runner, tmp_path / "good.json")
    data["groups"] = groups
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = load(fresh_app(), path)
    assert result.exit_code == 1 and "Traceback" not in result.output
