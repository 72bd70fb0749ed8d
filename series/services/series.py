"""Series and leagues: an organiser groups events under one scoring rule. Every change is
logged in the series' own log (who, when, before and after in words)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, Forbidden, Invalid, NotFound
from series.models import Series, SeriesChange, SeriesEvent
from series.services.rules import (
    best_clean,
    points_clean,
    rule_words,
    scoring_clean,
    table_clean,
)
from series.services.table import series_events_read
from tournament.models import Event
from tournament.services.events.access import (
    event_hidden_from,
    user_can_create_events,
    user_can_manage,
)
from tournament.services.players.names import text_checked

NO_SERIES = gettext_lazy("No such series.")
FIELDS = (
    "name",
    "description",
    "scoring",
    "placing_points",
    "beyond_points",
    "win_points",
    "draw_points",
    "loss_points",
    "best_events",
)


def series_visible_to(user) -> QuerySet[Series]:
    """A series is shown once one of its events is public; before that (or when all its events
    are hidden) it exists only for its owner, as a hidden event does for its staff."""
    public = SeriesEvent.objects.filter(series=OuterRef("pk"), event__hidden=False)
    series = Series.objects.all()
    if user is not None and user.is_authenticated:
        if user.is_superuser:
            return series
        return series.filter(Exists(public) | _owned(user))
    return series.filter(Exists(public))


def _owned(user) -> Q:
    return Q(owner=user)


def user_can_edit_series(user, series: Series) -> bool:
    return bool(
        user and user.is_authenticated and (user.is_superuser or series.owner_id == user.pk)
    )


def series_get(*, user, series_id: int) -> Series:
    found = series_visible_to(user).filter(pk=series_id).first()
    if found is None:
        raise NotFound("series", "not_found", NO_SERIES)
    return found


def _editable(user, series_id: int) -> Series:
    series = series_get(user=user, series_id=series_id)
    if not user_can_edit_series(user, series):
        raise Forbidden(
            "series", "not_owner", gettext("Only the organiser who made this series may change it.")
        )
    return Series.objects.select_for_update().get(pk=series.pk)


def _text(field: str, value) -> str:
    # The one text check (engine/names.py): no NUL (PostgreSQL cannot store it), no direction
    # controls, no text of invisible characters only.
    value = text_checked(value, field=field, multiline=field == "description")
    limit = 200 if field == "name" else 500
    if field == "name" and not value:
        raise Invalid("name", "required", gettext("A series needs a name."))
    if len(value) > limit:
        raise Invalid(
            field, "too_long", gettext("At most %(limit)s characters.") % {"limit": limit}
        )
    return value


CLEANERS = {
    "name": lambda v: _text("name", v),
    "description": lambda v: _text("description", v),
    "scoring": scoring_clean,
    "placing_points": table_clean,
    "best_events": best_clean,
}


def _clean(changes: dict) -> dict:
    out = {}
    for field, value in changes.items():
        if field not in FIELDS:
            raise Invalid(field, "unknown_field", gettext("This field is not part of a series."))
        clean = CLEANERS.get(field)
        out[field] = clean(value) if clean else points_clean(field, value)
    return out


def _state(series: Series) -> dict:
    return {
        "rule": rule_words(series),
        **{f: getattr(series, f) for f in FIELDS},
        "events": list(series.entries.values_list("event__name", flat=True)),
    }


def _log(series: Series, *, user, action: str, words: str, before: dict) -> None:
    SeriesChange.objects.create(
        series=series, action=action, words=words, before=before, after=_state(series), user=user
    )


@transaction.atomic
def series_create(*, user, fields: dict) -> Series:
    """A series with the organiser's rule; its owner is the organiser who makes it."""
    if not user_can_create_events(user):
        raise Forbidden("user", "not_organiser", gettext("Only organisers may make a series."))
    data = _clean(fields)
    if not data.get("name"):
        raise Invalid("name", "required", gettext("A series needs a name."))
    series = Series.objects.create(owner=user, **data)
    _log(series, user=user, action="create", words=f"Series {series.name} made", before={})
    return series


@transaction.atomic
def series_update(*, user, series_id: int, changes: dict) -> Series:
    """Change the name or the rule; a save that changes nothing logs nothing."""
    series = _editable(user, series_id)
    data = _clean(changes)
    changed = {f: v for f, v in data.items() if getattr(series, f) != v}
    if not changed:
        return series
    before = _state(series)
    for field, value in changed.items():
        setattr(series, field, value)
    series.save(update_fields=list(changed))
    words = f"{series.name}: " + ", ".join(f.replace("_", " ") for f in changed) + " changed"
    if before["rule"] != rule_words(series):
        words += f" (rule now: {rule_words(series)})"
    _log(series, user=user, action="update", words=words, before=before)
    return series


def _event_for(user, event_id) -> Event:
    if isinstance(event_id, bool) or not isinstance(event_id, int):
        raise Invalid("event", "invalid", gettext("Must be an event's id."))
    event = Event.objects.filter(pk=event_id).first()
    if event is None or event_hidden_from(user, event):
        raise NotFound("event", "not_found", gettext("No such event."))
    if not user_can_manage(user, event):
        raise Forbidden(
            "event",
            "not_organiser",
            gettext("Only %(name)s's organisers may add it to a series.") % {"name": event.name},
        )
    return event


@transaction.atomic
def series_event_add(*, user, series_id: int, event_id: int) -> SeriesEvent:
    """Add one of the organiser's singles events (the last in the series' order)."""
    series = _editable(user, series_id)
    event = _event_for(user, event_id)
    if event.kind != "singles":
        raise Invalid(
            "event",
            "team_event",
            gettext("%(name)s is a team event: a series ranks players.") % {"name": event.name},
        )
    if series.entries.filter(event=event).exists():
        raise Conflict(
            "event",
            "already_in",
            gettext("%(name)s is in %(name2)s already.")
            % {"name": event.name, "name2": series.name},
        )
    before = _state(series)
    last = series.entries.order_by("-position").values_list("position", flat=True).first()
    entry = SeriesEvent.objects.create(series=series, event=event, position=(last or 0) + 1)
    _log(
        series,
        user=user,
        action="event_add",
        words=f"{event.name} added to {series.name}",
        before=before,
    )
    return entry


@transaction.atomic
def series_event_remove(*, user, series_id: int, event_id: int) -> None:
    series = _editable(user, series_id)
    entry = series.entries.select_related("event").filter(event_id=event_id).first()
    if entry is None:
        raise NotFound(
            "event",
            "not_in_series",
            gettext("That event is not in %(name)s.") % {"name": series.name},
        )
    before = _state(series)
    name = entry.event.name
    entry.delete()
    _log(
        series,
        user=user,
        action="event_remove",
        words=f"{name} taken out of {series.name}",
        before=before,
    )


def series_read(*, series: Series, user=None) -> dict:
    """The series as the API and the pages give it: its rule and its events (a hidden event
    only to its staff)."""
    return {
        "id": series.pk,
        "rule": rule_words(series),
        **{f: getattr(series, f) for f in FIELDS},
        "can_edit": user_can_edit_series(user, series),
        "events": series_events_read(series=series, user=user),
    }
