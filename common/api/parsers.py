"""The API's JSON parser: DRF's, with the limits of `common.jsontext`.

DRF's parser lets `RecursionError` escape on a body nested a thousand deep (a 2 KB body made
every JSON write answer 500), and a key sent twice silently keeps its last value. Here a body
nested too deep is a 400 `too_deep`, a repeated key a 400 naming it (`duplicate_key`), and text
that is not JSON (a lone surrogate included) a 400 `parse_error`.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import exceptions
from rest_framework.parsers import JSONParser

from common.jsontext import JsonRefused, json_cost_check, json_parse


class TooDeep(exceptions.ParseError):
    default_code = "too_deep"


class TooCostly(exceptions.APIException):
    status_code = 413
    default_code = "too_large"


def _read_capped(stream) -> bytes:
    # DRF reads the request stream itself, past Django's body limit; read one byte beyond the
    # limit at most, and refuse (413, ops.middleware) rather than parse a larger body.
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    raw = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(raw) > limit:
        raise RequestDataTooBig("The request body exceeds DATA_UPLOAD_MAX_MEMORY_SIZE.")
    return raw


def parse_body(raw: bytes):
    try:
        json_cost_check(raw)
        return json_parse(raw)
    except JsonRefused as refused:
        if refused.status == 413:
            raise TooCostly(refused.message) from None
        if refused.key is not None:
            raise exceptions.ValidationError(
                {refused.key: [refused.message]}, code=refused.code
            ) from None
        if refused.code == "too_deep":
            raise TooDeep(refused.message) from None
        raise exceptions.ParseError(f"JSON parse error - {refused.message}") from None


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        return parse_body(_read_capped(stream) if stream is not None else b"")
