"""What the table writes on a deal of any game besides the game's own report: free text
every game's deal may carry ("misdeal, redealt"). Each is a text column of the shared
deal record (:class:`~scorekeeper.models.DealRecord`) declared with :func:`typed` — that
line is the whole of such a field's declaration (docs/architecture.md, "Where a deal's
data goes"): the deal form and the correction form of every game offer it, the API
takes and answers it by its column's name, the storage writes it with the deal (a
correction changing only it is a correction), the history, the sheet, the print, the
CSV and the backups keep it, all from here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import cast

from sqlalchemy import String

from .games.snapshot import KeptDeal, Snapshot
from .models import DealRecord
from .rulekit.messages import N_, RulesError, fail
from .rulekit.text import plain_text

#: A deal's fields as the table typed them: a column's name to its text (none when empty).
Typed = dict[str, str | None]

_CONTROL = N_("Write the deal's text without control characters.")


@dataclass(frozen=True)
class DealField:
    """One such field: its column (and the API's field, and the form's), its label and
    hint for people (``N_`` strings), and its longest text."""

    name: str
    label: str
    hint: str
    longest: int


@cache
def deal_fields() -> tuple[DealField, ...]:
    """Every field typed on a deal, in the record's order."""
    fields = []
    for column in DealRecord.__table__.columns:
        if (words := column.info.get("typed")) is not None:
            assert isinstance(column.type, String) and column.type.length is not None
            fields.append(DealField(column.key, words[0], words[1], column.type.length))
    return tuple(fields)


def names() -> frozenset[str]:
    return frozenset(field.name for field in deal_fields())


def _read(field: DealField, value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise fail(N_("“%(field)s” must be text (or null), of at most %(most)d characters."),
                   field=field.name, most=field.longest)
    text = plain_text(value, _CONTROL)
    if len(text) > field.longest:
        raise fail(N_("“%(field)s” is %(length)d characters long; it may have at most "
                      "%(most)d."), field=field.name, length=len(text), most=field.longest)
    return text or None


def from_body(data: dict[str, object]) -> Typed:
    """The fields a deal's body gives, taken out of it: those it leaves out are left as
    they are (a correction without them keeps them); :class:`RulesError` naming a field
    that is not text of its length."""
    return {field.name: _read(field, data.pop(field.name))
            for field in deal_fields() if field.name in data}


def as_written(record: DealRecord) -> str | None:
    """The first field of a stored deal (a backup's) holding what the app never writes
    there (a line break, a control character, spaces around), or none."""
    for field in deal_fields():
        value = getattr(record, field.name)
        try:
            if value is not None and _read(field, value) != value:
                return field.name
        except RulesError:
            return field.name
    return None


def from_form(form: Mapping[str, object]) -> Typed:
    """Every field as a deal form posts it (an empty box clears it)."""
    return {field.name: _read(field, form.get(field.name) or None) for field in deal_fields()}


def of_record(record: DealRecord | None) -> Typed:
    """Each field as a stored deal holds it."""
    return {field.name: None if record is None else getattr(record, field.name)
            for field in deal_fields()}


def changed(record: DealRecord, typed: Typed) -> bool:
    return any(getattr(record, name) != value for name, value in typed.items())


def columns(typed: Typed) -> tuple[tuple[str, str | None], ...]:
    """*typed* as the storage writes a change's columns."""
    return tuple(typed.items())


def kept(snapshot: Snapshot, typed: Mapping[str, str | None]) -> KeptDeal:
    """A deal as the history keeps it: its game's snapshot, with each field that holds
    text."""
    # Each field is one of KeptDeal's text keys (tests/test_types.py holds them equal),
    # named here by its column: mypy cannot follow a key that is not written out.
    return cast(KeptDeal, snapshot | {name: value for name, value in typed.items() if value})


def typed_in(deal: Mapping[str, object]) -> Typed:
    """The fields a deal as the history keeps it (a :class:`KeptDeal`) holds: text, as
    :func:`kept` wrote it and a backup's reader checked it."""
    return {name: cast(str | None, deal.get(name)) for name in names()}


def shown(typed: Mapping[str, str | None]) -> Iterable[tuple[DealField, str]]:
    """The fields holding text, each with its declaration, for a page."""
    return [(field, text) for field in deal_fields() if (text := typed.get(field.name))]
