"""The rules of a points sheet: one validated frozen record. Where the game ends (a target,
a number of deals, or both: whichever comes first) and whether the highest or the lowest
total wins are the table's to say. Said nothing, it is Tarneeb's: to 41, highest winning."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from scorekeeper.rulekit.messages import N_, fail
from scorekeeper.rulekit.option import Option

PRESET = "points"
#: Where a sheet ends when the table says nothing: Tarneeb's 41.
DEFAULT_TARGET = 41

OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("target", low=1, high=100000, nullable=True, doc=N_(
        "The game ends after the deal in which a side's total reaches it (null: no "
        "target).")),
    Option("deals", low=1, high=200, nullable=True, doc=N_(
        "The game ends after this many deals (null: no set number).")),
    Option("lowest_wins", choices=(False, True), doc=N_(
        "Whether the lowest total wins, as in games scored against the players.")),
)}


@dataclass(frozen=True)
class PointsRules:
    """How a points sheet ends and who wins it."""

    preset: str = PRESET
    target: int | None = None
    deals: int | None = None
    lowest_wins: bool = False

    def __post_init__(self) -> None:
        if self.preset != PRESET:
            raise fail(N_("A points sheet's rules are “points”, not “%(name)s”."),
                       name=str(self.preset))
        for f in fields(self)[1:]:
            object.__setattr__(self, f.name, OPTIONS[f.name].check(getattr(self, f.name)))
        if self.target is None and self.deals is None:
            raise fail(N_("Say where a points sheet ends: a “target”, a number of "
                          "“deals”, or both."))

    @classmethod
    def from_spec(cls, spec: object) -> PointsRules:
        """Rules from ``"points"`` or ``{"preset": "points", option: value, ...}``."""
        if isinstance(spec, str):
            spec = {"preset": spec}
        if not isinstance(spec, Mapping):
            raise fail(N_("Rules must be a preset name or an object with a “preset” "
                          "field."))
        overrides = dict(spec)
        name = overrides.pop("preset", None)
        if name != PRESET:
            raise fail(N_("A points sheet's rules are “points”, not “%(name)s”."),
                       name=str(name))
        for key in overrides:
            if key not in OPTIONS:
                raise fail(N_("Unknown rules option “%(name)s”; the options are "
                              "%(names)s."), name=str(key), names=", ".join(OPTIONS))
        if "target" not in overrides and "deals" not in overrides:
            overrides["target"] = DEFAULT_TARGET
        return cls(PRESET, **overrides)

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a stored game keeps them."""
        return {"preset": self.preset, "target": self.target, "deals": self.deals,
                "lowest_wins": self.lowest_wins}
