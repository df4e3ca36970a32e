"""A member split in two (one person entered twice, before look-alike names were caught)
merged back into one, their games following; a member who never played removed (issue 39,
point 21). Through the API and the group's page; the standings, the ratings and the
backups read the group as if the person had been entered once."""

from __future__ import annotations

import html

import pytest
from game_actions import API
from test_ratings_kept import _from_scratch, _kept

from scorekeeper.extensions import db
from scorekeeper.models import Game, Group, Member, Seat

TWINS = ["Ali", "Badr", "Caro", "Dina", "Ali H"]  # "Ali H" is Ali, entered twice


def _group(client) -> str:
    made = client.post(f"{API}/groups", json={"name": "Thursday", "members": TWINS})
    assert made.status_code == 201
    return made.get_json()["id"]


def _played(client, group_id: str, players: list[str], points: list[int]) -> dict:
    game = client.post(f"{API}/games", json={
        "rules": {"preset": "points", "deals": 1}, "players": players,
        "first_dealer": players[0], "group": group_id}).get_json()
    answer = client.post(f"{API}/games/{game['id']}/deals", json={
        "deal": 1, "points": dict(zip(players, points, strict=True))})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _change(client, group_id: str, body: dict, status: int = 200) -> dict:
    answer = client.patch(f"{API}/groups/{group_id}", json=body)
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def _rows(client, group_id: str) -> dict:
    answer = client.get(f"{API}/groups/{group_id}/standings?game=points").get_json()
    return {row["player"]: row for row in answer["rows"]}


def test_a_member_merged_into_another_brings_their_games(app, client):
    group_id = _group(client)
    first = _played(client, group_id, ["Ali", "Badr", "Caro"], [30, 10, 20])
    second = _played(client, group_id, ["Ali H", "Badr", "Dina"], [5, 40, 20])
    third = _played(client, group_id, ["Caro", "Dina", "Ali H"], [10, 20, 50])
    answer = _change(client, group_id, {"merge": {"Ali H": "Ali"}})
    assert answer["members"] == ["Ali", "Badr", "Caro", "Dina"]
    for before in (second, third):
        after = client.get(f"{API}/games/{before['id']}").get_json()
        assert "Ali" in after["players"] and "Ali H" not in after["players"]
        assert after["version"] != before["version"]  # every phone's sheet follows
        assert after["totals"]["Ali"] == before["totals"]["Ali H"]
    assert client.get(f"{API}/games/{first['id']}").get_json()["version"] == first["version"]
    rows = _rows(client, group_id)
    assert "Ali H" not in rows and rows["Ali"]["games"] == 3
    with app.app_context():
        # Ratings as if Ali had been entered once: equal to rating every game afresh.
        assert _kept(group_id) == _from_scratch(group_id)
        group = db.session.get(Group, group_id)
        assert [m.position for m in group.members] == [0, 1, 2, 3]  # backups check it
        ali = next(m for m in group.members if m.name == "Ali")
        seats = db.session.scalars(db.select(Seat).where(Seat.member_id == ali.id)).all()
        assert len(seats) == 3


def test_two_members_who_played_in_one_game_are_two_people(app, client):
    group_id = _group(client)
    game = _played(client, group_id, ["Ali", "Ali H", "Badr"], [10, 20, 30])
    answer = _change(client, group_id, {"merge": {"Ali H": "Ali"}}, 400)
    assert answer["error"] == ("“Ali H” and “Ali” played in the same game: they are two "
                               "people, not one.")
    assert _change(client, group_id, {"merge": {"Ali": "Ali"}}, 400)["error"] == (
        "Choose two different members to merge.")
    after = client.get(f"{API}/games/{game['id']}").get_json()
    assert after["players"] == ["Ali", "Ali H", "Badr"] and after["version"] == game["version"]
    assert "Ali H" in _change(client, group_id, {})["members"]


@pytest.mark.parametrize(("body", "named"), [
    ({"merge": ["Ali H", "Ali"]}, "The field “merge” must map"),
    ({"merge": {"Ali H": 3}}, "The field “merge” must map"),
    ({"merge": {"Zed": "Ali"}}, "“Zed” is not a member of the group."),
    ({"remove": "Ali H"}, "The field “remove” must list"),
    ({"remove": ["Zed"]}, "“Zed” is not a member of the group."),
])
def test_a_bad_merge_or_removal_is_a_400_and_changes_nothing(client, body, named):
    group_id = _group(client)
    assert named in _change(client, group_id, body, 400)["error"]
    assert _change(client, group_id, {})["members"] == TWINS


def test_a_member_who_never_played_is_removed_and_one_who_played_is_not(app, client):
    group_id = _group(client)
    _played(client, group_id, ["Ali", "Badr", "Caro"], [30, 10, 20])
    assert _change(client, group_id, {"remove": ["Ali H", "Dina"]})["members"] == [
        "Ali", "Badr", "Caro"]
    refused = _change(client, group_id, {"remove": ["Badr"]}, 400)
    assert refused["error"] == ("“Badr” has played in the group's games: merge them into "
                                "another member instead.")
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert [(m.position, m.name) for m in group.members] == [
            (0, "Ali"), (1, "Badr"), (2, "Caro")]


def test_a_look_alike_entered_before_the_check_is_merged_by_its_exact_name(app, client):
    """The case the issue names: "AIi" (a capital I) beside "Ali", stored before
    look-alikes were refused, cannot be typed again, but can be merged."""
    group_id = _group(client)
    with app.app_context():
        group = db.session.get(Group, group_id)
        group.members.append(Member(name="AIi", position=len(group.members)))
        db.session.commit()
    assert _change(client, group_id, {"merge": {"AIi": "Ali"}})["members"] == TWINS


def test_the_groups_page_merges_and_removes_members(app, client):
    group_id = _group(client)
    _played(client, group_id, ["Ali H", "Badr", "Caro"], [30, 10, 20])
    with app.app_context():
        ids = {m.name: str(m.id) for m in db.session.get(Group, group_id).members}
    page = html.unescape(client.get(f"/groups/{group_id}").text)
    assert "Merge two members" in page and "Remove a member" in page
    # Only those who never played are offered for removal.
    remove_part = page[page.index('class="remove"'):]
    assert f'value="{ids["Dina"]}"' in remove_part
    assert f'value="{ids["Badr"]}"' not in remove_part[:remove_part.index("</form>")]
    same = client.post(f"/groups/{group_id}/merge", data={"gone": ids["Ali"],
                                                           "into": ids["Ali"]})
    assert same.status_code == 422
    assert "Choose two different members to merge." in html.unescape(same.text)
    merged = client.post(f"/groups/{group_id}/merge", data={"gone": ids["Ali H"],
                                                             "into": ids["Ali"]})
    assert merged.status_code == 303
    played = client.post(f"/groups/{group_id}/remove", data={"member": ids["Badr"]})
    assert played.status_code == 422
    assert "has played in the group" in html.unescape(played.text)
    assert client.post(f"/groups/{group_id}/remove",
                       data={"member": ids["Dina"]}).status_code == 303
    gone = client.post(f"/groups/{group_id}/remove", data={"member": ids["Dina"]})
    assert gone.status_code == 422
    assert "no longer in the group" in html.unescape(gone.text)
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert [m.name for m in group.members] == ["Ali", "Badr", "Caro"]
        game = db.session.scalars(db.select(Game).where(Game.group_id == group_id)).one()
        assert [s.name for s in game.seats] == ["Ali", "Badr", "Caro"]
