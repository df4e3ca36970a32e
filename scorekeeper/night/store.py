"""A night in storage (docs/night.md): made from what the organiser gives, its plan read
from the rounds started (the rest planned again from the seed whenever read; starting
one is scorekeeper/night/rounds.py's), players added or removed between rounds, and the
standing from the tables' games as they stand, counting what both sides signed. Each change is
written to the night's history. The seating and the standing themselves are plain
Python (scorekeeper/night/engine/); this module names no game."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from .. import storage
from ..extensions import db
from ..games import kind_of_game
from ..jsontypes import JSONObject
from ..league.groups import LONGEST_GROUP_NAME, member_named
from ..league.ratings import ratings
from ..models import Game, Group, Night, NightChange, NightRound
from ..rulekit.messages import N_, fail
from ..rulekit.names import check_names, new_names, normal_name, shown_name
from ..trust.confirmations import MODES, unconfirmed
from .engine.balance import balanced_order
from .engine.progressive import progress
from .engine.schedule import Format, Round, Table, Tally, plan, rounds_for_everyone
from .engine.standing import Line, TableResult, standing

MOST_PLAYERS = 40
MOST_ROUNDS = 40
#: A night's suggested length where the organiser gives none: a round robin, at most this.
USUAL_ROUNDS = 7
TABLE_SIZES = (2, 4, 6)
#: What a round sat out may score (docs/night.md, "Sitting out").
SIT_OUTS = ("average", "none")
#: The longest a round's time limit may be, in minutes.
MOST_MINUTES = 300


def new_night(name: object, rules: object, players: object, fmt: object,
              table_size: object = 4, rounds: object = None, pairs: object = None,
              group: Group | None = None, sit_out: object = "average",
              minutes: object = None, balance: object = False,
              confirm: object = None) -> Night:
    """A validated, not yet saved night; :class:`RulesError` says what is wrong. With
    *balance*, a group's night of drawn partners seats its first round's sides as evenly
    as the group's ratings allow (:mod:`scorekeeper.night.engine.balance`)."""
    title = night_name(name)
    chosen = _format(fmt)
    size = _table_size(table_size)
    if chosen.partners and size == 2:
        raise fail(N_("Partners need a table of 4 or 6."))
    names = _players(players)
    if len(names) < size:
        raise fail(N_("A night needs at least one full table: %(size)d players, not "
                      "%(count)d."), size=size, count=len(names))
    fixed = _pairs(pairs, names) if chosen is Format.PAIRS else None
    # The games' rules, tried on one table as the night seats it: a table size or a
    # format the game does not allow is refused here, before anything is made.
    trial = table_game(rules, [f"Seat {i + 1}" for i in range(size)], chosen, size)
    planned = _rounds(rounds, rounds_for_everyone(len(names), size, chosen))
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, int)
                                or not 5 <= minutes <= MOST_MINUTES):
        raise fail(N_("A round's time limit is 5 to %(most)d minutes."), most=MOST_MINUTES)
    if sit_out not in SIT_OUTS:
        raise fail(N_("A round sat out scores the round's average (\"average\") or nothing "
                      "(\"none\")."))
    if confirm not in (None, *MODES):
        raise fail(N_("“confirm” is %(modes)s."), modes=" or ".join(MODES))
    if not isinstance(balance, bool):
        raise fail(N_("“balance” is true or false."))
    seed = secrets.randbelow(2**31)
    if balance:
        names = _balanced(names, group, chosen, size, seed, kind_of_game(trial).info.name)
    night = Night(name=title, rules=dict(trial.rules), format=chosen.value,
                  table_size=size, rounds=planned, sit_out=str(sit_out), minutes=minutes,
                  seed=seed, players=names, pairs=fixed, group_id=group.id if group else None,
                  confirm=None if confirm in (None, "off") else str(confirm))
    night.changes.append(NightChange(action="created", detail={"players": names}))
    return night


def _balanced(names: list[str], group: Group | None, fmt: Format, size: int, seed: int,
              kind: str) -> list[str]:
    """*names* in the order whose first round the group's ratings find the most even."""
    if group is None:
        raise fail(N_("Only a group's night can be balanced: its ratings say who is "
                      "strong."))
    if fmt not in (Format.ROTATING, Format.PROGRESSIVE):
        raise fail(N_("Balancing draws the first round's partners: choose rotating "
                      "partners or progressive tables."))
    first = plan(names, fmt, size, 1, seed=seed)[0]
    now = ratings(group.id, kind)
    skills = {name: now[m.id] for name in names
              if (m := member_named(group, name)) is not None and m.id in now}
    return balanced_order(names, first, skills)


def night_name(given: object) -> str:
    """A night's name in normal form; :class:`RulesError` says what is wrong with it."""
    if not isinstance(given, str) or not (name := normal_name(given)):
        raise fail(N_("Give the night a name."))
    if len(name) > LONGEST_GROUP_NAME:
        raise fail(N_("Keep the night's name to %(count)d characters."),
                   count=LONGEST_GROUP_NAME)
    # As a group's name: no control character, nor a mark that hides or reverses text.
    shown_name(name)
    return name


def _format(given: object) -> Format:
    try:
        return Format(str(given) if isinstance(given, str) else "")
    except ValueError:
        raise fail(N_("The format must be one of %(formats)s."),
                   formats=", ".join(f.value for f in Format)) from None


def _table_size(given: object) -> int:
    if isinstance(given, bool) or given not in TABLE_SIZES:
        raise fail(N_("A table seats 2, 4 or 6 players."))
    return int(given)


def _players(given: object) -> list[str]:
    if not isinstance(given, list | tuple) or not all(isinstance(n, str) for n in given):
        raise fail(N_("List the players present, by name."))
    names = [normal_name(n) for n in given if isinstance(n, str)]
    if len(names) > MOST_PLAYERS:
        raise fail(N_("A night seats at most %(count)d players."), count=MOST_PLAYERS)
    check_names(names)
    return list(new_names(tuple(names)))


def _rounds(given: object, suggested: int) -> int:
    if given is None:
        return min(suggested, USUAL_ROUNDS)
    if isinstance(given, bool) or not isinstance(given, int) or not 1 <= given <= MOST_ROUNDS:
        raise fail(N_("A night plays 1 to %(most)d rounds."), most=MOST_ROUNDS)
    return given


def _pairs(given: object, names: list[str]) -> list[list[str]]:
    """Fixed partnerships: as given (each player in one pair), or in the order listed."""
    if given is None:
        if len(names) % 2:
            raise fail(N_("Fixed partnerships need an even number of players."))
        return [names[i:i + 2] for i in range(0, len(names), 2)]
    if not isinstance(given, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(n, str) for n in p)
            for p in given):
        raise fail(N_("List the pairs as lists of two names."))
    pairs = [[normal_name(a), normal_name(b)] for a, b in given]
    if sorted(n.casefold() for p in pairs for n in p) != sorted(n.casefold() for n in names):
        raise fail(N_("Each player present must be in exactly one pair."))
    by = {n.casefold(): n for n in names}
    return [[by[a.casefold()], by[b.casefold()]] for a, b in pairs]


def _seats(sides: Sequence[Sequence[str]]) -> list[str]:
    """A table's seats in playing order: partners never side by side (one of each side,
    then the next of each side)."""
    return [side[i] for i in range(max(len(s) for s in sides)) for side in sides
            if i < len(side)]


def table_game(rules: object, names: list[str], fmt: Format, size: int,
                sides: Sequence[Sequence[str]] | None = None) -> Game:
    """A new game of one table: partners opposite (sides of two, each partner as many
    seats on as there are sides), everyone alone in solo play. The game says whether it
    seats the table so."""
    if sides is None:
        sides = ([names[i::size // 2] for i in range(size // 2)] if fmt.partners
                 else [[n] for n in names])
    seats = _seats(sides)
    return storage.new_game(rules, seats, seats[0], fmt.partners, None)


# --- the plan -----------------------------------------------------------------------------

def played(night: Night) -> list[Round]:
    """The rounds started, as they were seated."""
    return [Round(r.number, tuple(Table(i + 1, tuple(tuple(side) for side in sides))
                                  for i, sides in enumerate(r.seating["tables"])),
                  tuple(r.seating["sitting_out"])) for r in night.started]


def schedule(night: Night, force: bool = False) -> tuple[Round, ...]:
    """The night's rounds: those started, then the rest as planned now (progressive: the
    next one only once the current round's winners are known, or, *force* given, from
    its games as they stand: a table yet to deal moves nobody)."""
    fmt = Format(night.format)
    done = played(night)
    pairs = [(a, b) for a, b in night.pairs or []]
    if fmt is Format.PROGRESSIVE and done:
        results = results_of(night.started[-1])
        if len(done) >= night.rounds or not force and any(
                not r.finished for r in results if r is not None):
            return tuple(done)
        winners = [[n for side, rank in zip(r.sides, r.ranks, strict=True) if rank == 1
                    for n in side] if r and r.deals else [] for r in results]
        nxt = progress(done[-1], winners, night.players, night.table_size, Tally.of(done))
        return _swapped(night, (*done, nxt))
    return _swapped(night, plan(night.players, fmt, night.table_size, night.rounds,
                                seed=night.seed, played=done, pairs=pairs))


def _swapped(night: Night, rounds: tuple[Round, ...]) -> tuple[Round, ...]:
    """*rounds* with the organiser's swaps made in the round each was asked for (while it
    had not started): the rounds after it planned again from it."""
    out = list(rounds)
    fmt = Format(night.format)
    for change in night.changes:
        if change.action != "swap":
            continue
        number, (one, other) = change.detail["round"], change.detail["players"]
        if number <= len(night.started) or number > len(out) or not {
                one, other} <= set(night.players):
            continue  # started already, no longer planned, or someone has left
        out[number - 1] = swap(out[number - 1], one, other)
        if fmt is not Format.PROGRESSIVE:
            out = list(plan(night.players, fmt, night.table_size, night.rounds,
                            seed=night.seed, played=out[:number],
                            pairs=[(a, b) for a, b in night.pairs or []]))
    return tuple(out)


def swap(seated: Round, one: str, other: str) -> Round:
    """*seated* with *one* and *other* in each other's seats (or sitting out)."""
    def moved(name: str) -> str:
        return other if name == one else one if name == other else name

    return Round(seated.number, tuple(
        Table(t.number, tuple(tuple(moved(n) for n in side) for side in t.sides))
        for t in seated.tables), tuple(moved(n) for n in seated.sitting_out))


def results_of(started: NightRound) -> list[TableResult | None]:
    """Each table's game of a round as it stands, in table order."""
    out: list[TableResult | None] = []
    for sides, game_id in zip(started.seating["tables"], started.games, strict=True):
        game = storage.load(game_id) if game_id else None
        if game is None:
            out.append(None)
            continue
        kind = kind_of_game(game)
        state, log = storage.state_and_log(game)
        whole = kind.result(state, log)
        # Where the other side confirms deals, the table counts up to its first deal not
        # yet confirmed (trust.py): a deal moves the standing once both sides signed it.
        pending = tuple(unconfirmed(game))
        if pending:
            log = log[:pending[0] - 1]
            state = kind.replay(storage.table_of(game), list(log))
        result = kind.result(state, log) if pending else whole
        # A group's game names its seats as the members are named: matched by case.
        by_name = {seat.name.casefold(): place
                   for seat, place in zip(game.seats, result.places, strict=True)}
        places = [by_name[side[0].casefold()] for side in sides]
        out.append(TableResult(tuple(tuple(s) for s in sides),
                               tuple(p.total for p in places), tuple(p.rank for p in places),
                               len(log), whole.finished and not pending,
                               whole.finished and bool(pending), pending))
    return out


Results = list[list[TableResult | None]]


def results(night: Night) -> Results:
    """Every started round's tables' games as they count, round by round (read once for
    a page's standing and pending deals)."""
    return [results_of(started) for started in night.started]


def pending(night: Night, read: Results | None = None) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each table whose deals wait for the other side (or are disputed): its round, its
    number and those deals, round by round — what the standing does not count yet."""
    read = results(night) if read is None else read
    return [(started.number, table, result.pending)
            for started, tables in zip(night.started, read, strict=True)
            for table, result in enumerate(tables, start=1)
            if result is not None and result.pending]


def night_standing(night: Night, read: Results | None = None) -> list[Line]:
    """The standing of everyone who has played or is here, best first."""
    read = results(night) if read is None else read
    return standing(_everyone(night), list(zip(played(night), read, strict=True)),
                    night.sit_out)


def time_left(night: Night, now: datetime | None = None) -> int | None:
    """Seconds left on the round clock of the round playing (0 once the time is up), or
    None where the night has no time limit or no round has started."""
    if night.minutes is None or not night.started:
        return None
    started = night.started[-1].started_at
    started = started if started.tzinfo else started.replace(tzinfo=UTC)
    end = started + timedelta(minutes=night.minutes)
    return max(0, int((end - (now or datetime.now(UTC))).total_seconds()))


def of_group(group_id: str) -> list[tuple[Night, list[str]]]:
    """A group's nights, newest first, each with who leads it (its winners once over)."""
    found = db.session.scalars(select(Night).where(Night.group_id == group_id)
                               .order_by(Night.created_at.desc(), Night.id))
    out = []
    for night in found:
        lines = night_standing(night)
        played = any(line.games for line in lines)
        out.append((night, [line.player for line in lines if line.rank == 1] if played
                    else []))
    return out


# --- changes ------------------------------------------------------------------------------

def add_player(night: Night, name: object) -> str:
    if Format(night.format) is Format.PAIRS:
        raise fail(N_("A night of fixed pairs seats whole pairs: start another night to "
                      "change them."))
    if not isinstance(name, str) or not normal_name(name):
        raise fail(N_("Give the player's name."))
    given = normal_name(name)
    if len(night.players) >= MOST_PLAYERS:
        raise fail(N_("A night seats at most %(count)d players."), count=MOST_PLAYERS)
    # Told apart from everyone the night has seated, not only those here now.
    check_names([*_everyone(night), given])
    new_names((*_everyone(night), given))
    night.players = [*night.players, given]
    note(night, "add", {"player": given})
    return given


def remove_player(night: Night, name: str) -> None:
    if Format(night.format) is Format.PAIRS:
        raise fail(N_("A night of fixed pairs seats whole pairs: start another night to "
                      "change them."))
    present = {n.casefold(): n for n in night.players}
    if name.casefold() not in present:
        raise fail(N_("“%(name)s” is not playing tonight."), name=name[:40])
    leaving = present[name.casefold()]
    if len(night.players) - 1 < night.table_size:
        raise fail(N_("That would leave fewer players than one table."))
    night.players = [n for n in night.players if n != leaving]
    note(night, "remove", {"player": leaving})


def swap_players(night: Night, players: object) -> None:
    """Swap two players' seats in the next round (re-planning the rounds after it)."""
    if Format(night.format) is Format.PAIRS:
        raise fail(N_("A night of fixed pairs seats whole pairs: start another night to "
                      "change them."))
    present = {n.casefold(): n for n in night.players}
    if not isinstance(players, list) or len(players) != 2 or not all(
            isinstance(n, str) and n.casefold() in present for n in players):
        raise fail(N_("Name two players who are here to swap."))
    one, other = (present[n.casefold()] for n in players)
    if one == other:
        raise fail(N_("Name two players who are here to swap."))
    number = len(night.started) + 1
    if number > len(schedule(night)):
        raise fail(N_("Every round of the night is played."))
    note(night, "swap", {"round": number, "players": [one, other]})


def _everyone(night: Night) -> list[str]:
    """Everyone the night lists or has seated (those here first), each once: the standing's
    players, and the names a late arrival's must be told apart from."""
    names = list(night.players)
    for started in night.started:
        names += [n for sides in started.seating["tables"] for side in sides for n in side]
        names += list(started.seating["sitting_out"])
    return list({n.casefold(): n for n in names}.values())


def note(night: Night, action: str, detail: JSONObject) -> None:
    night.changes.append(NightChange(action=action, detail=detail))
