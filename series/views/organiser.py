"""The organiser's series pages: make a series, change its rule, add and take out events.
Each form posts to the same services as the API."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from series.services.series import (
    series_create,
    series_event_add,
    series_event_remove,
    series_read,
    series_update,
    user_can_edit_series,
)
from series.views.forms import AddEventForm, SeriesForm
from series.views.public import series_or_404
from tournament.models import Event
from tournament.services.events.access import user_can_create_events
from tournament.views.common import report
from tournament.views.forms.errors import service_errors_to_form


def _owner_only(view):
    """A GET without a session signs in first (whatever the id); a series the user may not see
    is a 404 like a missing one; anyone but its owner is refused (403)."""

    @wraps(view)
    def wrapper(request, series_id: int):
        if not request.user.is_authenticated and request.method == "GET":
            return redirect_to_login(request.get_full_path())
        series = series_or_404(request, series_id)
        if not user_can_edit_series(request.user, series):
            raise PermissionDenied("Only the organiser who made this series may change it.")
        return view(request, series)

    return wrapper


def _fields(form: SeriesForm) -> dict:
    data = dict(form.cleaned_data)
    data["best_events"] = data.get("best_events")
    return data


def _addable(request, series) -> list[tuple[int, str]]:
    """The user's singles events not in the series yet (as organiser), newest first."""
    inside = series.entries.values_list("event_id", flat=True)
    events = Event.objects.filter(kind="singles").exclude(pk__in=inside).order_by("-created_at")
    if not request.user.is_superuser:
        events = events.filter(staff_roles__user=request.user, staff_roles__role="organiser")
    return [(e.pk, e.name) for e in events.distinct()[:200]]


def _context(request, series, form=None, add_form=None) -> dict:
    return {
        "series": series_read(series=series, user=request.user),
        "form": form or SeriesForm.of(series),
        "add_form": add_form or AddEventForm(events=_addable(request, series)),
        "changes": list(series.changes.select_related("user")[:20]),
    }


def series_new(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not user_can_create_events(request.user):
        raise PermissionDenied("Only organisers may make a series.")
    form = SeriesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            series = series_create(user=request.user, fields=_fields(form))
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(
                request, gettext("%(name)s is made: add its events below.") % {"name": series.name}
            )
            return redirect("manage-series", series_id=series.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "series/new.html", {"form": form}, status=status)


@_owner_only
def series_manage(request, series):
    if request.method != "POST":
        return render(request, "series/manage.html", _context(request, series))
    form = SeriesForm(request.POST)
    if form.is_valid():
        try:
            series_update(user=request.user, series_id=series.pk, changes=_fields(form))
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(request, gettext("Series saved."))
            return redirect("manage-series", series_id=series.pk)
    return render(request, "series/manage.html", _context(request, series, form), status=400)


@require_POST
@_owner_only
def series_add_event(request, series):
    form = AddEventForm(request.POST, events=_addable(request, series))
    if form.is_valid():
        try:
            series_event_add(
                user=request.user, series_id=series.pk, event_id=form.cleaned_data["event"]
            )
        except ServiceError as exc:
            report(request, exc)
        else:
            messages.success(request, gettext("Event added."))
        return redirect("manage-series", series_id=series.pk)
    return render(
        request, "series/manage.html", _context(request, series, add_form=form), status=400
    )


@require_POST
@_owner_only
def series_remove_event(request, series):
    try:
        event_id = int(request.POST.get("event", ""))
    except ValueError:
        messages.error(request, gettext("Choose the event to take out."))
        return redirect("manage-series", series_id=series.pk)
    try:
        series_event_remove(user=request.user, series_id=series.pk, event_id=event_id)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Event taken out."))
    return redirect("manage-series", series_id=series.pk)
