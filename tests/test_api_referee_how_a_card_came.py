"""The referee's questions about how a card came and who is asking (issue 16), through the
JSON API: a card taken from the discard pile (``from_discard`` on ``meld``,
``initial-meld`` and ``lay-off``; ``discarder_melded``), a first meld by a player going
out (``going_out``), a Kuwaiti announcement's timing (``cards_played``, ``took_discard``)
and the table's size (``players``, every endpoint). Every new field is optional: a body
without them is ruled as before.

Sources quoted per test: seed 000 "Play", "Initial Meld" and
"Variations: Taking a discarded card"; seed 001 "Hand Game",
"Turns before announcing" and "Announcing special rules". The rules themselves are
tested in tests/test_rules_discard.py and tests/test_rules_going_out_and_announcing.py.
"""

from __future__ import annotations

import pytest
from referee_questions import FIELDS, body_of, post, refused, ruling, said_no

# 10 + 10 + 10 + 10, 11 + 11 + 11 and 10 + 10 + 10: 103, enough to announce at 91.
ANNOUNCED = [["10H", "JH", "QH", "KH"], ["AS", "AD", "AC"], ["KS", "KD", "KC"]]


# --- a wild taken from the discard pile: seed 000, "Play" -------------------------------------

def test_meld_a_discarded_wild_ace_only_as_the_ace_printed_on_it(client):
    """Seed 000, "Play": "If a wild Ace is discarded, the player taking it can only use it
    as a natural Ace of the suit printed on it." With 9♣ turned, 7♦ A♣ 9♦ is a meld from
    hand but not with the A♣ taken from the discard pile."""
    body = {"rules": "levant", "indicator": "9C", "cards": ["7D", "AC", "9D"]}
    assert ruling(post(client, "meld", body))["valid"] is True
    data = said_no(post(client, "meld", {**body, "from_discard": 1}))
    assert data["reason"] == ("A wild A♣ taken from the discard pile may be used only as the "
                              "natural A♣ printed on it, not as 8♦.")
    assert data["cards"] == ["7D", "AC", "9D"]
    data = ruling(post(client, "meld", {**body, "cards": ["QC", "KC", "AC"],
                                        "from_discard": 2}))
    assert data["valid"] is True and data["wild"] is None and data["value"] == 31


def test_meld_a_discarded_joker_only_as_an_ace(client):
    """Seed 000, "Play": "If a wild Joker is discarded, the player taking it can use it as
    an Ace of any suit, but not as any other card." """
    body = {"rules": "levant", "indicator": "AS", "from_discard": 2}
    assert ruling(post(client, "meld", {**body, "cards": ["QD", "KD", "JK"]}))["valid"]
    data = said_no(post(client, "meld", {**body, "cards": ["9D", "10D", "JK"]}))
    assert "may be used only as an ace, not as J♦" in data["reason"]


@pytest.mark.parametrize(("variant", "valid"), [
    ("as_ace", False), ("aces_group", False), ("never", False), ("anywhere", True)])
def test_meld_discarded_wild_variants_are_a_rules_option(client, variant, valid):
    """Seed 000, "Taking a discarded card": only "in a group of Aces", "not ... in any
    circumstances", or "in any meld where a wild card could normally be used"."""
    data = ruling(post(client, "meld", {
        "rules": {"preset": "levant", "discarded_wild": variant}, "indicator": "9C",
        "cards": ["7D", "AC", "9D"], "from_discard": 1}))
    assert data["valid"] is valid


def test_initial_meld_names_the_taken_card_by_meld_and_place(client):
    body = {"rules": "levant", "indicator": "9C",
            "melds": [["KH", "KS", "KD"], ["7D", "AC", "9D", "10D", "JD"]]}
    assert ruling(post(client, "initial-meld", body))["valid"] is True
    data = said_no(post(client, "initial-meld", {**body, "from_discard": [1, 1]}))
    assert data["reason"].startswith("Meld 2 is not valid: A wild A♣ taken from the discard")
    assert [m["valid"] for m in data["melds"]] == [True, False]


def test_initial_meld_short_with_the_taken_card_must_draw_from_the_stock(client):
    """Seed 000, "Play", restriction 1: "because the player has not yet melded and cannot
    satisfy the minimum meld requirement, the player must draw from the stock pile." """
    data = said_no(post(client, "initial-meld", {
        "rules": "levant", "indicator": "9C", "melds": [["2D", "3D", "4D"], ["9H", "9S", "9D"]],
        "from_discard": [0, 0]}))
    assert data["reason"].endswith("draw from the stock instead.")


# --- the card taken starts a new meld: seed 000, "Play" and "Taking a discarded card" --------

def test_lay_off_of_the_card_taken_is_refused(client):
    """Seed 000, "Play": "the next player is not allowed to take the discarded card and add
    it to a meld on the table"."""
    body = body_of("lay-off", from_discard=0, discarder_melded=True)
    data = said_no(post(client, "lay-off", body))
    assert "must start a new meld with at least two cards from the player's hand" in (
        data["reason"])
    assert data["meld"] == ["9C", "10C", "JC"]


def test_lay_off_of_the_card_taken_when_its_discarder_has_melded(client):
    """Seed 000, "Taking a discarded card": "Some players allow a card taken from the
    discard pile to be added to an existing meld on the table ... provided that the player
    who discarded the card already has meld on the table"."""
    rules = {"preset": "levant", "discard_lay_off": True}
    data = ruling(post(client, "lay-off", body_of("lay-off", rules=rules, from_discard=0,
                                                  discarder_melded=True)))
    assert data["valid"] is True and data["meld"] == ["9C", "10C", "JC", "QC"]
    data = said_no(post(client, "lay-off", body_of("lay-off", rules=rules, from_discard=0)))
    assert "only when the player who discarded it has melded" in data["reason"]


# --- going out this turn: seed 000, "Initial Meld", "Exception" ------------------------------

def test_initial_meld_going_out_is_exempt_from_the_bar(client):
    """Seed 000, "Initial Meld": a player who gets rid of all their cards in a single turn
    may do so "even if the value of the melds they put down is less than 51"."""
    body = {"rules": "levant", "indicator": "7C", "melds": [["2D", "3D", "4D"],
                                                          ["5H", "5S", "5C"]]}
    assert said_no(post(client, "initial-meld", body))["total"] == 24
    data = ruling(post(client, "initial-meld", {**body, "going_out": True}))
    assert data["valid"] is True and (data["total"], data["minimum"]) == (24, 51)
    assert data["reason"] == ("The melds are worth 24, short of the 51 a first meld needs, "
                              "but a player who goes out this turn is exempt from the minimum.")


# --- announcing timing: seed 001, "Turns before announcing", "Announcing special rules" -------

def test_announcement_before_the_agreed_cards_are_played_is_refused(client):
    """Seed 001, "Turns before announcing": "A player can only announce when a certain
    number of cards are played into the field"."""
    body = {"rules": {"preset": "kuwait", "announce_after_turns": 16}, "melds": ANNOUNCED,
            "took_discard": True}
    data = said_no(post(client, "initial-meld", {**body, "cards_played": 9}))
    assert data["reason"] == ("Only 9 cards have been played this deal; at this table a "
                              "player may announce once 16 have been.")
    assert ruling(post(client, "initial-meld", {**body, "cards_played": 16}))["valid"]
    # "Ending the game with a hand doesn't follow this rule."
    data = ruling(post(client, "initial-meld", {**body, "cards_played": 3, "going_out": True}))
    assert data["valid"] is True and "needs no announcement" in data["reason"]


def test_announcement_only_right_after_taking_the_previous_discard(client):
    """Seed 001, "Announcing special rules": "a player must pick up a card from the field
    played by the player before him/her, before he/she could announce" (the Kuwaiti
    preset's default: "the norm", "Player mistakes" 5)."""
    body = {"rules": "kuwait", "melds": ANNOUNCED}
    data = said_no(post(client, "initial-meld", {**body, "took_discard": False}))
    assert "only right after taking the previous player's discard" in data["reason"]
    assert ruling(post(client, "initial-meld", {**body, "took_discard": True}))["valid"]
    assert ruling(post(client, "initial-meld", {**body, "from_discard": [2, 0]}))["valid"]
    # Left out, as clients before these fields send it: the melds are ruled alone.
    assert ruling(post(client, "initial-meld", body))["valid"]


# --- the table's size: seed 001, "Hand Game" ----------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_kuwaiti_table_of_two_or_three_refuses_a_second_copy(client, players):
    """Seed 001: "In a 2 or 3 player game, only 1 deck of cards is used." """
    body = {"rules": "kuwait", "cards": ["5H", "5S", "5H"]}
    error = refused(post(client, "meld", {**body, "players": players}), "5♥")
    assert "appears 2 times" in error
    # Four players use two packs: the meld is merely invalid.
    assert said_no(post(client, "meld", {**body, "players": 4}))["kind"] is None
    assert said_no(post(client, "meld", body))["kind"] is None


def test_kuwaiti_table_of_five_announces_at_71(client):
    """Seed 001: "usually 71 in 5 player games and 91 in 4 and 3 player games"."""
    body = {"rules": "kuwait", "melds": [["10H", "JH", "QH", "KH"], ["AS", "AD", "AC"]],
            "took_discard": True}
    assert said_no(post(client, "initial-meld", body))["minimum"] == 91
    data = ruling(post(client, "initial-meld", {**body, "players": 5}))
    assert (data["valid"], data["minimum"]) == (True, 71)


@pytest.mark.parametrize(("rules", "players", "mention"), [
    ("levant", 5, "2 to 4 players, not 5"),
    ("kuwait", 1, "from 2 to 5"),
    ("kuwait", 6, "from 2 to 5"),
    ("kuwait", "3", "players"),
    ("kuwait", True, "players"),
    ("kuwait", [3], "players"),
])
def test_players_must_be_a_table_the_form_is_played_by(client, rules, players, mention):
    refused(post(client, "meld", {"rules": rules, "indicator": "7D", "players": players,
                                  "cards": ["9C", "10C", "JC"]}), mention)


# --- malformed new fields: a 400 naming the field -----------------------------------------------

@pytest.mark.parametrize("value", [3, -1, True, "1", [1], 1.0])
@pytest.mark.parametrize("endpoint", ["meld", "lay-off"])
def test_from_discard_must_be_the_place_of_a_card(client, endpoint, value):
    refused(post(client, endpoint, body_of(endpoint, from_discard=value)), "from_discard")


@pytest.mark.parametrize("value", [1, [0], [2, 0], [0, 3], [0, -1], [True, 0], "0,1",
                                   {"meld": 0}])
def test_initial_meld_from_discard_must_be_meld_and_card(client, value):
    refused(post(client, "initial-meld", body_of("initial-meld", from_discard=value)),
            "from_discard", "[meld, card]")


@pytest.mark.parametrize(("field", "value"), [
    ("going_out", "yes"), ("took_discard", 1), ("cards_played", -1), ("cards_played", "8"),
    ("cards_played", True), ("cards_played", 201)])
def test_initial_meld_new_fields_are_checked(client, field, value):
    refused(post(client, "initial-meld", body_of("initial-meld", **{field: value})), field)


def test_lay_off_discarder_melded_must_be_a_boolean(client):
    refused(post(client, "lay-off", body_of("lay-off", discarder_melded="yes")),
            "discarder_melded")


@pytest.mark.parametrize("endpoint", ["meld", "initial-meld", "lay-off"])
def test_new_fields_left_out_or_null_change_nothing(client, endpoint):
    plain = ruling(post(client, endpoint, body_of(endpoint)))
    nulls = dict.fromkeys(["from_discard", "players", "going_out", "cards_played",
                           "took_discard", "discarder_melded"])
    assert ruling(post(client, endpoint, body_of(endpoint, **nulls))) == plain


NEW_FIELDS = {"players", "from_discard", "going_out", "cards_played", "took_discard",
              "discarder_melded"}


@pytest.mark.parametrize("endpoint", FIELDS)
def test_openapi_describes_every_field_read_and_the_new_ones_are_optional(client, endpoint):
    operation = client.get("/api/v1/openapi.json").get_json()["paths"][
        f"/api/v1/referee/{endpoint}"]["post"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    assert set(FIELDS[endpoint]) <= set(schema["properties"])
    assert not NEW_FIELDS & set(schema["required"])
