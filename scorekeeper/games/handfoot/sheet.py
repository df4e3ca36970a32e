"""Hand and Foot's score sheet: a column per side, each deal marked with its opening
minimum; and the same sheet as CSV, with who went out."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorekeeper.ui.sheet import Row, Sheet, csv_cell

from .rules import Contract, HandFootRules, HandFootState, side_name
from .setup import SET_NAMES


def minimum_text(minimum: int | tuple[int, ...] | None) -> str:
    """A deal's opening minimum, or each side's (by score) in the order of the sides."""
    if isinstance(minimum, tuple):
        return " / ".join(str(m) for m in minimum)
    return "" if minimum is None else str(minimum)


def _n(value: int) -> str:
    return f"{value:,}"


def contract_text(contract: Contract) -> str:
    """The piles a side needs to go out, in words."""
    text: str = _("%(clean)d clean, %(dirty)d dirty and %(wild)d wild piles",
                  clean=contract.clean, dirty=contract.dirty, wild=contract.wild)
    for rank, count in contract.ranks:
        text += _(", with %(count)d of %(rank)ss", count=count, rank=rank.value)
    return text


def rules_summary(rules: HandFootRules) -> list[str]:
    """The rules in force, one short phrase each, for the page and the printed sheet."""
    out = [str(SET_NAMES.get(rules.preset, rules.preset))]
    out.append(_("to %(target)s", target=_n(rules.target)) if rules.target is not None
               else _("%(n)d deals", n=rules.rounds))
    if rules.minimums_by_score is not None:
        out.append(_("opening meld by score: %(steps)s", steps=", ".join(
            f"{_n(start)}→{m}" for start, m in rules.minimums_by_score)))
    else:
        out.append(_("opening meld %(list)s", list=" / ".join(map(str, rules.minimums))))
    if rules.contracts is None:
        out.append(_("to go out: %(piles)s", piles=contract_text(rules.contract)))
    else:
        out.append(_("to go out, deal by deal (clean/dirty/wild): %(piles)s", piles=", ".join(
            "/".join(str(v) for v in c.as_dict().values()) for c in rules.contracts)))
    going_out = rules.going_out
    out.append(_("going out %(points)s", points=" / ".join(map(str, going_out))
                 if isinstance(going_out, tuple) else str(going_out)))
    out.append(_("piles %(clean)s clean, %(dirty)s dirty, %(wild)s wild",
                 clean=_n(rules.clean_pile), dirty=_n(rules.dirty_pile),
                 wild=_n(rules.wild_pile)) if rules.wild_melds else
               _("piles %(clean)s clean, %(dirty)s dirty, no wild melds",
                 clean=_n(rules.clean_pile), dirty=_n(rules.dirty_pile)))
    for rank, points in rules.rank_piles:
        out.append(_("a pile of %(rank)ss %(points)s", rank=rank.value, points=_n(points)))
    out.append(_("red threes %(laid)+d laid, −%(caught)d caught",
                 laid=rules.laid(True), caught=rules.caught))
    return out


def sheet_of(state: HandFootState) -> Sheet:
    columns = tuple(side_name(side) for side in state.table.units)
    rows = tuple(Row(line.number, "scored", _("minimum %(n)s", n=minimum_text(line.minimum)),
                     None, line.dealer, tuple(zip(
                         [s.total for s in line.scores], line.totals, strict=True)))
                 for line in state.deals)
    # The sides the engine says lead (the highest total), by their first player.
    leaders = tuple(i for i, side in enumerate(state.table.units)
                    if side[0] in state.leaders)
    return Sheet(columns, rows, state.team_totals, leaders)


def csv_rows(state: HandFootState) -> list[list[Any]]:
    """A row per deal: each side's score and its parts, then the totals."""
    names = [side_name(side) for side in state.table.units]
    rows: list[list[Any]] = [[_("Deal"), _("Dealer"), _("Minimum"), _("Went out"),
                              *map(csv_cell, names)]]
    for line in state.deals:
        rows.append([line.number, csv_cell(line.dealer), minimum_text(line.minimum),
                     csv_cell(line.went_out or _("nobody (stock ran out)")),
                     *[s.total for s in line.scores]])
    rows.append([_("Total"), "", "", "", *state.team_totals])
    return rows
