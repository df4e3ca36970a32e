"""Who deals first in a rematch ("Play again"): whoever would have dealt the next deal had
the finished game gone on, by the form's own rule (each game's ``rematch_dealer``; docs/
league.md, "Rematch").

Seed 000, "Deal": "Subsequently the player with the highest (worst) score for the
previous round is the dealer for the next round. In case of a tie for highest score, if
the dealer is involved in the tie, the same player will deal again. If not, the new dealer
will be the first player involved in the tie in counterclockwise order from the previous
dealer. In a round that ends with no score, the same dealer deals again."
Seed 000, "Dealing" (a variation, the Gulf presets' rule): "After each round that ends
with a score, the turn to deal passes to the right"; seed 002: "Dealing and playing are
counter-clockwise".
Seed 003, "Players, Cards, Deal": "After the end of the play, the turn to deal passes to
the left."
"""

from dataclasses import replace

from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules_game import FOUR, STOCK, numbered, play, table, win

from scorekeeper.games.hand.rules import Rules, Table, rematch_dealer, replay
from scorekeeper.games.handfoot.rules import (
    HandFootDeal,
    HandFootRules,
    HandFootTable,
    SideResult,
    partnership_sides,
)
from scorekeeper.games.handfoot.rules import rematch_dealer as foot_rematch_dealer
from scorekeeper.games.handfoot.rules import replay as foot_replay

THREE = FOUR[:3]


def test_loser_deals_the_last_rounds_biggest_loser_deals_the_rematch():
    """Seed 000 "Deal": the player with the highest score for the previous round deals."""
    state = play(table("levant", THREE, rounds=1), win("Bob", Ann=20, Cy=45))
    assert state.finished and state.dealer is None
    assert rematch_dealer(state) == "Cy"


def test_loser_deals_a_tie_with_the_dealer_keeps_the_dealer():
    """"If the dealer is involved in the tie, the same player will deal again.\""""
    state = play(table("levant", THREE, rounds=1), win("Bob", Ann=30, Cy=30))
    assert rematch_dealer(state) == "Ann"


def test_loser_deals_a_tie_without_the_dealer_goes_counter_clockwise_from_the_dealer():
    """"The first player involved in the tie in counterclockwise order from the previous
    dealer": Ann dealt; Cy and Dee tie, and Cy sits first on Ann's right."""
    state = play(table("levant", FOUR, rounds=1), win("Ann", Bob=5, Cy=40, Dee=40))
    assert rematch_dealer(state) == "Cy"


def test_loser_deals_a_partner_of_the_winner_never_deals_for_a_zero():
    """The winner's partner's cards do not count (docs/scoring.md, "Who deals next"): Ann
    wins, Cy is her partner; Bob and Dee melded with nothing left tie at 0, and Bob is
    first counter-clockwise from Ann."""
    state = play(table("levant", FOUR, rounds=1, partnerships=True), win("Ann"))
    assert state.finished
    assert rematch_dealer(state) == "Bob"


def test_a_last_round_never_scored_leaves_the_deal_with_its_dealer():
    """Seed 000 "Scoring": the seventh round dealt three times without a score is
    abandoned; "In a round that ends with no score, the same dealer deals again"."""
    tbl = table("levant", THREE, rounds=2)
    state = play(tbl, win("Bob", Ann=10, Cy=60), STOCK, STOCK, STOCK)
    assert state.finished and [line.dealer for line in state.deals] == ["Ann", "Cy", "Cy",
                                                                         "Cy"]
    assert rematch_dealer(state) == "Cy"


def test_rotate_passes_the_deal_to_the_right():
    """Seed 000 "Dealing" and seed 002: the Gulf game's deal passes to the right
    (counter-clockwise, the next player in seating order) after a scored round."""
    state = play(table("gulf", THREE, rounds=2), win("Ann", Bob=50), win("Bob", Cy=50))
    assert [line.dealer for line in state.deals] == ["Ann", "Bob"]
    assert rematch_dealer(state) == "Cy"
    state = play(table("gulf", THREE, rounds=1, dealer="Cy"), win("Ann", Bob=50))
    assert rematch_dealer(state) == "Ann"


def test_a_game_not_over_gives_its_next_dealer():
    state = play(table("levant", THREE), win("Bob", Ann=20, Cy=45))
    assert rematch_dealer(state) == state.dealer == "Cy"
    assert rematch_dealer(replay(table("levant", THREE, dealer="Bob"), [])) == "Bob"


def test_hand_and_foot_passes_the_deal_to_the_left():
    """Seed 003: four deals dealt by Ann, Bob, Cy and Dee (each on the last one's left,
    the next in clockwise seating order): the rematch is Ann's to deal."""
    rules = HandFootRules()
    tbl = HandFootTable(rules, FOUR, "Ann", partnership_sides(FOUR))
    win_ = SideResult(clean_piles=2, dirty_piles=2, wild_piles=1, melded=2500)
    lose = SideResult(clean_piles=1, melded=600, left=100)
    state = foot_replay(tbl, [HandFootDeal(n, "Ann", (win_, lose)) for n in range(1, 5)])
    assert state.finished and [line.dealer for line in state.deals] == list(FOUR)
    assert foot_rematch_dealer(state) == "Ann"
    three = HandFootTable(replace(rules, rounds=2), THREE, "Bob", None)
    alone = (lose, lose, lose)
    state = foot_replay(three, [HandFootDeal(1, None, alone), HandFootDeal(2, None, alone)])
    assert state.finished and foot_rematch_dealer(state) == "Ann"


PENALTY = st.integers(0, 60)


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(["levant", "gulf", "egypt"]), st.integers(1, 3),
       st.lists(st.tuples(st.integers(0, 2), PENALTY, PENALTY, st.booleans()),
                min_size=1, max_size=4))
def test_the_rematch_dealer_is_the_next_dealer_of_the_same_game_played_longer(
        preset, rounds, deals):
    """Whatever the deals, the rematch's dealer is the dealer the same log gives when the
    game has a round more to play: "as if the game went on"."""
    made = []
    for who, one, other, scored in deals:
        winner = THREE[who]
        losers = [p for p in THREE if p != winner]
        made.append(win(winner, **{losers[0]: one, losers[1]: other}) if scored else STOCK)
    short = table(preset, THREE, rounds=rounds)
    log = numbered(short, made)
    state = None
    for end in range(1, len(log) + 1):
        state = replay(short, log[:end])
        if state.finished:
            break
    assert state is not None
    if not state.finished:
        return
    longer = Table(Rules.for_table({"preset": preset, "rounds": rounds + 2}, 3), THREE,
                   "Ann")
    assert rematch_dealer(state) == replay(longer, log[:len(state.deals)]).dealer
