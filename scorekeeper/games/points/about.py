"""What a points sheet is (:class:`~scorekeeper.games.about.GameInfo`): declared here, read
by the registry."""

from scorekeeper.rulekit.messages import N_

from ..about import Direction, GameInfo
from .rules import MOST_PLAYERS, PRESET

INFO = GameInfo(
    name="points", api_name="points", url_name="points", title=N_("Points sheet"),
    presets=(PRESET,), fewest_players=2, most_players=MOST_PLAYERS,
    # Tarneeb, Baloot and Kout are dealt and played to the right, as Hand is.
    direction=Direction.COUNTER_CLOCKWISE, partnerships=True)
