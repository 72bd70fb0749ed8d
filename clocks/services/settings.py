"""The event's `game_clock_minutes` (null: no game clocks), kept beside the event and shown by
the core's API, settings form, event document and log under that name (tournament's extra
fields, registered from clocks.hooks)."""

from __future__ import annotations

from django.utils.translation import gettext

from clocks.models import ClockSettings
from common.errors import Invalid
from exchange.services.fields import Spec
from tournament.models import Event
from tournament.services.events.extra_fields import (
    ExtraFields,
    event_attributes_install,
    side_row,
    side_row_write,
)

FIELDS = ("game_clock_minutes",)
MINUTES_MAX = 600
# Each player's time by battle size (the organiser's page suggests it): half of a usual
# round's length for the size, per player.
SUGGESTED = {"combat_patrol": 45, "incursion": 60, "strike_force": 90, "onslaught": 120}


def clock_settings(event: Event) -> ClockSettings:
    """The event's clock settings (cached on the event); unsaved defaults when none."""
    return side_row(event, "clock_settings", ClockSettings)


def game_clock_minutes(event: Event) -> int | None:
    return clock_settings(event).game_clock_minutes


def suggested_minutes(battle_size: str) -> int | None:
    return SUGGESTED.get(battle_size)


def minutes_clean(value) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid(
            "game_clock_minutes", "invalid", gettext("Must be a whole number of minutes.")
        )
    if not 1 <= value <= MINUTES_MAX:
        raise Invalid(
            "game_clock_minutes",
            "out_of_range",
            gettext("Must be between 1 and %(MINUTES_MAX)s minutes, or empty for no game clocks.")
            % {"MINUTES_MAX": MINUTES_MAX},
        )
    return value


def _read(event: Event) -> dict:
    return {"game_clock_minutes": game_clock_minutes(event)}


def _clean(values: dict) -> dict:
    clean = dict(values)
    if "game_clock_minutes" in clean:
        clean["game_clock_minutes"] = minutes_clean(clean["game_clock_minutes"])
    return clean


def _write(event: Event, values: dict, *, fresh=False, restore=False) -> None:
    if "game_clock_minutes" not in values:
        return
    given = {"game_clock_minutes": values["game_clock_minutes"]}

    def apply(row: ClockSettings) -> None:
        row.game_clock_minutes = given["game_clock_minutes"]

    side_row_write(event, "clock_settings", ClockSettings, given, apply)


def _logged(name: str, value):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError("not minutes")
    return value


EVENT_EXTRAS = ExtraFields(
    name="clocks",
    editable=FIELDS,
    logged=FIELDS,
    clean=_clean,
    read=_read,
    write=_write,
    logged_value=_logged,
    # Files written before game clocks: no clocks.
    specs=(Spec("game_clock_minutes", "int", True, (), True, None),),
    related=("clock_settings",),
)


def install_attributes() -> None:
    """Events read `event.game_clock_minutes` as an attribute."""
    event_attributes_install(FIELDS, lambda event, _name: game_clock_minutes(event))
