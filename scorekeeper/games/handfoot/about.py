"""What Hand and Foot is (:class:`~scorekeeper.games.about.GameInfo`): declared here, read
by the registry and by this game's own pages."""

from scorekeeper.rulekit.messages import N_

from ..about import Direction, GameInfo
from .rules import MOST_PLAYERS
from .rules.house import SETS

INFO = GameInfo(
    name="handfoot", api_name="hand_and_foot", url_name="hand-and-foot",
    title=N_("Hand and Foot"), presets=tuple(SETS), fewest_players=2,
    most_players=MOST_PLAYERS,
    # seed 003, "Players, Cards, Deal": the stacks are passed round clockwise, and the
    # play passes clockwise from the dealer's left.
    direction=Direction.CLOCKWISE, referee=True, partnerships=True)
