"""The event's language: what is printed and shown to everyone at once (pairings, scoresheets,
table packs, standings, the door sheet, the big screen) speaks it, whoever asks for it."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation


def language_choices() -> list[tuple[str, str]]:
    """The languages an organiser may pick: the complete ones (settings.LANGUAGES)."""
    return list(settings.LANGUAGES)


def language_is_offered(code: str) -> bool:
    return isinstance(code, str) and code in dict(settings.LANGUAGES)


def language_of(event) -> str:
    """The event's language; the site's default when it is empty or no longer offered (a
    catalogue withdrawn after the event chose it: its paper still prints, in the default)."""
    code = getattr(event, "language", "") or ""
    return code if language_is_offered(code) else settings.LANGUAGE_CODE


def event_language(event):
    """A context in which gettext, dates and numbers speak the event's language."""
    return translation.override(language_of(event))
