"""Extension points of the people app, declared once (common/hooks.py): filled by the apps built
on it, which people never imports."""

from __future__ import annotations

from common.hooks import Hook

PERSON_PAGE_SECTIONS = Hook(
    "person page sections",
    '(person id) -> HTML or "": a section of a person\'s public page, after their record. '
    "Filled by ratings (the rating history chart).",
)

CONSENT_CHANGED = Hook(
    "consent changed",
    "(player) -> None: a player's answer on publishing beyond the event changed (called inside "
    "the answer's transaction). Filled by ratings (rates the event's edition again).",
)

PERSON_DATA_SECTIONS = Hook(
    "person data sections",
    "(person id) -> dict: what an app holds about a person, merged into the person part of "
    "their my-data download (people/services/mydata.py). Filled by ratings (their ratings, "
    "history and the choice to leave them).",
)
