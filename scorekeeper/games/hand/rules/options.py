"""The rules of one form of Hand as a single validated, immutable record.

A game picks a preset (``levant``, ``egypt``, ``gulf``, ``saudi``, ``kuwait``,
``hareeqa``) and may override any option; the record refuses unknown options and
values out of range instead of quietly fixing them. docs/rules.md has the presets'
tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any

from scorekeeper.rulekit.messages import N_, fail
from scorekeeper.rulekit.option import Option, plain

# The option enums are StrEnums: a member is its JSON, database and form value (an
# ``==`` with that string holds), while the engine compares members with ``is``.


class WildMode(StrEnum):
    """How the wild cards of a deal are chosen (RULES.md section 2)."""

    INDICATOR = "indicator"
    """An indicator card is turned: the aces of its suit are wild and the jokers act as
    those natural aces; an ace indicator makes the jokers wild (seed 000)."""
    JOKERS = "jokers"
    """The two jokers are wild, aces are natural, no indicator (seeds 001, 002, 004)."""
    INDICATOR_NO_JOKERS = "indicator_no_jokers"
    """104 cards without jokers: the aces of the indicator's suit are wild (seed 000,
    "Variations")."""


class AceIndicator(StrEnum):
    """What an ace turned as the indicator does under ``indicator_no_jokers`` (seed 000,
    "Variations")."""

    REDRAW = "redraw"
    """The ace goes back into the stock and another card is turned."""
    OTHER_ACE_WILD = "other_ace_wild"
    """The ace stays; the other copy of that ace is the only wild card."""


class DealerRule(StrEnum):
    """Who deals after a scored round (RULES.md section 6)."""

    LOSER_DEALS = "loser_deals"
    """The round's biggest loser deals; a tie that takes in the dealer keeps the dealer
    (seed 000, "Deal")."""
    ROTATE = "rotate"
    """The deal passes to the next player, on the dealer's right (seed 002)."""


class DiscardedWild(StrEnum):
    """What a wild card taken from the discard pile may be used as (seed 000, "Play" and
    "Variations: Taking a discarded card"; RULES.md section 9b). A card that is not wild
    in the deal (a joker playing as a natural ace, say) is never restricted."""

    AS_ACE = "as_ace"
    """A wild ace plays only as the natural ace printed on it, a joker only as an ace of
    any suit (seed 000, "Play")."""
    ACES_GROUP = "aces_group"
    """Only in a group of aces, never in a sequence (seed 000, "Taking a discarded
    card")."""
    NEVER = "never"
    """A discarded wild may not be taken at all (seed 000, "Taking a discarded card")."""
    ANYWHERE = "anywhere"
    """Wherever a wild could be used (seed 000, "Taking a discarded card"; the Gulf and
    Kuwaiti texts set no limit)."""


class Scoring(StrEnum):
    """Which score table a round is scored by (RULES.md section 5)."""

    STANDARD = "standard"
    """The winner -30 (-60 for a full hand, which doubles the others' penalties), the
    others their cards left in hand, or 100 when they never melded (seed 000)."""
    KUWAIT = "kuwait"
    """The Kuwaiti table: fixed rows for each finish and special hand, announced hands
    multiplied, mistakes paid (seed 001)."""
    HAREEQA = "hareeqa"
    """The standard table never doubled; players burn at ``burn_score`` and the last one
    standing takes the pot (seed 002)."""


#: One line on who plays each preset, for choosers and the rules listing.
PRESET_NOTES = {
    "levant": N_("Jordan, Lebanon and Palestine: an indicator card picks the wild aces, "
                 "seven rounds, the loser deals."),
    "egypt": N_("The Levant game with Egypt's bonus hands: one colour, one suit and "
                "discarded wilds multiply the score."),
    "gulf": N_("The Gulf and online game: jokers wild, melds of at most five cards, five "
               "rounds."),
    "saudi": N_("Hand Saudi: the Gulf game where each first meld must beat the one before."),
    "kuwait": N_("The Kuwaiti game: players announce their melds, with a table of special "
                 "hands and mistakes."),
    "hareeqa": N_("Hareeqa: scores and points, players burn at 201, the last one standing "
                  "takes the pot."),
}

BOOL = (False, True)


OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("wild_mode", tuple(WildMode), doc=N_("Which cards are wild: indicator, jokers, or "
           "indicator_no_jokers (104 cards).")),
    Option("ace_indicator", tuple(AceIndicator), doc=N_("With indicator_no_jokers, "
           "what an ace indicator does: it is redrawn, or the other copy of that ace is the "
           "only wild.")),
    Option("packs", (1, 2), doc=N_("Packs of 52 in play (the Kuwaiti form uses one for two or "
           "three players).")),
    Option("min_players", low=2, high=5, doc=N_("Fewest players.")),
    Option("max_players", low=2, high=5, doc=N_("Most players.")),
    Option("partnerships", BOOL, doc=N_("Four players may play as two teams, partners "
           "opposite.")),
    Option("rounds", low=1, high=31, nullable=True, doc=N_("Scored rounds in a game; null when "
           "the game ends another way (Hareeqa).")),
    Option("last_round_deals", low=1, high=9, nullable=True, doc=N_("Most deals allowed for "
           "the last round; null for no limit.")),
    Option("initial_minimum", low=51, high=111, doc=N_("Points a player's first meld of a round "
           "must reach.")),
    Option("initial_increasing", BOOL, doc=N_("Each later first meld in the round must beat the "
           "previous one by at least 1 (Hand Saudi).")),
    Option("announcing", BOOL, doc=N_("Players announce melds instead of laying an initial meld "
           "(Kuwaiti form).")),
    Option("announce_minimum", low=51, high=111, doc=N_("Points an announcement must reach.")),
    Option("announce_after_turns", (0, 8, 16), doc=N_("Cards that must have been played before "
           "anyone may announce.")),
    Option("announce_after_discard", BOOL, doc=N_("A player may announce only right after "
           "taking the previous player's discard (Kuwaiti form).")),
    Option("max_meld_size", low=3, high=13, nullable=True, doc=N_("Most cards in one meld; null "
           "for no limit beyond the game's own.")),
    Option("wilds_per_meld", (1, 2), doc=N_("Most wild cards in one meld: 1, or 2 where a "
           "table lets two jokers stand together (a meld still needs two natural cards).")),
    Option("ace_low_value", (1, 11), doc=N_("Worth of an ace in A-2-3 toward a first meld.")),
    Option("ace_high_value", (10, 11), doc=N_("Worth of an ace in Q-K-A toward a first meld.")),
    Option("ace_penalty", (10, 11), doc=N_("Penalty for a natural ace left in hand.")),
    Option("wild_penalty", low=0, high=100, doc=N_("Penalty for a wild card left in hand.")),
    Option("announcer_wild_penalty", low=0, high=100, doc=N_("Penalty for a joker left in an "
           "announcer's hand (Kuwaiti form).")),
    Option("bonus_hands", BOOL, doc=N_("Full hands of one colour or suit, or discarding wilds, "
           "multiply the score (Egypt).")),
    Option("colour_counts_discard", BOOL, doc=N_("For a one-colour or one-suit hand the "
           "discarded natural card must match too (Kuwaiti form).")),
    Option("lenient_group_add", BOOL, doc=N_("Anyone may add one natural card to a group of two "
           "naturals and a wild.")),
    Option("discarded_wild", tuple(DiscardedWild), doc=N_("What a wild taken from the "
           "discard pile may be used as: as_ace (a wild ace as the ace printed on it, a joker "
           "as an ace), aces_group, never, or anywhere.")),
    Option("discard_lay_off", BOOL, doc=N_("A card taken from the discard pile may be added "
           "to a meld on the table when its discarder has melded, instead of only starting a "
           "new meld.")),
    Option("redeal_claims", BOOL, doc=N_("A player dealt identical pairs may claim a redeal.")),
    Option("dealer_rule", tuple(DealerRule), doc=N_("Who deals next: the round's "
           "biggest loser, or the next player to the right.")),
    Option("scoring", tuple(Scoring), doc=N_("Which score table applies.")),
    Option("burn_score", low=101, high=1000, doc=N_("Hareeqa: a score this high at the end "
           "of a round burns the player.")),
    Option("start_points", low=-10, high=10, doc=N_("Hareeqa: each player's points at the "
           "start.")),
    Option("burn_points", low=1, high=10, doc=N_("Hareeqa: points a burned player puts "
           "into the pot.")),
)}


@dataclass(frozen=True)
class Rules:
    """Every option of a form of Hand; build one with :meth:`from_spec`.

    >>> Rules.from_spec({"preset": "levant", "initial_minimum": 71}).initial_minimum
    71
    """

    preset: str
    wild_mode: WildMode
    ace_indicator: AceIndicator
    packs: int
    min_players: int
    max_players: int
    partnerships: bool
    rounds: int | None
    last_round_deals: int | None
    initial_minimum: int
    initial_increasing: bool
    announcing: bool
    announce_minimum: int
    announce_after_turns: int
    announce_after_discard: bool
    max_meld_size: int | None
    wilds_per_meld: int
    ace_low_value: int
    ace_high_value: int
    ace_penalty: int
    wild_penalty: int
    announcer_wild_penalty: int
    bonus_hands: bool
    colour_counts_discard: bool
    lenient_group_add: bool
    discarded_wild: DiscardedWild
    discard_lay_off: bool
    redeal_claims: bool
    dealer_rule: DealerRule
    scoring: Scoring
    burn_score: int
    start_points: int
    burn_points: int

    def __post_init__(self) -> None:
        if self.preset not in PRESET_NOTES:
            raise fail(N_("Unknown form of Hand “%(name)s”; the presets are %(names)s."),
                       name=self.preset, names=", ".join(PRESETS))
        for f in fields(self)[1:]:
            object.__setattr__(self, f.name, OPTIONS[f.name].check(getattr(self, f.name)))
        if self.scoring is Scoring.HAREEQA and self.rounds is not None:
            raise fail(N_("Hareeqa ends when the players burn, not after a number of "
                          "rounds: leave “rounds” out."))
        if self.scoring is not Scoring.HAREEQA and self.rounds is None:
            raise fail(N_("Say how many rounds a game lasts (option rounds)."))
        if self.scoring is Scoring.HAREEQA and self.partnerships:
            raise fail(N_("Hareeqa is played by players alone, not in partnerships."))
        if self.min_players > self.max_players:
            raise fail(N_("Option min_players (%(low)d) cannot exceed max_players "
                          "(%(high)d)."), low=self.min_players, high=self.max_players)

    @classmethod
    def from_spec(cls, spec: object) -> Rules:
        """Rules from a preset name or ``{"preset": name, option: value, ...}``."""
        if isinstance(spec, str):
            spec = {"preset": spec}
        if not isinstance(spec, Mapping):
            raise fail(N_("Rules must be a preset name or an object with a “preset” "
                          "field."))
        overrides = dict(spec)
        name = overrides.pop("preset", None)
        if not isinstance(name, str):
            raise fail(N_("Rules need a “preset” naming a form of Hand: %(names)s."),
                       names=", ".join(PRESETS))
        if name not in PRESETS:
            raise fail(N_("Unknown form of Hand “%(name)s”; the presets are %(names)s."),
                       name=name, names=", ".join(PRESETS))
        for key in overrides:
            if key not in OPTIONS:
                raise fail(N_("Unknown rules option “%(name)s”; the options are "
                              "%(names)s."), name=str(key), names=", ".join(OPTIONS))
        return replace(PRESETS[name], **overrides)

    @classmethod
    def for_table(cls, spec: object, players: int) -> Rules:
        """Rules for a table of *players*: the Kuwaiti form plays one pack with two or
        three players and announces at 71 with five, unless the spec says otherwise."""
        rules = cls.from_spec(spec)
        given = spec if isinstance(spec, Mapping) else {}
        if rules.preset == "kuwait":
            if "packs" not in given and players <= 3:
                rules = replace(rules, packs=1)
            if "announce_minimum" not in given and players == 5:
                rules = replace(rules, announce_minimum=71)
        return rules

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """The numbers of players that change these rules (:meth:`for_table`), for a
        referee asked without a table: the Kuwaiti form's packs and bar (seed 001)."""
        if self.preset != "kuwait":
            return ()
        return tuple(range(self.min_players, self.max_players + 1))

    @property
    def uses_indicator(self) -> bool:
        return self.wild_mode is not WildMode.JOKERS

    @property
    def jokers(self) -> int:
        """Jokers in the pack."""
        return 0 if self.wild_mode is WildMode.INDICATOR_NO_JOKERS else 2

    @property
    def first_meld_minimum(self) -> int:
        """The bar a first meld (or, when announcing, an announcement) must reach before
        anyone has raised it."""
        return self.announce_minimum if self.announcing else self.initial_minimum

    @property
    def pays_mistakes(self) -> bool:
        """Whether players' mistakes are scored (seed 001, "Player mistakes": the Kuwaiti
        form's mistake column)."""
        return self.scoring is Scoring.KUWAIT

    @property
    def longest_meld(self) -> int:
        """Most cards a sequence may hold: 13 by the cards, or fewer by ``max_meld_size``."""
        return min(13, self.max_meld_size or 13)

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready values: plain strings, not enum members."""
        return {name: plain(value) for name, value in asdict(self).items()}


def _preset(name: str, **values: Any) -> Rules:
    return Rules(preset=name, **values)


_LEVANT: dict[str, Any] = dict(
    wild_mode=WildMode.INDICATOR, ace_indicator=AceIndicator.REDRAW, packs=2, min_players=2,
    max_players=4, partnerships=True, rounds=7, last_round_deals=3, initial_minimum=51,
    initial_increasing=False, announcing=False, announce_minimum=91, announce_after_turns=0,
    announce_after_discard=False,
    # Seeds 000 and 001 allow one wild in a meld; seeds 002 and 004 are silent, so every
    # preset keeps one (docs/rules.md, "Two wild cards in a meld").
    wilds_per_meld=1,
    max_meld_size=None, ace_low_value=11, ace_high_value=11, ace_penalty=11, wild_penalty=15,
    announcer_wild_penalty=15, bonus_hands=False, colour_counts_discard=False,
    lenient_group_add=False, discarded_wild=DiscardedWild.AS_ACE, discard_lay_off=False,
    redeal_claims=True, dealer_rule=DealerRule.LOSER_DEALS,
    scoring=Scoring.STANDARD, burn_score=201, start_points=-3, burn_points=2,
)
_GULF: dict[str, Any] = _LEVANT | dict(
    wild_mode=WildMode.JOKERS, max_players=5, rounds=5, last_round_deals=None,
    max_meld_size=5, ace_low_value=1, redeal_claims=False, dealer_rule=DealerRule.ROTATE,
    # Seeds 002 and 004 oblige a player who takes the discard to meld it, and set no limit
    # on a discarded joker (docs/rules.md, "Cards taken from the discard pile").
    discarded_wild=DiscardedWild.ANYWHERE,
)

PRESETS: dict[str, Rules] = {
    "levant": _preset("levant", **_LEVANT),
    "egypt": _preset("egypt", **_LEVANT | dict(bonus_hands=True)),
    "gulf": _preset("gulf", **_GULF),
    "saudi": _preset("saudi", **_GULF | dict(initial_increasing=True)),
    "kuwait": _preset("kuwait", **_GULF | dict(
        rounds=7, max_meld_size=None, announcing=True, initial_increasing=True,
        announcer_wild_penalty=20, bonus_hands=True, colour_counts_discard=True,
        partnerships=False, scoring=Scoring.KUWAIT,
        # Seed 001, "Player mistakes" 5: the norm is to announce right after taking the
        # previous player's discard.
        announce_after_discard=True)),
    # Seed 002: Hareeqa differs from Hand only in scoring and finishing, so its melds keep
    # the Gulf game's limit of five cards.
    "hareeqa": _preset("hareeqa", **_GULF | dict(
        rounds=None, partnerships=False, scoring=Scoring.HAREEQA)),
}
