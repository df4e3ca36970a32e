"""Downloads as a spreadsheet and a file manager take them (issue 39, point 12): an Arabic
CSV starts with a byte-order mark (without it Excel shows mojibake), the plain
``filename=`` keeps Arabic names (in Latin letters) rather than dropping them, and a game's
JSON download is named after its own game."""

from __future__ import annotations

import re

from game_actions import API

ARABIC = {"Accept-Language": "ar"}


def _game(client, players, rules="levant") -> str:
    made = client.post(f"{API}/games", json={"rules": rules, "players": players,
                                             "first_dealer": players[0]})
    assert made.status_code == 201
    return made.get_json()["id"]


def test_an_arabic_csv_starts_with_a_byte_order_mark(client):
    game_id = _game(client, ["محمد", "محمود", "خالد"])
    body = client.get(f"/games/{game_id}.csv", headers=ARABIC).get_data()
    assert body.startswith("\ufeff".encode())
    english = client.get(f"/games/{_game(client, ['Ali', 'Badr'])}.csv").get_data()
    assert not english.startswith("\ufeff".encode())  # plain ASCII needs none


def test_the_plain_filename_keeps_arabic_names_in_latin_letters(client):
    game_id = _game(client, ["محمد", "محمود", "خالد"])
    disposition = client.get(f"/games/{game_id}.csv").headers["Content-Disposition"]
    plain = re.search(r'filename="([^"]+)"', disposition).group(1)
    assert re.fullmatch(r"hand-mhmd-mhmwd-khald-\d{4}-\d\d-\d\d\.csv", plain)
    assert "filename*=UTF-8''hand-%D9%85" in disposition  # the names as typed


def test_a_hand_and_foot_games_json_is_named_after_its_game(client):
    game_id = _game(client, ["Ann", "Bob", "Cy", "Dee"], {"preset": "hand_and_foot"})
    disposition = client.get(f"/games/{game_id}.json").headers["Content-Disposition"]
    assert disposition == f"attachment; filename=handfoot-{game_id}.json"  # as its CSV
