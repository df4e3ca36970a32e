"""Hand and Foot as tables play it: each house rule scores as documented, impossible
reports are refused, sides count their cards by kind, and each named house-rule set
scores a deal exactly as the scorer it comes from (docs/handfoot.md, "House rules" and
"House-rule sets"; scorekeeper/games/handfoot/rules/)."""

import pytest

from scorekeeper.games.hand.rules import RulesError, parse_cards
from scorekeeper.games.handfoot.rules import (
    HandFootDeal,
    HandFootRules,
    HandFootTable,
    SideResult,
    replay,
    score_deal,
)
from scorekeeper.games.handfoot.rules.house import SETS
from scorekeeper.rulekit.cards import Rank

CONTRACT = dict(clean_piles=2, dirty_piles=2, wild_piles=1)
FOUR = ("Ann", "Bob", "Cy", "Dee")


def rules(**options):
    return HandFootRules.from_spec({"preset": "hand_and_foot", **options})


def score(house, *sides, out=0, deal=1):
    return score_deal(house, sides, out, [f"Side {i}" for i in range(len(sides))], deal=deal)


# --- house rules -------------------------------------------------------------------------

def test_a_game_played_to_a_target_ends_after_the_deal_that_reaches_it():
    """docs/handfoot.md: a game to 5,000 ends after the deal in which a side reaches it;
    the highest total wins."""
    house = rules(target=5000)
    table = HandFootTable(house, FOUR, "Ann", (("Ann", "Cy"), ("Bob", "Dee")))
    win = SideResult(**CONTRACT, melded=1200)          # 1200 + 3100 + 100 = 4400
    lose = SideResult(clean_piles=1, melded=400, left=50)
    first = replay(table, [HandFootDeal(1, "Ann", (win, lose))])
    assert not first.finished and first.rounds_to_play is None
    second = replay(table, [HandFootDeal(n, "Ann", (win, lose)) for n in (1, 2)])
    assert second.finished and second.winners == ("Ann", "Cy")
    # A target game has no last deal: deal 5 goes on while nobody has reached it.
    house = rules(target=20000)
    table = HandFootTable(house, FOUR, "Ann", (("Ann", "Cy"), ("Bob", "Dee")))
    assert not replay(table, [HandFootDeal(n, "Ann", (win, lose)) for n in range(1, 5)]
                      ).finished


def test_minimums_by_score_give_each_side_its_own_bar():
    house = rules(minimums_by_score=[[0, 50], [2500, 90], [5000, 120], [7500, 150]])
    table = HandFootTable(house, FOUR, "Ann", (("Ann", "Cy"), ("Bob", "Dee")))
    state = replay(table, [HandFootDeal(1, "Ann", (SideResult(**CONTRACT, melded=1200),
                                                   SideResult(melded=300)))])
    assert state.minimum == (90, 50)   # 4400 and 300


@pytest.mark.parametrize(("house", "side", "out", "parts"), [
    # a red three caught costs its own value
    (rules(red_three_caught=500), SideResult(red_threes=1, red_threes_caught=2, melded=200),
     None, {"red_threes": 100 - 1000}),
    # a clean pile of sevens scores 1,000 instead of 500 (counted among clean piles)
    (rules(rank_piles={"7": 1000}), SideResult(clean_piles=2, rank_piles=((Rank.SEVEN, 1),),
                                               melded=400), None, {"piles": 1500}),
    # a mixed wild pile valued apart
    (rules(dirty_wild_pile=1300), SideResult(wild_piles=2, dirty_wild_piles=1, melded=400),
     None, {"piles": 2800}),
    # black three piles
    (rules(black_three_pile=2000), SideResult(black_three_piles=1, melded=100), None,
     {"piles": 2000}),
    # going out by deal: deal 3 pays 300
    (rules(going_out=[100, 200, 300, 400]), SideResult(**CONTRACT, melded=900), 0,
     {"going_out": 300}),
    # red threes laid by a side that did not go out: 50 each
    (rules(red_three_laid_without_going_out=50), SideResult(red_threes=2, melded=100), None,
     {"red_threes": 100}),
    # seven red threes: 700 and 300 more
    (rules(red_threes_bonus={"count": 7, "points": 300}), SideResult(red_threes=7,
                                                                      melded=100), None,
     {"red_threes": 1000}),
    # perfect draws and the first meld
    (rules(perfect_draw=100, first_meld=100), SideResult(perfect_draws=2, first_meld=True,
                                                         melded=100), None,
     {"bonuses": 300}),
    # fours to nines at 5: nine nines counted rank by rank
    (rules(card_values={"8": 5, "9": 5}), SideResult(melded_by_kind=(("9", 9), ("joker", 1))),
     None, {"cards": 95}),
])
def test_each_house_rule_scores_as_documented(house, side, out, parts):
    [result] = score(house, side, out=out, deal=3)
    for name, value in parts.items():
        assert getattr(result, name) == value


def test_a_band_valued_apart_cannot_be_counted_as_one_kind():
    with pytest.raises(RulesError, match="count them rank by rank"):
        score(rules(card_values={"9": 5}), SideResult(melded_by_kind=(("eight_to_king", 6),)),
              out=None)


def test_wild_piles_are_refused_where_wild_melds_are_not_played():
    house = rules(wild_melds=False, contract={"clean": 2, "dirty": 2, "wild": 0})
    with pytest.raises(RulesError, match="no wild pile"):
        score(house, SideResult(wild_piles=1, melded=300), out=None)


def test_a_contract_per_deal_decides_who_may_have_gone_out():
    house = rules(contracts=[{"clean": 1, "dirty": 1, "wild": 0},
                             {"clean": 2, "dirty": 2, "wild": 0}])
    side = SideResult(clean_piles=1, dirty_piles=1, melded=400)
    assert score(house, side, deal=1)
    with pytest.raises(RulesError, match=r"clean: 1, dirty: 1"):
        score(house, side, deal=2)


# --- counting by kind --------------------------------------------------------------------

def test_a_side_counts_its_cards_by_kind():
    """Seed 003 "Card Values": jokers 50, twos and aces 20, eight to king 10, four to
    seven 5, black threes 5 against; a red three left counts as caught."""
    melded = (("joker", 2), ("two", 4), ("ace", 6), ("eight_to_king", 14),
              ("four_to_seven", 12))               # 38 cards
    left = (("eight_to_king", 2), ("black_three", 1), ("red_three", 1))
    [result] = score(HandFootRules(), SideResult(**CONTRACT, melded_by_kind=melded,
                                                 left_by_kind=left), out=None)
    assert result.cards == (100 + 80 + 120 + 140 + 60) - (20 + 5)
    assert result.red_threes_caught == 1 and result.red_threes == -100


@pytest.mark.parametrize(("side", "match"), [
    (SideResult(melded_by_kind=(("red_three", 1),)), "red threes are never melded"),
    (SideResult(melded_by_kind=(("black_three", 1),)), "black threes are never melded"),
    (SideResult(melded_by_kind=(("joker", 11),)), "from 0 to 10"),
    (SideResult(melded_by_kind=(("kings", 1),)), "not a kind of card"),
    (SideResult(melded=100, melded_by_kind=(("joker", 1),)), "not both"),
])
def test_a_count_by_kind_no_pack_holds_is_refused(side, match):
    with pytest.raises(RulesError, match=match):
        score(HandFootRules(), side, out=None)


# --- impossible reports ------------------------------------------------------------------

@pytest.mark.parametrize(("sides", "out", "match"), [
    # with the seed's values every card is a multiple of 5
    ((SideResult(melded=1003),), None, "no set of cards makes 1003"),
    ((SideResult(left=12),), None, "no set of cards makes 12"),
    # five packs hold 2,900 points of cards that meld
    ((SideResult(melded=3000),), None, "more than all the cards of 5 packs"),
    # five packs make at most 22 clean piles (four of each of eleven ranks a pack)
    ((SideResult(clean_piles=23, melded=2000),), None, "More piles than 5 packs"),
    # a side going out holds no card, and red threes are laid when found
    ((SideResult(**CONTRACT, red_threes_caught=1, melded=1000), SideResult()), 0,
     "went out, so it caught no red three"),
    ((SideResult(**CONTRACT, left_cards=parse_cards(["3H"]), melded=1000), SideResult()),
     0, "went out, so it caught no red three"),
    # special piles are clean piles
    ((SideResult(clean_piles=0, rank_piles=((Rank.SEVEN, 1),), melded=500),), None,
     "piles of 7 score nothing apart"),
    ((SideResult(perfect_draws=1, melded=500),), None, "does not score perfect draws"),
])
def test_impossible_reports_are_refused_with_the_reason(sides, out, match):
    with pytest.raises(RulesError, match=match):
        score(HandFootRules(), *sides, out=out)


def test_only_one_side_melds_first():
    with pytest.raises(RulesError, match="Only one side can have melded first"):
        score(rules(first_meld=100), SideResult(first_meld=True),
              SideResult(first_meld=True), out=None)


def test_as_many_piles_as_five_packs_make_are_accepted():
    """Five packs: 22 clean piles (two of each of eleven ranks) and more dirty ones with
    the wild cards left."""
    assert score(HandFootRules(), SideResult(clean_piles=22, melded=2000), out=None)
    assert score(HandFootRules(), SideResult(clean_piles=11, dirty_piles=11, wild_piles=2,
                                             melded=2800), out=None)


# --- the named house-rule sets score as their scorers do ---------------------------------

@pytest.mark.parametrize(("preset", "deal", "side", "out", "theirs"), [
    # TableScore "Simpson": clean 300, dirty 100, every red three −500, going out 100
    ("hand_and_foot_simpson", 1, SideResult(clean_piles=1, dirty_piles=1, red_threes=1,
                                            melded=400), True, 400 + 300 + 100 + 100 - 500),
    # Hand, Knee and Foot: the required books 11,300, going out 200, seven red threes
    # 1,000 on the stepper, the played and unplayed counts
    ("hand_knee_foot", 1, SideResult(clean_piles=3, rank_piles=((Rank.FIVE, 1), (Rank.SEVEN, 1)),
                                     dirty_piles=1, wild_piles=1, red_threes=7,
                                     melded=1200, left=85), True,
     11300 + 200 + 1000 + 1200 - 85),
    # Hand-Foot-Toe: sevens 5,000, wilds 2,500, clean 500, dirty 300, red threes in books
    # 100, first out 200
    ("hand_foot_toe", 1, SideResult(clean_piles=3, rank_piles=((Rank.SEVEN, 1),),
                                    dirty_piles=2, wild_piles=1, red_threes=2, melded=900),
     True, 5000 + 2500 + 2 * 500 + 2 * 300 + 2 * 100 + 900 + 200),
    ("hand_foot_toe", 1, SideResult(clean_piles=1, dirty_piles=1, red_threes_caught=1,
                                    melded=400, left=160), False,
     500 + 300 - 500 - 100 + 400 - 60),
    # the rising contract: perfect draw 100, going out 200 in hand 2, books of sevens
    # 1,500, the card count
    ("hand_and_foot_rising", 2, SideResult(clean_piles=3, rank_piles=((Rank.SEVEN, 1),),
                                           dirty_piles=2, perfect_draws=1, melded=850),
     True, 100 + 200 + 2 * 500 + 2 * 300 + 1500 + 850),
    # threes always against: going out 300, a dirty wild book 1,300, red three −300
    ("hand_and_foot_threes_against", 1, SideResult(clean_piles=3, dirty_piles=2,
                                                   wild_piles=1, dirty_wild_piles=1,
                                                   red_threes=1, melded=1350), True,
     300 + 3 * 500 + 2 * 300 + 1300 - 300 + 1350),
    # a laid red three 50 for a side that did not go out, stuck −500, black three stuck 5
    ("hand_and_foot_canasta_threes", 1, SideResult(clean_piles=1, dirty_piles=1,
                                                   red_threes=2, red_threes_caught=1,
                                                   melded=290, left=50), False,
     290 - 5 + 2 * 50 - 500 + 500 + 300 - 45),
])
def test_each_named_set_scores_a_deal_as_its_scorer_does(preset, deal, side, out, theirs):
    """docs/handfoot.md, "House-rule sets": each set's deal score, worked out with the
    formula of the scorer it comes from."""
    house = HandFootRules.from_spec(preset)
    [result, _] = score(house, side, SideResult(), out=0 if out else None, deal=deal)
    assert result.total == theirs


def test_every_named_set_is_valid_and_reads_back():
    for preset in SETS:
        house = HandFootRules.from_spec(preset)
        assert HandFootRules.from_spec(house.to_dict()) == house
        assert HandFootRules.from_spec(house.to_dict(every=True)) == house


def test_an_option_too_long_to_print_is_refused_all_the_same():
    with pytest.raises(RulesError, match="Option target must be between 500 and 1000000"):
        rules(target=10**5000)


def test_the_meld_ruling_names_a_mixed_wild_piles_own_bonus():
    from scorekeeper.games.handfoot.rules import rule_meld
    house = rules(dirty_wild_pile=1300)
    assert "1300 for the pile" in str(rule_meld(parse_cards(["JK", "2H"] * 3 + ["2C"]),
                                                house).reason)
    assert "1500 for the pile" in str(rule_meld(parse_cards(["2H"] * 5 + ["2C"] * 2),
                                                house).reason)


def test_black_threes_melded_by_the_side_going_out_as_cards_or_counts():
    """docs/handfoot.md: black threes melded only by the side going out, where the house
    scores them; the same whether tapped in as cards or counted by kind."""
    house = rules(black_three_melded=5)
    as_cards = SideResult(**CONTRACT, melded_cards=parse_cards(["3S", "3C", "3S"] + [
        "KH"] * 5 + ["QH"] * 5 + ["JH"] * 5 + ["10H"] * 5 + ["2C"] * 5 + ["JK"] * 2))
    as_counts = SideResult(**CONTRACT, melded_by_kind=(("black_three", 3),
                                                      ("eight_to_king", 20), ("two", 5),
                                                      ("joker", 2)))
    [cards] = score(house, as_cards, out=0)
    [counts] = score(house, as_counts, out=0)
    assert cards.cards == counts.cards == 15 + 200 + 100 + 100
    with pytest.raises(RulesError, match="threes are never melded"):
        score(house, as_cards, out=None)


@pytest.mark.parametrize(("first", "second"), [
    (SideResult(melded_cards=parse_cards(["JK"] * 10)),
     SideResult(melded_by_kind=(("joker", 1),))),
    (SideResult(melded_by_kind=(("eight_to_king", 120),)),
     SideResult(left_by_kind=(("9", 1),))),
])
def test_cards_and_counts_are_checked_against_the_packs_together(first, second):
    with pytest.raises(RulesError, match="more than 5 packs hold"):
        score(HandFootRules(), first, second, out=None)
