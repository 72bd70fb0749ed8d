"""Fields other apps add to the core's shapes, registered at start-up."""

from __future__ import annotations

# What other apps add (tournament/extensions.py): rosters' `army_list` and `list_deadline`.
from tournament.extensions import EXTRA_SERIALIZER_FIELDS, EXTRA_STAFF_READ


class ExtraFieldsMixin:
    extra_fields_of = ""
    # The staff's shape (PlayerPrivateSerializer): shows EXTRA_STAFF_READ too.
    extra_fields_staff = False

    def get_fields(self):
        fields = super().get_fields()
        for make in EXTRA_SERIALIZER_FIELDS[self.extra_fields_of]:
            fields.update(make())
        if not self.extra_fields_staff:
            for name in EXTRA_STAFF_READ[self.extra_fields_of] & set(fields):
                fields[name].write_only = True
        return fields
