"""What every game's rules are built from, as plain Python: the cards and the packs, the
messages rulings give, the checks on names and typed text and one option of a game's rules.
Each game's own engine (``scorekeeper.games.<game>.rules``) builds on these; nothing here
imports Flask or the database, or names a game.

=====================  ===============================================================
module                 what it holds
=====================  ===============================================================
``cards``              parsing and printing cards; how many copies the packs hold
``engine``             the skeleton each game's engine builds on: a table's seats and
                       sides, a state's deal count and totals, the replay of a log
``messages``           :class:`Message`, a reason to translate when shown;
                       :class:`RulesError`, a refusal that carries one
``names``              names: their normal form, the one rule every new name follows,
                       names that look the same
``option``             :class:`Option`: one option's allowed values and its sentence
``text``               free text a person types (names, reasons): white space read as
                       one space, control characters refused
=====================  ===============================================================
"""

from .cards import JOKER, Card, Joker, NaturalCard, Rank, Suit, parse_cards
from .messages import Message, RulesError
from .names import new_names, normal_name
from .option import Option

__all__ = ["JOKER", "Card", "Joker", "Message", "NaturalCard", "Option", "Rank",
           "RulesError", "Suit", "new_names", "normal_name", "parse_cards"]
