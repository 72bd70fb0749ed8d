"""Creating and configuring events."""

from __future__ import annotations

import datetime
import random

from django.db import transaction

from missions.services import pool_codes
from tournament.errors import Forbidden, Invalid
from tournament.models import Event, EventStaff, StaffRole
from tournament.models.event import BATTLE_SIZE_POINTS, BattleSize, EventStatus, PaperSize
from tournament.services.access import require_organiser, user_can_create_events
from tournament.services.audit import (
    audit_changes,
    audit_record,
    audit_restore,
    audit_values_unchanged,
    undo_check,
    undoable,
)
from tournament.services.registration import registration_move_up
from tournament.services.standings import metric_names

# Settings an organiser may change after creation, and who checks them.
EDITABLE = (
    "name",
    "start_date",
    "end_date",
    "venue",
    "planned_rounds",
    "battle_size",
    "points_limit",
    "status",
    "tiebreaks",
    "bye_vp",
    "hidden",
    "avoid_same_club",
    "check_in_required",
    "paper_size",
    "mission_order",
    "round_minutes",
    "registration_open",
    "places",
    "registration_approval",
)
BOOLEAN_SETTINGS = (
    "hidden",
    "avoid_same_club",
    "check_in_required",
    "registration_open",
    "registration_approval",
)
# More places than any venue holds is a typing slip, not a cap.
PLACES_MAX = 10_000
DATE_SETTINGS = ("start_date", "end_date")


def _check_tiebreaks(value) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise Invalid("tiebreaks", "invalid", "Must be a list of metric names.")
    known = metric_names()
    for name in value:
        if name not in known:
            raise Invalid(
                "tiebreaks",
                "unknown_metric",
                f"Unknown metric '{name}'; choose from {', '.join(sorted(known))}.",
            )
    if len(set(value)) != len(value):
        raise Invalid("tiebreaks", "duplicate", "Each metric may appear once.")
    return value


def _check_mission_order(value, pack: str) -> list[str]:
    codes = pool_codes(pack)
    if not isinstance(value, list) or any(code not in codes for code in value):
        raise Invalid(
            "mission_order", "unknown_mission", f"Must list pool codes from {', '.join(codes)}."
        )
    return value


def _clean_choices(clean: dict) -> None:
    if "battle_size" in clean:
        if clean["battle_size"] not in BattleSize.values:
            raise Invalid("battle_size", "invalid_choice", "Unknown battle size.")
        clean.setdefault("points_limit", BATTLE_SIZE_POINTS[BattleSize(clean["battle_size"])])
    for field in BOOLEAN_SETTINGS:
        if field in clean and not isinstance(clean[field], bool):
            raise Invalid(field, "invalid", "Must be true or false.")
    if "status" in clean and clean["status"] not in EventStatus.values:
        raise Invalid("status", "invalid_choice", "Unknown status.")
    if "paper_size" in clean and clean["paper_size"] not in PaperSize.values:
        raise Invalid("paper_size", "invalid_choice", "Must be A4 or letter.")


# (field named in errors, setting, lowest, highest); the nullable ones may be left empty.
_WHOLE_NUMBERS = [
    ("bye_vp", "bye_vp", 0, 100),
    ("round_minutes", "round_minutes", 1, 720),
    ("places", "places", 1, PLACES_MAX),
]
NULLABLE_NUMBERS = {"round_minutes", "places"}


def _whole_in(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _clean(changes: dict, event: Event | None) -> dict:
    clean = dict(changes)
    _clean_choices(clean)
    if "name" in clean and not str(clean["name"]).strip():
        raise Invalid("name", "blank", "This field may not be blank.")
    if "planned_rounds" in clean:
        rounds = clean["planned_rounds"]
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 30:
            raise Invalid("rounds", "range", "Must be a whole number from 1 to 30.")
        if event is not None and rounds < event.rounds.count():
            raise Invalid("rounds", "below_played", "Rounds already paired cannot be removed.")
    if "tiebreaks" in clean:
        clean["tiebreaks"] = _check_tiebreaks(clean["tiebreaks"])
    for field, label, low, high in _WHOLE_NUMBERS:
        value = clean.get(label)
        if value is None and label in NULLABLE_NUMBERS:
            continue
        if label in clean and not _whole_in(value, low, high):
            raise Invalid(field, "range", f"Must be a whole number from {low:,} to {high:,}.")
    if "mission_order" in clean:
        pack = event.mission_pack if event else clean.get("mission_pack", "leviathan")
        clean["mission_order"] = _check_mission_order(clean["mission_order"], pack)
    start, end = clean.get("start_date"), clean.get("end_date")
    if event is not None:
        start = start or event.start_date
        end = end or event.end_date
    if start and end and end < start:
        raise Invalid("end_date", "before_start", "Must not be before the start date.")
    return clean


@transaction.atomic
def event_create(*, user, name: str, rounds: int, seed: int | None = None, **settings) -> Event:
    """Create an event; its creator becomes its organiser. The mission order is drawn at
    random."""
    if not user_can_create_events(user):
        raise Forbidden("user", "not_organiser", "Only organiser accounts may create events.")
    unknown = sorted(set(settings) - set(EDITABLE) - {"mission_pack"})
    if unknown:
        raise Invalid(unknown[0], "unknown_field", "Not an event setting.")
    clean = _clean({"name": name, "planned_rounds": rounds, **settings}, None)
    if "mission_order" not in clean:
        codes = pool_codes(clean.get("mission_pack", "leviathan"))
        random.Random(seed).shuffle(codes)
        clean["mission_order"] = codes
    event = Event.objects.create(**clean)
    EventStaff.objects.create(event=event, user=user, role=StaffRole.ORGANISER, added_by=user)
    audit_record(event=event, action="event_create", target=f"event:{event.pk}", user=user)
    return event


def _logged(values: dict) -> dict:
    """Settings as the audit log's JSON holds them: dates in ISO form."""
    return {k: v.isoformat() if isinstance(v, datetime.date) else v for k, v in values.items()}


@transaction.atomic
def event_update(*, event: Event, user, changes: dict) -> Event:
    """Change settings; every field that changes is logged in one undoable entry, and a save
    that changes nothing logs nothing."""
    require_organiser(user, event)
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise Invalid(unknown[0], "unknown_field", "Not an editable event setting.")
    event = Event.objects.select_for_update().get(pk=event.pk)
    if changes.get("battle_size", event.battle_size) == event.battle_size:
        # Re-sending the same battle size (as the settings form always does) must not reset
        # a points limit set on its own.
        changes = {**changes, "points_limit": changes.get("points_limit", event.points_limit)}
    clean = _clean(changes, event)
    before = {k: getattr(event, k) for k in clean}
    changed = [k for k in clean if before[k] != clean[k]]
    if not changed:
        return event
    for key in changed:
        setattr(event, key, clean[key])
    event.save(update_fields=changed)
    audit_changes(
        event=event,
        action="event_update",
        target=f"event:{event.pk}",
        user=user,
        before=_logged(before),
        after=_logged(clean),
        fields=changed,
    )
    if "places" in changed:
        # More places (or none): the waiting list moves up into them at once.
        registration_move_up(event=event)
    return event


@undo_check("event_update")
def _check_event_update(entry) -> list[str]:
    audit_values_unchanged(Event.objects.get(pk=entry.event_id), entry.after, "Settings")
    return []


@undoable("event_update")
def _undo_event_update(entry) -> None:
    values = {
        k: datetime.date.fromisoformat(v) if k in DATE_SETTINGS and v else v
        for k, v in entry.before.items()
    }
    audit_restore(Event.objects.select_for_update().get(pk=entry.event_id), values)
