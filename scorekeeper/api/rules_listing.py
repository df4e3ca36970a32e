"""``GET /api/v1/rules``: the presets, their options and what every option means."""

from flask import jsonify
from flask_babel import gettext

from ..rules import OPTIONS, PRESET_NOTES, PRESETS
from . import bp


@bp.get("/rules")
def rules():
    return jsonify(
        presets={name: {"note": gettext(PRESET_NOTES[name]), "options": preset.to_dict()}
                 for name, preset in PRESETS.items()},
        options={name: option.describe() | {"doc": gettext(option.doc)}
                 for name, option in OPTIONS.items()},
    )
