"""Fields another app keeps for players or events and the tournament app shows and takes
where its own fields are (the API, the forms, sign-up, imports, the event document, the log).

The tournament app never imports those apps (tests/architecture/test_layers.py): an app that keeps
rows of its own beside a player or an event (rosters: army lists, their deadline) registers an
ExtraFields here at start-up, and the tournament's services clean, store and log its fields
through it, so callers see one player or event as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tournament.extensions import EVENT_EXTRAS, PLAYER_EXTRAS
from tournament.models import Event


@dataclass(frozen=True)
class ExtraFields:
    name: str
    # The fields a caller may send (editable) and those it reads and the log keeps.
    editable: tuple[str, ...]
    logged: tuple[str, ...]
    # {field: value as sent} -> {field: value as stored}; raises Invalid naming the field.
    clean: Callable[[dict], dict]
    # (obj) -> {field: value} of every logged field.
    read: Callable
    # (obj, {field: value}, *, fresh: bool) -> {field: value as stored} | None: stores the
    # given fields for a saved row; `fresh`: a new row (a sign-up, an entry) rather than an
    # edit. Set fields as given when restoring (undo, import): `restore=True`. It returns the
    # fields whose stored value depends on the row (a name spelled as the event's data
    # spells it), so the log keeps what was stored.
    write: Callable
    # (field, logged value) -> value as stored; ValueError when it could not have been logged.
    logged_value: Callable
    # Exchange Specs (exchange.services.fields.Spec) of the document's keys.
    specs: tuple = ()
    # () -> {name: serializer field} and () -> {name: form field}: given by the app's
    # interfaces at start-up (the services here never build them).
    serializer_fields: Callable | None = None
    form_fields: Callable | None = None
    # Relations to select with the rows when many are read at once (the export).
    related: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)


def extra_fields_register(kind: str, extension: ExtraFields) -> None:
    """Add an app's fields to players ("player") or events ("event"), once."""
    extras = PLAYER_EXTRAS if kind == "player" else EVENT_EXTRAS
    for i, known in enumerate(extras):
        if known.name == extension.name:
            extras[i] = extension
            return
    extras.append(extension)


def extras_of(kind: str) -> list[ExtraFields]:
    return PLAYER_EXTRAS if kind == "player" else EVENT_EXTRAS


def extra_editable(kind: str) -> tuple[str, ...]:
    return tuple(name for e in extras_of(kind) for name in e.editable)


def extra_logged(kind: str) -> tuple[str, ...]:
    return tuple(name for e in extras_of(kind) for name in e.logged)


def extra_owner(kind: str, name: str) -> ExtraFields | None:
    return next((e for e in extras_of(kind) if name in e.logged), None)


def extra_related(kind: str) -> tuple[str, ...]:
    return tuple(name for e in extras_of(kind) for name in e.related)


def extra_split(kind: str, values: dict) -> tuple[dict, dict[str, dict]]:
    """(the model's own fields, {extension name: its fields})."""
    own, theirs = dict(values), {}
    for extension in extras_of(kind):
        mine = {k: own.pop(k) for k in list(own) if k in extension.logged}
        if mine:
            theirs[extension.name] = mine
    return own, theirs


def extra_clean(kind: str, values: dict) -> dict:
    """`values` with each app's fields cleaned by that app (the rest as given)."""
    out = dict(values)
    for extension in extras_of(kind):
        mine = {k: out[k] for k in extension.editable if k in out}
        if mine:
            out.update(extension.clean(mine))
    return out


def extra_read(kind: str, obj) -> dict:
    return {k: v for e in extras_of(kind) for k, v in e.read(obj).items()}


def extra_value(kind: str, obj, name: str):
    """One extra field's value (None when no app keeps it): reads only the app that owns it,
    so a page asking one thing pays one app's read, whatever other apps extend the kind."""
    owner = extra_owner(kind, name)
    return owner.read(obj).get(name) if owner is not None else None


def extra_write(kind: str, obj, theirs: dict[str, dict], **options) -> dict:
    """Each app stores its fields; {field: value as stored} of those it stored otherwise."""
    stored = {}
    for extension in extras_of(kind):
        if extension.name in theirs:
            stored.update(extension.write(obj, theirs[extension.name], **options) or {})
    return stored


# --- An app's one settings row beside the event ---------------------------------------------
# Apps that add event settings (clocks, ratings, feed, rosters' lists) each keep one row of
# their own per event, read through the event's reverse one-to-one (`related`), with unsaved
# defaults when the event has none: an event that never changed them costs no row.


def side_row(event, related: str, model):
    """The app's row of the event (cached on the event); an unsaved row of defaults when none."""
    try:
        return getattr(event, related)
    except model.DoesNotExist:
        return model(event_id=event.pk)


def side_row_write(event, related: str, model, given: dict, apply: Callable) -> None:
    """Store `given` on the app's row through `apply(row)`, and keep the row cached on the
    event. No row is made while every given value is empty or off (the defaults)."""
    row = model.objects.filter(event_id=event.pk).first()
    if row is None and not any(given.values()):
        setattr(event, related, model(event_id=event.pk))
        return
    row = row or model(event_id=event.pk)
    apply(row)
    row.save()
    setattr(event, related, row)


def event_attributes_install(names, read: Callable) -> None:
    """Events read each of `names` as a read-only attribute, `read(event, name)` (the core's
    API shape and undo read their fields as attributes; the app's services write them)."""
    for name in names:
        setattr(Event, name, property(lambda event, name=name: read(event, name)))
