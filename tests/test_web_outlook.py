"""The game page's status card before the last round (issue 25): for each player or side
not alone in front, what would put them there — or, kindly, that nothing can — in the
reader's language; nothing of it before then. The sentences are the engine's
(tests/test_rules_outlook.py); the card says them, and the live part and the answer to
a save carry the card too."""

from __future__ import annotations

import html
import re

from game_actions import API, THREE, deal_form


def card(text: str) -> list[str] | None:
    """The outlook's lines on a page, or None when it shows none."""
    block = re.search(r'<div class="outlook">(.*?)</div>', text, re.S)
    if block is None:
        return None
    title = re.search(r'<p class="outlook-title">(.*?)</p>', block.group(1), re.S)
    lines = re.findall(r"<li>(.*?)</li>", block.group(1), re.S)
    heading = re.sub(r"<[^>]+>", "", title.group(1)).strip()
    return [html.unescape(heading), *(html.unescape(li) for li in lines)]


def won(number, winner, finish, **points):
    return {"deal": number, "outcome": "scored", "winner": winner, "finish": finish,
            "hands": {name: {"melded": False} if value is None else
                      {"melded": True, "points": value} for name, value in points.items()}}


def test_the_status_card_says_what_puts_each_player_in_front(client, actions):
    game_id = actions.create({"preset": "levant", "rounds": 3})["id"]
    assert card(client.get(f"/games/{game_id}").text) is None
    actions.post_deal(game_id, won(1, "Ali", "full", Badr=20, Caro=None))
    assert card(client.get(f"/games/{game_id}").text) is None  # two rounds left
    actions.post_deal(game_id, won(2, "Ali", "full", Badr=20, Caro=None))
    assert card(client.get(f"/games/{game_id}").text) == [
        "To finish in front this round",
        "Badr: a full hand, with Ali paying at least 142",
        "Caro cannot catch up this round — play for the honour.",
    ]


def test_the_card_follows_the_game_as_deals_are_saved(client, actions):
    game_id = actions.start("levant", THREE, opt_rounds="2")
    response = client.post(f"/games/{game_id}/deals", data=deal_form(1),
                           headers={"HX-Request": "true"})
    # The answer to a save sends the status card anew, out of band.
    shown = card(response.text)
    assert shown is not None and shown[0] == "To finish in front this round"
    live = re.search(r'hx-get="([^"]+)"', client.get(f"/games/{game_id}").text).group(1)
    assert card(client.get(live, headers={"HX-Request": "true"}).text) == shown


def test_the_card_in_arabic_keeps_each_name_and_number_apart(client, actions):
    game_id = actions.create({"preset": "levant", "rounds": 2})["id"]
    actions.post_deal(game_id, won(1, "Ali", "partial", Badr=40, Caro=120))
    arabic = card(client.get(f"/games/{game_id}", headers={"Accept-Language": "ar"}).text)
    assert arabic is not None and len(arabic) == 3
    assert "\u2068Ali\u2069" in arabic[1] and "\u206841\u2069" in arabic[1]


def test_a_hand_and_foot_card_gives_the_points_behind(client, actions):
    contract = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}
    game_id = actions.create({"preset": "hand_and_foot", "rounds": 2}, ["Ann", "Ben"])["id"]
    assert card(client.get(f"/games/{game_id}").text) is None
    client.post(f"{API}/games/{game_id}/deals", json={
        "deal": 1, "outcome": "scored", "went_out": "Ann",
        "sides": [{**contract, "melded": 500}, {"melded": 200}]})
    assert card(client.get(f"/games/{game_id}").text) == [
        "To finish in front this deal",
        "Ben: outscoring Ann by more than 3500 points this deal"]


def test_names_on_the_card_are_escaped(client, actions):
    evil = "<b>Zed</b>"
    game_id = actions.create({"preset": "levant", "rounds": 2}, ["Ali", evil])["id"]
    actions.post_deal(game_id, won(1, "Ali", "partial", **{evil: 40}))
    text = client.get(f"/games/{game_id}").text
    assert "<b>Zed</b>" not in text and card(text)[1].startswith(evil + ":")
