"""What a request body may hold: the fields its operation takes, and nothing else.

DRF's serializers drop keys they do not know, so a typo (`tiebreak` for `tiebreaks`) answered
200 and changed nothing. Here every key is either a field the operation takes, a read-only field
sent back unchanged (a client that reads, edits and sends the object back), or a 400 naming it:
`unknown_field`, or `read_only` for a read-only field with another value.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.http import QueryDict
from rest_framework import serializers
from rest_framework.fields import SkipField

# A browser form's CSRF token travels in the body; it is the request's, not the object's.
TRANSPORT_KEYS = frozenset({"csrfmiddlewaretoken"})

UNKNOWN = "Unknown field: this operation does not take it."
READ_ONLY = "Read-only: it can be sent back unchanged, not changed."


def unknown_field(key: str) -> serializers.ValidationError:
    return serializers.ValidationError({key: [UNKNOWN]}, code="unknown_field")


def body_object(request) -> dict:
    """The body as a dict of its fields (empty when none was sent); 400 unless an object."""
    data = request.data
    if isinstance(data, QueryDict):
        return {k: data.get(k) for k in data if k not in TRANSPORT_KEYS}
    if not isinstance(data, Mapping):
        raise serializers.ValidationError(
            {"non_field_errors": ["The body must be a JSON object."]}, code="invalid"
        )
    return dict(data)


def refuse_body(request, allowed: tuple[str, ...] = ()) -> dict:
    """For operations that take no body (or only `allowed` keys): any other key is refused,
    so a client learns its fields are not read rather than believing they were."""
    body = body_object(request)
    for key in body:
        if key not in allowed:
            raise unknown_field(key)
    return body


class KnownFieldsMixin:
    """For serializers: refuse keys that are not fields (`unknown_field`) and read-only fields
    whose value differs from the instance's (`read_only`); drop those sent back unchanged."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            data = self._known_only(data)
        return super().to_internal_value(data)

    def _known_only(self, data: Mapping):
        fields = self.fields
        errors: dict[str, list] = {}
        unchanged: list[str] = []
        for key in data:
            if key in TRANSPORT_KEYS:
                continue
            field = fields.get(key)
            if field is None:
                errors[key] = [serializers.ErrorDetail(UNKNOWN, code="unknown_field")]
            elif field.read_only:
                if self._sent_back(field, data[key]):
                    unchanged.append(key)
                else:
                    errors[key] = [serializers.ErrorDetail(READ_ONLY, code="read_only")]
        if errors:
            raise serializers.ValidationError(errors)
        if not unchanged:
            return data
        data = data.copy() if isinstance(data, QueryDict) else dict(data)
        for key in unchanged:
            data.pop(key)
        return data

    def _sent_back(self, field, value) -> bool:
        instance = getattr(self, "instance", None)
        if instance is None or self.parent is not None:
            return False
        try:
            attribute = field.get_attribute(instance)
            current = None if attribute is None else field.to_representation(attribute)
        except (AttributeError, KeyError, TypeError, SkipField):
            return False
        if isinstance(self.initial_data, QueryDict):
            return str(value) == str(current)
        return value == current  # what the client read, as JSON


class StrictSerializer(KnownFieldsMixin, serializers.Serializer):
    """An input body: only its fields, each checked."""
