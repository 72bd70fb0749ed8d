"""`{{ event|vp_max }}`: the highest VP total the event's mission pack accepts (score inputs)."""

from __future__ import annotations

from django import template

from missions.scoring.rules import SCORING, VP_CEILING

register = template.Library()


@register.filter
def vp_max(event) -> int:
    """100 for Leviathan; the typing-slip ceiling for packs without a cap."""
    rules = SCORING.get(getattr(event, "mission_pack", ""))
    return rules.vp_max if rules else VP_CEILING
