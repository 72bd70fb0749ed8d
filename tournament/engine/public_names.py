"""The name the public reads for a player (issue 36: privacy by design), computed in one place.

An event chooses how players' names are shown to anyone but its staff and the player
themselves: in full (the default), as the first name and the surname's initial ("Anna K."), or
as a nickname the player chose (the first name and initial when they chose none). Pure: no
Django, no database."""

from __future__ import annotations

import unicodedata

FULL = "full"
INITIAL = "initial"
NICKNAME = "nickname"
MODES = (FULL, INITIAL, NICKNAME)


def _first_letter(word: str) -> str:
    """The word's first character with the accents written after it (a decomposed "Ż" is two
    code points), so an initial is never half a letter."""
    end = 1
    while end < len(word) and unicodedata.combining(word[end]):
        end += 1
    return word[:end]


def name_with_initial(name: str) -> str:
    """ "Anna Kowalska" -> "Anna K.", "Łukasz Żółć" -> "Łukasz Ż.", "Anna Maria van Dijk" ->
    "Anna D.": the first word and the initial of the last. A single word has no surname to
    hide and stays as it is."""
    words = name.split()
    if len(words) < 2:
        return name.strip()
    return f"{words[0]} {_first_letter(words[-1])}."


def public_name(name: str, *, mode: str, nickname: str = "") -> str:
    """What the public reads for a player called `name` in an event showing names by `mode`."""
    if mode == INITIAL:
        return name_with_initial(name)
    if mode == NICKNAME:
        return nickname.strip() or name_with_initial(name)
    return name
