"""The option ``wilds_per_meld`` outside the engine (issue 22, point 19): the API's rules
listing, a game made with it (its state, its referee, the new-game form that sets it, a
backup that keeps it), the referee's answer naming every wild, and the refusal of a wild
beyond an ace saying where it goes, in English and Arabic.

Sources: seed 000, "Wild Cards" and seed 001, "Player mistakes" 4 (one wild a meld, the
presets' rule); docs/rules.md, "Two wild cards in a meld" (the option and its decisions).
"""

from __future__ import annotations

import json
import re

from game_actions import FOUR, THREE, new_game_form
from pagework import game_count
from referee_questions import post, ruling
from test_backup import export, fresh_app, load

from scorekeeper.games.hand.rules import PRESETS

API = "/api/v1"
TWO = {"preset": "gulf", "wilds_per_meld": 2}
ARABIC = {"Accept-Language": "ar"}


def test_the_rules_listing_offers_one_or_two_wilds_a_meld_and_each_preset_says_one(client):
    listing = client.get(f"{API}/rules").get_json()
    option = listing["options"]["wilds_per_meld"]
    assert option["choices"] == [1, 2] and option["nullable"] is False
    assert "two natural cards" in option["doc"]
    assert {name: listing["presets"][name]["options"]["wilds_per_meld"]
            for name in PRESETS} == {name: 1 for name in PRESETS}


def test_a_meld_with_two_jokers_names_both_wilds_where_the_table_allows_two(client):
    """Seed 001, "Player mistakes" 4: two jokers in one meld is a mistake under the
    presets; the table's option makes it a meld, each joker standing for its place."""
    data = ruling(post(client, "meld", {"rules": TWO, "cards": ["5H", "JK", "7H", "JK"]}))
    assert data["valid"] is True and data["value"] == 26
    assert data["wild"] == {"card": "JK", "represents": ["6H"]}   # the first, as before
    assert data["wilds"] == [{"card": "JK", "represents": ["6H"], "at": 1},
                             {"card": "JK", "represents": ["8H"], "at": 3}]
    refused = ruling(post(client, "meld", {"rules": "gulf",
                                           "cards": ["5H", "JK", "7H", "JK"]}))
    assert refused["valid"] is False and refused["wilds"] == []
    assert "A meld may hold only one wild card" in refused["reason"]


def test_a_group_of_two_naturals_and_two_jokers_through_the_api(client):
    data = ruling(post(client, "meld", {"rules": TWO, "cards": ["9S", "9H", "JK", "JK"]}))
    assert [w["represents"] for w in data["wilds"]] == [["9D"], ["9C"]]
    assert data["card_values"] == [9, 9, 9, 9]


def test_the_other_checks_follow_the_option(client):
    lay_off = ruling(post(client, "lay-off", {"rules": TWO, "meld": ["5H", "5S", "JK"],
                                             "add": ["JK"]}))
    assert lay_off["valid"] is True and lay_off["meld"] == ["5H", "5S", "JK", "JK"]
    swap = ruling(post(client, "swap", {"rules": TWO, "meld": ["5H", "JK", "7H", "JK"],
                                       "give": ["8H"]}))
    assert swap["valid"] is True and swap["meld"] == ["5H", "JK", "7H", "8H"]
    assert swap["takes"] == "JK"
    cards = ["4H", "JK", "JK", "7H", "2C", "3C", "4C", "KS", "KH", "KD", "9D", "10D", "JD",
             "QD", "5S"]
    hand = ruling(post(client, "hand", {"rules": TWO, "cards": cards}))
    assert hand["hand"] is True and hand["discard"] == ["5S"]


def test_a_wild_beyond_an_ace_is_told_where_it_can_stand_in_both_languages(client, app):
    """Seed 000, "Melds": nothing comes above an ace; the refusal says where the joker
    would stand instead."""
    body = {"rules": "gulf", "cards": ["KS", "AS", "JK"]}
    english = ruling(post(client, "meld", body))["reason"]
    assert english.endswith("Lay it at the other end instead: JK K♠ A♠, where it stands "
                            "for Q♠.")
    arabic = client.post(f"{API}/referee/meld", json=body, headers=ARABIC).get_json()
    assert "ضعه في الطرف الآخر بدلًا من ذلك" in arabic["reason"]
    assert "JK K♠ A♠" in arabic["reason"] and "Q♠" in arabic["reason"]
    assert "فوق الآص" in arabic["reason"]   # the reason it is refused, still said first


def test_a_game_made_with_two_wilds_a_meld_keeps_it_and_its_referee_uses_it(client,
                                                                            actions):
    state = actions.create(TWO, FOUR)
    assert state["rules"]["wilds_per_meld"] == 2
    assert actions.state(state["id"])["rules"]["wilds_per_meld"] == 2
    page = client.get(f"/games/{state['id']}/referee/meld",
                      query_string={"ruled": "yes", "cards": "5H JK 7H JK"}).text
    verdict = page[page.index('id="verdict"'):]
    assert "= 6♥" in verdict and "= 8♥" in verdict
    assert "its wilds stand for 6♥ and 8♥" in verdict
    # A game under the preset's own rule still refuses it.
    other = actions.create("gulf", FOUR)
    assert other["rules"]["wilds_per_meld"] == 1


def test_the_new_game_form_sets_two_wilds_a_meld(client, actions):
    form = client.get("/new").text
    field = re.search(r'<select[^>]*name="opt_wilds_per_meld".*?</select>', form, re.S)
    assert field is not None
    assert re.findall(r'<option[^>]*value="(\w*)"', field.group(0)) == ["", "1", "2"]
    assert "Wild cards one meld may hold" in form
    game_id = actions.start("gulf", THREE, opt_wilds_per_meld="2")
    assert actions.state(game_id)["rules"]["wilds_per_meld"] == 2
    game_id = actions.start("gulf", THREE)  # left as the form of Hand says
    assert actions.state(game_id)["rules"]["wilds_per_meld"] == 1


def test_a_bad_value_is_refused_at_the_field(app, client):
    response = client.post("/new", data=new_game_form("gulf", opt_wilds_per_meld="3"))
    assert response.status_code == 422
    field = re.search(r'<div class="field has-error">\s*<label for="opt_wilds_per_meld">'
                      r'.*?</div>', response.text, re.S)
    assert field is not None and "Not a valid choice" in field.group(0)
    assert game_count(app) == 0


def test_a_backup_keeps_two_wilds_a_meld(client, actions, runner, tmp_path):
    game_id = actions.create(TWO, FOUR)["id"]
    first = tmp_path / "first.json"
    data = export(runner, first)
    assert [g["rules"]["wilds_per_meld"] for g in data["games"] if g["id"] == game_id] == [2]
    other = fresh_app()
    assert load(other, first).exit_code == 0
    second = tmp_path / "second.json"
    export(other.test_cli_runner(), second)
    assert second.read_bytes() == first.read_bytes()


def test_a_backup_written_before_the_option_reads_as_one_wild_a_meld(client, actions,
                                                                     runner, tmp_path):
    """A file from before issue 22 lacks the option: the preset's value fills it in."""
    actions.create("gulf", FOUR)
    path = tmp_path / "old.json"
    data = export(runner, path)
    for game in data["games"]:
        del game["rules"]["wilds_per_meld"]
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_app()
    result = load(other, path)
    assert result.exit_code == 0, result.output
    again = export(other.test_cli_runner(), tmp_path / "again.json")
    assert [g["rules"]["wilds_per_meld"] for g in again["games"]] == [1]
