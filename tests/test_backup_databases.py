"""Every backup restores, and only whole (issue 48, points 13 and 14; docs/durability.md,
"Restore"). A file holding a night with a round under way — its tables' games, with deals
confirmed and disputed, in a group with ratings — imports into an empty SQLite or
PostgreSQL database and exports again byte for byte, whichever database wrote it
(PostgreSQL enforces the links between tables that SQLite, as the tests use it, does not).
A night whose round seats a player its table's game lacks, or names a game the file lacks,
is named and left out with its games; an unknown key at the top of the file is refused by
name."""

from __future__ import annotations

import json

import pytest
from game_actions import API
from test_backup import count, export, fresh_app, load

from scorekeeper.models import Game, Group, Night, NightRound

EIGHT = ["Ali", "Badr", "Caro", "Dina", "Emad", "Fadi", "Ghada", "Huda"]


def _url(request, name: str) -> str:
    return request.getfixturevalue("postgres_url") if name == "postgresql" else "sqlite://"


def _checked(response, status: int = 200) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()


def _a_night_under_way(client) -> dict:
    """A group's night whose first round is playing, its deals confirmed by the other
    side: at the first table a deal recorded and confirmed (the game over, so rated), at
    the second one disputed; beside it a game of no night."""
    group = _checked(client.post(f"{API}/groups", json={"name": "Diwaniya"}), 201)
    night = _checked(client.post(f"{API}/nights", json={
        "name": "Thursday", "rules": {"preset": "levant", "rounds": 1}, "players": EIGHT,
        "format": "rotating", "group": group["id"], "confirm": "other_side"}), 201)
    night = _checked(client.post(f"{API}/nights/{night['id']}/rounds", json={}), 201)
    for table, settle in zip(night["rounds"][0]["tables"], ("confirm", "dispute"),
                             strict=True):
        game = _checked(client.get(f"{API}/games/{table['game']['id']}"))
        winner = table["sides"][0][0]
        game = _checked(client.post(f"{API}/games/{game['id']}/deals", json={
            "deal": 1, "outcome": "scored", "winner": winner, "finish": "partial",
            "recorded_by": winner, "hands": {p: {"melded": True, "points": 20}
                                             for p in table["sides"][1]}}), 201)
        other = table["sides"][1][0]
        body = {"by": other} | ({"reason": "I had 15"} if settle == "dispute" else {})
        _checked(client.post(f"{API}/games/{game['id']}/deals/1/{settle}", json=body,
                             headers={"If-Match": f'"{game["version"]}"'}))
    alone = _checked(client.post(f"{API}/games", json={
        "rules": "levant", "players": ["Zed", "Yan"], "first_dealer": "Zed"}), 201)
    return {"group": group["id"], "night": night["id"], "alone": alone["id"],
            "games": [t["game"]["id"] for t in night["rounds"][0]["tables"]]}


@pytest.mark.parametrize("source", ["sqlite", "postgresql"])
def test_a_backup_with_a_night_under_way_restores_byte_for_byte_on_either_database(
        request, tmp_path, source):
    """Issue 48, point 13: a foreign-key error and nothing imported, on PostgreSQL, for
    any file holding a night with a round started. The file is imported into a new SQLite
    database and into PostgreSQL emptied (last: the source's own, when it is
    PostgreSQL)."""
    app = fresh_app(_url(request, source))
    made = _a_night_under_way(app.test_client())
    first = tmp_path / "first.json"
    data = export(app.test_cli_runner(), first)
    [group] = data["groups"]
    assert group["ratings"]["hand"], "the confirmed game is rated"
    deals = [d for g in data["games"] for d in g["deals"] if g["id"] in made["games"]]
    assert sorted(d["confirmed_by"] is not None for d in deals) == [False, True]
    assert sorted(d["dispute_reason"] or "" for d in deals) == ["", "I had 15"]
    before = app.test_client().get(f"{API}/nights/{made['night']}").get_json()
    for target in ("sqlite", "postgresql"):
        other = fresh_app(_url(request, target))
        result = load(other, first)
        assert result.exit_code == 0, (target, result.output)
        assert "Imported 3 games" in result.output and "differ" not in result.output
        second = tmp_path / f"{target}.json"
        export(other.test_cli_runner(), second)
        assert second.read_bytes() == first.read_bytes(), target
        there = other.test_client()
        assert there.get(f"{API}/nights/{made['night']}").get_json() == before
        for path in (f"/nights/{made['night']}", f"/groups/{made['group']}",
                     *(f"/games/{g}" for g in made["games"])):
            assert there.get(path).status_code == 200, (target, path)


@pytest.fixture
def night_file(client, runner, tmp_path) -> tuple[dict, dict, object]:
    """The night under way exported: what was made, the file's data and its path."""
    made = _a_night_under_way(client)
    path = tmp_path / "games.json"
    return made, export(runner, path), path


def _edited(path, data: dict) -> object:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _left_out_whole(other, made: dict, result) -> None:
    """The night and its games are not there; everything else is, and serves."""
    assert result.exit_code == 1, result.output
    assert count(other, Night) == 0 and count(other, NightRound) == 0
    assert count(other, Game) == 1 and count(other, Group) == 1
    for game in made["games"]:
        assert f"Not imported: game {game}, 'night_id': names night {made['night']}, " \
               "which is left out" in result.output
    there = other.test_client()
    assert there.get(f"/nights/{made['night']}").status_code == 404
    assert there.get(f"/games/{made['alone']}").status_code == 200
    assert there.get(f"/groups/{made['group']}").status_code == 200


def test_a_night_seating_a_player_its_tables_game_lacks_is_named_and_left_out(
        night_file, import_database):
    """Issue 48, point 14: it imported with exit 0, and every page of the night was a
    500."""
    made, data, path = night_file
    [night] = data["nights"]
    night["started"][0]["seating"]["tables"][1][0][0] = "Zaid"
    other = fresh_app(import_database)
    result = load(other, _edited(path, data))
    assert f"Not imported: night {made['night']}, round 1, table 2: it seats 'Zaid', " \
           f"who is not a player of its game {made['games'][1]}" in result.output, \
        result.output
    _left_out_whole(other, made, result)


def test_a_round_naming_a_game_the_file_lacks_is_named_and_left_out(night_file,
                                                                    import_database):
    """Issue 48, point 14: it left a round whose table had no game."""
    made, data, path = night_file
    data["games"] = [g for g in data["games"] if g["id"] != made["games"][0]]
    other = fresh_app(import_database)
    result = load(other, _edited(path, data))
    assert f"Not imported: night {made['night']}, round 1, table 1: its game " \
           f"{made['games'][0]} is not in the file" in result.output, result.output
    assert result.output.count("Not imported") == 2  # the night, and its other game
    assert count(other, Night) == 0 and count(other, Game) == 1


def _swap_partners(seating: dict) -> None:
    (one, two), (three, four) = seating["tables"][0]
    seating["tables"][0] = [[one, three], [two, four]]


def _the_game(data: dict, game_id: str) -> dict:
    return next(g for g in data["games"] if g["id"] == game_id)


@pytest.mark.parametrize(("edit", "said"), [
    # A game left out for a value of its own takes its night with it.
    (lambda data, made: _the_game(data, made["games"][1]).update(first_dealer=9),
     "round 1, table 2: its game {second} is left out"),
    # A round naming another table's game, or a game of no night.
    (lambda data, made: data["nights"][0]["started"][0].update(
        games=[made["games"][0], made["games"][0]]),
     "round 1, table 2: its game {first} is another table's"),
    (lambda data, made: data["nights"][0]["started"][0]["games"].__setitem__(
        0, made["alone"]), "round 1, table 1: its game {alone} is not one of the night's"),
    # The table's players, partnered otherwise than in its game; a player also sitting out.
    (lambda data, made: _swap_partners(data["nights"][0]["started"][0]["seating"]),
     "round 1, table 1: its sides must be the sides of its game {first}"),
    (lambda data, made: data["nights"][0]["started"][0]["seating"]["sitting_out"].append(
        data["nights"][0]["started"][0]["seating"]["tables"][0][0][0]),
     "round 1: {seated} both plays and sits out"),
], ids=["its-game-left-out", "another-tables-game", "a-game-of-no-night", "other-partners",
        "sitting-out-and-playing"])
def test_a_round_that_does_not_hold_with_its_games_is_named_and_left_out(night_file, edit,
                                                                          said):
    made, data, path = night_file
    edit(data, made)
    other = fresh_app()
    result = load(other, _edited(path, data))
    seated = repr(data["nights"][0]["started"][0]["seating"]["tables"][0][0][0])
    said = said.format(first=made["games"][0], second=made["games"][1], alone=made["alone"],
                       seated=seated)
    assert f"Not imported: night {made['night']}, {said}" in result.output, result.output
    assert result.exit_code == 1
    assert count(other, Night) == 0 and count(other, NightRound) == 0
    assert count(other, Game) == 1 and other.test_client().get(
        f"/games/{made['alone']}").status_code == 200


def test_an_unknown_key_at_the_top_of_the_file_is_refused_by_name(night_file):
    made, data, path = night_file
    data["players"] = []
    other = fresh_app()
    result = load(other, _edited(path, data))
    assert result.exit_code != 0
    assert "the file: unknown key 'players'" in result.output, result.output
    assert "Nothing was imported" in result.output
    assert count(other, Game) == 0
