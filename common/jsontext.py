"""JSON text from outside (an API body, an uploaded export file), parsed with limits.

`json.loads` alone lets `RecursionError` escape on text nested a thousand deep, keeps the last
of a repeated key, accepts lone surrogates (`"\\ud800"`, which no database or page can store)
and turns three bytes (`{},`) into a 64-byte dict, so a 20 MB file of empty objects would grow
a worker by half a gigabyte. Here each of those is a refusal with a machine code.
"""

from __future__ import annotations

import json

# The deepest real document is an export's tracked game state (about 10 levels); nothing the
# app takes needs more than this.
MAX_DEPTH = 32

# What parsing may cost, in bytes of Python objects per byte of text, estimated from the
# text's containers and items before parsing (an export estimates at 4-6 and costs 2-3; an
# array of empty objects estimates at 40 and costs 24).
COST_PER_CONTAINER = 200
COST_PER_ITEM = 40
MAX_COST_RATIO = 8
MIN_COST_BUDGET = 8_000_000  # small files are never refused for their shape


class JsonRefused(ValueError):
    """Why a text was not taken: `code` for machines, `message` for people, `key` for a
    repeated key, `status` 413 for a text too costly to parse, 400 otherwise."""

    def __init__(self, code: str, message: str, *, key: str | None = None, status: int = 400):
        super().__init__(message)
        self.code, self.message, self.key, self.status = code, message, key, status


class _Repeated(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _pairs(pairs: list[tuple[str, object]]) -> dict:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
    return data


def _reject_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def json_cost_check(raw: bytes) -> None:
    """Refuse (413 `too_large`) a text whose parsed form would cost more than a few times its
    size, before parsing it: counted at C speed, so a refusal costs almost nothing."""
    containers = raw.count(b"{") + raw.count(b"[")
    items = raw.count(b",") + raw.count(b":")
    cost = COST_PER_CONTAINER * containers + COST_PER_ITEM * items
    if cost > max(MAX_COST_RATIO * len(raw), MIN_COST_BUDGET):
        raise JsonRefused(
            "too_large",
            f"The file would take about {cost // 1_000_000} MB of memory to read, more than "
            f"{MAX_COST_RATIO} times its size; an export file is never shaped like this.",
            status=413,
        )


def json_parse(raw: bytes | str):
    """The JSON value of `raw` (UTF-8 bytes or text), or JsonRefused: `parse_error` (not JSON,
    not UTF-8, a lone surrogate, NaN), `too_deep`, `duplicate_key` (naming the key)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        del raw  # the caller passed the bytes in: only the text is held from here
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_reject_constant)
    except RecursionError:
        raise _too_deep() from None
    except _Repeated as exc:
        raise JsonRefused(
            "duplicate_key", f"The key {exc.key!r} is sent more than once.", key=exc.key
        ) from None
    except UnicodeDecodeError:
        raise JsonRefused("parse_error", "The text is not UTF-8.") from None
    except json.JSONDecodeError as exc:
        raise JsonRefused(
            "parse_error",
            "The text is not a complete JSON document (it breaks off or is damaged at "
            f"line {exc.lineno}, column {exc.colno}: {exc.msg}).",
        ) from None
    except ValueError as exc:
        raise JsonRefused("parse_error", str(exc)) from None
    _check_shape(data)
    return data


def _too_deep() -> JsonRefused:
    return JsonRefused("too_deep", f"The JSON is nested more than {MAX_DEPTH} levels deep.")


def _check_shape(data) -> None:
    # Iterative, so the check itself cannot overflow; each value is visited once.
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            _check_text(value)
            continue
        if isinstance(value, dict):
            for key in value:
                _check_text(key)
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise _too_deep()
        pending.extend((child, depth + 1) for child in children)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonRefused(
            "parse_error",
            "The JSON holds text with a lone surrogate (\\ud800 to \\udfff), which is not a "
            "character.",
        ) from None
