"""The rules of Hand and Foot (seed 003), the second game: a package of its own beside
Hand's, sharing only the cards, the messages and the players' names with it.

=====================  ===============================================================
module                 what it rules on
=====================  ===============================================================
``options``            :class:`HandFootRules`, seed 003's values, each a house rule
``house``              the structured house rules read and written, the named sets
``kinds``              a side's cards counted by kind
``reports``            what no deal can report: impossible points, piles, red threes
``search``             the best opening when taking the discard pile, searched exactly
``melds``              one meld: legal or not, clean, dirty or wild, a complete pile
``referee``            an opening meld, taking the discard pile, going out
``scoring``            one deal's scores, side by side
``game``               a game replayed from its deal log: totals, dealer, minimum, end
``outlook``            before the last deal, the points each side must make up
=====================  ===============================================================
"""

from .game import (
    MOST_PLAYERS,
    HandFootDeal,
    HandFootLine,
    HandFootState,
    HandFootTable,
    extend,
    partnership_sides,
    rematch_dealer,
    replay,
    side_name,
    teams_of_three,
)
from .house import Contract
from .melds import HandFootMeldRuling, is_wild, rule_meld
from .options import OPTIONS, PRESET, STRUCTURED, HandFootRules
from .referee import (
    HandFootRuling,
    check_deal,
    missing_piles,
    rule_go_out,
    rule_opening,
    rule_pickup,
)
from .scoring import SideResult, SideScore, score_deal

__all__ = [
    "MOST_PLAYERS", "OPTIONS", "PRESET", "STRUCTURED",
    "Contract", "HandFootDeal", "HandFootLine", "HandFootMeldRuling", "HandFootRules",
    "HandFootRuling", "HandFootState", "HandFootTable", "SideResult", "SideScore",
    "check_deal", "extend", "is_wild", "missing_piles", "partnership_sides", "rematch_dealer",
    "replay",
    "rule_go_out", "rule_meld", "rule_opening", "rule_pickup", "score_deal", "side_name",
    "teams_of_three",
]
