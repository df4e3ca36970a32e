"""What Hand is (:class:`~scorekeeper.games.about.GameInfo`): declared here, read by the
registry and by this game's own pages."""

from scorekeeper.rulekit.messages import N_

from ..about import Direction, GameInfo
from .rules import PRESETS

INFO = GameInfo(
    name="hand", api_name="hand", url_name="hand", title=N_("Hand"), presets=tuple(PRESETS),
    fewest_players=min(rules.min_players for rules in PRESETS.values()),
    most_players=max(rules.max_players for rules in PRESETS.values()),
    # seed 000, at its start: the deal and the play go counter-clockwise.
    direction=Direction.COUNTER_CLOCKWISE, referee=True, partnerships=True,
    kept_rulings=True)
