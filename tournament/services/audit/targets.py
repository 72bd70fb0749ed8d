"""What an undo may touch: the object its entry names, inside the entry's own event, and only
the fields its action logs.

An entry's `target`, `before` and `after` are data, never instructions: a bug, a hand-edited
database or a forged file could have written anything there. So each kind of target declares
its model and how its rows belong to an event (`audit_target_kind`), and each plain edit
declares the kind it edits and the fields it logs (`audit_restores`). An undo reads its object
only through `audit_target` (scoped to the entry's event) and puts back only declared fields
whose logged values have the field's type; the check runs again inside the undo's transaction.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import models
from django.db.models import F
from django.utils.translation import gettext

from common.errors import Conflict
from tournament.extensions import RESTORES, TARGET_KINDS
from tournament.models import Event, Game, Player, Round
from tournament.services.audit.words import audit_label, field_label
from tournament.services.events.extra_fields import (
    extra_logged,
    extra_owner,
    extra_split,
    extra_write,
)

# Actions that also log the fields other apps keep beside the row (extra_fields.py).
WITH_EXTRAS: set[str] = set()
# Rows whose kind other apps add fields to.
_EXTRA_KINDS = {"player": Player, "event": Event}
# What the checks read beside a target row (a game's round names its place in words).
_WITH = {"game": ("round",)}
# While a page of entries is judged (audit_judging): their target rows, read in one query per
# kind, by (kind, id); and a cache for other readers of the same page (rounds paired after).
_JUDGING: ContextVar[dict | None] = ContextVar("audit_judging", default=None)


def audit_target_kind(kind: str, model: type[models.Model], event_path: str) -> None:
    """Declare that targets `kind:<id>` name rows of `model`, whose event is `event_path`."""
    TARGET_KINDS.register(kind, (model, event_path))


def audit_restores(action: str, kind: str, fields, *, extras: bool = False) -> None:
    """Declare `action` a plain edit of a `kind` row logging (some of) `fields`, and with
    `extras` the fields other apps keep beside a player or an event (extra_fields.py)."""
    RESTORES.register(action, (kind, tuple(fields)))
    if extras:
        WITH_EXTRAS.add(action)


audit_target_kind("event", Event, "pk")
audit_target_kind("player", Player, "event_id")
audit_target_kind("round", Round, "event_id")
audit_target_kind("game", Game, "round__event_id")


def target_id(entry, kind: str) -> int | None:
    prefix, _, ident = (entry.target or "").partition(":")
    return int(ident) if prefix == kind and ident.isdigit() else None


@contextmanager
def audit_judging(entries) -> Iterator[dict]:
    """Judge a page of entries (previews, never an undo): each entry's target row comes from
    one query per kind of target instead of one per entry, with its event id beside it so the
    row is still given only to entries of its own event. Yields a dict other readers of the
    same page may keep what they read in; it is gone when the page is judged."""
    wanted: dict[str, set[int]] = defaultdict(set)
    for entry in entries:
        kind, _, ident = (entry.target or "").partition(":")
        if kind in TARGET_KINDS and ident.isdigit():
            wanted[kind].add(int(ident))
    rows = {}
    for kind, ids in wanted.items():
        model, event_path = TARGET_KINDS[kind]
        found = model.objects.filter(pk__in=ids).select_related(*_WITH.get(kind, ()))
        for row in found.annotate(audit_event_id=F(event_path)):
            rows[kind, row.pk] = row
    memo = {"targets": rows}
    token = _JUDGING.set(memo)
    try:
        yield memo
    finally:
        _JUDGING.reset(token)


def audit_judging_memo() -> dict | None:
    """The page being judged's shared dict (audit_judging), or None outside one."""
    return _JUDGING.get()


def audit_target(entry, kind: str, *, lock: bool = False, gone: str = ""):
    """The row the entry's target names, if it belongs to the entry's own event; otherwise
    Conflict `gone` (a row of another event is as good as gone to this log)."""
    model, event_path = TARGET_KINDS[kind]
    ident = target_id(entry, kind)
    judging = _JUDGING.get()
    if judging is not None and not lock:
        row = judging["targets"].get((kind, ident))
        if row is None or row.audit_event_id != entry.event_id:
            raise Conflict("entry", "gone", gone or f"This {kind} is no longer in the event.")
        return row
    rows = model.objects.none()
    if ident is not None:
        rows = model.objects.filter(pk=ident).filter(**{event_path: entry.event_id})
    if lock:
        rows = rows.select_for_update()
    row = rows.first()
    if row is None:
        raise Conflict("entry", "gone", gone or f"This {kind} is no longer in the event.")
    return row


def _refused(entry, why: str) -> Conflict:
    return Conflict(
        "entry",
        "not_undoable",
        gettext("“%(audit_label)s” cannot be undone: %(why)s")
        % {"audit_label": audit_label(entry.action), "why": why},
    )


# The JSON type each kind of model field is logged as; anything else was not written by
# the service that logs the field.
_JSON_TYPES = {
    "CharField": str,
    "TextField": str,
    "SlugField": str,
    "DateField": str,
    "DateTimeField": str,
    "BooleanField": bool,
    "IntegerField": int,
    "SmallIntegerField": int,
    "BigIntegerField": int,
    "PositiveIntegerField": int,
    "PositiveSmallIntegerField": int,
    "PositiveBigIntegerField": int,
    "JSONField": (list, dict, str, int),
}


def logged_value(model: type[models.Model], name: str, value):
    """A logged value as the model holds it; ValueError when it could not have been logged."""
    kind = next((k for k, m in _EXTRA_KINDS.items() if m is model), None)
    owner = extra_owner(kind, name) if kind else None
    if owner is not None:
        return owner.logged_value(name, value)
    try:
        field = model._meta.get_field(name)
    except FieldDoesNotExist:
        raise ValueError("no such field") from None
    if value is None:
        if not field.null:
            raise ValueError("empty")
        return None
    expected = _JSON_TYPES.get(field.get_internal_type())
    if expected is None or not isinstance(value, expected):
        raise ValueError("wrong type")
    if expected is int and isinstance(value, bool):
        raise ValueError("wrong type")
    try:
        value = field.to_python(value)
        if field.choices and value not in {c for c, _ in field.flatchoices}:
            raise ValueError("not a choice")
        field.run_validators(value)
    except ValidationError:
        raise ValueError("invalid") from None
    return value


def audit_logged(entry, side: str) -> dict:
    """`before` or `after` of a plain edit, as the model holds them: only declared fields,
    each of its field's type. Conflict `not_undoable`, in words, otherwise."""
    kind, fields = RESTORES[entry.action]
    if entry.action in WITH_EXTRAS:
        fields = (*fields, *extra_logged(kind))
    model = TARGET_KINDS[kind][0]
    before, after = entry.before, entry.after
    if not isinstance(before, dict) or not isinstance(after, dict) or not after:
        raise _refused(entry, "it records no change to put back.")
    if set(before) != set(after):
        raise _refused(entry, "its before and after name different fields.")
    values = {}
    for name, value in (before if side == "before" else after).items():
        if name not in fields:
            raise _refused(entry, f"it names {field_label(name)}, which it never changes.")
        try:
            values[name] = logged_value(model, name, value)
        except ValueError:
            raise _refused(entry, f"its {field_label(name)} is not a value it logs.") from None
    return values


def audit_edit_check(entry, what=None):
    """The check of a plain edit: the named row of this event, the log's fields well formed,
    and still holding the logged `after` (else a later change would be silently overwritten
    by this older `before`). Returns the row."""
    kind, _ = RESTORES[entry.action]
    row = audit_target(entry, kind)
    audit_logged(entry, "before")
    for name, value in audit_logged(entry, "after").items():
        if getattr(row, name) != value:
            label = what(row) if callable(what) else (what or str(row))
            raise Conflict(
                "entry",
                "superseded",
                gettext(
                    "%(label)s: %(field_label)s was changed again after this; "
                    "undo that later change first."
                )
                % {"label": label, "field_label": field_label(name)},
            )
    return row


def audit_restore(entry) -> None:
    """The undo of a plain edit: the declared fields of the named row back to `before`."""
    kind, _ = RESTORES[entry.action]
    row = audit_target(entry, kind, lock=True)
    values = audit_logged(entry, "before")
    own, theirs = extra_split(kind, values) if kind in _EXTRA_KINDS else (values, {})
    for name, value in own.items():
        setattr(row, name, value)
    if own:
        row.save(update_fields=list(own))
    extra_write(kind, row, theirs, restore=True)
