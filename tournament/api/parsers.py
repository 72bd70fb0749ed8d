"""The API's JSON parser: what DRF's does, minus the bodies that it lets through or fails on.

DRF's parser lets `RecursionError` escape on a body nested a thousand deep (a 2 KB body made
every JSON write answer 500), and a key sent twice silently keeps its last value. Here a body
nested deeper than any real request is a 400 `too_deep`, a repeated key is a 400 naming it
(`duplicate_key`), and text holding a lone surrogate (which no database or page can store) is
a 400 `parse_error`.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import exceptions
from rest_framework.parsers import JSONParser
from rest_framework.settings import api_settings
from rest_framework.utils.json import strict_constant

# The deepest real body is an event document's audit entry (about 8 levels); nothing the API
# takes needs more than this.
MAX_DEPTH = 32


class TooDeep(exceptions.ParseError):
    default_code = "too_deep"
    default_detail = f"The JSON body is nested more than {MAX_DEPTH} levels deep."


class DuplicateKey(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _pairs_without_repeats(pairs: list[tuple[str, object]]) -> dict:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return data


def _check_depth(data) -> None:
    # Iterative, so the check itself cannot overflow; each container is visited once.
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            if isinstance(value, str):
                _check_text(value)
            continue
        if depth > MAX_DEPTH:
            raise TooDeep()
        pending.extend((child, depth + 1) for child in children)
        if isinstance(value, dict):
            for key in value:
                _check_text(key)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise exceptions.ParseError(
            "The JSON body holds text with a lone surrogate (\\ud800 to \\udfff), which is "
            "not a character."
        ) from None


def parse_json(raw: bytes | str):
    """The JSON value of `raw`, with the API's limits; ParseError (or ValidationError naming
    a repeated key) otherwise."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        parse_constant = strict_constant if api_settings.STRICT_JSON else None
        data = json.loads(
            text, object_pairs_hook=_pairs_without_repeats, parse_constant=parse_constant
        )
    except RecursionError:
        raise TooDeep() from None
    except DuplicateKey as exc:
        raise exceptions.ValidationError(
            {exc.key: [f"The key {exc.key!r} is sent more than once."]}, code="duplicate_key"
        ) from None
    except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError included
        raise exceptions.ParseError(f"JSON parse error - {exc}") from None
    _check_depth(data)
    return data


def _read_capped(stream) -> bytes:
    # DRF reads the request stream itself, past Django's body limit; read one byte beyond the
    # limit at most, and refuse (413, ops.middleware) rather than parse a larger body.
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    raw = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(raw) > limit:
        raise RequestDataTooBig("The request body exceeds DATA_UPLOAD_MAX_MEMORY_SIZE.")
    return raw


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        return parse_json(_read_capped(stream) if stream is not None else b"")
