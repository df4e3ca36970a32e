"""Hand as the rest of the app sees it: one :class:`~scorekeeper.games.kind.GameKind`,
made of this package's engine, translation, referee, storage and pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.league import Result
from scorekeeper.models import DealRecord, Game
from scorekeeper.rules.messages import N_

from ..kind import GameKind, GamePages
from . import answers, league, openapi, store, stored
from .codec import DEAL_FIELDS, deal_from_json, state_to_json
from .pages import HandPages
from .rules import (
    PRESETS,
    Check,
    Deal,
    DealLine,
    GameState,
    Rules,
    Table,
    extend,
    rematch_dealer,
    replay,
)
from .rules.options import PRESET_NOTES


class Hand:
    name = "hand"
    title = N_("Hand")
    presets = tuple(PRESETS)
    checks = tuple(check.value for check in Check)
    question_fields = {check.value: frozenset(required | optional) - {"indicator"}
                       for check, (required, optional) in stored.QUESTIONS.items()}
    snapshot_fields = store.SNAPSHOT_FIELDS
    deal_fields = DEAL_FIELDS
    pages: GamePages = HandPages()

    def new_game(self, spec: object, players: list[str], first_dealer: str, *,
                 partnerships: bool, teams: object) -> Game:
        return store.new_game(spec, players, first_dealer, partnerships=partnerships,
                              teams=teams)

    def table_of(self, game: Game) -> Table:
        return store.table_of(game)

    def deal_from_record(self, record: DealRecord, players: tuple[str, ...]) -> Deal:
        return store.deal_from_record(record, players)

    def fill(self, record: DealRecord, deal: Deal, players: tuple[str, ...]) -> DealRecord:
        return store.fill(record, deal, players)

    def replay(self, table: Table, log: list[Deal]) -> GameState:
        return replay(table, log)

    def extend(self, state: GameState, deal: Deal) -> GameState:
        return extend(state, deal)

    def snapshot(self, deal: Deal, line: DealLine) -> dict[str, Any]:
        return store.snapshot(deal, line)

    def check_stored(self, game: Game, table: Table) -> None:
        stored.check_stored(game, table)

    def result(self, state: GameState, log: list[Deal]) -> Result:
        return league.result(state, log)

    def league_figures(self, sums: Mapping[str, int]) -> dict[str, Any]:
        return league.figures(sums)

    def rematch_dealer(self, state: GameState) -> str:
        return rematch_dealer(state)

    def deal_from_json(self, data: Mapping[str, Any], number: int,
                       spec: object | None) -> Deal:
        return deal_from_json(data, number, None if spec is None else Rules.from_spec(spec))

    def state_to_json(self, game_id: str, state: GameState, log: list[Deal], version: str,
                      url: str) -> dict[str, Any]:
        return state_to_json(game_id, state, log, version, url)

    def decide(self, check: str, data: Mapping[str, Any]) -> dict[str, Any]:
        return answers.verdict(check, data)

    def score_round(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return answers.round_scores(data)

    def listing(self) -> dict[str, dict[str, Any]]:
        return answers.listing()

    def openapi(self) -> dict[str, Any]:
        return openapi.part()

    def notes(self) -> dict[str, str]:
        return dict(PRESET_NOTES)


HAND: GameKind[Table, Deal, GameState] = Hand()
