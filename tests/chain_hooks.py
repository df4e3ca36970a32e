"""Schemathesis hooks for its chains phase (tests/test_schemathesis.py): every game the
chains create is one the API accepts, so that the links after it (record the first deal,
correct it, undo it) are followed on a real game. The earlier phases fuzz game creation
itself, bodies valid and invalid, without these hooks.

A PIN the fuzzer drew is kept (as the plain digits a header can carry), so some of the
chained games are locked and the links must carry their PIN into every change."""

import re

import schemathesis

TABLES = (
    {"rules": "levant", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Ali"},
    {"rules": "gulf", "players": ["Ali", "Badr", "Caro", "Dana"], "first_dealer": "Badr",
     "partnerships": True},
    {"rules": "egypt", "players": ["Ali", "Badr"], "first_dealer": "Badr"},
    {"rules": "hareeqa", "players": ["Ali", "Badr", "Caro"], "first_dealer": "Caro"},
    {"rules": "hand_and_foot", "players": ["Ann", "Bob", "Cy", "Dee"], "first_dealer": "Ann",
     "partnerships": True},
)
DIGITS = re.compile(r"[0-9]{4,8}")


@schemathesis.hook
def map_case(context, case):
    if case.operation.label != "POST /api/v1/games" or not isinstance(case.body, dict):
        return case
    drawn = case.body
    table = dict(TABLES[len(repr(drawn)) % len(TABLES)])
    pin = drawn.get("pin")
    if isinstance(pin, str) and DIGITS.fullmatch(pin.strip()):
        table["pin"] = pin.strip()
    case.body = table
    return case
