"""The outlook before the last round (issue 25): for each player (side) not alone in
front, what would put them there this round — Hand's cheapest finish and the least the
players ahead must pay (scorekeeper/games/hand/rules/outlook.py), Hand and Foot's points
behind (scorekeeper/games/handfoot/rules/outlook.py) — or, kindly, that nothing can.

Sources, quoted per test: seed 000 "End of the Play and Scoring", "Value of Wild Cards"
and "Bonus Scores"; seed 001's table of finishes; seed 002 "Hand Partner" and "Hareeqa
Rules"; seed 003 "Players, Cards, Deal". docs/scoring.md, "The outlook before the last
round", states the decisions.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.hand.rules import (
    Bonus,
    Deal,
    Finish,
    Outcome,
    PlayerHand,
    RoundResult,
    Rules,
    RulesError,
    Table,
    deal_wilds,
    replay,
    score_round,
)
from scorekeeper.games.hand.rules.outlook import (
    cards_in_hand,
    is_last_round,
    most_cards_kept,
    outlook,
    outlook_of,
)
from scorekeeper.games.handfoot.rules import (
    HandFootDeal,
    HandFootRules,
    HandFootTable,
    SideResult,
)
from scorekeeper.games.handfoot.rules import replay as replay_handfoot
from scorekeeper.games.handfoot.rules.outlook import outlook as handfoot_outlook

THREE = ("Ali", "Bashar", "Caro")
ALONE = tuple((p,) for p in THREE)


def rules(preset, players=3, **options):
    return Rules.for_table({"preset": preset, **options}, players)


def said(entries):
    """Each entry as the table reads it: who, and what they need."""
    return {" & ".join(e.side): (e.possible, str(e.needs)) for e in entries}


# --- what a melded player's cards can cost -----------------------------------------------

@pytest.mark.parametrize(("preset", "players", "kept", "most"), [
    # 15 cards after drawing, a first meld of 51 is at least 5 cards (11 a card at most),
    # one discarded: 9 kept, at most two wilds at 15 and seven aces at 11.
    ("levant", 3, 9, 2 * 15 + 7 * 11),
    ("gulf", 3, 9, 2 * 15 + 7 * 11),
    # The Kuwaiti bar of 91 takes 9 cards: 5 kept; an announcer's jokers count 20, and
    # with three players one pack holds four aces.
    ("kuwait", 3, 5, 2 * 20 + 3 * 11),
    ("kuwait", 5, 7, 2 * 20 + 5 * 11),
])
def test_what_the_cards_of_a_player_who_melded_can_cost(preset, players, kept, most):
    """Seed 000 "Value of Wild Cards": "A wild card remaining in a player's hand at the
    end of the play has a value of 15 points"; "End of the Play and Scoring": "natural
    Aces count 11, court cards (K, Q, J) count 10, and pip cards (10-2) count as face
    value"; seed 001's table: "Value of cards in hand with jokers counting as 20"."""
    ruled = rules(preset, players)
    assert most_cards_kept(ruled) == kept
    assert cards_in_hand(ruled) == (2, most)


def test_house_values_change_what_cards_can_cost():
    """The options in force are the engine's: an ace left costs ``ace_penalty``, a wild
    ``wild_penalty`` (RULES.md section 5)."""
    assert cards_in_hand(rules("levant", ace_penalty=10)) == (2, 2 * 15 + 7 * 10)
    # Wilds at 1 are no longer the dearest: eight natural aces (six, and the jokers
    # playing as the wild suit's ace) and a ten.
    assert cards_in_hand(rules("levant", wild_penalty=1)) == (1, 8 * 11 + 10)


# --- the table of cases ------------------------------------------------------------------

def test_levant_the_cheapest_finish_and_what_the_others_must_pay():
    """Seed 000 "End of the Play and Scoring": a partial hand "scores -30 points"; a full
    hand "-60 points. In this case the opponents' calculate their penalty points as above
    and double them. So an opponent who has not melded scores 200 penalty points"."""
    entries = outlook_of(rules("levant"), ALONE, [-40, 180, -10])
    # Caro's partial hand takes her to -40, and Ali pays at least 2 (one card): alone in
    # front. Bashar's partial hand leaves him at 150, more than Ali can be charged (107 in
    # cards, 100 never melded) above -40; a full hand leaves him at 120, and Ali must pay
    # at least 161 — doubled cards come in twos: 162 (81 in hand), or 200 never melded.
    assert said(entries) == {
        "Bashar": (True, "a full hand, with Ali paying at least 162 and Caro paying at "
                         "least 132"),
        "Caro": (True, "a partial hand"),
    }
    bashar = entries[0]
    assert (bashar.finish, bashar.bonuses) == (Finish.FULL, ())
    assert bashar.pays == ((("Ali",), 162), (("Caro",), 132))


def test_egypt_a_bonus_hand_can_catch_up_where_the_levant_cannot():
    """Seed 000 "Bonus Scores": "If a player goes out with a Full Hand of 14 cards by
    discarding a wild card as their 15th card, the scores are twice those for a Full Hand
    - that is -120 for the winner, 4× the value of their cards for players who have
    melded, and +400 points for those who have not melded"."""
    two = (("Ali",), ("Bashar",))
    egypt = outlook_of(rules("egypt", 2), two, [0, 500])
    # 500 - 120 = 380: Ali must pay 381, in fours: 384 (96 in hand), or 400 not melded.
    assert said(egypt) == {"Bashar": (True, "a full hand (a wild card discarded), with Ali "
                                            "paying at least 384")}
    assert egypt[0].bonuses == (Bonus.WILD_DISCARD,)
    levant = outlook_of(rules("levant", 2), two, [0, 500])
    assert said(levant) == {
        "Bashar": (False, "cannot catch up this round — play for the honour")}
    assert levant[0].finish is None and levant[0].pays == ()


def test_kuwait_the_published_table_and_its_mistake_column():
    """Seed 001's table: "Finish (Completing melds after making an announcement) -30 100
    Value of cards in hand with jokers counting as 20 150"; "Regular Hand -60 200 Double
    value of cards in hand 300"."""
    two = (("Ali",), ("Bashar",))
    # A finish after announcing leaves Bashar at 140: Ali must pay 141, more than five
    # cards (73) or not announcing (100) cost — only a mistake's 150 does.
    assert said(outlook_of(rules("kuwait", 2), two, [0, 170])) == {
        "Bashar": (True, "a partial hand, with Ali paying at least 150")}
    # 310 behind: a regular hand leaves 250, and 251 is more than any column (300 is
    # a mistake's); the joker hand (-120, 400) does it.
    assert said(outlook_of(rules("kuwait", 2), two, [0, 370])) == {
        "Bashar": (True, "a full hand (a wild card discarded), with Ali paying at least "
                         "252")}


def test_partnerships_a_side_pays_both_its_players_penalties():
    """Seed 000 "End of the Play and Scoring": "At the end of a round the winner's team
    subtracts 30 or 60 points for a partial or full hand. The the opposing team add the
    values of both players' hand to their score"; seed 002 "Hand Partner"."""
    teams = (("Ali", "Caro"), ("Bashar", "Dina"))
    entries = outlook_of(rules("gulf", 4, partnerships=True), teams, [-30, 140])
    assert said(entries) == {
        "Bashar & Dina": (True, "a partial hand, with Ali & Caro paying at least 141")}
    # Two players never melded on a full hand: 400, the most a side pays but in cards.
    far = outlook_of(rules("gulf", 4, partnerships=True), teams, [0, 2 * 214 + 61])
    assert said(far) == {
        "Bashar & Dina": (False, "cannot catch up this round — play for the honour")}


def test_a_tie_for_the_lead_is_no_one_in_front():
    """Seed 000 "End of the Play and Scoring": "If there is a tie for lowest total score
    at the end of the game, in order to determine the winner further rounds are played
    until there is a single player or team with the lowest score" — so both tied
    leaders are told what puts them alone in front."""
    entries = outlook_of(rules("levant"), ALONE, [50, 50, 200])
    assert said(entries) == {
        "Ali": (True, "a partial hand"),
        "Bashar": (True, "a partial hand"),
        # 170 after a partial hand is beyond what a player can be charged above 50; 140
        # after a full hand needs 91 from each of the others, in twos: 92.
        "Caro": (True, "a full hand, with Ali paying at least 92 and Bashar paying at "
                       "least 92"),
    }


def win(number, winner, points):
    hands = {p: PlayerHand(True, points) for p in THREE if p != winner}
    return Deal(number, Outcome.SCORED, RoundResult(winner, Finish.PARTIAL, hands))


def levant_game(scored):
    table = Table(rules("levant", rounds=3), THREE, "Ali")
    return replay(table, [win(n, THREE[n % 3], 10 * n) for n in range(1, scored + 1)])


def test_only_the_last_round_has_an_outlook():
    """Seed 000 "End of the Play and Scoring": "the player with the lowest score at the
    end of seven rounds is the winner" — here a game of three rounds."""
    assert outlook(levant_game(0)) == () and outlook(levant_game(1)) == ()
    last = levant_game(2)
    assert last.rounds_to_play == 1 and is_last_round(last)
    assert [e.side for e in outlook(last)] == [("Ali",), ("Bashar",)]  # Caro leads
    assert outlook(levant_game(3)) == ()  # over: Ali won


def test_nothing_scored_yet_no_one_to_catch():
    """A game of one round: before it nobody is ahead, so there is no outlook."""
    one = Table(rules("levant", rounds=1), THREE, "Ali")
    assert outlook(replay(one, [])) == ()


def test_every_tie_break_round_is_again_a_last_round():
    """Seed 000 "End of the Play and Scoring": "If there is a tie for lowest total score
    at the end of the game, in order to determine the winner further rounds are played
    until there is a single player or team with the lowest score"."""
    two = ("Ali", "Bashar")
    table = Table(rules("levant", 2, rounds=2), two, "Ali")

    def won(number, winner, other):
        return Deal(number, Outcome.SCORED, RoundResult(winner, Finish.PARTIAL, {
            other: PlayerHand(True, 30)}))

    tied = replay(table, [won(1, "Ali", "Bashar"), won(2, "Bashar", "Ali")])
    assert tied.tie_break and tied.rounds_to_play == 0 and is_last_round(tied)
    assert said(outlook(tied)) == {"Ali": (True, "a partial hand"),
                                   "Bashar": (True, "a partial hand")}


def test_hareeqa_has_no_known_last_round():
    """Seed 002 "Hareeqa Rules": the game ends when the burns end it ("the winner is the
    player with the highest number of points at the end of the game"), which nobody can
    count on before a round, so there is no outlook."""
    table = Table(rules("hareeqa"), THREE, "Ali")
    state = replay(table, [win(n, THREE[n % 3], 10 * n) for n in range(1, 7)])
    assert not state.finished and outlook(state) == ()


# --- Hand and Foot -----------------------------------------------------------------------

CONTRACT = dict(clean_piles=2, dirty_piles=2, wild_piles=1)


def handfoot_game(played, players=("Ann", "Ben", "Cy"), **options):
    table = HandFootTable(HandFootRules.from_spec({"preset": "hand_and_foot", **options}),
                          players, players[0])
    deals = [HandFootDeal(n, "Ann", (SideResult(**CONTRACT, melded=500),
                                     SideResult(melded=200), SideResult(melded=200, left=10)))
             for n in range(1, played + 1)]
    return replay_handfoot(table, deals)


def test_handfoot_the_points_behind_each_side_ahead_before_the_last_deal():
    """Seed 003 "Players, Cards, Deal": "A complete game consists of four deals"; the
    highest total wins (RULES.md section 9) and a tie stands, so in front means more
    points than every other side."""
    assert handfoot_outlook(handfoot_game(2)) == ()
    last = handfoot_game(3)
    # Each deal: Ann 500 + 3100 piles + 100 going out = 3700, Ben 200, Cy 190.
    assert last.team_totals == (11100, 600, 570)
    assert said(handfoot_outlook(last)) == {
        "Ben": (True, "outscoring Ann by more than 10500 points this deal"),
        "Cy": (True, "outscoring Ann by more than 10530 points, Ben by more than 30 "
                     "points this deal"),
    }
    assert handfoot_outlook(last)[1].behind == ((("Ann",), 10530), (("Ben",), 30))
    assert handfoot_outlook(handfoot_game(4)) == ()  # over


def test_handfoot_sides_level_at_the_top_are_both_told():
    """docs/handfoot.md: a tie for the highest total stands (several winners), so a side
    level with the leaders is not in front; any margin this deal puts it there."""
    table = HandFootTable(HandFootRules.from_spec({"preset": "hand_and_foot", "rounds": 2}),
                          ("Ann", "Ben", "Cy", "Dee"), "Ann", (("Ann", "Cy"), ("Ben", "Dee")))
    level = replay_handfoot(table, [HandFootDeal(1, None, (SideResult(melded=300),
                                                            SideResult(melded=300)))])
    assert said(handfoot_outlook(level)) == {
        "Ann & Cy": (True, "outscoring Ben & Dee by any margin this deal"),
        "Ben & Dee": (True, "outscoring Ann & Cy by any margin this deal"),
    }


def test_handfoot_to_a_target_has_no_known_last_deal():
    """RULES.md section 9a: "with a target the game ends after the deal in which a side
    reaches it" — no deal is known in advance to be the last."""
    state = handfoot_game(3, target=20000)
    assert not state.finished and state.rounds_to_play is None
    assert handfoot_outlook(state) == ()


# --- checked against brute force ---------------------------------------------------------
# Every finish the engine scores, every hand a loser can be charged for (every count of
# the cards a player who melded can hold, never melded, a Kuwaiti mistake), each scored
# by score_round itself: the outlook's finish with its least payments must put the side
# alone in front, one payment less must not, and no cheaper finish may do it.

def scored(ruled, finish, bonuses, hand):
    result = RoundResult("winner", finish, {"loser": hand}, bonuses)
    scores = score_round(deal_wilds(ruled, result), ("winner", "loser"), result).scores
    return scores["winner"], scores["loser"]


@cache
def every_finish(ruled):
    found = [(Finish.PARTIAL, ())]
    for size in range(len(Bonus) + 1):
        for bonuses in combinations(Bonus, size):
            try:
                scored(ruled, Finish.FULL, bonuses, PlayerHand(False))
            except RulesError:
                continue
            found.append((Finish.FULL, bonuses))
    return tuple(found)


@cache
def loser_pays(ruled, finish, bonuses):
    least, most = cards_in_hand(ruled)
    hands = [PlayerHand(True, points) for points in range(least, most + 1)]
    hands.append(PlayerHand(False))
    if ruled.pays_mistakes:
        hands.append(PlayerHand(False, mistake=True))
    return frozenset(scored(ruled, finish, bonuses, hand)[1] for hand in hands)


@cache
def side_pays(ruled, finish, bonuses, size):
    one = loser_pays(ruled, finish, bonuses)
    return one if size == 1 else frozenset(a + b for a in one for b in one)


def in_front(ruled, sides, totals, me, finish, bonuses, paying):
    """Whether side *me* ends alone lowest when it goes out so and each other side pays
    *paying(other, its payments)*."""
    winner = scored(ruled, finish, bonuses, PlayerHand(False))[0]
    return all(totals[me] + winner < totals[other] + paying(
        other, side_pays(ruled, finish, bonuses, len(sides[other])))
        for other in range(len(sides)) if other != me)


def largest(_other, payments):
    return max(payments)


FORMS = st.sampled_from([
    ("levant", {}), ("egypt", {}), ("gulf", {}), ("saudi", {}), ("kuwait", {}),
    ("levant", {"ace_penalty": 10}), ("egypt", {"wild_penalty": 40}),
    ("gulf", {"bonus_hands": True}),
])


@st.composite
def tables(draw):
    preset, options = draw(FORMS)
    partners = preset != "kuwait" and draw(st.booleans())
    players = 4 if partners else draw(st.integers(2, 5 if preset != "levant" and
                                                  preset != "egypt" else 4))
    ruled = rules(preset, players, **options, **({"partnerships": True} if partners else {}))
    names = ("Ali", "Bashar", "Caro", "Dina", "Emad")[:players]
    sides = ((names[0], names[2]), (names[1], names[3])) if partners else tuple(
        (p,) for p in names)
    totals = draw(st.lists(st.integers(-400, 3000), min_size=len(sides),
                           max_size=len(sides)))
    return ruled, sides, totals


@settings(max_examples=examples(150), deadline=None)
@given(tables())
def test_the_outlook_agrees_with_brute_force(table):
    ruled, sides, totals = table
    entries = {e.side: e for e in outlook_of(ruled, sides, totals)}
    best = min(totals)
    for me, side in enumerate(sides):
        alone = totals.count(best) == 1 and totals[me] == best
        assert (side in entries) is not alone
        if alone:
            continue
        entry = entries[side]
        finishes = every_finish(ruled)
        if not entry.possible:
            assert not any(in_front(ruled, sides, totals, me, f, b, largest)
                           for f, b in finishes)
            continue
        claimed = (entry.finish, entry.bonuses)
        assert claimed in finishes
        winner = scored(ruled, *claimed, PlayerHand(False))[0]
        # No finish nearer zero for the winner does it.
        assert not any(in_front(ruled, sides, totals, me, f, b, largest)
                       for f, b in finishes
                       if scored(ruled, f, b, PlayerHand(False))[0] > winner)
        pays = {sides.index(other): points for other, points in entry.pays}

        def least(other, payments, pays=pays):
            return pays.get(other, min(payments))

        assert in_front(ruled, sides, totals, me, *claimed, least)
        for other, points in pays.items():
            payments = side_pays(ruled, *claimed, len(sides[other]))
            assert points in payments
            below = [p for p in payments if p < points]
            assert below, "a payment is named only when the least would not do"
            assert totals[me] + winner >= totals[other] + max(below)
