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


# How many letters of the surname two players sharing "Anna K." may show before they are
# numbered instead: enough to tell most apart, never the whole surname the event hides.
SURNAME_LETTERS = 3


def _surname_start(name: str, letters: int) -> str:
    """ "Anna Kowalska", 3 -> "Anna Kow.": the first word and the surname's first letters,
    never all of them (a short surname keeps one letter fewer than it has)."""
    words = name.split()
    if len(words) < 2:
        return name.strip()
    surname = words[-1]
    starts = [i for i, char in enumerate(surname) if not unicodedata.combining(char)]
    letters = max(1, min(letters, len(starts) - 1))
    end = starts[letters] if letters < len(starts) else len(surname)
    return f"{words[0]} {surname[:end]}."


def _folded(shown: str) -> str:
    return unicodedata.normalize("NFKC", shown).casefold()


def public_names_distinct(rows: list[tuple[int, str, str]], *, mode: str) -> dict[int, str]:
    """{player id: public name} for one event's players (id, name, nickname), no two alike: two
    "Anna K." become "Anna Ko." and "Anna Ka." (a letter more of each surname at a time, at most
    SURNAME_LETTERS, where it tells someone apart), and those still alike, or with no surname
    to draw on, are numbered by sign-up order ("Anna K.", "Anna K. (2)"). A chosen nickname is
    never changed: nicknames are unique in their event, so a name clashing with one gives way."""
    shown = {pk: public_name(name, mode=mode, nickname=nick) for pk, name, nick in rows}
    if mode == FULL:
        return shown
    chosen = {pk for pk, _, nick in rows if mode == NICKNAME and nick.strip()}
    names = {pk: name for pk, name, _ in rows}
    for letters in range(2, SURNAME_LETTERS + 1):
        for group in _clashes(shown):
            longer = {pk: _surname_start(names[pk], letters) for pk in group - chosen}
            # A letter more only where it tells someone apart ("Player 001" and "Player 002"
            # gain nothing from "Player 00." and are numbered instead).
            if len({_folded(longer.get(pk, shown[pk])) for pk in group}) > 1:
                shown.update(longer)
    groups: dict[str, list[int]] = {}
    for pk in sorted(shown):
        groups.setdefault(_folded(shown[pk]), []).append(pk)
    taken = set(groups)
    for pks in groups.values():
        # The nickname's holder, else the first to sign up, keeps the name; the rest are numbered.
        pks.sort(key=lambda pk: (pk not in chosen, pk))
        n = 1
        for pk in pks[1:]:
            n += 1
            while _folded(f"{shown[pk]} ({n})") in taken:
                n += 1
            shown[pk] = f"{shown[pk]} ({n})"
            taken.add(_folded(shown[pk]))
    return shown


def _clashes(shown: dict[int, str]) -> list[set[int]]:
    """The groups of players who read alike."""
    seen: dict[str, set[int]] = {}
    for pk, name in shown.items():
        seen.setdefault(_folded(name), set()).add(pk)
    return [pks for pks in seen.values() if len(pks) > 1]
