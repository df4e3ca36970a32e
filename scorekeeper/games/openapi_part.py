"""What a game adds to the API's OpenAPI description, as one typed record: each game's
``openapi.py`` builds an :class:`OpenApiPart` and scorekeeper/api/openapi.py merges them
(with the create-game fields and the round scored without a game read by api/games.py and
api/scoring.py). Each field says where the description uses it, so a game's author knows
what to write without reading the merge."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..jsontypes import JSONObject

#: A JSON Schema, or a piece of one, and a request's body: both are JSON objects whose
#: values are free-form JSON (a schema's keywords take strings, numbers, lists and further
#: schemas; a body's fields whatever a client sends).
# The description is built by merging and amending these pieces in place (api/openapi.py),
# deep inside nested schemas; its shape is JSON Schema's own, checked by the tests with a
# validator. Any: a schema's values are read and changed at any depth without narrowing.
Schema = dict[str, Any]
Body = JSONObject


class Question(NamedTuple):
    """A question the referee answers (or the round scored without a game)."""

    #: The operation's summary, in a sentence.
    summary: str
    #: The body's fields beside ``rules`` and ``players``, each with its schema.
    body: Schema
    #: The schema of the ruling it answers with.
    answer: Schema
    #: The fields of *body* the question cannot do without (``rules`` always is).
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class OpenApiPart:
    """One game's part of the description: its rules, what its deals and states hold
    besides every game's fields, and what it asks of the referee. A game writes only what
    it has; the defaults say it has none."""

    #: The game's rules object (the schema named ``<Game>Rules``).
    rules: Schema
    #: How its deals can end: the ``outcome`` a deal is recorded with.
    outcomes: tuple[str, ...]
    #: The fields a recorded deal's body takes besides the number and the outcome.
    deal: Schema
    #: The fields a replayed deal's line holds besides every game's.
    line: Schema
    #: The fields its state holds besides every game's.
    state: Schema
    #: Which of *state*'s fields every answer has.
    state_required: tuple[str, ...] = ()
    #: Its referee's questions, by the address's last part (``meld``, ``go-out``).
    referee: Mapping[str, Question] = field(default_factory=dict)
    #: ``/score/round``, where the game scores a round without storing it.
    score_round: Question | None = None
    #: A body each question (and ``round``) accepts, for clients and the fuzzer.
    examples: Mapping[str, Body] = field(default_factory=dict)
    #: The fields a new game's body takes besides every game's (Hand and Foot's sides).
    game: Schema = field(default_factory=dict)
    #: Schemas of its own the others refer to, by name (``Side``).
    schemas: Schema = field(default_factory=dict)
