"""Hand and Foot's JSON (docs/api.md, "Hand and Foot"): a deal read into the engine's
values and written back, and a game's state as the API answers it. Like Hand's codec, it
only translates; every rule is the engine's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from scorekeeper.codec import PayloadError, cards_out
from scorekeeper.i18n import say
from scorekeeper.rulekit import parse_cards
from scorekeeper.rulekit.messages import N_, msg

from .rules import (
    HandFootDeal,
    HandFootRules,
    HandFootState,
    HandFootTable,
    SideResult,
    side_name,
)
from .rules.house import RANKS
from .rules.outlook import Outlook, outlook
from .rules.scoring import COUNTS, HOUSE_COUNTS, SideScore

BY_KIND = ("melded_by_kind", "left_by_kind")
#: Every field a deal's body may hold at its top level (docs/api.md, "Hand and Foot").
DEAL_FIELDS = frozenset({"deal", "outcome", "version", "went_out", "sides"})
SIDE_FIELDS = (*COUNTS, "melded", "melded_cards", "left", "left_cards", *BY_KIND,
               *HOUSE_COUNTS, "rank_piles", "first_meld")


def _side(data: object, place: int) -> SideResult:
    if not isinstance(data, dict):
        raise PayloadError(msg(N_("Side %(number)d must be an object like {\"clean_piles\": "
                                  "2, \"melded\": 1450, \"left\": 35}."), number=place))
    for key in data:
        if key not in SIDE_FIELDS:
            raise PayloadError(msg(N_("Side %(number)d: unknown field “%(field)s”; a side "
                                      "has %(fields)s."), number=place, field=str(key),
                                   fields=", ".join(SIDE_FIELDS)))
    values: dict[str, Any] = {}
    for key in (*COUNTS, *HOUSE_COUNTS, "melded", "left"):
        value = data.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise PayloadError(msg(N_("Side %(number)d: “%(field)s” must be a whole "
                                      "number."), number=place, field=key))
        values[key] = value
    for key in ("melded_cards", "left_cards"):
        if data.get(key) is not None:
            values[key] = parse_cards(data[key])
    for key in BY_KIND:
        counts = data.get(key)
        if counts is None:
            continue
        if not isinstance(counts, dict) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in counts.values()):
            raise PayloadError(msg(N_("Side %(number)d: “%(field)s” counts cards by kind, "
                                      "like {\"joker\": 1, \"eight_to_king\": 12}."),
                                   number=place, field=key))
        values[key] = tuple((str(k), n) for k, n in counts.items())
    special = data.get("rank_piles")
    if special is not None:
        if not isinstance(special, dict) or not all(
                isinstance(k, str) and k.upper() in RANKS and isinstance(n, int)
                and not isinstance(n, bool) and 0 <= n <= 99 for k, n in special.items()):
            raise PayloadError(msg(N_("Side %(number)d: “rank_piles” counts the special "
                                      "piles by rank, like {\"7\": 1}."), number=place))
        values["rank_piles"] = tuple((RANKS[k.upper()], n) for k, n in special.items() if n)
    if data.get("first_meld") is not None:
        if not isinstance(data["first_meld"], bool):
            raise PayloadError(msg(N_("Side %(number)d: “first_meld” is true or false."),
                                   number=place))
        values["first_meld"] = data["first_meld"]
    return SideResult(**values)


def deal_from_json(data: Mapping[str, Any], number: int) -> HandFootDeal:
    """Deal *number* as the body reports it."""
    outcome = data.get("outcome", "scored")
    if outcome != "scored":
        raise PayloadError(msg(N_("A Hand and Foot deal is always scored: “outcome” is "
                                  "“scored” (when the stock runs out, “went_out” is "
                                  "null).")))
    went_out = data.get("went_out")
    if went_out is not None and not isinstance(went_out, str):
        raise PayloadError(msg(N_("The field “went_out” must name the player who went out, "
                                  "or be null when the stock ran out.")))
    sides = data.get("sides")
    if not isinstance(sides, list) or not sides:
        raise PayloadError(msg(N_("The field “sides” must list each side's report, in the "
                                  "order of the teams (or of the players).")))
    return HandFootDeal(number, went_out, tuple(_side(s, i) for i, s in enumerate(sides, 1)))


def side_to_json(side: SideResult) -> dict[str, Any]:
    """A side's report as sent (fields left out stay out, a house count only where
    given)."""
    out: dict[str, Any] = {key: getattr(side, key) for key in COUNTS}
    for key in ("melded", "left", *(k for k in HOUSE_COUNTS if getattr(side, k))):
        if getattr(side, key) is not None:
            out[key] = getattr(side, key)
    for key in ("melded_cards", "left_cards"):
        if getattr(side, key) is not None:
            out[key] = cards_out(getattr(side, key))
    for key in BY_KIND:
        if getattr(side, key) is not None:
            out[key] = dict(getattr(side, key))
    if side.rank_piles:
        out["rank_piles"] = {rank.value: n for rank, n in side.rank_piles}
    if side.first_meld:
        out["first_meld"] = True
    return out


class HandFootBody(TypedDict):
    """A deal's body: who went out, and each side's report."""

    went_out: str | None
    sides: list[dict[str, Any]]


def deal_to_json(deal: HandFootDeal) -> HandFootBody:
    return {"went_out": deal.went_out, "sides": [side_to_json(s) for s in deal.sides]}


def score_json(score: SideScore) -> dict[str, int]:
    out = {"cards": score.cards, "piles": score.piles, "red_threes": score.red_threes,
           "going_out": score.going_out, "total": score.total}
    if score.bonuses:  # first meld and perfect draws, where the house scores them
        out["bonuses"] = score.bonuses
    return out


def _minimum(value: int | tuple[int, ...] | None) -> int | list[int] | None:
    return list(value) if isinstance(value, tuple) else value


def state_to_json(game_id: str, state: HandFootState, log: list[HandFootDeal], version: str,
                       url: str) -> dict[str, Any]:
    """The game's state as the API answers it, in the shape of a Hand game's where the
    fields mean the same (docs/api.md, "Hand and Foot")."""
    table: HandFootTable = state.table
    rules: HandFootRules = table.rules
    units = table.units
    out: dict[str, Any] = {
        "id": game_id,
        "version": version,
        "url": url,
        "rules": rules.to_dict(),
        "players": list(table.players),
        "teams": None if table.sides is None else [list(s) for s in table.sides],
        "first_dealer": table.first_dealer,
        "deals": [{
            "number": line.number,
            "outcome": "scored",
            "dealer": line.dealer,
            "round": line.number,
            "minimum": _minimum(line.minimum),
            "contract": rules.contract_for(line.number).as_dict(),
            # Each player's side's score, so a sheet by player reads as in Hand.
            "scores": {p: line.scores[i].total for i, side in enumerate(units)
                       for p in side},
            "team_scores": [s.total for s in line.scores],
            "breakdown": [score_json(s) for s in line.scores],
            **deal_to_json(deal),
        } for line, deal in zip(state.deals, log, strict=True)],
        "totals": dict(state.totals),
        "dealer": state.dealer,
        "starter": state.starter,
        "next_deal": None if state.finished else state.next_deal,
        "round": None if state.finished else state.next_deal,
        "attempt": None if state.finished else 1,
        "minimum": _minimum(state.minimum),
        "contract": None if state.finished else rules.contract_for(state.next_deal).as_dict(),
        "target": rules.target,
        "scored_rounds": len(state.deals),
        "rounds_to_play": state.rounds_to_play,
        "tie_break": False,
        "finished": state.finished,
        "winners": list(state.winners),
        "notices": [say(msg(N_("Game over: %(names)s won."),
                            names=" & ".join(state.winners)))] if state.finished else [],
    }
    if table.sides is not None:
        out["team_totals"] = list(state.team_totals)
    if ahead := outlook(state):
        out["outlook"] = [outlook_json(entry) for entry in ahead]
    return out


def outlook_json(entry: Outlook) -> dict[str, Any]:
    """One side's outlook before the last deal (docs/api.md, "The outlook"), each side
    named as the game's stored scores name it ("Ann & Cy")."""
    return {
        "player": side_name(entry.side),
        "players": list(entry.side),
        "needs": say(entry.needs),
        "possible": entry.possible,
        "behind": {side_name(side): points for side, points in entry.behind},
    }
