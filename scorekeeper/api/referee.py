"""The referee endpoints: stateless rulings on melds, first melds, lay-offs, wild swaps,
full hands and redeal claims (shared/API.md, "Referee"). Each reads the body and answers
what :func:`scorekeeper.referee.decide` rules, as the referee pages do; under Hand and
Foot's rules, what :func:`scorekeeper.footreferee.foot_decide` rules, with its own two
questions (taking the discard pile, going out)."""

from __future__ import annotations

from flask import jsonify

from ..codec import PayloadError
from ..footcodec import is_foot
from ..footreferee import FOOT_CHECKS, foot_decide
from ..referee import decide, rules_for
from ..rules import Check
from ..rules.messages import N_, msg
from . import bp
from .payload import body


def _answer(check: str):
    data = body()
    if is_foot(data.get("rules")):
        return jsonify(foot_decide(check, data))
    if check not in {c.value for c in Check}:
        raise PayloadError(msg(N_("“%(check)s” is a question of Hand and Foot: send "
                                  "\"rules\": \"hand_and_foot\"."), check=check))
    return jsonify(decide(check, rules_for(data), data).json())


for _check in dict.fromkeys([*Check, *FOOT_CHECKS]):
    bp.add_url_rule(f"/referee/{_check}", f"referee_{_check.replace('-', '_')}",
                    lambda check=_check: _answer(check), methods=["POST"])
