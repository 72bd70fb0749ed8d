"""Languages: which one a request is answered in, and whether a catalogue is complete.

A language is offered only when its catalogue is complete (settings.COMPLETE_LANGUAGES, checked
by tests/common/test_catalogues.py with `catalogue_problems`), so no page is ever half in one
language. What is kept and given again to other readers (the public's replayed answers, the
rendered standings table, ETags) names the language it was made in.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from django.conf import settings
from django.utils import translation


def request_language(meta, cookies) -> str:
    """The language LocaleMiddleware answers a request in, from its WSGI environ (`meta`) and
    cookies alone: the footer's choice (a cookie), else the browser's Accept-Language, else
    LANGUAGE_CODE; only languages in LANGUAGES. Read before the middleware runs (the replay of
    public answers, tournament/caching/replay.py), so it must decide the same way."""
    if len(settings.LANGUAGES) == 1:
        # One language, the polling phones' hot path: nothing to read.
        return translation.get_supported_language_variant(settings.LANGUAGE_CODE)
    return translation.get_language_from_request(SimpleNamespace(COOKIES=cookies, META=meta))


def current_language() -> str:
    """The language of what is being rendered now (LANGUAGE_CODE outside a request)."""
    return translation.get_language() or settings.LANGUAGE_CODE


# One entry of a .po file: its flags (#, fuzzy), msgid and msgstr (or msgstr[n]) lines.
_ENTRY_SPLIT = re.compile(r"\n\s*\n")
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _strings(lines: list[str], keyword: str) -> list[str]:
    """The texts of `keyword` (msgid, msgstr, msgstr[0] ...), continuation lines joined."""
    found, current = [], None
    for line in lines:
        head = line.split(" ", 1)[0]
        if head.startswith("msg"):
            current = None
            if head == keyword or (keyword == "msgstr" and re.fullmatch(r"msgstr\[\d+\]", head)):
                current = len(found)
                found.append("")
        if current is not None and line.lstrip().startswith(('"', "msg")):
            found[current] += "".join(_STRING.findall(line))
    return found


def catalogue_problems(text: str) -> list[str]:
    """What keeps a .po catalogue from being complete: each entry untranslated (an empty
    msgstr, or any empty plural form) or fuzzy, named by its msgid. Obsolete entries (#~) are
    not shown and do not count."""
    problems = []
    for block in _ENTRY_SPLIT.split(text.strip()):
        lines = [ln for ln in block.splitlines() if ln.strip() and not ln.startswith("#~")]
        ids = _strings(lines, "msgid")
        if not ids or ids[0] == "":  # the header
            continue
        flags = {f.strip() for ln in lines if ln.startswith("#,") for f in ln[2:].split(",")}
        if "fuzzy" in flags:
            problems.append(f"fuzzy: {ids[0]!r}")
        elif any(s == "" for s in _strings(lines, "msgstr")) or not _strings(lines, "msgstr"):
            problems.append(f"untranslated: {ids[0]!r}")
    return problems
