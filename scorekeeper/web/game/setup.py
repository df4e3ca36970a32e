"""The new-game form: the form of the game (every game's presets), the players in seating
order, who deals first and the table PIN, with the choices each game adds of its own (its
sides, its house rules) gathered from the registry. The form only gathers; the game's
rules check it."""

from __future__ import annotations

import secrets
from functools import cache
from typing import cast

from flask import redirect, url_for
from flask_babel import LazyString, gettext
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response
from wtforms import BooleanField, Field, RadioField, StringField
from wtforms.validators import InputRequired, Optional

from ...extensions import db
from ...games import games, home, kind_of, preset_of, presets
from ...games.kind import AnyKind
from ...i18n import say
from ...league import groups
from ...models import Game, Group
from ...numbers import whole_or
from ...pins import normal_pin, set_pin
from ...rulekit import RulesError
from ...rulekit.messages import N_, msg
from ...storage import new_game
from ...ui.forms import Form, choices, pin_digits
from ..common import device


class NewGameForm(Form):
    """The table PIN, and what every game's setup does; :func:`new_game_form` makes the
    class with the presets, the seats, who deals first and each game's own fields."""

    pin = StringField(_l("Table PIN (optional)"), validators=[Optional(), pin_digits])
    # Deals the other side confirms (scorekeeper/trust/confirmations.py, docs/trust.md).
    confirm = RadioField(_l("Who confirms each deal"), default="off", choices=choices((
        ("off", _l("Nobody: the deal counts once saved")),
        ("other_side", _l("A player of another side, on their phone or this one")))))
    auto_confirm = BooleanField(_l("A deal saved by another side confirms the deals before "
                                   "it"))

    @property
    def kind(self) -> AnyKind:
        """The game whose preset is chosen (the game the app opens on, until one is)."""
        return kind_of(self.preset.data) if self.preset.data in presets() else home()

    def player_fields(self) -> list[Field]:
        return [self[f"player_{i}"] for i in range(seats())]

    def names(self) -> list[str]:
        return [f.data.strip() for f in self.player_fields() if (f.data or "").strip()]

    def setup(self, names: list[str]) -> tuple[dict[str, object], bool, list[list[str]] | None]:
        """The rules, partnerships and sides the form chose for its game; a
        :class:`RulesError` when the players cannot make the sides."""
        return self.kind.pages.setup(self, self.preset.data, names)

    def move(self, seat: int, step: int) -> None:
        """Swap the player at *seat* with the one *step* away (the reorder buttons)."""
        other = seat + step
        if 0 <= seat < seats() and 0 <= other < seats():
            a, b = self[f"player_{seat}"], self[f"player_{other}"]
            a.data, b.data = b.data, a.data
            if self.first_dealer.data in (str(seat), str(other)):
                self.first_dealer.data = str(other if self.first_dealer.data == str(seat)
                                             else seat)


    def rearrange(self, move: str) -> None:
        """A reorder button's post ("up-2"): swap two seats. That stores nothing, but the
        post carries its CSRF token like any other."""
        if "csrf_token" not in self or self.csrf_token.validate(self):
            direction, _, seat_text = move.partition("-")
            self.move(whole_or(seat_text, -1), -1 if direction == "up" else 1)

    def game(self) -> Game:
        """The game the form describes, not yet saved, its PIN set: :class:`RulesError`
        says what is wrong."""
        names = self.names()
        dealer = self.first_dealer.data
        if dealer == "random":
            dealer_name = secrets.choice(names) if names else ""
        else:
            seat = whole_or(dealer, -1)
            fields = self.player_fields()
            dealer_name = (fields[seat].data or "").strip() if 0 <= seat < len(fields) else ""
            if not dealer_name:
                raise RulesError(msg(N_("The first dealer's seat has no player.")))
        spec, partnerships, teams = self.setup(names)
        game = new_game(spec, names, dealer_name, partnerships, teams)
        if self.confirm.data == "other_side":
            game.confirm, game.auto_confirm = "other_side", bool(self.auto_confirm.data) or None
        if (self.pin.data or "").strip():
            # The form's validator (pin_digits) took only a PIN normal_pin reads.
            set_pin(game, cast(str, normal_pin(self.pin.data)))
        return game


def start(form: NewGameForm, group: Group | None = None) -> Response | str:
    """Start the game *form* describes — for *group*, its players becoming members and its
    rules the group's usual ones — in one transaction: the answer going to its page, or
    what is wrong (nothing saved)."""
    try:
        game = form.game()
        db.session.add(game)
        if group is not None:
            groups.start_game(group, game)
        db.session.commit()
    except RulesError as refusal:
        db.session.rollback()
        return say(refusal.message)
    if game.pin_hash:
        # Whoever sets the PIN need not type it again on this phone.
        device.unlock(game.id)
    return device.remember(redirect(url_for("games.show", game_id=game.id)), game.id)


def seats() -> int:
    """The most players any game seats: the form has a box for each."""
    return max(kind.info.most_players for kind in games())


@cache
def new_game_form() -> type[NewGameForm]:
    """The form's class, with every game's presets and fields (made once)."""
    fields: dict[str, Field] = {
        # Each game's presets, under the game's own name on the page (games/new.html).
        "preset": RadioField(_l("Game"), choices=choices(
            (preset, label) for kind in games()
            for preset, label in kind.pages.offered.items()),
            default=home().info.presets[0], validators=[InputRequired()]),
    }
    fields["first_dealer"] = RadioField(_l("Who deals first"), default="random",
                                        choices=choices([("random", _l("Draw at random"))] + [
                                            (str(i), str(i + 1)) for i in range(seats())]))
    for i in range(seats()):
        fields[f"player_{i}"] = StringField(_l("Player %(number)d", number=i + 1))
    for kind in games():
        fields |= kind.pages.setup_fields()
    return type("GameSetupForm", (NewGameForm,), fields)


def game_titles() -> list[str]:
    """Every game the app keeps, by its name for people, in the registry's order."""
    return [gettext(kind.info.title) for kind in games()]


def preset_notes() -> dict[str, str]:
    """One line on each preset, to translate when shown."""
    return {preset: note for kind in games() for preset, note in kind.notes.items()}


def preset_name(rules: object) -> LazyString | None:
    """What the preset of *rules* (a name, or rules as stored) is called."""
    return kind_of(rules).pages.preset_names.get(str(preset_of(rules)))
