"""The staff's Combat Patrols page: the event's patrols, entered and changed by organisers
(judges read them). Thin views over rosters.services.patrols.patrols."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from missions.pack.combat_patrol import SEQUENCE
from rosters.services.patrols.patrols import patrol_create, patrol_delete, patrol_update, patrols_of
from rosters.views.forms import PatrolForm
from tournament.views.common import (
    organiser_required,
    report,
    require_organiser_post,
    staff_required,
)
from tournament.views.forms.errors import service_errors_to_form


def _context(event, **extra) -> dict:
    return {
        "event": event,
        "tab": "patrols",
        "patrols": patrols_of(event),
        "add_form": PatrolForm(),
        "sequence": SEQUENCE,
        **extra,
    }


@staff_required
def patrols_page(request, event):
    require_organiser_post(request)
    if request.method != "POST":
        return render(request, "rosters/patrols.html", _context(event))
    form = PatrolForm(request.POST)
    if form.is_valid():
        try:
            patrol = patrol_create(event=event, user=request.user, data=form.data_for_service())
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(request, gettext("%(name)s entered.") % {"name": patrol.name})
            return redirect("manage-patrols", event_id=event.pk)
    return render(request, "rosters/patrols.html", _context(event, add_form=form), status=400)


def _patrol(event, patrol_id: int):
    patrol = patrols_of(event).filter(pk=patrol_id).first()
    if patrol is None:
        raise Http404("No such Combat Patrol in this event.")
    return patrol


@staff_required
def patrol_page(request, event, patrol_id: int):
    require_organiser_post(request)
    patrol = _patrol(event, patrol_id)
    initial = PatrolForm.initial_for(patrol)
    if request.method != "POST":
        form = PatrolForm(initial=initial)
        return render(request, "rosters/patrol.html", {"event": event, "tab": "patrols",
                                                       "patrol": patrol, "form": form})  # fmt: skip
    form = PatrolForm(request.POST, initial=initial)
    if form.is_valid():
        try:
            patrol_update(patrol=patrol, user=request.user, changes=form.data_for_service())
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(request, gettext("Patrol saved."))
            return redirect("manage-patrol", event_id=event.pk, patrol_id=patrol.pk)
    context = {"event": event, "tab": "patrols", "patrol": patrol, "form": form}
    return render(request, "rosters/patrol.html", context, status=400)


@organiser_required
@require_POST
def patrol_delete_view(request, event, patrol_id: int):
    patrol = _patrol(event, patrol_id)
    try:
        name = patrol_delete(patrol=patrol, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        return redirect("manage-patrol", event_id=event.pk, patrol_id=patrol.pk)
    messages.success(
        request, gettext("%(name)s deleted (undo it from the audit log).") % {"name": name}
    )
    return redirect("manage-patrols", event_id=event.pk)
