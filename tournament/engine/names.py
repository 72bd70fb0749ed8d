"""People's and teams' names: what a name may hold, when two names are the same, and how names
are folded for searching and sorting. Pure: every path that takes a name (forms, API, CSV
imports, sign-up, teams) calls `name_clean`, and the database keeps `name_key` unique per event.

- Text-direction controls (the right-to-left override and its kin) are refused: they let
  "evil<U+202E>gpj.exe" read as "evilexe.jpg", and a name as someone else's, on every page,
  PDF and CSV.
- Other control characters and lone surrogates are refused (no page or file can show them).
- Invisible format characters (zero-width space, word joiner, soft hyphen, byte order mark)
  carry nothing in a name and are dropped; the zero-width joiners stay, Persian, Indic names
  and emoji need them.
- A name needs a visible character: a letter, digit, punctuation mark or symbol that is not a
  blank-looking filler.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata

from common.errors import gettext_noop
from tournament.engine.errors import EngineError

TOO_LONG = gettext_noop("Must be at most %(limit)s characters.")

# Explicit embeddings, overrides and isolates, and the directional marks (Unicode's
# Bidi_Control property).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
JOINERS = frozenset("\u200c\u200d")
# Letters and symbols that draw nothing (Hangul fillers, the blank braille pattern).
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Characters that make no difference to whether two names are the same: the joiners, variation
# selectors and the combining grapheme joiner.
KEY_IGNORED = JOINERS | frozenset(chr(c) for c in range(0xFE00, 0xFE10)) | {"\u034f"}
# Folds for search and sort beyond dropping accents: letters Unicode does not decompose into a
# base letter and a mark. static/js/find-table.js receives this table from the page.
EXTRA_FOLDS = {
    "ł": "l",
    "ø": "o",
    "đ": "d",
    "ð": "d",
    "ħ": "h",
    "ı": "i",
    "ŧ": "t",
    "ß": "ss",
    "æ": "ae",
    "œ": "oe",
    "þ": "th",
}
# A key longer than this (a name of characters that expand, such as U+FDFA) is stored as a digest.
KEY_LIMIT = 300


def _refused(char: str) -> tuple[str, dict] | None:
    """The refusal of `char` (a template and its values), None when it may stand."""
    code = f"U+{ord(char):04X}"
    label = unicodedata.name(char, "")
    shown = f"{code} {label}".strip()
    if char in BIDI_CONTROLS:
        return (
            gettext_noop(
                "Must not hold a text-direction control character (%(character)s): "
                "it makes a name read as another."
            ),
            {"character": shown},
        )
    category = unicodedata.category(char)
    if category == "Cc":
        return gettext_noop("Must not hold a control character (%(character)s)."), {
            "character": code
        }
    if category == "Cs":
        return gettext_noop(
            "Must not hold a lone surrogate (%(character)s): it is not a character."
        ), {"character": code}
    return None


def _dropped(char: str) -> bool:
    return unicodedata.category(char) == "Cf" and char not in JOINERS


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_LOOKING


def name_clean(value: str, *, field: str = "name", limit: int = 120) -> str:
    """The name as stored: spaces collapsed, invisible format characters dropped, composed
    (NFC). Raises EngineError (`bad_character`, `blank`, `max_length`) naming `field`."""
    if not isinstance(value, str):
        raise EngineError("invalid", gettext_noop("Must be text."), field=field)
    for char in value:
        refused = _refused(char) if not char.isspace() else None
        if refused:
            raise EngineError("bad_character", refused[0], field=field, params=refused[1])
    kept = "".join(c for c in value if not _dropped(c))
    name = unicodedata.normalize("NFC", " ".join(kept.split()))
    if not any(_visible(c) for c in name):
        message = (
            gettext_noop("Must hold a visible character (a letter, digit or sign).")
            if value.strip()
            else gettext_noop("This field may not be blank.")
        )
        raise EngineError("blank", message, field=field)
    if len(name) > limit:
        raise EngineError("max_length", TOO_LONG, field=field, params={"limit": limit})
    return name


def text_clean(value, *, field: str, multiline: bool = False, limit: int | None = None) -> str:
    """Any other text people type (an event's name and venue, a series, an announcement, a
    faction, a club, an army list, a review comment) under the rules of names: direction
    controls, control characters (NUL too, which PostgreSQL cannot store) and lone surrogates
    refused, invisible format characters dropped, composed (NFC), and text that is not empty
    must show something. One line: spaces collapsed. `multiline`: line breaks (one kind) and
    tabs kept, the text trimmed. "" stays "" (the caller says whether a field may be empty).
    Raises EngineError (`bad_character`, `blank`, `max_length`) naming `field`."""
    if not isinstance(value, str):
        raise EngineError("invalid", gettext_noop("Must be text."), field=field)
    if multiline:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    for char in value:
        allowed = char in "\n\t" if multiline else char.isspace()
        refused = None if allowed else _refused(char)
        if refused:
            raise EngineError("bad_character", refused[0], field=field, params=refused[1])
    kept = "".join(c for c in value if not _dropped(c))
    text = kept.strip() if multiline else " ".join(kept.split())
    text = unicodedata.normalize("NFC", text)
    if value.strip() and not any(_visible(c) for c in text):
        raise EngineError(
            "blank",
            gettext_noop("Must hold a visible character (a letter, digit or sign)."),
            field=field,
        )
    if limit is not None and len(text) > limit:
        raise EngineError("max_length", TOO_LONG, field=field, params={"limit": limit})
    return text


def name_key(name: str) -> str:
    """What makes two names the same in one event: Unicode case folding and compatibility
    normalisation (NFKC), so "ZOË ÁRTEMIS", "zoë ártemis" and "Zoë Ártemis" share one key, and
    so do the full-width "Ｚｏë" and "Zoë". Accents still count: "Zoe" is another name."""
    text = unicodedata.normalize("NFKC", name or "")
    text = unicodedata.normalize("NFKC", text.casefold())
    text = "".join(c for c in text if c not in KEY_IGNORED and not _dropped(c))
    key = " ".join(text.split())
    if len(key) > KEY_LIMIT:
        return "#" + hashlib.sha256(key.encode()).hexdigest()
    return key


# Kept per name: a round's pairings fold every player's name each time a live part is made.
@functools.lru_cache(maxsize=8192)
def name_fold(text: str) -> str:
    """Lower case without accents, extra folds or extra spaces, for finding and sorting:
    'Zoë  ÄRNSTRÖM' -> 'zoe arnstrom', 'Łukasz Søren' -> 'lukasz soren'."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    folded = "".join(EXTRA_FOLDS.get(c, c) for c in bare)
    return " ".join(folded.split())


def name_sort_key(name: str) -> tuple[str, str, str]:
    """Sort names as people read them ("Åsa", "Émilie", "Łukasz" before "Zoë"); names that
    fold alike keep a fixed order."""
    return (name_fold(name), name_key(name), name)


def name_neutralised(value: str, *, limit: int = 120) -> str:
    """A stored name made safe without refusing it (for names saved before these rules): what
    `name_clean` refuses is dropped too; "" when nothing visible is left."""
    kept = "".join(
        c for c in value or "" if c.isspace() or (_refused(c) is None and not _dropped(c))
    )
    name = unicodedata.normalize("NFC", " ".join(kept.split()))[:limit].strip()
    return name if any(_visible(c) for c in name) else ""


def names_made_distinct(rows: list[tuple[int, str]], *, fallback: str) -> dict[int, str]:
    """New names for one event's (id, name) rows, in their order, so no two share a key: a
    name that is not safe is neutralised (an empty one becomes `fallback` and its id), and a
    later row whose key an earlier row holds gets " (2)", " (3)", ... Rows that keep their
    name are left out."""
    cleaned = {pk: name_neutralised(name) or f"{fallback} {pk}" for pk, name in rows}
    held = {name_key(name) for name in cleaned.values()}
    assigned: set[str] = set()
    out = {}
    for pk, original in rows:
        name = cleaned[pk]
        if name_key(name) in assigned:
            n = 2
            while True:
                suffix = f" ({n})"
                candidate = name[: 120 - len(suffix)] + suffix
                if name_key(candidate) not in held and name_key(candidate) not in assigned:
                    break
                n += 1
            name = candidate
        assigned.add(name_key(name))
        if name != original:
            out[pk] = name
    return out


def names_replaced(text: str, names: dict[str, str]) -> str:
    """`text` with each whole occurrence of a name (any case; not inside a longer word, so
    "Dee Ray" leaves "Dee Rayford" alone) replaced by what `names` maps it to, longest names
    first so that a full name wins over a nickname it contains. Free texts (penalty reasons,
    judges' notes) name people in passing; an erasure puts the tombstone in their place."""
    wanted = sorted((n for n in names if n and n.strip()), key=len, reverse=True)
    if not text or not wanted:
        return text
    alternatives = [re.compile(re.escape(n), re.IGNORECASE) for n in wanted]
    pattern = re.compile(
        r"(?<!\w)(" + "|".join(re.escape(n) for n in wanted) + r")(?!\w)", re.IGNORECASE
    )

    def swap(match: re.Match) -> str:
        found = match.group(1)
        # The first (longest) name the regex could have matched here, as the regex does.
        return next(
            names[n] for n, alt in zip(wanted, alternatives, strict=True) if alt.fullmatch(found)
        )

    return pattern.sub(swap, text)
