"""A deal as the audit trail keeps it (``AuditEntry.before`` and ``after``): the body that
records it again through the API, with what it scored. :class:`Snapshot` is the part every
game's has; a game's ``store.snapshot`` returns its own record extending it with the
fields of its deal's body. :class:`KeptDeal` is what the history stores: the snapshot with
the text the table wrote on the deal (scorekeeper/deal_fields.py)."""

# Without postponed annotations: NotRequired is then read at run time too, so the
# record's required keys are right for whoever inspects them.
from typing import NotRequired, TypedDict


class Snapshot(TypedDict):
    #: The deal's number.
    deal: int
    #: How the deal ended, as the game's body names it (``"scored"`` in a game where
    #: every deal scores).
    outcome: str
    #: Each player's (or side's) score for the deal; a deal that scored nothing has none.
    scores: NotRequired[dict[str, int]]


class KeptDeal(Snapshot):
    """A snapshot as the history keeps it: each text field the table wrote on the deal
    (one key per field of scorekeeper/deal_fields.py, left out when empty)."""

    note: NotRequired[str]
