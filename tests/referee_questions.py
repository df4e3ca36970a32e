"""The referee's questions as the JSON API takes them, for the referee API tests: one
well-formed body per endpoint (all under levant with 7♦ turned), the fields that hold
cards and every field each endpoint reads, and how to ask and read a ruling: a 200 that
says yes or no with a reason, or a 400 with one sentence.
"""

from __future__ import annotations

import json

from game_actions import API


def cards_of(text: str) -> list[str]:
    """``cards_of("9C 10C JC")`` → ``["9C", "10C", "JC"]``."""
    return text.split()


REFEREE = ["meld", "initial-meld", "lay-off", "swap", "hand", "redeal"]

# A full hand under levant with 7♠ turned (A♠ wild): three groups and a run, discard 4♠.
FULL_HAND = cards_of("10H JH QH KH AH 2S 2D 2C 5S 5D 5C 8S 8D 8C 4S")
# Fourteen cards as dealt, with four identical pairs.
FOUR_PAIRS = cards_of("2H 2H 3H 3H 4H 4H 5H 5H 6H 7H 8H 9H 10H JH")

#: One well-formed body per endpoint, all under levant with 7♦ turned, so the indicator
#: matters everywhere. Each of them gets a 200
#: (tests/test_api_referee_melds.py checks).
VALID = {
    "meld": {"rules": "levant", "indicator": "7D", "cards": ["9C", "10C", "JC"]},
    "initial-meld": {"rules": "levant", "indicator": "7D",
                     "melds": [["9C", "10C", "JC"], ["QH", "QS", "QC"]]},
    "lay-off": {"rules": "levant", "indicator": "7D", "meld": ["9C", "10C", "JC"],
                "add": ["QC"]},
    "swap": {"rules": "levant", "indicator": "7D", "meld": ["9C", "AD", "JC"],
             "give": ["10C"]},
    "hand": {"rules": "levant", "indicator": "7D", "cards": FULL_HAND},
    "redeal": {"rules": "levant", "indicator": "7D", "cards": FOUR_PAIRS},
}

#: The fields of each endpoint that hold cards: (endpoint, field).
CARD_FIELDS = [("meld", "cards"), ("initial-meld", "melds"), ("lay-off", "meld"),
               ("lay-off", "add"), ("swap", "meld"), ("swap", "give"), ("hand", "cards"),
               ("redeal", "cards")]

#: Every field each endpoint reads.
FIELDS = {
    "meld": ["rules", "players", "indicator", "cards", "from_discard"],
    "initial-meld": ["rules", "players", "indicator", "melds", "minimum", "from_discard",
                     "going_out", "cards_played", "took_discard"],
    "lay-off": ["rules", "players", "indicator", "meld", "add", "end", "going_out",
                "one_card", "from_discard", "discarder_melded"],
    "swap": ["rules", "players", "indicator", "meld", "give"],
    "hand": ["rules", "players", "indicator", "cards"],
    "redeal": ["rules", "players", "indicator", "cards"],
}



def post(client, endpoint: str, body):
    # Serialised here: the test client's json=None would send no body at all, not null.
    return client.post(f"{API}/referee/{endpoint}", data=json.dumps(body),
                       content_type="application/json")


def ruling(response) -> dict:
    """The JSON of a 200 ruling."""
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.is_json
    return response.get_json()


def said_no(response, flag: str = "valid") -> dict:
    """A ruling that says no: 200, the flag false, and a reason to read aloud."""
    data = ruling(response)
    assert data[flag] is False
    assert isinstance(data["reason"], str) and data["reason"].strip()
    return data


def refused(response, *mentions: str) -> str:
    """A 400 with one sentence in ``error`` that names each of *mentions*."""
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.is_json
    data = response.get_json()
    assert set(data) == {"error"}
    error = data["error"]
    assert isinstance(error, str) and error.strip()
    assert "\n" not in error and "Traceback" not in error
    for text in mentions:
        assert text in error, f"{text!r} not named in {error!r}"
    return error


def body_of(endpoint: str, **changes) -> dict:
    """A deep copy of the valid body of *endpoint* with *changes* applied."""
    body = json.loads(json.dumps(VALID[endpoint]))
    body.update(changes)
    return body


def with_first_cards(endpoint: str, *texts) -> dict:
    """The valid body of *endpoint* with its first card(s) replaced by *texts*."""
    body = body_of(endpoint)
    cards = body["melds"][0] if endpoint == "initial-meld" else body[
        "meld" if endpoint in ("lay-off", "swap") else "cards"]
    cards[:len(texts)] = texts
    return body


def meld(client, cards: str, rules="levant", indicator: str | None = "7D") -> dict:
    body = {"rules": rules, "cards": cards.split()}
    if indicator is not None:
        body["indicator"] = indicator
    return ruling(post(client, "meld", body))
