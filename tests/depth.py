"""How far the property tests and the fuzzers go.

`make test` (and CI) runs the everyday depth. `make test-deep` sets HYPOTHESIS_PROFILE=deep:
every property tries ten times its examples (``examples``; tests/conftest.py registers both
profiles for the properties that name no count) and Schemathesis runs longer — for a night
before a release, not for every change."""

import os

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
SCALE = 10 if DEEP else 1


def examples(everyday: int) -> int:
    """The examples a property tries: *everyday* in `make test`, ten times as many deep."""
    return everyday * SCALE
