"""Which backup generations to keep and when to copy (pure: no Django, no files).

Kept: the last KEEP_LAST copies, plus the first copy of each WINDOW (10 minutes) for the last
HORIZON (12 hours). The window's first copy, not its newest, stands for it: later copies never
replace it, so a mistake noticed twenty minutes on still has a copy from before it. A weekend
with a copy every few seconds keeps at most 5 + 73 copies.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

KEEP_LAST = 5
WINDOW = timedelta(minutes=10)
HORIZON = timedelta(hours=12)
PREFIX = "strategium-"
_STAMP = "%Y%m%dT%H%M%S.%fZ"


def generation_name(at: datetime) -> str:
    """The folder name of the copy made at `at` (UTC, to the microsecond: names sort by time)."""
    return PREFIX + at.astimezone(UTC).strftime(_STAMP)


def generation_time(name: str) -> datetime | None:
    """When the copy named `name` was made; None for anything else (temporary folders too)."""
    if not name.startswith(PREFIX):
        return None
    try:
        return datetime.strptime(name[len(PREFIX) :], _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


def generations_kept(
    times: Iterable[datetime],
    *,
    now: datetime,
    last: int = KEEP_LAST,
    window: timedelta = WINDOW,
    horizon: timedelta = HORIZON,
) -> set[datetime]:
    """The copies to keep among those made at `times`; the others may be deleted."""
    ordered = sorted(set(times))
    kept = set(ordered[-last:]) if last else set()
    seen: set[int] = set()
    step = window.total_seconds()
    for at in ordered:
        if at < now - horizon:
            continue
        slot = int(at.timestamp() // step)
        if slot not in seen:
            seen.add(slot)
            kept.add(at)
    return kept


def copy_due(*, changed: bool, last_copy: float | None, now: float, min_gap: float) -> bool:
    """Copy when the database changed since the last copy and `min_gap` seconds have passed:
    a burst of results costs one copy every few seconds, not one per result."""
    return changed and (last_copy is None or now - last_copy >= min_gap)
