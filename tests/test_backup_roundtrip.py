"""Whatever the app accepted, its export imports again (issue 23, point 1): games of both
games built through the API with deals, first meld worths up to the bound, house rules,
corrections and an undo — including values at the edge of what is accepted — export,
import into an empty database and export again byte for byte."""

from __future__ import annotations

import random

from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tables import API, random_deal
from test_backup import export, fresh_app, load

PLAYERS = ["Sami", "Rana", "Omar", "لينا"]
HAND_RULES = [{"preset": "levant", "rounds": 31}, {"preset": "egypt", "rounds": 31},
              {"preset": "gulf"}, "hareeqa",
              # Issue 22: a house rule no preset takes.
              {"preset": "saudi", "wilds_per_meld": 2}]
FOOT_RULES = ["hand_and_foot", "hand_knee_foot", "hand_and_foot_rising",
              {"preset": "hand_and_foot", "target": 500000, "card_values": {"9": 5},
               "red_three_laid_without_going_out": -10000}]


def _hand_deal(number: int, rnd: random.Random) -> dict:
    deal = random_deal(number, rnd, PLAYERS)
    if rnd.random() < 0.3:  # a first meld at the edge of what is accepted
        deal["first_melds"] = [{"player": rnd.choice(PLAYERS), "value": rnd.choice([
            51, 100, 165])}]
    return deal


def _foot_deal(number: int, rnd: random.Random) -> dict:
    def side() -> dict:
        return {"clean_piles": rnd.randint(0, 2), "dirty_piles": rnd.randint(0, 2),
                "red_threes": rnd.randint(0, 2), "melded": 5 * rnd.randint(60, 500),
                "left": 5 * rnd.randint(0, 60)}
    return {"deal": number, "went_out": None, "sides": [side(), side()]}


def _play(client, rnd: random.Random) -> None:
    foot = rnd.random() < 0.5
    rules = rnd.choice(FOOT_RULES if foot else HAND_RULES)
    extra = {"partnerships": True} if foot else {}
    created = client.post(f"{API}/games", json={
        "rules": rules, "players": PLAYERS, "first_dealer": rnd.choice(PLAYERS), **extra})
    assert created.status_code == 201, created.get_data(as_text=True)
    game = created.get_json()
    for number in range(1, rnd.randint(1, 6)):
        body = (_foot_deal if foot else _hand_deal)(number, rnd)
        answer = client.post(f"{API}/games/{game['id']}/deals", json=body)
        if answer.status_code != 201:
            break  # refused at the door: nothing stored to round-trip
        game = answer.get_json()
        if rnd.random() < 0.2:  # a correction to the same deal, from the version seen
            client.put(f"{API}/games/{game['id']}/deals/{number}", json=body,
                       headers={"If-Match": game["version"]})
    if game["deals"] and rnd.random() < 0.3:
        last = game["deals"][-1]["number"]
        client.delete(f"{API}/games/{game['id']}/deals/{last}",
                      headers={"If-Match": game["version"]})


@settings(max_examples=examples(12), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), games=st.integers(1, 3))
def test_whatever_was_accepted_exports_imports_and_exports_the_same(tmp_path_factory, seed,
                                                                    games):
    rnd = random.Random(seed)
    app = fresh_app()
    client = app.test_client()
    for _ in range(games):
        _play(client, rnd)
    folder = tmp_path_factory.mktemp("roundtrip")
    first = folder / "first.json"
    export(app.test_cli_runner(), first)
    other = fresh_app()
    result = load(other, first)
    assert result.exit_code == 0, result.output
    second = folder / "second.json"
    export(other.test_cli_runner(), second)
    assert second.read_bytes() == first.read_bytes()
