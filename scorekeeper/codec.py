"""What every game's JSON shares: the error a malformed body raises, and the fields any
game's bodies carry (cards, flags, choices, a deal's number). Each game's own translator
(``scorekeeper.games.<game>.codec``) reads its deals and writes its states with these;
anything malformed raises :class:`PayloadError` with one sentence naming the field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .rulekit import Card, Message, parse_cards
from .rulekit.messages import N_, msg


class PayloadError(ValueError):
    """A body that is not what the endpoint takes."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


# --- fields --------------------------------------------------------------------------

def cards_of(data: Mapping[str, object], field: str, *,
             required: bool = True) -> tuple[Card, ...]:
    if field not in data:
        if not required:
            return ()
        raise PayloadError(msg(N_("The field “%(field)s” is missing; give it as a list of "
                                  "cards like [\"9C\", \"10C\", \"JC\"]."), field=field))
    if not isinstance(data[field], list):
        raise PayloadError(msg(N_("The field “%(field)s” must be a list of cards like "
                                  "[\"9C\", \"10C\", \"JC\"]."), field=field))
    return parse_cards(data[field])


def flag_of(data: Mapping[str, object], field: str) -> bool:
    value = data.get(field)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise PayloadError(msg(N_("The field “%(field)s” must be true or false."),
                               field=field))
    return value


def choice_of(data: Mapping[str, object], field: str, choices: tuple[str, ...]) -> str | None:
    value = data.get(field)
    if value is not None and value not in choices:
        raise PayloadError(msg(N_("The field “%(field)s” must be one of %(choices)s."),
                               field=field, choices=", ".join(choices)))
    return value


def cards_out(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def deal_number(data: Mapping[str, object]) -> int:
    number = data.get("deal")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise PayloadError(msg(N_("The field “deal” must be the number of this deal: 1 for "
                                  "the first.")))
    return number


# --- in the OpenAPI description --------------------------------------------------------

#: A card, and a list of cards, as every game's part of the OpenAPI description names them.
CARD_SCHEMA = {"$ref": "#/components/schemas/Card"}
CARDS_SCHEMA = {"type": "array", "items": CARD_SCHEMA}


def sides_of(teams: object) -> list[list[str]] | None:
    """The sides a new game's body (or the new-game form) names in ``teams``: lists of
    players' names, as typed; ``None`` when it names none. Which sides a game takes is
    the game's to say."""
    if teams is None:
        return None
    if not isinstance(teams, list) or not all(
            isinstance(t, list) and all(isinstance(n, str) for n in t) for t in teams):
        raise PayloadError(msg(N_("The field “teams” must list the sides, each a list of "
                                  "players' names, like [[\"Ann\", \"Cy\"], [\"Bob\", "
                                  "\"Dee\"]].")))
    return [[n.strip() for n in t] for t in teams]


# --- a deal's stored report --------------------------------------------------------------

def seat_named(seat: object, players: tuple[str, ...]) -> str:
    """The player at *seat* of a stored report (a position, 0 first): :class:`ValueError`
    when it is none of the table's."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        raise ValueError(f"seat {seat!r} is not one of the table's {len(players)}")
    return players[seat]
