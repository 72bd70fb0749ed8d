"""A round's clock: the organiser starts, pauses, resumes and extends it; everyone reads it.

The arithmetic lives in tournament/engine/clock.py; this module loads and stores it on the
round (under a row lock, so two organisers' clicks apply one after the other) and logs each
action. Clock actions change no standings and are not undoable: an undo would move a clock
that players are already playing to.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from common.errors import Conflict, Invalid, NotFound
from tournament import localtime
from tournament.caching.cached import event_computed
from tournament.engine import clock as engine
from tournament.engine.clock import Clock, ClockError, duration_words
from tournament.models import Event, Round, RoundStatus
from tournament.services.audit.log import audit_record
from tournament.services.events.access import require_judge
from tournament.services.events.archive import event_require_writable

ACTIONS = ("start", "pause", "resume", "extend")
# Shown instead of the clock's own state once every game of the round has a confirmed result:
# nothing is left to play, so nothing counts down (the stored clock is kept, and counts again
# if a correction reopens the round).
COMPLETE = "complete"


@dataclass(frozen=True)
class ClockState:
    """What a page or the API shows of a round's clock at one instant."""

    round_number: int
    state: str
    remaining_s: int
    length_s: int
    started_at: datetime | None
    ends_at: datetime | None  # only while running (or finished)
    now: datetime
    # The clock's own state under a complete round (its state then reads "complete").
    clock_state: str = ""

    @property
    def length_words(self) -> str:
        return duration_words(self.length_s)

    @property
    def remaining_words(self) -> str:
        return duration_words(self.remaining_s)

    @property
    def ends_at_ms(self) -> int | None:
        # Milliseconds since the epoch, which every browser parses alike (clock.js).
        return round(self.ends_at.timestamp() * 1000) if self.ends_at else None

    @property
    def now_ms(self) -> int:
        return round(self.now.timestamp() * 1000)

    @property
    def ends_words(self) -> str:
        return when_words(self.ends_at) if self.ends_at else ""

    @property
    def stamp(self) -> str:
        """Changes whenever what is shown changes (the running clock: every second)."""
        if self.state == engine.RUNNING:
            return f"r{self.remaining_s}"
        return self.state[0]

    def as_api(self) -> dict:
        return {
            "state": self.state,
            "ends_at": self.ends_at.isoformat() if self.ends_at else None,
            "remaining_s": self.remaining_s,
            "length_s": self.length_s,
            "started_at": self.started_at.isoformat() if self.started_at else None,
        }


def _clock_of(round_: Round, event: Event) -> Clock:
    length_s = round_.clock_length_s or event.round_length_minutes * 60
    return Clock(
        length_s=length_s,
        started_at=round_.clock_started_at,
        ends_at=round_.clock_ends_at,
        remaining=round_.clock_remaining,
    )


def round_clock_state(*, round_: Round, now: datetime | None = None) -> ClockState:
    complete = round_.status == RoundStatus.COMPLETE
    return _state_of(_clock_of(round_, round_.event), round_.number, now, complete=complete)


def round_clock_cached(*, event: Event, number: int, revision: int) -> ClockState | None:
    """The clock of round `number` with no query once read: its stored state changes only
    with a save of the round or the event, which moves the revision on. None: no such round."""

    def stored() -> tuple[Clock, bool] | None:
        round_ = event.rounds.filter(number=number).first()
        if round_ is None:
            return None
        round_.event = event
        return _clock_of(round_, event), round_.status == RoundStatus.COMPLETE

    # One small query: whoever misses reads it at once rather than wait for another reader.
    # Named apart from the older entries, which held the clock alone.
    cached = event_computed(
        event_id=event.pk,
        name="round_clock",
        variant=number,
        revision=revision,
        compute=stored,
        single_flight=False,
    ).value
    if cached is None:
        return None
    clock, complete = cached
    return _state_of(clock, number, None, complete=complete)


def _state_of(
    clock: Clock, number: int, now: datetime | None, *, complete: bool = False
) -> ClockState:
    now = now or timezone.now()
    state = clock.state(now)
    if complete:
        return ClockState(
            round_number=number,
            state=COMPLETE,
            remaining_s=0,
            length_s=clock.length_s,
            started_at=clock.started_at,
            ends_at=None,
            now=now,
            clock_state=state,
        )
    return ClockState(
        round_number=number,
        state=state,
        remaining_s=clock.remaining_s(now),
        length_s=clock.length_s,
        started_at=clock.started_at,
        ends_at=clock.ends_at if state in (engine.RUNNING, engine.FINISHED) else None,
        now=now,
        clock_state=state,
    )


def _minutes(action: str, minutes) -> int | None:
    if minutes is None:
        if action == "extend":
            raise Invalid(
                "minutes", "required", gettext("Give the minutes to add (negative to shorten).")
            )
        return None
    if not isinstance(minutes, int) or isinstance(minutes, bool):
        raise Invalid("minutes", "invalid", gettext("Must be a whole number of minutes."))
    if action in ("pause", "resume"):
        raise Invalid(
            "minutes",
            "not_allowed",
            gettext("Minutes do not apply to %(action)s.") % {"action": action},
        )
    low = 1 if action == "start" else -engine.MAX_MINUTES
    if not low <= minutes <= engine.MAX_MINUTES or minutes == 0:
        raise Invalid(
            "minutes",
            "range",
            f"Must be a whole number from {low} to {engine.MAX_MINUTES}"
            + (", not 0." if action == "extend" else "."),
        )
    return minutes


@transaction.atomic
def round_clock_act(
    *, event: Event, round_number: int, user, action: str, minutes: int | None = None
) -> Round:
    """Start (minutes: the length, default the event's), pause, resume or extend (minutes
    added, negative to shorten) a round's clock. Wrong state: Conflict with `clock_<state>`."""
    require_judge(user, event)
    event_require_writable(event)
    if action not in ACTIONS:
        raise Invalid(
            "action",
            "invalid_choice",
            gettext("Must be one of %(join)s.") % {"join": ", ".join(ACTIONS)},
        )
    minutes = _minutes(action, minutes)
    round_ = (
        Round.objects.select_for_update()
        .select_related("event")
        .filter(event=event, number=round_number)
        .first()
    )
    if round_ is None:
        raise NotFound(
            "round",
            "not_found",
            gettext("Round %(round_number)s has not been paired.") % {"round_number": round_number},
        )
    now = timezone.now()
    clock = _clock_of(round_, round_.event)
    try:
        if action == "start":
            clock = engine.clock_start(clock, now, None if minutes is None else minutes * 60)
        elif action == "pause":
            clock = engine.clock_pause(clock, now)
        elif action == "resume":
            clock = engine.clock_resume(clock, now)
        else:
            clock = engine.clock_extend(clock, now, minutes * 60)
    except ClockError as exc:
        error = Invalid if exc.field == "minutes" else Conflict
        raise error.from_rule(
            exc,
            frame=gettext("Round %(number)s: %(message)s"),
            frame_params={"number": round_number},
        ) from exc
    round_.clock_length_s = clock.length_s
    round_.clock_started_at = clock.started_at
    round_.clock_ends_at = clock.ends_at
    round_.clock_remaining = clock.remaining
    # Saving the round moves the event's revision on (signals), so cached pages refresh.
    round_.save(
        update_fields=["clock_length_s", "clock_started_at", "clock_ends_at", "clock_remaining"]
    )
    audit_record(
        event=event,
        action="round_clock",
        target=f"round:{round_.pk}",
        user=user,
        after={
            "action": action,
            "minutes": minutes,
            "length_s": clock.length_s,
            "remaining_s": clock.remaining_s(now),
            "ends_at": clock.ends_at.isoformat() if clock.ends_at else None,
        },
    )
    return round_


def when_words(moment: datetime, zone_name: str | None = None) -> str:
    """'14:30, Mon 23 Nov' in the event's zone (`zone_name`, else the request's active one): a
    time people read comes with its date."""
    local = localtime.local(moment, zone_name)
    return date_format(local, "H:i, D j M")


def round_timing_words(*, round_: Round, now: datetime | None = None) -> str:
    """The line printed pairings carry: the end while the clock runs, else the length."""
    clock = round_clock_state(round_=round_, now=now)
    # Printed by a worker, outside any request: the event's own zone, named.
    zone_name = round_.event.time_zone
    if clock.state == engine.RUNNING:
        return gettext("Round ends %(when)s") % {"when": when_words(clock.ends_at, zone_name)}
    if clock.state == engine.FINISHED:
        return gettext("Round ended %(when)s") % {"when": when_words(clock.ends_at, zone_name)}
    if clock.state == engine.PAUSED:
        return gettext("Round clock paused, %(left)s left") % {"left": clock.remaining_words}
    return gettext("Round length %(length)s") % {"length": clock.length_words}
