"""The referee endpoints: stateless rulings (docs/api.md, "Referee"). Each reads the body
and answers what the game of its ``rules`` rules on that question, as the referee pages do;
every game answers the questions it has, and a question of another game is refused with the
game it belongs to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Response, jsonify

from ..codec import PayloadError
from ..games import games, kind_asked
from ..jsontypes import Unchecked
from ..rulekit.messages import N_, msg
from .blueprint import bp
from .payload import body

if TYPE_CHECKING:
    from ..games.kind import AnyKind


def _answer(check: str) -> Response:
    data = body()
    kind = kind_asked(data)
    if not kind.info.referee:
        return jsonify(kind.ask(check, data))  # refused: the game has no referee
    if check not in kind.checks:
        owner = next(k for k in games() if check in k.checks)
        raise PayloadError(msg(N_("“%(check)s” is a question of %(game)s: send "
                                  "\"rules\": \"%(preset)s\"."), check=check,
                               game=msg(owner.info.title), preset=owner.info.presets[0]))
    _refuse_foreign_fields(kind, check, data)
    return jsonify(kind.ask(check, data))


def _refuse_foreign_fields(kind: AnyKind, check: str, data: Unchecked) -> None:
    """A field another game's question of the same name reads (Hand and Foot's running
    total, say) means nothing to this game's: given with a value, it is refused by name,
    as the description names it for this path, rather than ignored."""
    own = kind.question_fields.get(check, frozenset())
    for other in games():
        for field in sorted(other.question_fields.get(check, frozenset()) - own):
            if data.get(field) is not None:
                raise PayloadError(msg(
                    N_("The field “%(field)s” belongs to %(other)s's “%(check)s” question; "
                       "%(game)s's takes %(fields)s."), field=field, other=msg(other.info.title),
                    check=check, game=msg(kind.info.title), fields=", ".join(sorted(own))))


for _check in dict.fromkeys(check for kind in games() for check in kind.checks):
    bp.add_url_rule(f"/referee/{_check}", f"referee_{_check.replace('-', '_')}",
                    lambda check=_check: _answer(check), methods=["POST"])
