"""A points sheet as the rest of the app sees it: its declaration and one
:class:`~scorekeeper.games.kind.GameKind` made of this package's engine, JSON, storage,
league and pages. It has no referee and scores no round on its own: the kind's defaults
say so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from scorekeeper.rulekit.messages import N_

from ..kind import GameKind
from . import league, openapi, store
from .about import INFO
from .codec import DEAL_FIELDS, deal_from_json, state_to_json
from .pages import PAGES
from .rules import (
    OPTIONS,
    PRESET,
    PointsDeal,
    PointsRules,
    PointsState,
    PointsTable,
    extend,
    rematch_dealer,
    replay,
)

NOTES = {PRESET: N_("A plain points sheet for the other card games the table plays "
                    "(Tarneeb, Baloot, Kout, Trix…): each side's points per deal, to a "
                    "target or a number of deals.")}


def _deal_from_json(data: Mapping[str, Any], number: int, spec: object | None) -> PointsDeal:
    return deal_from_json(data, number)


def _listing() -> dict[str, dict[str, Any]]:
    """Its one preset, with its options described beside them."""
    docs = {name: option.describe() | {"doc": gettext(option.doc)}
            for name, option in OPTIONS.items()}
    return {"presets": {PRESET: {
        "game": PRESET, "note": gettext(NOTES[PRESET]),
        "options": PointsRules.from_spec(PRESET).to_dict(), "option_docs": docs}},
        "options": {}}


POINTS = GameKind[PointsTable, PointsDeal, PointsState](
    info=INFO, pages=PAGES, new_game=store.new_game, table_of=store.table_of,
    deal_from_report=store.deal_from_report, report_of=store.report_of,
    report_columns=store.REPORT_COLUMNS, replay=replay, extend=extend,
    snapshot=store.snapshot, snapshot_fields=store.SNAPSHOT_FIELDS, deal_fields=DEAL_FIELDS,
    check_stored=store.check_stored, result=league.result, league_figures=league.figures,
    rematch_dealer=rematch_dealer, deal_from_json=_deal_from_json,
    state_to_json=state_to_json, listing=_listing, openapi=openapi.part, notes=NOTES)
