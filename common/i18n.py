"""Languages: which one a request is answered in, and whether a catalogue is complete.

A language is offered only when its catalogue is complete (settings.COMPLETE_LANGUAGES, checked
by tests/common/test_catalogues.py with `catalogue_problems`), so no page is ever half in one
language. What is kept and given again to other readers (the public's replayed answers, the
rendered standings table, ETags) names the language it was made in.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
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


@dataclass
class Entry:
    """One message of a .po catalogue."""

    msgid: str
    msgstrs: list[str]  # one, or one per plural form
    plural: str | None = None
    context: str | None = None
    fuzzy: bool = False


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s")


def _unquote(line: str) -> str:
    return "".join(
        re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), part)
        for part in _STRING.findall(line)
    )


def catalogue_entries(text: str) -> list[Entry]:
    """The entries of a .po catalogue (the header, msgid "", first), obsolete ones (#~) left
    out; continuation lines joined and escapes read."""
    entries = []
    for block in re.split(r"\n\s*\n", text.strip()):
        fields: dict[str, str] = {}
        plurals: dict[int, str] = {}
        fuzzy, current = False, None
        for raw in block.splitlines():
            line = raw.strip()
            if line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in {f.strip() for f in line[2:].split(",")}
            if not line or line.startswith("#"):
                continue
            keyword = _KEYWORD.match(line)
            if keyword:
                current = keyword.group(1)
                if keyword.group(2) is not None:
                    current = int(keyword.group(2))
                    plurals[current] = ""
                else:
                    fields[current] = ""
            target = plurals if isinstance(current, int) else fields
            if current is not None:
                target[current] += _unquote(line)
        if "msgid" not in fields:
            continue
        strings = [plurals[i] for i in sorted(plurals)] if plurals else [fields.get("msgstr", "")]
        entries.append(
            Entry(
                msgid=fields["msgid"],
                msgstrs=strings,
                plural=fields.get("msgid_plural"),
                context=fields.get("msgctxt"),
                fuzzy=fuzzy,
            )
        )
    return entries


def catalogue_problems(text: str) -> list[str]:
    """What keeps a .po catalogue from being complete: each entry untranslated (an empty
    msgstr, or any empty plural form) or fuzzy, named by its msgid. Obsolete entries (#~) are
    not shown and do not count."""
    problems = []
    for entry in catalogue_entries(text):
        if entry.msgid == "" and entry.context is None:  # the header
            continue
        if entry.fuzzy:
            problems.append(f"fuzzy: {entry.msgid!r}")
        elif not entry.msgstrs or any(s == "" for s in entry.msgstrs):
            problems.append(f"untranslated: {entry.msgid!r}")
    return problems


def compile_catalogue(text: str) -> bytes:
    """The .mo file (GNU gettext's binary catalogue, as msgfmt writes it) of a .po catalogue's
    text: fuzzy and untranslated entries left out, as msgfmt does. Pure Python, so installing
    needs no GNU gettext on the machine."""
    pairs = {}
    for entry in catalogue_entries(text):
        incomplete = entry.fuzzy or not entry.msgstrs or any(s == "" for s in entry.msgstrs)
        if incomplete and entry.msgid != "":  # the header (msgid "") is always kept
            continue
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        pairs[key.encode()] = "\0".join(entry.msgstrs).encode()
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    table, data = [], b""
    for key in keys:
        table.append((len(key), data_at + len(data)))
        data += key + b"\0"
    for key in keys:
        value = pairs[key]
        table.append((len(value), data_at + len(data)))
        data += value + b"\0"
    # Magic, revision 0, the count, where the two tables are, and no hash table.
    header = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    return header + b"".join(struct.pack("<2I", *pair) for pair in table) + data
