"""`{% find_folds %}`: the extra letter folds of engine/names.py as JSON, for the find box's
script (static/js/find-table.js), so every page with a find box folds "Łukasz" as the server."""

from __future__ import annotations

import json

from django import template

from tournament.engine.names import EXTRA_FOLDS

register = template.Library()

FOLDS_JSON = json.dumps(EXTRA_FOLDS, ensure_ascii=False, sort_keys=True)


@register.simple_tag
def find_folds() -> str:
    return FOLDS_JSON
