"""Combat Patrol events' patrols: the organiser enters each patrol's fixed contents (name,
faction, units with their model counts, its two enhancements); every change is logged and
undoable. `patrol_specs` gives the checks the event's patrols as plain data."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict, Invalid, NotFound
from rosters.engine.patrols import ENHANCEMENTS_PER_PATROL, Patrol, PatrolUnit
from rosters.models.patrols import CombatPatrol
from tournament.models import Event
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target, audit_target_kind
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.players.names import name_checked, name_clash, name_holder

FIELDS = ("name", "faction", "units", "enhancements")
NAME_LIMIT = 120
UNITS_MAX = 30
MODELS_MAX = 100

audit_target_kind("patrol", CombatPatrol, "event_id")


def patrols_of(event: Event):
    return CombatPatrol.objects.filter(event=event).order_by("name", "pk")


def patrol_as_spec(patrol: CombatPatrol) -> Patrol:
    return Patrol(
        name=patrol.name,
        units=tuple(PatrolUnit(u["name"], u["models"]) for u in patrol.units),
        enhancements=tuple(patrol.enhancements),
        faction=patrol.faction,
    )


def patrol_specs(*, event: Event) -> tuple[Patrol, ...]:
    """The event's patrols as the checks read them."""
    return tuple(patrol_as_spec(p) for p in patrols_of(event))


def patrol_values(patrol: CombatPatrol) -> dict:
    return {field: getattr(patrol, field) for field in FIELDS}


# -- checking what the organiser sends ---------------------------------------------------------
def _text(value, field: str, *, blank: bool = False) -> str:
    if not isinstance(value, str):
        raise Invalid(field, "invalid", gettext("Must be text."))
    text = " ".join(value.split())
    if not text and not blank:
        raise Invalid(field, "blank", gettext("This field may not be blank."))
    if len(text) > NAME_LIMIT:
        raise Invalid(
            field,
            "too_long",
            gettext("At most %(NAME_LIMIT)s characters.") % {"NAME_LIMIT": NAME_LIMIT},
        )
    return text


def _units(value) -> list[dict]:
    if not isinstance(value, list) or not value:
        raise Invalid("units", "invalid", gettext("Must list the patrol's units (at least one)."))
    if len(value) > UNITS_MAX:
        raise Invalid(
            "units",
            "too_many",
            gettext("A patrol lists at most %(UNITS_MAX)s units.") % {"UNITS_MAX": UNITS_MAX},
        )
    units = []
    for number, unit in enumerate(value, 1):
        if not isinstance(unit, dict) or set(unit) - {"name", "models"}:
            raise Invalid(
                "units",
                "invalid",
                gettext("Unit %(number)s: give its name and models only.") % {"number": number},
            )
        name = _text(unit.get("name"), "units")
        models = unit.get("models")
        if not isinstance(models, int) or isinstance(models, bool):
            raise Invalid(
                "units",
                "invalid",
                gettext("%(name)s: models must be a whole number.") % {"name": name},
            )
        if not 1 <= models <= MODELS_MAX:
            raise Invalid(
                "units",
                "range",
                gettext("%(name)s: models must be from 1 to %(MODELS_MAX)s.")
                % {"name": name, "MODELS_MAX": MODELS_MAX},
            )
        units.append({"name": name, "models": models})
    return units


def _enhancements(value) -> list[str]:
    if not isinstance(value, list):
        raise Invalid("enhancements", "invalid", gettext("Must be a list of enhancement names."))
    names = [_text(v, "enhancements") for v in value]
    if len(names) > ENHANCEMENTS_PER_PATROL:
        raise Invalid(
            "enhancements",
            "too_many",
            gettext("A Combat Patrol has %(ENHANCEMENTS_PER_PATROL)s enhancements to choose from.")
            % {"ENHANCEMENTS_PER_PATROL": ENHANCEMENTS_PER_PATROL},
        )
    if len({n.lower() for n in names}) != len(names):
        raise Invalid("enhancements", "duplicate", gettext("Each enhancement is named once."))
    return names


_CLEANERS = {
    "name": lambda v: name_checked(v, limit=NAME_LIMIT),
    "faction": lambda v: _text(v, "faction", blank=True),
    "units": _units,
    "enhancements": _enhancements,
}


def patrol_clean(data: dict) -> dict:
    """The fields of `data` checked and tidied; an unknown field is refused."""
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise Invalid(unknown[0], "unknown_field", gettext("Not a field of a Combat Patrol."))
    return {key: _CLEANERS[key](value) for key, value in data.items()}


def _name_free(event: Event, name: str, patrol: CombatPatrol | None = None) -> None:
    holder = name_holder(patrols_of(event), name, exclude=patrol)
    if holder is not None:
        raise name_clash(name, holder, what="Combat Patrol", verb="entered")


def _event_lock(event_id: int, user) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("event", "not_found", gettext("No such event."))
    require_organiser(user, event)
    event_require_writable(event)
    return event


# -- the organiser's changes -------------------------------------------------------------------
@transaction.atomic
def patrol_create(*, event: Event, user, data: dict) -> CombatPatrol:
    event = _event_lock(event.pk, user)
    clean = patrol_clean({"faction": "", "enhancements": [], **data})
    for field in ("name", "units"):
        if field not in clean:
            raise Invalid(field, "required", gettext("This field is required."))
    _name_free(event, clean["name"])
    patrol = CombatPatrol.objects.create(event=event, **clean)
    audit_record(
        event=event,
        action="patrol_create",
        target=f"patrol:{patrol.pk}",
        user=user,
        after=patrol_values(patrol),
    )
    return patrol


@transaction.atomic
def patrol_update(*, patrol: CombatPatrol, user, changes: dict) -> CombatPatrol:
    """Change a patrol; a save that changes nothing logs nothing."""
    event = _event_lock(patrol.event_id, user)
    clean = patrol_clean(changes)
    patrol = CombatPatrol.objects.select_for_update().get(pk=patrol.pk)
    if "name" in clean:
        _name_free(event, clean["name"], patrol)
    changed = [k for k in clean if getattr(patrol, k) != clean[k]]
    if not changed:
        return patrol
    before = {k: getattr(patrol, k) for k in changed}
    for key in changed:
        setattr(patrol, key, clean[key])
    patrol.save(update_fields=changed)
    audit_record(
        event=event,
        action="patrol_update",
        target=f"patrol:{patrol.pk}",
        user=user,
        before={"patrol": before.get("name", patrol.name), **before},
        after={"patrol": patrol.name, **{k: clean[k] for k in changed}},
    )
    return patrol


@transaction.atomic
def patrol_delete(*, patrol: CombatPatrol, user) -> str:
    event = _event_lock(patrol.event_id, user)
    patrol = CombatPatrol.objects.select_for_update().filter(pk=patrol.pk).first()
    if patrol is None:
        raise Conflict("patrol", "gone", gettext("This Combat Patrol has already been removed."))
    values = patrol_values(patrol)
    patrol.delete()
    audit_record(
        event=event,
        action="patrol_delete",
        target=f"patrol:{values['name']}",
        user=user,
        before=values,
    )
    return values["name"]


# -- undo --------------------------------------------------------------------------------------
def _logged(entry, side: str) -> dict:
    """The patrol fields an entry logged, checked as the organiser's input is (an entry is
    data: a forged or damaged one is refused, never replayed)."""
    values = {k: v for k, v in (getattr(entry, side) or {}).items() if k in FIELDS}
    try:
        return patrol_clean(values)
    except Invalid:
        raise Conflict(
            "entry", "not_undoable", gettext("This entry does not record a Combat Patrol.")
        ) from None


@undo_check("patrol_create")
def _check_patrol_create(entry) -> list[str]:
    audit_target(entry, "patrol", gone="This Combat Patrol has already been removed.")
    return []


@undoable("patrol_create")
def _undo_patrol_create(entry) -> None:
    audit_target(entry, "patrol", lock=True).delete()


@undo_check("patrol_update")
def _check_patrol_update(entry) -> list[str]:
    patrol = audit_target(entry, "patrol", gone="This Combat Patrol has been removed.")
    before = _logged(entry, "before")
    for key, value in _logged(entry, "after").items():
        if getattr(patrol, key) != value:
            raise Conflict(
                "entry",
                "superseded",
                gettext("%(name)s was changed again after this; undo that first.")
                % {"name": patrol.name},
            )
    if "name" in before:
        holder = name_holder(patrols_of(patrol.event), before["name"], exclude=patrol)
        if holder is not None:
            raise Conflict(
                "entry",
                "name_taken",
                gettext("Another patrol is now called %(name)s; rename it.")
                % {"name": holder.name},
            )
    return []


@undoable("patrol_update")
def _undo_patrol_update(entry) -> None:
    _check_patrol_update(entry)
    patrol = audit_target(entry, "patrol", lock=True)
    before = _logged(entry, "before")
    for key, value in before.items():
        setattr(patrol, key, value)
    patrol.save(update_fields=list(before))


@undo_check("patrol_delete")
def _check_patrol_delete(entry) -> list[str]:
    values = _logged(entry, "before")
    if set(values) != set(FIELDS):
        raise Conflict(
            "entry", "not_undoable", gettext("This entry does not record a Combat Patrol.")
        )
    holder = name_holder(CombatPatrol.objects.filter(event_id=entry.event_id), values["name"])
    if holder is not None:
        raise Conflict(
            "entry",
            "name_taken",
            gettext("A patrol called %(name)s has been entered since.") % {"name": holder.name},
        )
    return []


@undoable("patrol_delete")
def _undo_patrol_delete(entry) -> None:
    _check_patrol_delete(entry)
    CombatPatrol.objects.create(event_id=entry.event_id, **_logged(entry, "before"))
