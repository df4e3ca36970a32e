"""The group's rating: how good each member is at one game, from the group's finished
games in the order they ended (docs/league.md, "The rating").

Weng and Lin's Bayesian rating of ranked teams, as the ``openskill`` package computes it
with its default parameters: each member is a belief (a mean ``mu`` and its uncertainty
``sigma``), each game ranks its sides as its result does (sides that tie share a rank),
and partners share their side's fate in proportion to how unsure the model is of each.
The Thurstone–Mosteller model with full pairing is the one used: a tie moves both tied
sides alike and as far as a win and a loss would part them, where Plackett–Luce gives the
sides tied on top less than it takes from the side below them (tests/test_rating.py,
``test_a_tie_moves_the_tied_sides_alike``).

The table sees ``shown``, the mean on a scale where a new player is 1,000, and a card
band. The mean of a side that wins alone never falls; a side that shares the win with a
weaker one can see its mean fall (the tie pulls it down), so the shown number of a winner
is never put below what it was: a win never lowers it.

Plain Python over the league's :class:`~scorekeeper.league.engine.standings.Played` games: no
Flask, no database."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from openskill.models import ThurstoneMostellerFull, ThurstoneMostellerFullRating

from ...rulekit.messages import N_, Message, msg
from .standings import Played

MODEL = ThurstoneMostellerFull()
MODEL_NAME = "ThurstoneMostellerFull"
#: The shown number is the mean times this: a new member (mean 25) shows 1,000.
SCALE = 40
#: Below this many rated games a member's rating is provisional.
PROVISIONAL = 10
#: The card bands, best first: the lowest shown number each starts at. A new member is an
#: 8, the middle card; each card is 50 points (1.25 of the mean) wide.
BANDS = (("A", 1275), ("K", 1225), ("Q", 1175), ("J", 1125), ("10", 1075), ("9", 1025),
         ("8", 975), ("7", 925), ("6", 875), ("5", 825), ("4", 775), ("3", 725))
LOWEST_BAND = "2"


def shown_of(mu: float) -> int:
    return round(SCALE * mu)


def band_of(shown: int) -> str:
    """The card a shown number falls in: "A" at the top down to "2"."""
    for card, lowest in BANDS:
        if shown >= lowest:
            return card
    return LOWEST_BAND


@dataclass(frozen=True)
class Skill:
    """One member's rating: the model's belief (``mu``, ``sigma``), the games rated so
    far and the number shown."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    shown: int = shown_of(MODEL.mu)

    @property
    def band(self) -> str:
        return band_of(self.shown)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL

    def _model(self) -> ThurstoneMostellerFullRating:
        return MODEL.create_rating([self.mu, self.sigma])


NEW = Skill()


@dataclass(frozen=True)
class Move:
    """How one member's rating moved in one game, and what the model expected: the
    chance it gave the member's side to win, before the game."""

    member: int
    before: Skill
    after: Skill
    chance: float
    won: bool

    @property
    def change(self) -> int:
        return self.after.shown - self.before.shown


@dataclass(frozen=True)
class Rated:
    """One game as the rating read it: each member's move, or none at all when the game
    tells nothing (every side tied, or a single side)."""

    game: Played
    moves: tuple[Move, ...]


def _sides(game: Played) -> list[list[int | None]]:
    """The game's sides in side order, each its members (None for a seat no member holds:
    a guest rated as a newcomer and forgotten)."""
    sides: dict[int, list[int | None]] = {}
    for place in game.places:
        sides.setdefault(place.side, []).append(place.member)
    return [sides[side] for side in sorted(sides)]


def chances(sides: Sequence[Sequence[Skill]]) -> list[float]:
    """Each side's chance to win as the model predicts it (they add up to 1)."""
    return list(MODEL.predict_win([[s._model() for s in side] for side in sides]))


def rate(game: Played, skills: Mapping[int, Skill]) -> Rated:
    """*game* rated from *skills* (each member's rating before it; a member missing is
    new)."""
    ranks: dict[int, int] = {}
    won: dict[int | None, bool] = {}
    for place in game.places:
        ranks[place.side] = place.rank
        won[place.member] = place.won
    side_ranks = [ranks[side] for side in sorted(ranks)]
    if len(set(side_ranks)) < 2:
        return Rated(game, ())  # every side tied: nothing learnt
    sides = _sides(game)
    before = [[NEW if m is None else skills.get(m, NEW) for m in side] for side in sides]
    odds = chances(before)
    after = MODEL.rate([[s._model() for s in side] for side in before],
                       ranks=[float(r) for r in side_ranks])
    moves = []
    for members, olds, news, chance in zip(sides, before, after, odds, strict=True):
        for member, old, new in zip(members, olds, news, strict=True):
            if member is None:
                continue
            shown = shown_of(new.mu)
            if won[member] and shown < old.shown:
                shown = old.shown  # a win never lowers the number shown
            moves.append(Move(member, old, Skill(new.mu, new.sigma, old.games + 1, shown),
                              chance, won[member]))
    return Rated(game, tuple(moves))


def replay(season: Iterable[Played], skills: Mapping[int, Skill] | None = None
           ) -> tuple[dict[int, Skill], list[Rated]]:
    """Every game of *season* (oldest first) rated in turn from *skills* (everyone new if
    none): the ratings after the last, and each game's moves."""
    now = dict(skills or {})
    rated = []
    for game in season:
        one = rate(game, now)
        for move in one.moves:
            now[move.member] = move.after
        rated.append(one)
    return now, rated


def best_first(skills: Mapping[int, Skill]) -> list[tuple[int, Skill]]:
    """The members by their shown number, best first (then the surer rating, then the
    member who joined first)."""
    return sorted(skills.items(), key=lambda item: (-item[1].shown, item[1].sigma, item[0]))


def balanced(skills: Sequence[Skill], sides: int) -> tuple[list[list[int]], float]:
    """The fairest way to split the players (*skills*, in seating order) into *sides*
    sides of equal size: the sides by the players' indexes, the first side holding the
    first player, and its chance to win. Fairest is the split whose sides' chances are
    closest to even (the largest miss from an even share the smallest); the first such
    split in order wins a tie, so the same players always get the same answer."""
    size, extra = divmod(len(skills), sides)
    if sides < 2 or extra or size < 1:
        raise ValueError(f"{len(skills)} players do not split into {sides} equal sides")
    best: tuple[float, list[list[int]], float] | None = None
    for split in _splits(list(range(len(skills))), size):
        odds = chances([[skills[i] for i in side] for side in split])
        miss = max(abs(p - 1 / sides) for p in odds)
        if best is None or miss < best[0] - 1e-12:
            best = (miss, split, odds[0])
    assert best is not None
    return best[1], best[2]


def _splits(players: list[int], size: int) -> Iterable[list[list[int]]]:
    """Every split of *players* into unordered sides of *size*, each side in seating
    order, the sides ordered by their first player."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        side = [first, *others]
        left = [p for p in rest if p not in others]
        for split in _splits(left, size):
            yield [side, *split]


def reason(move: Move, game: Played, names: Mapping[int, str]) -> Message:
    """Why *move* went as it did, in words a player follows: what happened, and whom the
    model expected to win ("+31: your side beat Omar & Lina, rated above you")."""
    mine = next(p for p in game.places if p.member == move.member)
    sides = {p.side for p in game.places}
    others = [p for p in game.places if p.side != mine.side]
    change = _signed(move.change)
    if len(sides) == 2:
        them = _together([names.get(p.member, "?") if p.member is not None else "?"
                          for p in others])
        even = 1 / 2
        expected = (N_("rated above you") if move.chance < even - 0.02 else
                    N_("rated below you") if move.chance > even + 0.02 else
                    N_("rated as you"))
        if mine.rank < others[0].rank:
            what = msg(N_("%(change)s: your side beat %(them)s, %(expected)s"),
                       change=change, them=them, expected=msg(expected))
        elif mine.rank > others[0].rank:
            what = msg(N_("%(change)s: %(them)s beat your side, %(expected)s"),
                       change=change, them=them, expected=msg(expected))
        else:
            what = msg(N_("%(change)s: your side tied with %(them)s, %(expected)s"),
                       change=change, them=them, expected=msg(expected))
    else:
        ahead = sorted({p.side for p in others if p.rank < mine.rank})
        tied = sorted({p.side for p in others if p.rank == mine.rank})
        template = (N_("%(change)s: you shared place %(place)s of %(sides)s, with a "
                       "%(chance)s%% chance to win") if tied else
                    N_("%(change)s: you finished in place %(place)s of %(sides)s, with a "
                       "%(chance)s%% chance to win"))
        what = msg(template, change=change, place=1 + len(ahead), sides=len(sides),
                   chance=round(100 * move.chance))
    if move.won and move.after.shown == move.before.shown and shown_of(
            move.after.mu) < move.before.shown:
        return msg(N_("%(reason)s (a win never lowers the number)"), reason=what)
    return what


def _signed(change: int) -> str:
    # The minus sign, not a hyphen: read aloud and printed as the sheet writes it.
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


def _together(names: Sequence[str]) -> Message | str:
    """Names as one, as the pages join a side ("Omar & Lina"; in Arabic with و)."""
    joined: Message | str = ""
    for name in names:
        joined = msg(N_("%(names)s & %(name)s"), names=joined, name=name) if joined else name
    return joined
