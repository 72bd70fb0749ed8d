"""The API's strict field kit: JSON types taken as the schema states them (no "5" for 5, no
"yes" for true), the text rules every name and text follows, and the pairing seed's bound. Shared
by every app's serializers; the core's shapes are in tournament/api/serializers/."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.http import QueryDict
from django.utils.translation import gettext
from rest_framework import serializers

from common.api.bodies import KnownFieldsMixin
from common.seeds import SEED_MAX

# The schema states the text rules the checks below apply: a name has a visible character,
# and no text may hold a NUL (PostgreSQL cannot store one).
NOT_BLANK = RegexValidator(
    r"^[^\x00]*[^\s\x00][^\x00]*$", "This field may not be blank.", code="blank"
)
NO_NUL = RegexValidator(r"^[^\x00]*$", "Null characters are not allowed.", code="null_characters")


def _from_form(field) -> bool:
    # Form posts still parse (not advertised): there every value is text, as before.
    return isinstance(getattr(field.root, "initial_data", None), QueryDict)


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false only: "yes" or 1 is not a boolean to the API (the schema says so)."""

    def to_internal_value(self, data):
        if _from_form(self):
            return super().to_internal_value(data)
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictIntegerField(serializers.IntegerField):
    """A JSON whole number only: "5" or 5.5 is refused, as the schema's `integer` says.

    With `range_code`, the bounds are checked here and refused with that code (the one the
    services use), rather than DRF's `min_value`/`max_value`; the schema states them either way.
    """

    def __init__(self, *, range_code: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.range_code = range_code
        if range_code:
            self.validators = [v for v in self.validators if not hasattr(v, "limit_value")]

    def to_internal_value(self, data):
        if not _from_form(self) and (isinstance(data, bool) or not isinstance(data, int)):
            self.fail("invalid")
        value = super().to_internal_value(data)
        if self.range_code and not self.min_value <= value <= self.max_value:
            raise serializers.ValidationError(
                gettext("Must be a whole number from %(min_value)s to %(max_value)s.")
                % {"min_value": self.min_value, "max_value": self.max_value},
                code=self.range_code,
            )
        return value


class StrictCharField(serializers.CharField):
    """A JSON string only: a number is not silently turned into text."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictModelSerializer(KnownFieldsMixin, serializers.ModelSerializer):
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        **{
            model_field: StrictIntegerField
            for model_field, field in serializers.ModelSerializer.serializer_field_mapping.items()
            if field is serializers.IntegerField
        },
        **{
            model_field: StrictBooleanField
            for model_field, field in serializers.ModelSerializer.serializer_field_mapping.items()
            if field is serializers.BooleanField
        },
    }


def name_field(max_length: int, **kwargs) -> serializers.CharField:
    return StrictCharField(max_length=max_length, validators=[NOT_BLANK], **kwargs)


def text_field(max_length: int | None = None, **kwargs) -> serializers.CharField:
    return StrictCharField(max_length=max_length, allow_blank=True, validators=[NO_NUL], **kwargs)


def seed_field(**kwargs) -> StrictIntegerField:
    """A pairing seed: refused with the services' code (`out_of_range`) when a round could
    not store it."""
    return StrictIntegerField(min_value=0, max_value=SEED_MAX, range_code="out_of_range", **kwargs)
