"""A group's list of games (issue 40): its page shows the newest, the older ones a tap away —
in place with htmx, on the page at ``?before=`` without script — every game once, in the
list's order, however many; the view-only page alike, by view ids only; an address that
cannot go on is said, never a 500; the counts the page shows are of every game."""

from __future__ import annotations

import re

import pytest
from game_actions import FOUR
from pagework import HX
from sqlalchemy import update
from test_web_groups import group_of, hand_won_by, make_group, text_of

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.web.group import games as groups_games
from scorekeeper.web.group.games import LISTED, OLDER_ID

OLDER_GAMES = HX | {"HX-Target": OLDER_ID}
PLAYERS = FOUR[:3]


def finished_games(app, actions, group_id: str, count: int) -> list[str]:
    """*count* one-deal Hand games of the group, each won as it is made: their ids and
    view ids, newest first, as the group lists them."""
    made = []
    for n in range(count):
        game_id = actions.create({"preset": "levant", "rounds": 1}, PLAYERS,
                                 group=group_id)["id"]
        hand_won_by(actions, game_id, PLAYERS[n % 3], PLAYERS)
        made.append(game_id)
    return made[::-1]


def views_of(app, game_ids: list[str]) -> list[str]:
    with app.app_context():
        return [db.session.get(Game, game_id).view_id for game_id in game_ids]


def listed(text: str, link: str = "/games/") -> list[str]:
    """The games a list links to, in order: their ids (or view ids, *link* "/view/")."""
    return re.findall(rf'<li>\s*<a class="button" href="{link}([^"/]+)"', text)


def older_link(text: str) -> str | None:
    """Where the list's "Older games" leads without script; None when there is none."""
    found = re.search(r'<li class="older" id="older-games"><a class="button" href="([^"]+)"',
                      text)
    return found.group(1).replace("&amp;", "&") if found else None


def htmx_asks(text: str) -> str:
    """Where "Older games" asks for the next games with htmx."""
    return re.search(r'id="older-games"><a [^>]*hx-get="([^"]+)"', text).group(1).replace(
        "&amp;", "&")


@pytest.fixture
def group_id(client):
    return make_group(client)


#: The pages of a list walked through to its end: short ones, so that a test makes a few
#: games rather than thirty-odd (each made through the API, as a phone makes it).
FIRST, NEXT = 3, 4


@pytest.fixture
def short_pages(monkeypatch):
    monkeypatch.setattr(groups_games, "LISTED", FIRST)
    monkeypatch.setattr(groups_games, "OLDER", NEXT)


def test_the_group_page_shows_its_newest_games_and_a_link_to_the_older_ones(
        app, client, actions, group_id):
    games = finished_games(app, actions, group_id, LISTED + 2)
    page = client.get(f"/groups/{group_id}")
    assert page.status_code == 200
    assert listed(page.text) == games[:LISTED]
    last = views_of(app, [games[LISTED - 1]])[0]
    assert older_link(page.text) == f"/groups/{group_id}?before={last}#games"
    assert htmx_asks(page.text) == f"/groups/{group_id}?before={last}"
    assert "Older games" in page.text and "Newest games" not in page.text
    # The season counts every game, not the ones listed.
    assert f"{LISTED + 2} games finished since" in text_of(page.text)


def test_a_group_of_as_many_games_as_its_page_lists_has_no_older_games(
        app, client, actions, group_id):
    games = finished_games(app, actions, group_id, LISTED)
    page = client.get(f"/groups/{group_id}").text
    assert listed(page) == games and older_link(page) is None


def test_older_games_come_in_place_of_the_link_with_htmx(app, client, actions, group_id,
                                                         short_pages):
    games = finished_games(app, actions, group_id, FIRST + NEXT + 2)
    asked = htmx_asks(client.get(f"/groups/{group_id}").text)
    part = client.get(asked, headers=OLDER_GAMES)
    assert part.status_code == 200
    # Their rows alone, to take the place of "Older games": no page around them, no
    # standings added up, and the first of them takes the focus.
    assert part.text.lstrip().startswith("<li>")
    assert "<html" not in part.text and "<ul" not in part.text and "standings" not in part.text
    assert listed(part.text) == games[FIRST:FIRST + NEXT]
    assert part.text.count("autofocus") == 1
    assert {"HX-Request", "HX-Target"} <= set(part.headers["Vary"].split(", "))
    last = client.get(htmx_asks(part.text), headers=OLDER_GAMES)
    assert listed(last.text) == games[FIRST + NEXT:]
    assert older_link(last.text) is None


def test_older_games_are_a_page_of_their_own_without_script(app, client, actions, group_id,
                                                            short_pages):
    games = finished_games(app, actions, group_id, FIRST + NEXT + 2)
    shown = []
    page = client.get(f"/groups/{group_id}?game=hand&season=all").text
    while True:
        shown += listed(page)
        following = older_link(page)
        if following is None:
            break
        # The season asked for is kept; the whole page comes, with the way back.
        assert following.startswith(f"/groups/{group_id}?game=hand&season=all&before=")
        page = client.get(following).text
        assert '<section id="standings"' in page
        assert f'href="/groups/{group_id}?game=hand&amp;season=all#games">Newest games' in page
    assert shown == games


def test_the_page_after_the_oldest_game_says_there_are_no_older_ones(app, client, actions,
                                                                     group_id):
    oldest = views_of(app, finished_games(app, actions, group_id, 2)[-1:])[0]
    page = client.get(f"/groups/{group_id}?before={oldest}")
    assert page.status_code == 200
    assert listed(page.text) == [] and "No older games." in page.text
    assert f'href="/groups/{group_id}#games">Newest games' in page.text


def test_games_started_at_the_same_moment_are_each_listed_once(app, client, actions,
                                                               group_id, short_pages):
    games = finished_games(app, actions, group_id, FIRST + NEXT)
    # Two games either side of the first page's end began in one moment: the list goes
    # on from the last one shown, by id among them.
    with app.app_context():
        moment = db.session.get(Game, games[FIRST - 1]).created_at
        db.session.execute(update(Game).where(Game.id.in_(games[FIRST - 2:FIRST + 2]))
                           .values(created_at=moment))
        db.session.commit()
    first = client.get(f"/groups/{group_id}").text
    older = client.get(htmx_asks(first), headers=OLDER_GAMES).text
    both = listed(first) + listed(older)
    assert sorted(both) == sorted(games) and len(set(both)) == len(games)
    tied = both[FIRST - 2:FIRST + 2]
    assert tied == sorted(tied)


def test_the_view_only_page_pages_its_games_by_their_view_ids(app, client, actions,
                                                              group_id, short_pages):
    games = finished_games(app, actions, group_id, FIRST + 2)
    views = views_of(app, games)
    with app.app_context():
        view = group_of(app, group_id).view_id
    page = client.get(f"/groups/view/{view}").text
    assert listed(page, "/view/") == views[:FIRST]
    assert older_link(page) == f"/groups/view/{view}?before={views[FIRST - 1]}#games"
    for older in (client.get(htmx_asks(page), headers=OLDER_GAMES).text,
                  client.get(older_link(page)).text):
        assert listed(older, "/view/") == views[FIRST:]
        # Neither the group's own link nor a game's: they would let a viewer change them.
        assert group_id not in older and not any(game in older for game in games)


@pytest.mark.parametrize("before", ["abc", "x" * 5000, "%00", "another group's game",
                                    "the game's own id"])
def test_an_address_the_list_cannot_go_on_from_is_said(app, client, actions, group_id,
                                                       before, short_pages):
    games = finished_games(app, actions, group_id, FIRST + 1)
    if before == "another group's game":
        other = make_group(client, "Friday")
        before = views_of(app, finished_games(app, actions, other, 1))[0]
    elif before == "the game's own id":
        before = games[0]
    said = ("The older games cannot be listed from that one: it is not one of the group's "
            "games (any more).")
    page = client.get(f"/groups/{group_id}?before={before}")
    assert page.status_code == 400
    assert said in text_of(page.text)
    assert listed(page.text) == games[:FIRST]  # the newest, as without the address
    part = client.get(f"/groups/{group_id}?before={before}", headers=OLDER_GAMES)
    # htmx swaps a 400 (static/app.js): the message takes the place of "Older games".
    assert part.status_code == 400
    assert text_of(part.text) == said and listed(part.text) == []


def test_a_game_taken_out_of_the_group_after_its_page_was_read_is_said(
        app, client, actions, group_id, short_pages):
    games = finished_games(app, actions, group_id, FIRST + 1)
    asked = htmx_asks(client.get(f"/groups/{group_id}").text)
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == games[FIRST - 1])
                           .values(group_id=None))
        db.session.commit()
    part = client.get(asked, headers=OLDER_GAMES)
    assert part.status_code == 400 and "not one of the group's games" in text_of(part.text)
    page = client.get(asked)
    assert page.status_code == 400 and "not one of the group's games" in text_of(page.text)
    assert listed(page.text) == [game for game in games if game != games[FIRST - 1]][:FIRST]
