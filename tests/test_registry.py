"""The registry of games (scorekeeper/games/__init__.py): every game is found by its rules,
every shared route answers for every game, and none answers a 500 where a game lacks a
branch (issue 20: keeping a ruling on a Hand and Foot game was one)."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace

import pytest
from every_game import API, GAMES, SAMPLES, start
from kinds import changed_kind
from pagework import HX, XSS, path_of, routes

from scorekeeper.games import games, kind_called, kind_named, kind_of, presets
from scorekeeper.rulekit import RulesError


def test_every_registered_game_has_a_sample_for_the_tests():
    assert {kind.info.name for kind in games()} == set(SAMPLES)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_found_by_its_rules_written_either_way(game):
    kind = kind_named(game)
    assert kind is not None
    for preset in kind.info.presets:
        assert kind_of(preset) is kind
        assert kind_of({"preset": preset}) is kind


def test_every_preset_belongs_to_one_game():
    assert len(presets()) == len(set(presets()))


def test_a_preset_no_game_knows_is_refused_naming_every_games_presets(client):
    """Issue 35: "bridge" was handed to the first game, which listed its own presets only."""
    answer = client.post(f"{API}/games", json={"rules": "bridge", "players": ["A", "B"],
                                               "first_dealer": "A"})
    assert answer.status_code == 400 and "bridge" in answer.get_json()["error"]
    error = answer.get_json()["error"]
    assert "of Hand" not in error
    assert all(preset in error for preset in presets())


@pytest.mark.parametrize("rules", ["bridge", {"preset": "bridge"}, {"rounds": 3}, 7, None])
def test_rules_no_game_knows_are_refused_by_the_registry(rules):
    with pytest.raises(RulesError) as refused:
        kind_of(rules)
    assert all(preset in str(refused.value) for preset in presets())


@pytest.mark.parametrize("endpoint", ["referee/meld", "referee/pickup", "score/round"])
def test_a_question_under_rules_no_game_knows_names_every_preset(client, endpoint):
    answer = client.post(f"{API}/{endpoint}", json={"rules": "bridge", "cards": ["9H"]})
    assert answer.status_code == 400
    assert all(preset in answer.get_json()["error"] for preset in presets())


def test_every_game_declares_its_names_and_none_is_shared():
    """Issue 35: one game had four spellings, one of them derived from its English title;
    each is now declared in the game's ``GameInfo``."""
    infos = [kind.info for kind in games()]
    for field in ("name", "api_name", "url_name", "title"):
        values = [getattr(info, field) for info in infos]
        assert len(set(values)) == len(values), field
    handfoot = kind_named("handfoot")
    assert handfoot is not None and (handfoot.info.api_name, handfoot.info.url_name) == (
        "hand_and_foot", "hand-and-foot")
    assert kind_called("hand_and_foot") is handfoot


@pytest.mark.parametrize(("changes", "words"), [
    ({"name": "Hand"}, "name"), ({"api_name": "hand and foot"}, "api_name"),
    ({"url_name": "hand_and_foot"}, "url_name"), ({"presets": ()}, "presets"),
    ({"presets": ("a", "a")}, "presets"), ({"fewest_players": 1}, "players"),
    ({"fewest_players": 5, "most_players": 4}, "players"),
    ({"referee": False, "kept_rulings": True}, "rulings"),
])
def test_a_game_declared_wrong_is_refused_when_the_app_starts(changes, words):
    info = kind_named("hand").info
    with pytest.raises(ValueError, match=words):
        replace(info, **changes)


def test_a_kind_whose_referee_is_half_declared_is_refused():
    hand = kind_named("hand")
    with pytest.raises(ValueError, match="referee"):
        replace(hand, checks=())
    with pytest.raises(ValueError, match="referee"):
        replace(hand, info=replace(hand.info, referee=False, kept_rulings=False))


def _without_referee(monkeypatch):
    """Hand as a game without a referee would be: every optional part left at its
    default."""
    hand = kind_named("hand")
    return changed_kind(
        monkeypatch, "hand", info=replace(hand.info, referee=False, kept_rulings=False),
        checks=(), question_fields={}, decide=None,
        pages={"referee": None, "game_referee": None, "ruling_to_keep": None})


def test_a_game_without_a_referee_shows_no_referee_button(client, monkeypatch):
    game_id = start(client, "hand")
    assert f'href="/games/{game_id}/referee"' in client.get(f"/games/{game_id}").text
    _without_referee(monkeypatch)
    page = client.get(f"/games/{game_id}?again").text
    assert f"/games/{game_id}/referee" not in page and "Print the sheet" in page


def test_a_game_without_a_referee_has_no_referee_pages(client, monkeypatch):
    game_id = start(client, "hand")
    _without_referee(monkeypatch)
    for path in (f"/games/{game_id}/referee", f"/games/{game_id}/referee/meld"):
        assert client.get(path).status_code == 404, path
    kept = client.post(f"/games/{game_id}/rulings", data={"check": "meld"})
    assert kept.status_code == 422 and "Hand has no referee, so it keeps no rulings" in kept.text
    assert client.get("/referee/meld?preset=levant").status_code == 404


def test_a_game_without_a_referee_says_so_to_the_api(client, monkeypatch):
    _without_referee(monkeypatch)
    answer = client.post(f"{API}/referee/meld", json={"rules": "levant", "cards": ["9H"]})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == (
        "Hand has no referee: its deals are recorded as the table scores them.")


@pytest.mark.parametrize("game", GAMES)
def test_every_route_answers_for_every_game_without_a_500(app, client, game):
    game_id = start(client, game)
    for method, rule in routes(app):
        response = client.open(path_of(app, rule, game_id), method=method,
                               **({} if method in ("GET", "DELETE") else {"data": {}}))
        assert response.status_code < 500, (game, method, rule.rule)


@pytest.mark.parametrize("game", GAMES)
def test_keeping_a_ruling_answers_for_every_game(client, game):
    """Issue 20: ``POST /games/<id>/rulings`` on a Hand and Foot game was a 500."""
    game_id = start(client, game)
    answer = client.post(f"/games/{game_id}/rulings", data={"check": "meld",
                                                            "cards": "9H 9S 9C"})
    assert answer.status_code in (303, 422), answer.status_code
    assert "Traceback" not in answer.get_data(as_text=True)


def test_hand_and_foots_referee_keeps_no_ruling_and_says_so(client):
    game_id = start(client, "handfoot")
    answer = client.post(f"/games/{game_id}/rulings", data={"check": "meld"})
    assert answer.status_code == 422
    assert "without keeping rulings" in answer.get_data(as_text=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_referee_question_of_a_stored_game_opens(client, game):
    game_id = start(client, game)
    for check in SAMPLES[game].checks:
        answer = client.get(f"/games/{game_id}/referee/{check}", follow_redirects=True)
        assert answer.status_code == 200, (check, answer.status_code)


def _with_first_player_named(game: str, name: str) -> tuple[dict, dict]:
    """The sample game of *game* and its first deal, its first player renamed *name*."""
    sample = SAMPLES[game]
    first = json.dumps(sample.create["players"][0])
    create, deal = (json.loads(json.dumps(body).replace(first, json.dumps(name)))
                    for body in (sample.create, sample.first_deal))
    return create, deal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("path", ["/games/{id}", "/games/{id}/print", "/", "/history",
                                  "/games/{id}/deals/1/edit", "/games/{id}/changes"])
def test_a_players_name_is_escaped_in_every_games_pages(client, game, path):
    create, deal = _with_first_player_named(game, XSS)
    game_id = client.post(f"{API}/games", json=create).get_json()["id"]
    assert client.post(f"{API}/games/{game_id}/deals", json=deal).status_code == 201
    client.get(f"/games/{game_id}")  # opened on this phone: home and history list it
    for headers in ({}, HX):
        text = client.get(path.format(id=game_id), headers=headers).text
        assert XSS not in text
        assert html.escape(XSS, quote=False) in text


@pytest.mark.parametrize("game", GAMES)
def test_the_new_game_form_shows_the_chosen_games_own_fields(client, game):
    """Each game's setup parts are marked with its name; the chosen game's are shown, the
    others hidden (static/app.js follows the choice), and all of them without JavaScript
    (static/noscript.css, linked inside <noscript>)."""
    preset = SAMPLES[game].create["rules"]
    text = client.post("/new", data={"preset": preset, "move": "up-1"}).text
    parts = re.findall(r'<div class="for-game" data-game="([a-z]+)"( hidden)?>', text)
    assert {name for name, _hidden in parts} == set(GAMES)
    assert all(bool(hidden) is (name != game) for name, hidden in parts)
    assert re.search(r'<noscript><link rel="stylesheet" href="/static/noscript\.css', text)
