"""The referee endpoints: stateless rulings on melds, first melds, lay-offs, wild swaps,
full hands and redeal claims (shared/API.md, "Referee"). Each reads the body and answers
what :func:`scorekeeper.referee.decide` rules, as the referee pages do."""

from __future__ import annotations

from flask import jsonify

from ..referee import decide, rules_for
from ..rules import Check
from . import bp
from .payload import body


def _answer(check: str):
    data = body()
    return jsonify(decide(check, rules_for(data), data).json())


for _check in Check:
    bp.add_url_rule(f"/referee/{_check}", f"referee_{_check.replace('-', '_')}",
                    lambda check=_check: _answer(check), methods=["POST"])
