"""Hand as the rest of the app sees it: its declaration and one
:class:`~scorekeeper.games.kind.GameKind` made of this package's engine, translation,
referee, storage and pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kind import GameKind
from . import answers, league, openapi, store, stored
from .about import INFO
from .codec import DEAL_FIELDS, deal_from_json, state_to_json
from .pages import PAGES
from .rules import (
    Check,
    Deal,
    GameState,
    Rules,
    Table,
    extend,
    rematch_dealer,
    replay,
)
from .rules.options import PRESET_NOTES


def _deal_from_json(data: Mapping[str, Any], number: int, spec: object | None) -> Deal:
    return deal_from_json(data, number, None if spec is None else Rules.from_spec(spec))


HAND = GameKind[Table, Deal, GameState](
    info=INFO, pages=PAGES, new_game=store.new_game, table_of=store.table_of,
    deal_from_report=store.deal_from_report, report_of=store.report_of,
    report_columns=store.REPORT_COLUMNS, replay=replay, extend=extend,
    snapshot=store.snapshot, snapshot_fields=store.SNAPSHOT_FIELDS, deal_fields=DEAL_FIELDS,
    check_stored=stored.check_stored, result=league.result, league_figures=league.figures,
    rematch_dealer=rematch_dealer, deal_from_json=_deal_from_json,
    state_to_json=state_to_json, listing=answers.listing, openapi=openapi.part,
    notes=PRESET_NOTES, checks=tuple(check.value for check in Check),
    question_fields={check.value: frozenset(required | optional) - {"indicator"}
                     for check, (required, optional) in stored.QUESTIONS.items()},
    decide=answers.verdict, score_round=answers.round_scores)
