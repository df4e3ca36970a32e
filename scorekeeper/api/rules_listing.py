"""``GET /api/v1/rules``: the presets, their options and what every option means."""

from flask import jsonify
from flask_babel import gettext

from ..rules import OPTIONS, PRESET_NOTES, PRESETS, handfoot
from . import bp


@bp.get("/rules")
def rules():
    # Hand and Foot's options are its own (seed 003): described with the preset, as
    # "options" holds Hand's, every one of which any Hand preset takes.
    foot_docs = {
        **{name: option.describe() | {"doc": gettext(option.doc)}
           for name, option in handfoot.OPTIONS.items()},
        **{name: described | {"doc": gettext(str(described["doc"])), "nullable": False}
           for name, described in handfoot.STRUCTURED.items()}}
    foot = {"game": "hand_and_foot", "note": gettext(handfoot.PRESET_NOTE),
            "options": handfoot.FootRules().to_dict(), "option_docs": foot_docs}
    return jsonify(
        presets={name: {"note": gettext(PRESET_NOTES[name]), "options": preset.to_dict()}
                 for name, preset in PRESETS.items()} | {handfoot.PRESET: foot},
        options={name: option.describe() | {"doc": gettext(option.doc)}
                 for name, option in OPTIONS.items()})
