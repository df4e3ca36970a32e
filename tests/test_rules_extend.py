"""Extending a replayed state by one deal (scorekeeper.games.hand.rules.extend) is replaying
the whole log: saving a deal need not walk the game again (issue 12, "cached states extended by the
new deal rather than replayed from scratch")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules_game import draw_deal, table, tables

from scorekeeper.games.hand.rules import Deal, Outcome, RulesError, extend, replay


def _outcome(action):
    """What an action gives: ("state", state) or ("refused", its message)."""
    try:
        return "state", action()
    except RulesError as refusal:
        return "refused", refusal.message


def _odd_deal(draw, tbl, number: int) -> Deal:
    """A deal that may be wrong: a number off by one or two, an unscored deal with a
    result, a scored one without, a redeal where the form has none."""
    deal = replace(draw_deal(draw, tbl), number=number + draw(st.sampled_from([-1, 0, 0, 1])))
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return replace(deal, outcome=Outcome.SCORED, result=None)
    if kind == 1 and deal.result is not None:
        return replace(deal, outcome=Outcome.STOCK_EXHAUSTED)
    if kind == 2:
        return Deal(deal.number, Outcome.REDEAL)
    return deal


@settings(max_examples=examples(200), deadline=None)
@given(data=st.data(), tbl=tables(), length=st.integers(1, 30))
def test_extending_deal_by_deal_is_replaying_the_whole_log(data, tbl, length):
    """Across every preset, with partnerships, tie-breaks, abandoned last rounds and
    Hareeqa's burns: each state extended by the next deal equals the replay of the log so
    far, and a deal the replay refuses is refused with the same reason."""
    log: list[Deal] = []
    state = replay(tbl, [])
    for _ in range(length):
        deal = _odd_deal(data.draw, tbl, len(log) + 1)
        extended = _outcome(lambda: extend(state, deal))  # noqa: B023
        replayed = _outcome(lambda: replay(tbl, [*log, deal]))  # noqa: B023
        assert extended == replayed
        if extended[0] == "state":
            log.append(deal)
            state = extended[1]
    assert state == replay(tbl, log)


@settings(max_examples=examples(100), deadline=None)
@given(data=st.data(), preset=st.sampled_from(["levant", "egypt", "gulf", "kuwait"]),
       limit=st.sampled_from([1, 2, 3, None]), rounds=st.integers(1, 3),
       length=st.integers(1, 16))
def test_extending_follows_short_games_to_their_end(data, preset, limit, rounds, length):
    """Short games reach their last round, its limit of deals without a score, a tie-break
    and the end often: the edges where extending could part from replaying."""
    tbl = table(preset, rounds=rounds, last_round_deals=limit,
                **({"redeal_claims": True} if preset != "levant" else {}))
    log: list[Deal] = []
    state = replay(tbl, [])
    for _ in range(length):
        deal = replace(draw_deal(data.draw, tbl), number=len(log) + 1)
        if data.draw(st.integers(0, 2)) == 0:
            deal = Deal(deal.number, Outcome.STOCK_EXHAUSTED)
        extended = _outcome(lambda: extend(state, deal))  # noqa: B023
        assert extended == _outcome(lambda: replay(tbl, [*log, deal]))  # noqa: B023
        if extended[0] == "state":
            log.append(deal)
            state = extended[1]


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data(), players=st.integers(3, 5), length=st.integers(2, 14))
def test_extending_follows_hareeqa_burns_and_the_pot(data, players, length):
    """Hareeqa at its lowest burn score: players burn within a few deals, points go into
    the pot, and the last one standing takes it."""
    tbl = table("hareeqa", ("Ann", "Bob", "Cy", "Dee", "Eve")[:players], burn_score=101)
    log: list[Deal] = []
    state = replay(tbl, [])
    while len(log) < length and not state.finished:
        deal = replace(draw_deal(data.draw, tbl), number=len(log) + 1)
        state = extend(state, deal)
        log.append(deal)
        assert state == replay(tbl, log)


def test_a_finished_game_refuses_another_deal_when_extended_too():
    tbl = table("levant", rounds=1)
    done = replay(tbl, [Deal(1, Outcome.SCORED, _win(tbl))])
    assert done.finished
    with pytest.raises(RulesError, match="The game is over"):
        extend(done, replace(Deal(2, Outcome.SCORED, _win(tbl))))


def _win(tbl):
    from scorekeeper.games.hand.rules import Finish, PlayerHand, RoundResult

    return RoundResult(tbl.players[0], Finish.PARTIAL,
                       {p: PlayerHand(True, 5 * i) for i, p in enumerate(tbl.players[1:], 1)})
