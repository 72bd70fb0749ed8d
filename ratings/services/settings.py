"""The event's `ratings_excluded` and `ratings_win_chances`, kept beside the event and shown by
the core's API, settings form, event document and log under those names (tournament's extra
fields, registered from ratings.hooks). A change of `ratings_excluded` rates the event's edition
group again once it commits."""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import Invalid
from exchange.services.fields import Spec
from ratings.engine.ratings import edition_of
from ratings.models import RatingSettings
from ratings.services.ratings import rating_settings, ratings_rebuild_queue
from tournament.models import Event
from tournament.services.events.extra_fields import (
    ExtraFields,
    event_attributes_install,
    side_row_write,
)

FIELDS = ("ratings_excluded", "ratings_win_chances")


def _read(event: Event) -> dict:
    row = rating_settings(event)
    return {name: getattr(row, name) for name in FIELDS}


def _clean(values: dict) -> dict:
    clean = dict(values)
    for name in FIELDS:
        if name in clean and not isinstance(clean[name], bool):
            raise Invalid(name, "invalid", gettext("Must be true or false."))
    return clean


def _write(event: Event, values: dict, *, fresh=False, restore=False) -> None:
    given = {name: values[name] for name in FIELDS if name in values}
    if not given:
        return
    moved = []

    def apply(row: RatingSettings) -> None:
        excluded_before = row.ratings_excluded
        for name, value in given.items():
            setattr(row, name, value)
        moved.append(row.ratings_excluded != excluded_before)

    side_row_write(event, "rating_settings", RatingSettings, given, apply)
    if any(moved):
        ratings_rebuild_queue(editions=(edition_of(event.mission_pack),))


def _logged(name: str, value):
    if not isinstance(value, bool):
        raise ValueError("not a yes or no")
    return value


EVENT_EXTRAS = ExtraFields(
    name="ratings",
    editable=FIELDS,
    logged=FIELDS,
    clean=_clean,
    read=_read,
    write=_write,
    logged_value=_logged,
    # Files written before ratings: the event is rated, no win chances shown.
    specs=tuple(Spec(name, "bool", False, (), True, False) for name in FIELDS),
    related=("rating_settings",),
)


def install_attributes() -> None:
    """Events read `event.ratings_excluded` and `event.ratings_win_chances` as attributes."""
    event_attributes_install(FIELDS, lambda event, name: getattr(rating_settings(event), name))


def event_visibility_check(event: Event, clean: dict) -> None:
    """Called before an event's change is saved (tournament's EVENT_UPDATE_CHECKS, inside
    event_update's transaction): an event hidden or archived leaves the ratings, and one shown
    again rejoins them, so its edition group is rebuilt once the change commits."""
    if any(
        name in clean and clean[name] != getattr(event, name) for name in ("hidden", "archived")
    ):
        ratings_rebuild_queue(editions=(edition_of(event.mission_pack),))
