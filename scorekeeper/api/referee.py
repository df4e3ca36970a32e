"""The referee endpoints: stateless rulings (docs/api.md, "Referee"). Each reads the body
and answers what the game of its ``rules`` rules on that question, as the referee pages do;
every game answers the questions it has, and a question of another game is refused with the
game it belongs to."""

from __future__ import annotations

from flask import Response, jsonify

from ..codec import PayloadError
from ..games import games, kind_of
from ..rules.messages import N_, msg
from .blueprint import bp
from .payload import body


def _answer(check: str) -> Response:
    data = body()
    kind = kind_of(data.get("rules"))
    if check not in kind.checks:
        owner = next(k for k in games() if check in k.checks)
        raise PayloadError(msg(N_("“%(check)s” is a question of %(game)s: send "
                                  "\"rules\": \"%(preset)s\"."), check=check,
                               game=msg(owner.title), preset=owner.presets[0]))
    return jsonify(kind.decide(check, data))


for _check in dict.fromkeys(check for kind in games() for check in kind.checks):
    bp.add_url_rule(f"/referee/{_check}", f"referee_{_check.replace('-', '_')}",
                    lambda check=_check: _answer(check), methods=["POST"])
