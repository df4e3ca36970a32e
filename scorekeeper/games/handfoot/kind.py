"""Hand and Foot as the rest of the app sees it: its declaration and one
:class:`~scorekeeper.games.kind.GameKind` made of this package's engine, translation,
referee, storage and pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from scorekeeper.codec import PayloadError
from scorekeeper.rulekit.messages import N_, msg

from ..kind import GameKind
from . import league, openapi, store
from .about import INFO
from .codec import DEAL_FIELDS, deal_from_json, state_to_json
from .pages import PAGES
from .referee import CHECKS, FIELDS, decide
from .rules import (
    OPTIONS,
    PRESET,
    STRUCTURED,
    HandFootDeal,
    HandFootRules,
    HandFootState,
    HandFootTable,
    extend,
    rematch_dealer,
    replay,
)
from .rules.house import SET_NOTES, SETS


def _deal_from_json(data: Mapping[str, Any], number: int,
                    spec: object | None) -> HandFootDeal:
    return deal_from_json(data, number)


def _score_round(data: Mapping[str, Any]) -> dict[str, Any]:
    raise PayloadError(msg(N_("A deal of Hand and Foot is scored side by side, from each "
                              "side's piles and points: record it in a stored game.")))


def _listing() -> dict[str, dict[str, Any]]:
    """Its presets, with its own options (seed 003) described beside them."""
    docs = {
        **{name: option.describe() | {"doc": gettext(option.doc)}
           for name, option in OPTIONS.items()},
        **{name: described | {"doc": gettext(str(described["doc"])),
                              "nullable": described.get("nullable", False)}
           for name, described in STRUCTURED.items()}}
    return {"presets": {
        preset: {"game": PRESET, "note": gettext(SET_NOTES[preset]),
                 "options": HandFootRules.from_spec(preset).to_dict(every=True),
                 "option_docs": docs} for preset in SETS},
        "options": {}}


HANDFOOT = GameKind[HandFootTable, HandFootDeal, HandFootState](
    info=INFO, pages=PAGES, new_game=store.new_game, table_of=store.table_of,
    deal_from_report=store.deal_from_report, report_of=store.report_of,
    report_columns=store.REPORT_COLUMNS, replay=replay, extend=extend,
    snapshot=store.snapshot, snapshot_fields=store.SNAPSHOT_FIELDS, deal_fields=DEAL_FIELDS,
    check_stored=store.check_stored, result=league.result, league_figures=league.figures,
    rematch_dealer=rematch_dealer, deal_from_json=_deal_from_json,
    state_to_json=state_to_json, listing=_listing, openapi=openapi.part, notes=SET_NOTES,
    checks=CHECKS, decide=decide, score_round=_score_round,
    question_fields={check: frozenset(fields) for check, fields in FIELDS.items()})
