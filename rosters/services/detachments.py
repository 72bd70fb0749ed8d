"""The detachments recorded for a player: the names of those their army takes (11th edition: as
many as the battle size's Detachment Points allow; 10th: one; 8th: the Detachments of the
organised-event guidelines), filled from their list or typed by an organiser.

A name the event's rules data knows for the player's faction is stored as the data spells it;
any other name is kept as given (the data lags the game by a week or more)."""

from __future__ import annotations

import re

from django.utils.translation import gettext

from common.errors import Invalid
from rosters.data import UnknownDataset, rules_data
from rosters.services.rows import list_settings
from tournament.engine.errors import EngineError
from tournament.engine.names import name_clean

FIELD = "detachments"
# Onslaught's budget is 4 Detachment Points, and 8th edition's largest games take 4
# Detachments: no army takes more.
DETACHMENTS_MAX = 4
NAME_LIMIT = 100
# Text (the organiser's form, a CSV column) names one detachment per line; a semicolon also
# separates (no detachment has one in its name; some have commas: "Ordo Xenos, Alien Hunters").
TEXT_SEPARATORS = re.compile(r"[\r\n;]+")


def _name(value, number: int) -> str:
    if not isinstance(value, str):
        raise Invalid(
            FIELD, "invalid", gettext("Detachment %(number)s: must be text.") % {"number": number}
        )
    try:
        return name_clean(value, field=FIELD, limit=NAME_LIMIT)
    except EngineError as exc:
        raise Invalid.from_rule(
            exc,
            field=FIELD,
            frame=gettext("Detachment %(number)s: %(message)s"),
            frame_params={"number": number},
        ) from exc


def detachments_clean(value) -> list[str]:
    """The names as stored: a list of at most 4 names of 1 to 100 characters, each with a
    visible character, none twice in any case. Text (a form, a CSV column) is split into one
    name per line (or between semicolons), blank lines dropped. Raises Invalid naming the
    field and the rule."""
    if isinstance(value, str):
        value = [part for part in TEXT_SEPARATORS.split(value) if part.strip()]
    if not isinstance(value, list):
        raise Invalid(FIELD, "invalid", gettext("Must be a list of detachment names."))
    names = [_name(item, number) for number, item in enumerate(value, 1)]
    if len(names) > DETACHMENTS_MAX:
        raise Invalid(
            FIELD,
            "too_many",
            gettext(
                "At most %(DETACHMENTS_MAX)s detachments (%(names_count)s "
                "given): no army takes more."
            )
            % {"DETACHMENTS_MAX": DETACHMENTS_MAX, "names_count": len(names)},
        )
    seen: dict[str, str] = {}
    for name in names:
        key = name.casefold()
        if key in seen:
            twice = name if seen[key] == name else f"{seen[key]} and {name}"
            raise Invalid(
                FIELD,
                "duplicate",
                gettext("Each detachment is named once (%(twice)s).") % {"twice": twice},
            )
        seen[key] = name
    return names


def detachments_valid(value) -> list[str]:
    """Names as a log entry or a file holds them: already clean; ValueError otherwise."""
    if not isinstance(value, list):
        raise ValueError("wrong type")
    try:
        clean = detachments_clean(value)
    except Invalid:
        raise ValueError("invalid") from None
    if clean != value:
        raise ValueError("invalid")
    return clean


def detachments_spelled(names: list[str], *, event, faction: str) -> list[str]:
    """`names` with each one the event's rules data knows for `faction` (its chapter's parent
    included, as the checks take them) spelled as the data spells it; the rest as given."""
    if not names or not faction:
        return list(names)
    try:
        rules = rules_data(list_settings(event).data_version or None)
    except UnknownDataset:
        return list(names)
    army = rules.faction_for(faction)
    if army is None:
        return list(names)
    known = {}
    for owner in (army, rules.factions.get(army.parent or "")):
        for detachment in owner.detachments.values() if owner else ():
            known.setdefault(detachment.name.casefold(), detachment.name)
    return [known.get(name.casefold(), name) for name in names]


def detachments_same(a: list[str], b: list[str]) -> bool:
    """The same detachments, in any order and case."""
    return {n.casefold() for n in a} == {n.casefold() for n in b}


def detachments_words(names) -> str:
    return ", ".join(names) if names else "none"
