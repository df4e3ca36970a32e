"""A table at work, for the tests, as flaskr's ``AuthActions`` logs in and out: with
``actions = GameActions(client)`` (the ``actions`` fixture in tests/conftest.py), a test
starts a game, records, corrects and undoes deals through the pages as the table's phone
does, makes games and deals through the JSON API as another phone or program does, and
reads a game back.

The forms are posted as a browser posts them: every field of the form, empty ones too.
When the app has CSRF protection on (tests/conftest.py turns it off; the security tests
turn it back on), the token is read off the page first, as a browser has it.

Each action checks that it went through (a redirect, a 201) and says why not if it did not;
a test of what a refused post answers posts the form itself, with ``client.post`` and
:func:`deal_form` or :func:`new_game_form`.
"""

from __future__ import annotations

import re

API = "/api/v1"
#: The forms of Hand the app knows, in the order the new-game form offers them.
PRESETS = ["levant", "egypt", "gulf", "saudi", "kuwait", "hareeqa"]
NAMES = ["Ali", "Badr", "Caro", "Dina", "Emad"]
THREE = NAMES[:3]
FOUR = NAMES[:4]
CSRF_TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def new_game_form(preset="levant", players=THREE, first_dealer="0", **extra) -> dict:
    """The new-game form as a browser posts it: all five seats, empty ones too."""
    data = {"preset": preset, "first_dealer": first_dealer}
    for seat in range(5):
        data[f"player_{seat}"] = players[seat] if seat < len(players) else ""
    return data | extra


def deal_form(number=1, winner: int | None = 1, hands: dict[int, int | None] | None = None,
              outcome="scored", finish="partial", **extra) -> dict:
    """The deal form as posted: *hands* maps a seat to the points left in hand, or to
    ``None`` for a player who never melded. The default is the first deal of a three-player
    table: Badr (seat 1) goes out, Ali kept 20 points, Caro never melded."""
    if hands is None:
        hands = {0: 20, 2: None}
    data = {"deal": str(number), "outcome": outcome, "finish": finish, "indicator": ""}
    if winner is not None:
        data["winner"] = str(winner)
    for seat, points in hands.items():
        data[f"melded_{seat}"] = "no" if points is None else "yes"
        data[f"points_{seat}"] = "" if points is None else str(points)
        data[f"cards_{seat}"] = ""
    return data | extra


#: Scores of the default :func:`deal_form` under the Levant rules (RULES.md section 5):
#: −30 for going out, the points left for a melded player, 100 for one who never melded.
FIRST_SCORES = {"Ali": 20, "Badr": -30, "Caro": 100}

#: Deal forms the page refuses, each with (part of) the message it shows. Recording,
#: correcting and previewing a deal all refuse them.
BAD_DEALS = {
    "no-winner": (deal_form(winner=None), "Say who went out."),
    "winner-not-a-seat": (deal_form(winner=7), "Say who went out."),
    "melded-missing": ({k: v for k, v in deal_form().items() if k != "melded_2"},
                       "Say how Caro finished: melded or not"),
    "melded-without-points-or-cards": (deal_form(hands={0: None, 2: None}) | {
        "melded_0": "yes"}, "give the points left in hand, or the cards"),
    "card-that-does-not-parse": (deal_form(hands={0: None, 2: None}, indicator="7C") | {
        "melded_0": "yes", "cards_0": "9X"}, "“9X” is not a card"),
    "cards-without-indicator": (deal_form(hands={0: None, 2: None}) | {
        "melded_0": "yes", "cards_0": "9H AC"}, "say which card is the indicator"),
    "indicator-that-does-not-parse": (deal_form(hands={0: None, 2: None}, indicator="ZZ") | {
        "melded_0": "yes", "cards_0": "9H"}, "is not a card"),
    "bonus-on-partial-in-levant": (deal_form(bonuses=["one_suit"]), "Bonus"),
}


VERSION = re.compile(r'name="version"[^>]*value="([0-9a-f]+)"')


def csrf_token(text: str) -> str:
    """The CSRF token in the (first) form of *text*, a page or a part of one."""
    match = CSRF_TOKEN.search(text)
    assert match, "no CSRF token in the form"
    return match.group(1)


class GameActions:
    """What a table does to a game, through one test client."""

    def __init__(self, client):
        self.client = client

    # --- through the pages, as the table's phone ------------------------------------

    def start(self, preset="levant", players=THREE, first_dealer="0", **fields) -> str:
        """Start a game through ``/new`` (:func:`new_game_form` with *fields*, e.g.
        ``pin`` or ``partnerships``); its id, read off the redirect to its page."""
        response = self._post("/new", new_game_form(preset, players, first_dealer, **fields),
                              page="/new")
        assert response.status_code == 302, response.text
        match = re.fullmatch(r"/games/([A-Za-z0-9_-]{16,32})", response.location)
        assert match, response.location
        return match.group(1)

    def record(self, game_id: str, number: int = 1, **fields):
        """Record deal *number* through the game page's form (:func:`deal_form` with
        *fields*: ``winner``, ``hands``, ``finish``, ``bonuses``...); the answer, checked
        to be the redirect back to the game."""
        response = self._post(f"/games/{game_id}/deals", deal_form(number, **fields),
                              page=f"/games/{game_id}")
        assert response.status_code == 302, response.text
        return response

    def redeal(self, game_id: str, number: int, outcome="redeal"):
        """Record deal *number* as not scored: a redeal, or ``stock_exhausted``."""
        response = self._post(f"/games/{game_id}/deals",
                              {"deal": str(number), "outcome": outcome},
                              page=f"/games/{game_id}")
        assert response.status_code == 302, response.text
        return response

    def correct(self, game_id: str, number: int, **fields):
        """Correct deal *number* through its edit form (:func:`deal_form` with *fields*)."""
        path = f"/games/{game_id}/deals/{number}/edit"
        form = deal_form(number, **fields) | {"version": self.version_on(path)}
        response = self._post(path, form, page=path)
        assert response.status_code == 302, response.text
        return response

    def undo(self, game_id: str, number: int):
        """Undo deal *number*, the last one, with the game page's button."""
        page = f"/games/{game_id}"
        response = self._post(f"/games/{game_id}/undo",
                              {"deal": str(number), "version": self.version_on(page)},
                              page=page)
        assert response.status_code == 302, response.text
        return response

    def version_on(self, path: str) -> str:
        """The game's version a form on the page at *path* carries (its correction form,
        its undo button)."""
        match = VERSION.search(self.client.get(path).text)
        assert match, f"no version in the forms of {path}"
        return match.group(1)

    def token(self, path: str) -> str:
        """The CSRF token on the page at *path*."""
        return csrf_token(self.client.get(path).text)

    def _post(self, path: str, data: dict, *, page: str):
        """Post *data* to *path*, with the token of the form on *page* when CSRF is on."""
        if self.client.application.config.get("WTF_CSRF_ENABLED", True):
            data = data | {"csrf_token": self.token(page)}
        return self.client.post(path, data=data)

    # --- through the JSON API, as another phone or a program ------------------------

    def create(self, rules="levant", players=THREE, first_dealer: str | None = None,
               **extra) -> dict:
        """A game made with ``POST /games``: its state (checked to be a 201). The first
        player deals first unless *first_dealer* says otherwise."""
        body = {"rules": rules, "players": list(players),
                "first_dealer": first_dealer or players[0], **extra}
        response = self.client.post(f"{API}/games", json=body)
        assert response.status_code == 201, response.get_data(as_text=True)
        return response.get_json()

    def post_deal(self, game_id: str, body: dict) -> dict:
        """Record the deal *body* with ``POST /games/<id>/deals``: the new state (checked
        to be a 201)."""
        response = self.client.post(f"{API}/games/{game_id}/deals", json=body)
        assert response.status_code == 201, response.get_data(as_text=True)
        return response.get_json()

    def state(self, game_id: str) -> dict:
        """The game as ``GET /games/<id>`` has it (checked to be a 200)."""
        response = self.client.get(f"{API}/games/{game_id}")
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.get_json()
