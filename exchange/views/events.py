"""The organiser's pages for a whole event's export (a download) and import (an upload)."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt, csrf_protect

from common.errors import ServiceError
from common.jsontext import JsonRefused, json_cost_check, json_parse
from exchange.services.export import event_export, export_filename
from exchange.services.importing.write import event_import
from tournament.services.documents.exports import file_disposition
from tournament.services.events.access import user_can_create_events
from tournament.views.common import organiser_required
from tournament.views.forms.errors import service_errors_to_form

# Ample: a 1,000-player event exports to about 7 MB. A worker holds the file once and its
# parsed form (2-3 times its size for an export; shapes that would cost more are refused by
# common.jsontext before parsing), so four workers importing at once stay well in memory.
MAX_UPLOAD_BYTES = 20_000_000
# The form's other parts (the CSRF token, the part headers) around the file.
FORM_OVERHEAD_BYTES = 64_000


class EventImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Export file (JSON)"),
        help_text=gettext_lazy(
            "A file saved with “Export this event (JSON)” on any Strategium instance."
        ),
    )


@organiser_required
def event_export_download(request, event):
    document = event_export(event=event, user=request.user)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = file_disposition(export_filename(event))
    return response


TEMPLATE = "exchange/event_import.html"
TOO_LARGE = (
    f"The file is larger than {MAX_UPLOAD_BYTES // 1_000_000} MB; "
    "import it with the import_event command instead."
)


def _declared_size(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _read_document(upload):
    """The file's JSON value, or JsonRefused: read once (the upload waits on disk), its cost
    checked before parsing, and its bytes handed to json_parse, which drops them once
    decoded, so the file is never held twice beside its parsed form."""
    held = [upload.read(MAX_UPLOAD_BYTES + 1)]
    if len(held[0]) > MAX_UPLOAD_BYTES:
        raise JsonRefused("too_large", TOO_LARGE, status=413)
    json_cost_check(held[0])
    return json_parse(held.pop())


@csrf_exempt  # only until the size is known: the CSRF check reads (stores) the whole body
def event_import_page(request):
    if not request.user.is_authenticated and request.method == "GET":
        return redirect_to_login(request.get_full_path())
    if not user_can_create_events(request.user):
        raise PermissionDenied("Only organiser accounts may import events.")
    if (
        request.method == "POST"
        and _declared_size(request) > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES
    ):
        # Refused before anything reads the body: none of it is stored, on disk or in memory.
        messages.error(request, TOO_LARGE)
        return render(request, TEMPLATE, {"form": EventImportForm()}, status=413)
    return _import(request)


@csrf_protect
def _import(request):
    form = EventImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            document = _read_document(form.cleaned_data["file"])
            report = event_import(raw=document, user=request.user)
        except JsonRefused as refused:
            form.add_error("file", refused.message)
            return render(request, TEMPLATE, {"form": form}, status=refused.status)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            for line in report.lines():
                messages.success(request, line)
            return redirect("manage-event", event_id=report.event.pk)
    return render(request, TEMPLATE, {"form": form})
