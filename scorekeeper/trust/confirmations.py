"""Deals the other side confirms (docs/trust.md): in a game set so (``Game.confirm`` is
"other_side"), each deal names the player who recorded it, and a player of another side
confirms it — or disputes it, with a reason. Until every deal is confirmed the game is not
over, and neither the league nor the ratings count it (scorekeeper/results.py). A
confirmed deal is locked: correcting or undoing it takes a reason (and the table's PIN,
where the game has one), and the history keeps who had confirmed it.

Each change here is a change of the game like a deal's: it moves the game's version (a
stale one is refused), is written to the history, and keeps the result, in one
transaction. Shared by every game: sides are the game's own (its table's ``units``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import insert

from ..extensions import db
from ..league.results import keep_result
from ..models import AuditEntry, DealRecord, Game
from ..rulekit.messages import N_, fail
from ..rulekit.names import look_alike, normal_name
from ..rulekit.text import plain_text
from ..storage import NO_MARKS, Marks, check_version, claim, kept_table, state_and_log

MODES = ("off", "other_side")
#: The longest reason for a dispute or for changing a confirmed deal.
MOST_REASON = 200


def confirming(game: Game) -> bool:
    return game.confirm == "other_side"


@dataclass(frozen=True)
class Mark:
    """Where one deal stands: who recorded it, who confirmed it (and when) or disputed it
    (and why), and who may confirm it now."""

    number: int
    recorded_by: str | None
    confirmed_by: str | None
    confirmed_at: datetime | None
    disputed_by: str | None
    reason: str | None
    confirmers: tuple[str, ...]

    @property
    def status(self) -> str:
        return ("confirmed" if self.confirmed_by is not None else
                "disputed" if self.disputed_by is not None else "waiting")


def _seat_names(game: Game) -> tuple[str, ...]:
    return tuple(seat.name for seat in game.seats)


def _side(game: Game, seat: int) -> set[int]:
    """The seats of *seat*'s side (partners, or the player alone)."""
    names = _seat_names(game)
    for unit in kept_table(game).units:
        if names[seat] in unit:
            return {names.index(name) for name in unit}
    return {seat}


def confirmers(game: Game, record: DealRecord) -> tuple[str, ...]:
    """Who may confirm *record*: every player of another side than its recorder's."""
    names = _seat_names(game)
    mine = set() if record.recorded_by is None else _side(game, record.recorded_by)
    return tuple(name for seat, name in enumerate(names) if seat not in mine)


def marks_of(game: Game) -> list[Mark]:
    """Each deal's mark, in order (none in a game whose deals are not confirmed)."""
    if not confirming(game):
        return []
    names = _seat_names(game)

    def name(seat: int | None) -> str | None:
        return None if seat is None or not 0 <= seat < len(names) else names[seat]

    return [Mark(d.number, name(d.recorded_by), name(d.confirmed_by), utc(d.confirmed_at),
                 name(d.disputed_by), d.dispute_reason,
                 () if d.confirmed_by is not None else confirmers(game, d))
            for d in game.deals]


def utc(at: datetime | None) -> datetime | None:
    """*at* in UTC, with its time zone: SQLite gives back naive times (they are UTC), and
    PostgreSQL the server's zone; a time read either way is written the same."""
    if at is None:
        return None
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def unconfirmed(game: Game) -> list[int]:
    """The numbers of the deals still waiting for the other side."""
    return [m.number for m in marks_of(game) if m.status != "confirmed"]


def seat_named(game: Game, name: object, field: str = "recorded_by") -> int:
    """The seat of the player *name*, matched as a group's members are (letter case and
    look-alike letters aside, :func:`~scorekeeper.rulekit.names.look_alike`); the name
    written exactly wins over one that only looks the same. :class:`RulesError` naming
    *field* otherwise."""
    names = _seat_names(game)
    given = normal_name(name) if isinstance(name, str) else ""
    if given in names:
        return names.index(given)
    alike = [seat for seat, known in enumerate(names) if given and look_alike(known, given)]
    if len(alike) != 1:
        raise fail(N_("“%(field)s” must name a player of this game (%(players)s)."),
                   field=field, players=", ".join(names))
    return alike[0]


def recording(game: Game, recorder: object) -> Marks:
    """What recording a deal writes besides: who recorded it (required where deals are
    confirmed), and, with ``auto_confirm``, the earlier deals of another side confirmed
    by this recorder."""
    if recorder is None:
        if confirming(game):
            raise fail(N_("Say who records this deal, in “recorded_by” (a player of "
                          "this game): in this game a player of another side confirms each "
                          "deal."))
        return NO_MARKS
    seat = seat_named(game, recorder)
    if not (confirming(game) and game.auto_confirm):
        return Marks((("recorded_by", seat),))

    def confirm_earlier(game: Game) -> None:
        mine = _side(game, seat)
        for record in game.deals:
            if (record.confirmed_by is None and record.disputed_by is None
                    and record.recorded_by is not None and record.recorded_by not in mine):
                record.confirmed_by, record.confirmed_at = seat, game.updated_at
                _entry(game, "confirm", record.number,
                       {"by": _seat_names(game)[seat], "auto": True})

    return Marks((("recorded_by", seat),), confirm_earlier)


def passed(marks: Marks) -> tuple[Marks, ...]:
    """*marks* as a change's last argument, or none when there is nothing to mark: a
    game whose deals nobody confirms is changed exactly as before."""
    return () if marks is NO_MARKS else (marks,)


def changing(game: Game, number: int, recorder: object, reason: object) -> Marks:
    """What correcting deal *number* writes besides. The correcting side becomes its
    recorder, so the deal waits for the other side again: a confirmed deal's correction
    must name who makes it (else the side that confirmed could confirm its own change),
    and give a reason, kept in the history with who had confirmed it. A correction answers
    a dispute: the deal is no longer disputed (the history keeps the dispute)."""
    if not confirming(game) and recorder is None:
        return NO_MARKS
    record = game.deals[number - 1]
    unlock = _unlocking(game, number, recorder, reason)
    if confirming(game) and record.confirmed_by is not None and recorder is None:
        raise fail(N_("Deal %(number)d was confirmed by %(name)s: say who corrects it, in "
                      "“recorded_by” (a player of this game); the deal then waits for a "
                      "player of another side to confirm it again."),
                   number=number, name=_seat_names(game)[record.confirmed_by])
    columns: tuple[tuple[str, object], ...] = (
        ("confirmed_by", None), ("confirmed_at", None), ("disputed_by", None),
        ("dispute_reason", None))
    if recorder is not None:
        columns += (("recorded_by", seat_named(game, recorder)),)
    return Marks(columns, unlock)


def undoing(game: Game, number: int, by: object, reason: object) -> Marks:
    """What undoing deal *number* (the last) writes besides: a confirmed deal's undo gives
    a reason, kept in the history with who had confirmed it and who undid it, if named."""
    if not confirming(game):
        return NO_MARKS
    return Marks((), _unlocking(game, number, by, reason))


def _unlocking(game: Game, number: int, by: object,
               reason: object) -> Callable[[Game], None]:
    """The history entry of a confirmed deal changed (nothing for a deal not confirmed):
    its reason, who had confirmed it and who changes it."""
    record = game.deals[number - 1]
    if record.confirmed_by is None:
        return lambda game: None
    confirmer = _seat_names(game)[record.confirmed_by]
    why = _reason(reason, N_("Deal %(number)d was confirmed by %(name)s: say why it changes "
                             "(“reason”, up to %(most)d characters)."),
                  number=number, name=confirmer)
    note: dict[str, object] = {"reason": why, "confirmed_by": confirmer}
    if by is not None:
        note["by"] = _seat_names(game)[seat_named(game, by)]
    return lambda game: _entry(game, "unlock", number, note)


def confirm(game: Game, number: int, by: object, seen: str) -> None:
    """*by* confirms deal *number*, as the game stood at version *seen*."""
    check_version(game, seen)
    record = _waiting(game, number)
    seat = _confirmer(game, record, by, "by")
    claim(game)
    record.confirmed_by, record.confirmed_at = seat, datetime.now(UTC)
    record.disputed_by = record.dispute_reason = None
    _entry(game, "confirm", number, {"by": _seat_names(game)[seat]})
    _finish(game)


def dispute(game: Game, number: int, by: object, reason: object, seen: str) -> None:
    """*by* disputes deal *number*, saying why."""
    check_version(game, seen)
    record = _waiting(game, number)
    seat = _confirmer(game, record, by, "by")
    why = _reason(reason, N_("Say why the deal is wrong (“reason”, 1 to %(most)d "
                             "characters)."))
    claim(game)
    record.disputed_by, record.dispute_reason = seat, why
    _entry(game, "dispute", number, {"by": _seat_names(game)[seat], "reason": why})
    _finish(game)


def _waiting(game: Game, number: int) -> DealRecord:
    if not confirming(game):
        raise fail(N_("This game's deals are not confirmed: it was started without "
                      "confirmation."))
    record = game.deals[number - 1]
    if record.confirmed_by is not None:
        raise fail(N_("Deal %(number)d is already confirmed, by %(name)s."), number=number,
                   name=_seat_names(game)[record.confirmed_by])
    return record


def _confirmer(game: Game, record: DealRecord, by: object, field: str) -> int:
    seat = seat_named(game, by, field)
    if record.recorded_by is not None and seat in _side(game, record.recorded_by):
        raise fail(N_("%(name)s is on the side that recorded deal %(number)d: a player of "
                      "another side confirms it (%(others)s)."),
                   name=_seat_names(game)[seat], number=record.number,
                   others=", ".join(confirmers(game, record)))
    return seat


# A NUL byte in a reason failed the request on PostgreSQL, and on SQLite kept the game
# out of a restore (docs/security.md).
_CONTROL_IN_REASON = N_("A reason can hold letters, digits, spaces and signs, but no "
                        "control characters such as a NUL byte.")


def _reason(given: object, refusal: str, **values: object) -> str:
    text = plain_text(given, _CONTROL_IN_REASON) if isinstance(given, str) else ""
    if not text or len(text) > MOST_REASON:
        raise fail(refusal, most=MOST_REASON, **values)
    return text


def _entry(game: Game, action: str, number: int, note: dict[str, object]) -> None:
    """A history entry of *game*'s: a deal confirmed or disputed, or a confirmed deal
    unlocked for a change (*note* says by whom and why)."""
    db.session.execute(insert(AuditEntry), {"game_id": game.id, "action": action,
                                            "deal_number": number, "before": None,
                                            "after": None, "note": note,
                                            "at": game.updated_at})


def _finish(game: Game) -> None:
    db.session.flush()
    state, log = state_and_log(game)
    keep_result(game, state, log)
    db.session.commit()
