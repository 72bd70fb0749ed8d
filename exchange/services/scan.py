"""Checks on a whole event document before any field is read: how deep it nests, and text
that is not text.

JSON allows what the rest of the import cannot hold: a lone surrogate ("\\ud800") decodes to a
Python string no database or page can encode, and a value nested hundreds deep makes every
recursive reader (the checksum, the JSON column, the log's words) fail. Both are refused here,
naming the place in the file, by one walk that does not recurse itself.
"""

from __future__ import annotations

from exchange.services.fields import bad

# The deepest the format nests is a tracked game's engine state inside `tracked_games[i]`
# (about a dozen levels); far beyond that, a file was not written by an export.
MAX_DEPTH = 64


def _place(link, steps: int | None = None) -> str:
    """The place of a value from its chain of (parent link, key), outermost first; only the
    first `steps` steps if given."""
    parts = []
    while link is not None:
        link, key = link
        parts.append(key)
    parts.reverse()
    out = ""
    for part in parts[:steps]:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the file"


def _not_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def document_scan(document) -> None:
    """Invalid (`invalid_file`) naming the first place nested deeper than MAX_DEPTH or holding
    a string that is not UTF-8 text (a lone surrogate), in a key or a value."""
    # (link to the value's place, its depth, the value); each place is linked to its parent's
    # so a path is spelled out only for the refusal.
    stack = [(None, 0, document)]
    while stack:
        link, depth, value = stack.pop()
        if depth > MAX_DEPTH:
            # Named where the free-form value starts (`audit[3].before`), not 64 steps down.
            raise bad(_place(link, 3), f"nested more than {MAX_DEPTH} levels deep.")
        if isinstance(value, str):
            if _not_text(value):
                raise bad(_place(link), "not text (it holds a lone surrogate such as \\ud800).")
        elif isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                if isinstance(key, str) and _not_text(key):
                    raise bad(_place(link), "a key that is not text (a lone surrogate).")
                stack.append(((link, key), depth + 1, item))
        elif isinstance(value, list):
            stack.extend(
                ((link, i), depth + 1, item) for i, item in reversed(list(enumerate(value)))
            )


def too_deep_at(text: str) -> str:
    """Where JSON text first nests deeper than MAX_DEPTH, as "line L, column C" (for a file
    too deep for the parser to read at all)."""
    depth, in_string, escaped, line, column = 0, False, False, 1, 0
    for char in text:
        column += 1
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return f"line {line}, column {column}"
        elif char in "]}":
            depth -= 1
        elif char == "\n":
            line, column = line + 1, 0
    return "the file"
