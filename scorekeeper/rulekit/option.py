"""One option of a game's rules: the values it allows and the sentence that explains it,
checked the same way for every game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .messages import N_, fail


@dataclass(frozen=True)
class Option:
    """One option's allowed values and the sentence that explains it."""

    name: str
    choices: tuple[object, ...] | None = None
    low: int | None = None
    high: int | None = None
    nullable: bool = False
    doc: str = ""

    def check(self, value: object) -> object:
        """*value* as the rules record holds it (an enum member for an enum option);
        raise :class:`RulesError` when it is not allowed."""
        if value is None and self.nullable:
            return None
        if self.choices is not None:
            allowed = [plain(c) for c in self.choices]
            raw = value.value if isinstance(value, Enum) else value
            if type(raw) in (str, int, bool) and raw in allowed and (
                    isinstance(raw, bool) == isinstance(allowed[0], bool)):
                return self.choices[allowed.index(raw)]
            raise fail(N_("Option %(name)s must be one of %(allowed)s, not %(value)s."),
                       name=self.name, allowed=", ".join(_show(p) for p in allowed),
                       value=_show(raw))
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(N_("Option %(name)s must be a whole number, not %(value)s."),
                       name=self.name, value=_show(value))
        assert self.low is not None and self.high is not None
        if not self.low <= value <= self.high:
            if abs(value) > 10**12:  # too long to print (Python refuses past 4,300 digits)
                raise fail(N_("Option %(name)s must be between %(low)d and %(high)d."),
                           name=self.name, low=self.low, high=self.high)
            raise fail(N_("Option %(name)s must be between %(low)d and %(high)d, not "
                          "%(value)d."), name=self.name, low=self.low, high=self.high,
                       value=value)
        return value

    def describe(self) -> dict[str, object]:
        """The option as the rules listing of the API shows it."""
        out: dict[str, object] = {"name": self.name, "doc": self.doc}
        if self.choices is not None:
            out["choices"] = [plain(c) for c in self.choices]
        else:
            out["min"], out["max"] = self.low, self.high
        out["nullable"] = self.nullable
        return out

    def schema(self) -> dict[str, object]:
        """The option as the API's OpenAPI description types it: its choices or its
        bounds, null where it may be null, and its sentence (a client generated from the
        description needs every value typed)."""
        out: dict[str, object]
        if self.choices is not None:
            values = [plain(c) for c in self.choices] + ([None] if self.nullable else [])
            out = {"type": json_type(values), "enum": values}
        else:
            out = {"type": ["integer", "null"] if self.nullable else "integer",
                   "minimum": self.low, "maximum": self.high}
        return out | {"description": self.doc}


def json_type(values: list[object]) -> str | list[str]:
    """The JSON Schema type of *values* (their JSON types, in order met): one name, or a
    list of them."""
    names: list[str] = []
    for value in values:
        name = ("null" if value is None else "boolean" if isinstance(value, bool)
                else "integer" if isinstance(value, int) else "number"
                if isinstance(value, float) else "string" if isinstance(value, str)
                else "array" if isinstance(value, list | tuple) else "object")
        if name not in names:
            names.append(name)
    return names[0] if len(names) == 1 else names


def plain(value: object) -> object:
    """An option's value as JSON holds it (an enum member by its value)."""
    return value.value if isinstance(value, Enum) else value


def _show(value: object) -> str:
    """A value as it is written in JSON, for messages."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    return f"“{value}”" if isinstance(value, str) else repr(value)
