"""`{{ moment|when }}`: a time as people read it, in the event's zone, with its date."""

from __future__ import annotations

from django import template

from tournament import localtime

register = template.Library()


@register.filter
def when(value) -> str:
    """'Sat 23 Nov 2026, 14:05' in the active zone (the event's on its pages)."""
    return localtime.when(value)


@register.filter
def clock_used(seconds) -> str:
    """Seconds of a game clock as people read them: '1:29:05', or '29:05' under an hour."""
    if seconds is None:
        return ""
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
