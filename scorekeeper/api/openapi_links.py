"""The OpenAPI description's links (docs/api.md, "The links a client can follow"): from
an answer to the calls a client can make next with what the answer (or its request)
gave, merged into :mod:`scorekeeper.api.openapi` by operation and status. A client, or a
fuzzer's chains (tests/test_schemathesis.py), follows them with real ids, versions and
PINs instead of guessing them.

Values are OpenAPI runtime expressions. A request body may hold them inside it, and
Schemathesis evaluates those (keys too); its ``x-schemathesis`` key ``merge_body: false``
has it send the body as given rather than mixed into one it made up. A link says what to
send, not that it will be accepted: a new game's first deal is one link per game, which
the other games refuse, and a rematch waits for the game to be over."""

from __future__ import annotations

from ..games.openapi_part import Schema

_AS_GIVEN = {"x-schemathesis": {"merge_body": False}}
# What the answer made: a game, a night or a group.
_NEW = "$response.body#/id"
_SAME_GAME = "$request.path.game_id"
_SAME_PIN = "$request.header.X-Table-PIN"
# Seated in turn (partners alternately), the first two players are on two sides: the
# first records a deal, the second, of another side, confirms or disputes it.
_RECORDER = "$response.body#/players/0"
_OTHER_SIDE = "$response.body#/players/1"


def _first_deals(pin: str) -> Schema:
    """A new game's first deal, recorded by its first player: each game's simplest, Hand's
    (no one went out), Hand and Foot's (the stock ran out, two sides with nothing down) and
    a points sheet's (its first two players' sides scoring: a sheet of two sides). Each
    game refuses the others'."""
    at = {"game_id": _NEW, "header.X-Table-PIN": pin}

    def record(deal: Schema) -> Schema:
        return {"operationId": "record_deal", "parameters": at, "requestBody": {
            "deal": 1, **deal, "recorded_by": _RECORDER}, **_AS_GIVEN}

    return {
        "read": {"operationId": "read_game", "parameters": {"game_id": _NEW}},
        "record": record({"outcome": "stock_exhausted"}),
        "report": record({"outcome": "scored", "went_out": None, "sides": [{}, {}]}),
        "score": record({"outcome": "scored", "points": {_RECORDER: 1, _OTHER_SIDE: 0}}),
    }


def _on_deal(number: str) -> Schema:
    """Deal *number* of the game just changed, from the version the answer gives."""
    return {"game_id": _SAME_GAME, "number": number,
            "header.If-Match": "$response.body#/version"}


def _other_side(number: str) -> Schema:
    """The other side's answer to deal *number*: confirm it, or dispute it."""
    return {
        "confirm": {"operationId": "confirm_deal", "parameters": _on_deal(number),
                    "requestBody": {"by": _OTHER_SIDE}, **_AS_GIVEN},
        "dispute": {"operationId": "dispute_deal", "parameters": _on_deal(number),
                    "requestBody": {"by": _OTHER_SIDE, "reason": "Not what we counted"},
                    **_AS_GIVEN},
    }


_READ_SAME = {"read": {"operationId": "read_game", "parameters": {"game_id": _SAME_GAME}}}


def _rematch(pin: dict[str, str]) -> Schema:
    """Once the game is over (its last deal in, and confirmed where deals are): play it
    again, with the table's PIN *pin* gives."""
    return {"rematch": {"operationId": "rematch_game", "parameters": {
        "game_id": _SAME_GAME, **pin}, "requestBody": {}, **_AS_GIVEN}}


_REMATCH = _rematch({"header.X-Table-PIN": _SAME_PIN})
_RECORDED = {
    **_READ_SAME,
    # The deal just recorded, sent again, is a correction the game accepts (it changes
    # nothing); the version the answer gives is the one it is made from.
    "correct": {"operationId": "correct_deal", "parameters": {
        **_on_deal("$request.body#/deal"), "header.X-Table-PIN": _SAME_PIN},
        "requestBody": "$request.body", **_AS_GIVEN},
    "undo": {"operationId": "undo_deal", "parameters": {
        **_on_deal("$request.body#/deal"), "header.X-Table-PIN": _SAME_PIN}},
    **_other_side("$request.body#/deal"),
    **_REMATCH,
}
_SAME_NIGHT = "$request.path.night_id"


def _night_changes(night: str, pin: str) -> Schema:
    """Between rounds: read the night, a late arrival (named by the client), two players
    swapping seats in the next round, the first player leaving."""
    at = {"night_id": night, "header.X-Table-PIN": pin}
    return {
        "read": {"operationId": "read_night", "parameters": {"night_id": night}},
        "add_player": {"operationId": "add_night_player", "parameters": at},
        "swap": {"operationId": "swap_night_players", "parameters": at, "requestBody": {
            "players": ["$response.body#/players/0", "$response.body#/players/1"]},
            **_AS_GIVEN},
        "remove_player": {"operationId": "remove_night_player", "parameters": {
            **at, "name": "$response.body#/players/0"}},
    }


def _start(night: str, pin: str, number: str) -> Schema:
    """Start round *number*, named as a start should be (a retry then changes nothing)."""
    return {"start_round": {"operationId": "start_round", "parameters": {
        "night_id": night, "header.X-Table-PIN": pin}, "requestBody": {"round": number},
        **_AS_GIVEN}}


#: Each answer's links, by the operation and status that answer.
LINKS: dict[tuple[str, str], Schema] = {
    ("create_game", "201"): _first_deals("$request.body#/pin"),
    ("record_deal", "201"): _RECORDED,
    ("correct_deal", "200"): {**_READ_SAME, **_other_side("$request.path.number"),
                              **_REMATCH},
    # A confirmation may be the last thing a finished game waited for. It is made without
    # the table's PIN, so a PIN game's rematch wants the PIN from the client.
    ("confirm_deal", "200"): {**_READ_SAME, **_rematch({})},
    ("dispute_deal", "200"): _READ_SAME,
    # The rematch keeps the PIN, which the request carried.
    ("rematch_game", "201"): _first_deals(_SAME_PIN),
    ("create_night", "201"): {
        **_night_changes(_NEW, "$request.body#/pin"),
        # The plan's first round: 1.
        **_start(_NEW, "$request.body#/pin", "$response.body#/rounds/0/number")},
    ("start_round", "201"): {
        **_night_changes(_SAME_NIGHT, _SAME_PIN),
        # Take back the round just started (none of its tables has dealt yet).
        "undo_round": {"operationId": "undo_round", "parameters": {
            "night_id": _SAME_NIGHT, "number": "$response.body#/current_round",
            "header.X-Table-PIN": _SAME_PIN}}},
    # The round taken back, started again.
    ("undo_round", "200"): {**_night_changes(_SAME_NIGHT, _SAME_PIN),
                            **_start(_SAME_NIGHT, _SAME_PIN, "$request.path.number")},
    ("create_group", "201"): {
        "read": {"operationId": "read_group", "parameters": {"group_id": _NEW}},
        # Its first two members, one a side (a group made with fewer has no split).
        "balanced_sides": {"operationId": "group_balanced_sides", "parameters": {
            "group_id": _NEW, "sides": "2", "players":
                "{$response.body#/members/0},{$response.body#/members/1}"}}},
}


def add_links(spec: Schema) -> None:
    """Give each answer of *spec* its links. Answers are shared between operations (every
    game's state is one), so each linked answer is copied before it gains its own."""
    operations = {operation["operationId"]: operation for item in spec["paths"].values()
                  for method, operation in item.items() if method != "parameters"}
    for (operation_id, status), links in LINKS.items():
        responses = operations[operation_id]["responses"]
        responses[status] = {**responses[status], "links": links}
