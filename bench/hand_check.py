"""Benchmark of the full-hand check, ``scorekeeper.games.hand.rules.check_hand``.

Deals seeded random 15-card hands from a real deck (two packs and two jokers) in four
families -- no wild, one wild, two wilds, and hands built to be full hands (random valid
melds of 14 cards in all, plus one more card) -- and times every call of ``check_hand``
with ``time.perf_counter_ns``. Run from the repository root:

    python bench/hand_check.py [--hands 10000] [--seed 2026] [--rules levant,gulf]

Under ``levant`` each hand gets its own random non-ace indicator (the two aces of its suit
are wild, the two jokers play as natural aces of that suit, the indicator card itself is
out of the deck); under ``gulf`` the jokers are wild and melds hold at most five cards.

Every built hand must be a full hand: the script checks that ``check_hand`` says so and
that its arrangement really uses the 15 cards in valid melds, and reports any failure
loudly (exit status 1) -- such a failure is an engine bug. It imports only the rules
engine, never Flask.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorekeeper.games.hand.rules import (  # noqa: E402  (after the sys.path line above)
    JOKER,
    Card,
    NaturalCard,
    Rank,
    Rules,
    Suit,
    Wilds,
    check_hand,
    rule_meld,
)

FAMILIES = ("no wild", "one wild", "two wilds", "built full")
TARGET_P99_MS = 2.0
TARGET_MAX_MS = 20.0
HAND_SIZE = 15
MELDED = 14
ACE_HIGH = 14
WILD_IN_MELD = 0.25  # chance that a built meld holds a wild, while one is left
SLOWEST = 5
RETIME = 20

#: The 106 cards of two packs and two jokers.
DECK = tuple(NaturalCard(rank, suit) for suit in Suit for rank in Rank) * 2 + (JOKER, JOKER)


def card_at(number: int, suit: Suit) -> NaturalCard:
    """The natural card at *number* (1 or 14 for the ace) of *suit*."""
    return NaturalCard(Rank.from_number(number), suit)


@dataclass
class Deal:
    """One deal's wilds and the cards that remain to be dealt."""

    wilds: Wilds
    pool: Counter = field(default_factory=Counter)

    @classmethod
    def new(cls, rules: Rules, rng: random.Random) -> Deal:
        pool = Counter(DECK)
        indicator = None
        if rules.uses_indicator:
            indicator = rng.choice([c for c in DECK if not c.is_joker
                                    and c.rank is not Rank.ACE])
            pool[indicator] -= 1  # face up on the table
        return cls(Wilds.for_deal(rules, indicator), pool)

    def is_wild(self, card: Card) -> bool:
        return self.wilds.is_wild(card)

    def cards(self, *, wild: bool) -> list[Card]:
        """The cards left, wild or natural, one entry per copy."""
        return [c for c in self.pool.elements() if self.is_wild(c) == wild]

    def natural(self, natural: NaturalCard) -> Card | None:
        """A card left in the pool that plays as *natural* (a joker may play as an ace),
        taken out of the pool; ``None`` when none is left."""
        physical = self.wilds.physical(natural)
        if self.pool[physical] and not self.is_wild(physical):
            self.pool[physical] -= 1
            return physical
        return None

    def wild(self) -> Card | None:
        left = self.cards(wild=True)
        if not left:
            return None
        self.pool[left[0]] -= 1
        return left[0]

    def put_back(self, cards) -> None:
        self.pool.update(cards)


# --- the hands ---------------------------------------------------------------------------

def random_hand(deal: Deal, wilds: int, rng: random.Random) -> list[Card]:
    """15 random cards holding exactly *wilds* wild cards."""
    hand = rng.sample(deal.cards(wild=True), wilds)
    hand += rng.sample(deal.cards(wild=False), HAND_SIZE - wilds)
    rng.shuffle(hand)
    return hand


def meld_sizes(rng: random.Random, longest: int, group_max: int) -> list[int]:
    """Random meld sizes adding up to 14, each 3..*longest*."""
    sizes, left = [], MELDED
    while left:
        allowed = [s for s in range(3, min(left, longest) + 1) if left - s not in (1, 2)]
        # Favour short melds (groups are then possible) without excluding long runs.
        weights = [3 if s <= group_max else 1 for s in allowed]
        size = rng.choices(allowed, weights)[0]
        sizes.append(size)
        left -= size
    return sizes


def build_group(deal: Deal, size: int, use_wild: bool, rng: random.Random):
    rank = rng.choice(list(Rank))
    suits = rng.sample(list(Suit), size - use_wild)
    taken = []
    for suit in suits:
        card = deal.natural(NaturalCard(rank, suit))
        if card is None:
            deal.put_back(taken)
            return None
        taken.append(card)
    if use_wild:
        wild = deal.wild()
        if wild is None:
            deal.put_back(taken)
            return None
        taken.insert(rng.randrange(len(taken) + 1), wild)
    return taken


def build_sequence(deal: Deal, size: int, use_wild: bool, rng: random.Random):
    suit = rng.choice(list(Suit))
    low = rng.randint(1, ACE_HIGH - size + 1)
    wild_at = rng.randrange(size) if use_wild else None
    taken = []
    for k in range(size):
        card = deal.wild() if k == wild_at else deal.natural(card_at(low + k, suit))
        if card is None:
            deal.put_back(taken)
            return None
        taken.append(card)
    return taken


def built_full_hand(deal: Deal, rng: random.Random, problems: list[str]):
    """Random valid melds of 14 cards plus one more card, or ``None`` if the deck ran out
    of what the chosen melds needed (the caller draws again)."""
    rules = deal.wilds.rules
    longest = min(13, rules.max_meld_size or 13)
    group_max = min(4, rules.max_meld_size or 4)
    melds = []
    for size in meld_sizes(rng, longest, group_max):
        use_wild = rng.random() < WILD_IN_MELD
        for _ in range(50):
            if size <= group_max and rng.random() < 0.5:
                meld = build_group(deal, size, use_wild, rng)
            else:
                meld = build_sequence(deal, size, use_wild, rng)
            if meld is not None:
                break
            use_wild = use_wild and rng.random() < 0.5
        else:
            return None
        ruling = rule_meld(tuple(meld), deal.wilds)
        if not ruling.valid:
            problems.append(f"rule_meld refuses a built meld {show(meld)} "
                            f"(indicator {deal.wilds.indicator}): {ruling.reason}")
            return None
        melds.append(meld)
    extra = rng.choice(list(deal.pool.elements()))
    deal.pool[extra] -= 1
    hand = [c for m in melds for c in m] + [extra]
    rng.shuffle(hand)
    return hand, melds


def show(cards) -> str:
    return " ".join(str(c) for c in cards)


# --- checking and timing -----------------------------------------------------------------

@dataclass
class Case:
    family: str
    cards: tuple[Card, ...]
    wilds: Wilds
    built: list | None = None
    ns: int = 0
    full: bool = False


def proof_problem(case: Case, ruling) -> str | None:
    """Why the arrangement ``check_hand`` gave does not prove a full hand, if it does not."""
    laid = [c for m in ruling.melds for c in m] + list(ruling.discard)
    if Counter(laid) != Counter(case.cards):
        return f"its arrangement does not use exactly the 15 cards: {ruling.reason}"
    melded = sum(len(m) for m in ruling.melds)
    two_wilds = len(ruling.discard) == 2 and all(case.wilds.is_wild(c) for c in ruling.discard)
    if melded != MELDED and not (melded == MELDED - 1 and two_wilds):
        return f"it melds {melded} cards: {ruling.reason}"
    for meld in ruling.melds:
        if not rule_meld(tuple(meld), case.wilds).valid:
            return f"its meld {show(meld)} is not valid by rule_meld"
    return None


def deal_cases(rules: Rules, hands: int, rng: random.Random, problems: list[str]):
    cases = []
    per_family = [hands // len(FAMILIES) + (i < hands % len(FAMILIES))
                  for i in range(len(FAMILIES))]
    for family, count in zip(FAMILIES, per_family, strict=True):
        dealt = 0
        while dealt < count:
            deal = Deal.new(rules, rng)
            if family == "built full":
                built = built_full_hand(deal, rng, problems)
                if built is None:
                    continue
                cards, melds = built
            else:
                cards, melds = random_hand(deal, FAMILIES.index(family), rng), None
            cases.append(Case(family, tuple(cards), deal.wilds, melds))
            dealt += 1
    rng.shuffle(cases)  # interleave the families
    return cases


def timed(case: Case, repeat: int):
    """The ruling on *case* and the fastest of *repeat* calls, in nanoseconds."""
    clock = time.perf_counter_ns
    best = None
    for _ in range(repeat):
        start = clock()
        ruling = check_hand(case.cards, case.wilds)
        elapsed = clock() - start
        best = elapsed if best is None else min(best, elapsed)
    return ruling, best


def run(cases: list[Case], problems: list[str], repeat: int) -> None:
    for case in cases[:50]:  # warm-up, not measured
        check_hand(case.cards, case.wilds)
    for case in cases:
        ruling, case.ns = timed(case, repeat)
        case.full = ruling.hand
        if case.built is None:
            if ruling.hand and (why := proof_problem(case, ruling)):
                problems.append(f"{show(case.cards)}: check_hand says full hand, but {why}")
            continue
        if not ruling.hand:
            melds = " | ".join(show(m) for m in case.built)
            problems.append(f"check_hand says NOT a full hand for {show(case.cards)} "
                            f"(indicator {case.wilds.indicator}), built as {melds} "
                            f"+ 1 card: {ruling.reason}")
        elif why := proof_problem(case, ruling):
            problems.append(f"{show(case.cards)}: {why}")


def percentile(sorted_ns: list[int], p: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    return sorted_ns[max(0, math.ceil(p * len(sorted_ns)) - 1)] / 1e6


def summary(name: str, cases: list[Case]) -> dict:
    times = sorted(c.ns for c in cases)
    total = sum(times)
    return {"family": name, "hands": len(cases),
            "per_s": len(cases) / (total / 1e9) if total else float("inf"),
            "p50": percentile(times, 0.50), "p99": percentile(times, 0.99),
            "max": times[-1] / 1e6, "full": sum(c.full for c in cases)}


def report(label: str, describe: str, cases: list[Case]) -> list[str]:
    """Print the table for one rule set; return the families that miss a target."""
    print(f"\nrules {label}: {describe}")
    print(f"{'family':<12} {'hands':>6} {'hands/s':>9} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'max ms':>8} {'full hands':>11}")
    rows = [summary(f, [c for c in cases if c.family == f]) for f in FAMILIES]
    rows.append(summary("all", cases))
    missed = []
    for row in rows:
        print(f"{row['family']:<12} {row['hands']:>6} {row['per_s']:>9.0f} "
              f"{row['p50']:>8.3f} {row['p99']:>8.3f} {row['max']:>8.3f} "
              f"{row['full']:>11}")
        if row["family"] != "all" and (row["p99"] >= TARGET_P99_MS
                                       or row["max"] > TARGET_MAX_MS):
            missed.append(f"{label} / {row['family']}")
    print(f"slowest {SLOWEST} (as measured, then the best of {RETIME} calls):")
    for case in sorted(cases, key=lambda c: -c.ns)[:SLOWEST]:
        indicator = f"indicator {case.wilds.indicator}" if case.wilds.indicator else ""
        best = timed(case, RETIME)[1]
        print(f"  {case.ns / 1e6:7.3f} ms {best / 1e6:7.3f} ms  {case.family:<10} "
              f"full={case.full!s:<5} {indicator:<13} {show(case.cards)}")
    return missed


RULE_SETS = {
    "levant": "a random non-ace indicator per hand (its suit's aces wild, jokers play as "
              "those aces)",
    "gulf": "jokers wild, melds of at most 5 cards",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000,
                        help="hands per rule set, split evenly over the four families")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default="levant,gulf",
                        help="comma-separated rule sets to run: levant, gulf")
    parser.add_argument("--repeat", type=int, default=1,
                        help="time each hand this many times and keep the fastest "
                             "(default 1: one call per hand)")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.rules.split(",") if n.strip()]
    if args.hands < len(FAMILIES) or args.repeat < 1 or not names or any(
            n not in RULE_SETS for n in names):
        parser.error(f"--hands must be at least {len(FAMILIES)}, --repeat at least 1 and "
                     f"--rules among {', '.join(RULE_SETS)}")

    print("check_hand benchmark (scorekeeper.games.hand.rules.check_hand)")
    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, seed {args.seed}, {args.hands} hands per rule set, "
          f"{'one call' if args.repeat == 1 else f'best of {args.repeat} calls'} per hand")
    print(f"targets: p99 under {TARGET_P99_MS:g} ms, no hand over {TARGET_MAX_MS:g} ms")

    problems: list[str] = []
    missed: list[str] = []
    for name in names:
        rng = random.Random(f"{args.seed}:{name}")
        cases = deal_cases(Rules.from_spec(name), args.hands, rng, problems)
        run(cases, problems, args.repeat)
        missed += report(name, RULE_SETS[name], cases)

    web = sorted(m for m in sys.modules if m.split(".")[0] in (
        "flask", "werkzeug", "jinja2", "sqlalchemy", "flask_sqlalchemy"))
    if web:
        problems.append(f"the benchmark imported web modules: {', '.join(web[:5])}")

    print()
    print("targets: " + ("met" if not missed else "MISSED by " + "; ".join(missed)))
    if problems:
        print(f"\n{'!' * 78}\n{len(problems)} PROBLEM(S) -- built full hands the engine "
              f"does not accept, or bad proofs (engine bugs):")
        for problem in problems:
            print("  * " + problem)
        print(f"{'!' * 78}\n{len(problems)} PROBLEM(S), listed above")
        return 1
    print("every built full hand was accepted with a valid arrangement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
