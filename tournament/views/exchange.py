"""The organiser's pages for a whole event's export (a download) and import (an upload)."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render

from tournament.errors import ServiceError
from tournament.services.access import user_can_create_events
from tournament.services.exchange import event_export, export_filename
from tournament.services.exchange_import import event_import
from tournament.views.common import organiser_required
from tournament.views.forms import service_errors_to_form

# Far above a 300-player weekend (about 3 MB), far below what would strain the server.
MAX_UPLOAD_BYTES = 50_000_000


class EventImportForm(forms.Form):
    file = forms.FileField(
        label="Export file (JSON)",
        help_text="A file saved with “Export this event (JSON)” on any Strategium instance.",
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is larger than {MAX_UPLOAD_BYTES // 1_000_000} MB; "
                "import it with the import_event command instead."
            )
        return upload


@organiser_required
def event_export_download(request, event):
    document = event_export(event=event, user=request.user)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{export_filename(event)}"'
    return response


def event_import_page(request):
    if not request.user.is_authenticated and request.method == "GET":
        return redirect_to_login(request.get_full_path())
    if not user_can_create_events(request.user):
        raise PermissionDenied("Only organiser accounts may import events.")
    form = EventImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            report = event_import(raw=form.cleaned_data["file"].read(), user=request.user)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            for line in report.lines():
                messages.success(request, line)
            return redirect("manage-event", event_id=report.event.pk)
    return render(request, "tournament/manage/event_import.html", {"form": form})
