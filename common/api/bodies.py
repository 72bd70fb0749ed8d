"""What a request body may hold: the fields its operation takes, and nothing else.

DRF's serializers drop keys they do not know, so a typo (`tiebreak` for `tiebreaks`) answered
200 and changed nothing. Here every key is either a field the operation takes, a read-only field
sent back unchanged (a client that reads, edits and sends the object back), or a 400 naming it:
`unknown_field`, or `read_only` for a read-only field with another value.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.http import QueryDict
from django.utils.translation import gettext, gettext_lazy
from rest_framework import serializers
from rest_framework.fields import SkipField

# A browser form's CSRF token travels in the body; it is the request's, not the object's.
TRANSPORT_KEYS = frozenset({"csrfmiddlewaretoken"})

UNKNOWN = gettext_lazy("Unknown field: this operation does not take it.")
READ_ONLY = gettext_lazy("Read-only: it can be sent back unchanged, not changed.")


def unknown_field(key: str) -> serializers.ValidationError:
    return serializers.ValidationError({key: [UNKNOWN]}, code="unknown_field")


def body_object(request) -> dict:
    """The body as a dict of its fields (empty when none was sent); 400 unless an object."""
    data = request.data
    if isinstance(data, QueryDict):
        return {k: data.get(k) for k in data if k not in TRANSPORT_KEYS}
    if not isinstance(data, Mapping):
        raise serializers.ValidationError(
            {"non_field_errors": [gettext("The body must be a JSON object.")]}, code="invalid"
        )
    return dict(data)


def require_body(request, field: str, text: str) -> None:
    """For operations that act on a confirmation (an undo): a request with no body at all is
    not read as `{}`, since a bare or retried POST must not act; 400 naming `field`."""
    if request.stream is None:  # DRF's stream is None exactly when no body was sent
        raise serializers.ValidationError({field: [text]}, code="required")


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
    (of the instance, or of context["read"]) whose value differs from what the client read
    (`read_only`); drop those sent back unchanged."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            data = self._known_only(data)
        return super().to_internal_value(data)

    def _known_only(self, data: Mapping):
        errors: dict[str, list] = {}
        unchanged: list[str] = []
        for key in data:
            verdict = None if key in TRANSPORT_KEYS else self._verdict(key, data[key])
            if verdict == "unchanged":
                unchanged.append(key)
            elif verdict is not None:
                message = UNKNOWN if verdict == "unknown_field" else READ_ONLY
                errors[key] = [serializers.ErrorDetail(message, code=verdict)]
        if errors:
            raise serializers.ValidationError(errors)
        if not unchanged:
            return data
        data = data.copy() if isinstance(data, QueryDict) else dict(data)
        for key in unchanged:
            data.pop(key)
        return data

    def _verdict(self, key: str, value) -> str | None:
        """None: a field to validate; "unchanged": drop it; else the refusal's code."""
        field, read = self.fields.get(key), self._read_shape()
        if field is None:
            if key not in read:
                return "unknown_field"
            # A field of what the client read that this body does not take.
            return "unchanged" if value == read[key] else "read_only"
        if field.read_only:
            return "unchanged" if self._sent_back(field, value) else "read_only"
        # Sent back as read: nothing to change (a null the body would refuse included); a
        # required field stays, so the body still has what it needs.
        if key in read and not field.required and value == read[key]:
            return "unchanged"
        return None

    def _read_shape(self) -> Mapping:
        # Views whose input is not the shape they answer with pass that answer as
        # context["read"], so an object read, edited and sent back whole is accepted.
        if self.parent is not None:
            return {}
        return self.context.get("read") or {}

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
