"""Hand and Foot's score sheet: a column per side, each deal marked with its opening
minimum; and the same sheet as CSV, with who went out."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.ui.names import together
from scorekeeper.ui.sheet import Mark, Row, Sheet, csv_cell

from .rules import Contract, HandFootLine, HandFootRules, HandFootState, HandFootTable
from .rules.kinds import KIND_NAMES
from .setup import SET_NAMES


def minimum_text(minimum: int | tuple[int, ...] | None) -> str:
    """A deal's opening minimum, or each side's (by score) in the order of the sides —
    once where every side's is the same (six players alone would fill the deal's column)."""
    if isinstance(minimum, tuple):
        return " / ".join(str(m) for m in minimum) if len(set(minimum)) > 1 else (
            str(minimum[0]) if minimum else "")
    return "" if minimum is None else str(minimum)


def _n(value: int) -> str:
    return f"{value:,}"


def contract_text(contract: Contract, rules: HandFootRules) -> str:
    """The piles a side needs to go out, in words: in a set without melds of wild cards,
    no word of wild piles (issue 39, point 9)."""
    if not (contract.clean or contract.dirty or contract.wild or contract.ranks):
        nothing: str = _("no complete pile")
        return nothing
    text: str = (_("%(clean)d clean, %(dirty)d dirty and %(wild)d wild piles",
                   clean=contract.clean, dirty=contract.dirty, wild=contract.wild)
                 if rules.wild_melds else
                 _("%(clean)d clean and %(dirty)d dirty piles", clean=contract.clean,
                   dirty=contract.dirty))
    for rank, count in contract.ranks:
        text += _(", with %(count)d of %(rank)ss", count=count, rank=rank.value)
    return text


def rules_summary(rules: HandFootRules) -> list[str]:
    """The rules in force, one short phrase each, for the page and the printed sheet."""
    out = [str(SET_NAMES.get(rules.preset, rules.preset))]
    out.append(_("to %(target)s", target=_n(rules.target)) if rules.target is not None
               else ngettext("%(num)d deal", "%(num)d deals", rules.rounds or 0))
    if rules.minimums_by_score is not None:
        out.append(_("opening meld by score: %(steps)s", steps=", ".join(
            f"{_n(start)}→{m}" for start, m in rules.minimums_by_score)))
    else:
        out.append(_("opening meld %(list)s", list=" / ".join(map(str, rules.minimums))))
    if rules.contracts is None:
        out.append(_("to go out: %(piles)s", piles=contract_text(rules.contract, rules)))
    else:
        out.append(_("to go out, deal by deal (clean/dirty/wild): %(piles)s", piles=", ".join(
            "/".join(str(v) for v in c.as_dict().values()) for c in rules.contracts))
                   if rules.wild_melds else
                   _("to go out, deal by deal (clean/dirty): %(piles)s", piles=", ".join(
                       "/".join(str(v) for k, v in c.as_dict().items() if k != "wild")
                       for c in rules.contracts)))
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
    return out + _rarer_rules(rules)


#: The seed's own values (seed 003, "Card Values"), against which a house's are told.
_SEED = HandFootRules()


def _rarer_rules(rules: HandFootRules) -> list[str]:
    """The rarer rules in force where they are not the seed's: a table checking the sheet
    against its own rules must find every one it plays (a walkthrough missed them)."""
    out = []
    if rules.dirty_wild_pile is not None:
        out.append(_("a wild pile mixing twos and jokers %(points)s",
                     points=_n(rules.dirty_wild_pile)))
    if rules.red_threes_bonus is not None:
        out.append(_("%(count)d red threes laid in one deal: %(points)s more",
                     count=rules.red_threes_bonus.count,
                     points=_n(rules.red_threes_bonus.points)))
    if rules.black_three != _SEED.black_three:
        out.append(_("a black three left −%(points)d", points=rules.black_three))
    if rules.black_three_melded:
        out.append(_("a black three melded going out +%(points)d",
                     points=rules.black_three_melded))
    if rules.black_three_pile:
        out.append(_("a pile of black threes %(points)s", points=_n(rules.black_three_pile)))
    if rules.first_meld:
        out.append(_("the first side to meld %(points)s", points=_n(rules.first_meld)))
    if rules.perfect_draw:
        out.append(_("a perfect draw %(points)s", points=_n(rules.perfect_draw)))
    if rules.pickup != _SEED.pickup:
        out.append(_("taking the pile takes it whole") if rules.pickup is None else
                   _("taking the pile takes its top %(n)d", n=rules.pickup))
    changed = [f"{_(KIND_NAMES[kind])} {getattr(rules, kind)}"
               for kind in ("joker", "two", "ace", "eight_to_king", "four_to_seven")
               if getattr(rules, kind) != getattr(_SEED, kind)]
    changed += [f"{rank.value} {value}" for rank, value in rules.card_values]
    if changed:
        out.append(_("cards worth: %(values)s", values=", ".join(changed)))
    return out


def sheet_of(state: HandFootState, last: int | None = None) -> Sheet:
    """The sheet of *state*: every deal's row, or those of the *last* deals only."""
    columns = tuple(together(side) for side in state.table.units)
    rows = tuple(Row(line.number, "scored", _note(line), None, line.dealer, tuple(zip(
                     [s.total for s in line.scores], line.totals, strict=True)),
                     mark=_went_out(state.table, line))
                 for line in (state.deals[-last:] if last else state.deals))
    # The sides the engine says lead (the highest total), by their first player.
    leaders = tuple(i for i, side in enumerate(state.table.units)
                    if side[0] in state.leaders)
    running = None if not last else tuple(tuple(line.totals) for line in state.deals)
    return Sheet(columns, rows, state.team_totals, leaders, running=running)


def _note(line: HandFootLine) -> str:
    minimum: str = _("minimum %(n)s", n=minimum_text(line.minimum))
    if line.went_out is None:
        minimum = _("%(minimum)s · stock ran out", minimum=minimum)
    return minimum


def _went_out(table: HandFootTable, line: HandFootLine) -> Mark | None:
    """The side of the player who went out, marked by its score."""
    if line.went_out is None:
        return None
    return Mark(table.side_of(line.went_out), _("out"),
                _("%(name)s went out", name=line.went_out))


def csv_rows(state: HandFootState) -> list[list[Any]]:
    """A row per deal: each side's score and its parts, then the totals."""
    names = [together(side) for side in state.table.units]
    rows: list[list[Any]] = [[_("Deal"), _("Dealer"), _("Minimum"), _("Went out"),
                              *map(csv_cell, names)]]
    for line in state.deals:
        rows.append([line.number, csv_cell(line.dealer), minimum_text(line.minimum),
                     csv_cell(line.went_out or _("nobody (stock ran out)")),
                     *[s.total for s in line.scores]])
    rows.append([_("Total"), "", "", "", *state.team_totals])
    return rows
