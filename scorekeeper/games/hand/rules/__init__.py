"""The rules of Hand, as plain Python: the options of each form of Hand, and rulings with
reasons, built on the shared cards, messages and names (:mod:`scorekeeper.rulekit`, whose
values this package hands on too). Nothing here imports Flask or the database.

Sources: the seed texts 000 (the Levant form and its variants), 001 (the Kuwaiti form),
002 and 004 (the Gulf and online forms); docs/rules.md states them in this project's
words, with the decisions taken where the seeds leave a point open.

=====================  ===============================================================
module                 what it rules on
=====================  ===============================================================
``options``            :class:`Rules`, the presets and their options (enums)
``rulings``            the :class:`Ruling` every check answers with; the checks
``wilds``              which cards are wild in a deal, what a joker plays as
``melds``              one meld: sequence or group, the wild's meaning, its value
``discard``            a card taken from the discard pile: where it goes, what a wild
                       taken so may stand for
``initial``            a first meld (or announcement) against the bar in force
``layoff``             adding cards to a table meld; taking a wild from one
``hand``               the full-hand check and its bonuses
``winning``            the winner's cards deciding the finish, bonuses, special hand
``redeal``             a redeal claim for identical pairs
``scoring``            one round's scores: standard, Kuwaiti table, partnerships
``game``               a game replayed from its deal log: totals, dealers, the end
``outlook``            before the last round, what would put each player in front
=====================  ===============================================================
"""

from scorekeeper.rulekit.cards import JOKER, Card, Joker, NaturalCard, Rank, Suit, parse_cards
from scorekeeper.rulekit.messages import Message, RulesError
from scorekeeper.rulekit.names import new_names, normal_name

from .discard import rule_taken_meld
from .game import (
    Deal,
    DealLine,
    FirstMeld,
    GameState,
    Outcome,
    Table,
    first_meld_bar,
    rematch_dealer,
    settle_first_melds,
)
from .hand import Bonus, Finish, HandRuling, check_hand
from .initial import InitialMeldRuling, rule_initial_meld
from .layoff import TableRuling, rule_lay_off, rule_swap
from .melds import MeldKind, MeldRuling, WildUse, rule_meld
from .options import (
    OPTIONS,
    PRESET_NOTES,
    PRESETS,
    AceIndicator,
    DealerRule,
    DiscardedWild,
    Rules,
    Scoring,
    WildMode,
)
from .redeal import RedealRuling, rule_redeal
from .replay import extend, replay
from .rulings import Check, Ruling
from .scoring import PlayerHand, RoundResult, RoundScore, deal_wilds, score_round
from .wilds import IndicatorError, Wilds

__all__ = [
    "JOKER", "OPTIONS", "PRESETS", "PRESET_NOTES", "AceIndicator", "Bonus", "Card", "Check",
    "Deal", "DealLine", "DealerRule", "DiscardedWild", "Finish", "FirstMeld", "GameState",
    "HandRuling", "IndicatorError",
    "InitialMeldRuling", "Joker", "MeldKind", "MeldRuling", "Message", "NaturalCard",
    "Outcome", "PlayerHand", "Rank", "RedealRuling", "RoundResult", "RoundScore", "Ruling",
    "Rules", "RulesError", "Scoring", "Suit", "Table", "TableRuling", "WildMode", "WildUse",
    "Wilds",
    "check_hand", "deal_wilds", "extend", "first_meld_bar", "new_names", "normal_name",
    "parse_cards", "rematch_dealer", "replay", "settle_first_melds",
    "rule_initial_meld", "rule_lay_off", "rule_meld", "rule_redeal", "rule_swap",
    "rule_taken_meld",
    "score_round",
]
