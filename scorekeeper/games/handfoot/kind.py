"""Hand and Foot as the rest of the app sees it: one
:class:`~scorekeeper.games.kind.GameKind`, made of this package's engine, translation,
referee, storage and pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from scorekeeper.codec import PayloadError
from scorekeeper.league import Result
from scorekeeper.models import DealRecord, Game
from scorekeeper.rules.messages import N_, msg

from ..kind import GameKind, GamePages
from . import league, openapi, store
from .codec import DEAL_FIELDS, deal_from_json, state_to_json
from .pages import HandFootPages
from .referee import CHECKS, FIELDS, decide
from .rules import (
    OPTIONS,
    PRESET,
    STRUCTURED,
    HandFootDeal,
    HandFootLine,
    HandFootRules,
    HandFootState,
    HandFootTable,
    extend,
    rematch_dealer,
    replay,
)
from .rules.house import SET_NOTES, SETS


class HandFoot:
    name = "handfoot"
    title = N_("Hand and Foot")
    presets: tuple[str, ...] = tuple(SETS)
    checks = CHECKS
    question_fields = {check: frozenset(fields) for check, fields in FIELDS.items()}
    snapshot_fields = store.SNAPSHOT_FIELDS
    deal_fields = DEAL_FIELDS
    pages: GamePages = HandFootPages()

    def new_game(self, spec: object, players: list[str], first_dealer: str, *,
                 partnerships: bool, teams: object) -> Game:
        return store.new_game(spec, players, first_dealer, partnerships=partnerships,
                              teams=teams)

    def table_of(self, game: Game) -> HandFootTable:
        return store.table_of(game)

    def deal_from_record(self, record: DealRecord, players: tuple[str, ...]) -> HandFootDeal:
        return store.deal_from_record(record, players)

    def fill(self, record: DealRecord, deal: HandFootDeal,
             players: tuple[str, ...]) -> DealRecord:
        return store.fill(record, deal, players)

    def replay(self, table: HandFootTable, log: list[HandFootDeal]) -> HandFootState:
        return replay(table, log)

    def extend(self, state: HandFootState, deal: HandFootDeal) -> HandFootState:
        return extend(state, deal)

    def snapshot(self, deal: HandFootDeal, line: HandFootLine) -> dict[str, Any]:
        return store.snapshot(deal, line)

    def check_stored(self, game: Game, table: HandFootTable) -> None:
        store.check_stored(game, table)

    def result(self, state: HandFootState, log: list[HandFootDeal]) -> Result:
        return league.result(state, log)

    def league_figures(self, sums: Mapping[str, int]) -> dict[str, Any]:
        return league.figures(sums)

    def rematch_dealer(self, state: HandFootState) -> str:
        return rematch_dealer(state)

    def deal_from_json(self, data: Mapping[str, Any], number: int,
                       spec: object | None) -> HandFootDeal:
        return deal_from_json(data, number)

    def state_to_json(self, game_id: str, state: HandFootState, log: list[HandFootDeal],
                      version: str, url: str) -> dict[str, Any]:
        return state_to_json(game_id, state, log, version, url)

    def decide(self, check: str, data: Mapping[str, Any]) -> dict[str, Any]:
        return decide(check, data)

    def score_round(self, data: Mapping[str, Any]) -> dict[str, Any]:
        raise PayloadError(msg(N_("A deal of Hand and Foot is scored side by side, from each "
                                  "side's piles and points: record it in a stored game.")))

    def listing(self) -> dict[str, dict[str, Any]]:
        """Its one preset, with its own options (seed 003) described beside them."""
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

    def openapi(self) -> dict[str, Any]:
        return openapi.part()

    def notes(self) -> dict[str, str]:
        return dict(SET_NOTES)


HANDFOOT: GameKind[HandFootTable, HandFootDeal, HandFootState] = HandFoot()
