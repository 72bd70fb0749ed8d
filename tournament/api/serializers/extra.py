"""Fields other apps add to the core's shapes, registered at start-up."""

from __future__ import annotations

# Fields other apps add to these shapes (rosters: `army_list`, `list_deadline`), each a
# function () -> {name: serializer field}; registered at start-up, so this app never imports
# those apps. "player" and "event" read and write; "signup" is the public sign-up's body.
EXTRA_SERIALIZER_FIELDS: dict[str, list] = {"event": [], "player": [], "signup": []}
# Of those, the ones only the staff's shape shows (written by anyone who may edit the player,
# as `email` is): a player's army list is read through its own address, which knows who may.
EXTRA_STAFF_READ: dict[str, set[str]] = {"event": set(), "player": set(), "signup": set()}


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
