"""`{{ moment|when }}`: a time as people read it, in the event's zone, with its date."""

from __future__ import annotations

from django import template

from tournament import localtime

register = template.Library()


@register.filter
def when(value) -> str:
    """'Sat 23 Nov 2026, 14:05' in the active zone (the event's on its pages)."""
    return localtime.when(value)
