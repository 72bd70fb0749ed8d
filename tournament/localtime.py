"""Times as people read them: in the event's time zone, always with the date.

An event happens in one place, so every time its pages, PDFs and audit log show is in that
place's zone, whoever reads it and wherever the server runs. `event_time_zone` activates the
zone for a request (ops-free: see tournament.middleware); code that runs outside a request
(print jobs in the worker) passes the zone name explicitly.
"""

from __future__ import annotations

import datetime
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.conf import settings
from django.utils import timezone
from django.utils.formats import date_format

FALLBACK_ZONE = "Europe/London"


@lru_cache(maxsize=1)
def zone_names() -> frozenset[str]:
    # Reading the tz database walks the disk: once per process is enough.
    return frozenset(available_timezones())


def zone_is_known(name: str) -> bool:
    return isinstance(name, str) and name in zone_names()


def default_time_zone() -> str:
    """A new event's zone: the site's own when it names a place, else London."""
    name = getattr(settings, "TIME_ZONE", "") or ""
    # "UTC" (the servers' usual setting) says where the machine's clock is, not the venue.
    place = "/" in name and not name.startswith("Etc/")
    return name if place and zone_is_known(name) else FALLBACK_ZONE


def zone_choices() -> list[tuple[str, str]]:
    """Every IANA zone for a select, places first ("Europe/London"), the bare codes last."""
    names = sorted(zone_names(), key=lambda n: ("/" not in n, n))
    return [(n, n.replace("_", " ")) for n in names]


@lru_cache(maxsize=256)
def zone(name: str | None) -> datetime.tzinfo:
    """The zone called `name`; the default zone when it is empty or unknown (never fails:
    a page must render even if the tz database lost a name)."""
    try:
        return ZoneInfo(name) if name else ZoneInfo(default_time_zone())
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(default_time_zone())


def local(value: datetime.datetime, zone_name: str | None = None) -> datetime.datetime:
    """`value` in the zone named (the active zone of the request when none is)."""
    tz = zone(zone_name) if zone_name else timezone.get_current_timezone()
    if timezone.is_naive(value):
        value = timezone.make_aware(value, datetime.UTC)
    return value.astimezone(tz)


def when(value: datetime.datetime | None, zone_name: str | None = None) -> str:
    """'Sat 23 Nov 2026, 14:05': the one way a time is written for people, its day and month
    named in the active language ('Sa. 23 Nov. 2026, 14:05' in German)."""
    if value is None:
        return ""
    moment = local(value, zone_name)
    return date_format(moment, "D j M Y, H:i")
