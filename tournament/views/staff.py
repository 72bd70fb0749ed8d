"""The event's Staff page (under Settings): organisers add co-organisers and judges by
username, change a role and remove someone. Organisers only; every change goes through the
staff service, which keeps the last organiser and logs each change."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from tournament.models import StaffRole
from tournament.services.events.staff import staff_add, staff_list, staff_remove, staff_set_role
from tournament.views.common import organiser_required, report
from tournament.views.forms.errors import service_errors_to_form


class StaffAddForm(forms.Form):
    username = forms.CharField(max_length=150, label=gettext_lazy("Username"))
    role = forms.ChoiceField(
        choices=StaffRole.choices, initial=StaffRole.JUDGE, label=gettext_lazy("Role")
    )


class StaffRoleForm(forms.Form):
    role = forms.ChoiceField(choices=StaffRole.choices, label=gettext_lazy("Role"))


def _page(request, event, form: StaffAddForm, status: int = 200):
    rows = staff_list(event=event)
    for row in rows:
        row.form = StaffRoleForm(initial={"role": row.role}, auto_id=f"id_%s_{row.user_id}")
    context = {"event": event, "tab": "settings", "rows": rows, "form": form}
    return render(request, "tournament/manage/staff.html", context, status=status)


@organiser_required
def staff_page(request, event):
    """GET: the staff and the add form. POST: add someone."""
    form = StaffAddForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                row = staff_add(event=event, user=request.user, **form.cleaned_data)
            except ServiceError as exc:
                service_errors_to_form(form, exc)
            else:
                name = row.user.get_username()
                messages.success(
                    request,
                    gettext("%(name)s added as %(lower)s.")
                    % {"name": name, "lower": row.get_role_display().lower()},
                )
                return redirect("manage-staff", event_id=event.pk)
        return _page(request, event, form, status=400)
    return _page(request, event, form)


@organiser_required
@require_POST
def staff_role_view(request, event, user_id: int):
    form = StaffRoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Role: Must be organiser or judge."))
        return redirect("manage-staff", event_id=event.pk)
    try:
        row = staff_set_role(
            event=event, user=request.user, member_id=user_id, role=form.cleaned_data["role"]
        )
    except ServiceError as exc:
        report(request, exc)
    else:
        name = row.user.get_username()
        messages.success(
            request,
            gettext("%(name)s is %(lower)s.")
            % {"name": name, "lower": row.get_role_display().lower()},
        )
    return redirect("manage-staff", event_id=event.pk)


@organiser_required
@require_POST
def staff_remove_view(request, event, user_id: int):
    try:
        row = staff_remove(event=event, user=request.user, member_id=user_id)
    except ServiceError as exc:
        report(request, exc)
        return redirect("manage-staff", event_id=event.pk)
    if user_id == request.user.pk:
        messages.success(
            request, gettext("You are no longer on the staff of %(name)s.") % {"name": event.name}
        )
        return redirect("home")
    messages.success(
        request,
        gettext("%(get_username)s removed from the staff.")
        % {"get_username": row.user.get_username()},
    )
    return redirect("manage-staff", event_id=event.pk)
