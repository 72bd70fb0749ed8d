"""The organiser's page that brings in an event played elsewhere: a Best Coast Pairings JSON or
a CSV of rounds (exchange/services/old_events.py), reached from the event import page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy

from common.errors import Invalid, ServiceError
from common.jsontext import JsonRefused, json_cost_check, json_parse
from exchange.engine.rounds_csv import OPTIONAL, REQUIRED
from exchange.services.old_events import (
    DEFAULT_PACK,
    event_import_bcp,
    event_import_rounds_csv,
)
from missions.services.missions import mission_pack_choices
from tournament.services.events.access import user_can_create_events
from tournament.services.players.imports import csv_decoded
from tournament.views.forms.errors import service_errors_to_form

TEMPLATE = "exchange/old_event_import.html"
# A BCP event of 1,000 players with its players list is about 3 MB; a CSV of rounds far less.
MAX_UPLOAD_BYTES = 10_000_000
SOURCES = [
    ("bcp", gettext_lazy("Best Coast Pairings event (JSON)")),
    ("rounds_csv", gettext_lazy("CSV of rounds (one game a row)")),
]


class OldEventImportForm(forms.Form):
    source = forms.ChoiceField(
        label=gettext_lazy("What the file holds"), choices=SOURCES, initial="bcp"
    )
    file = forms.FileField(label=gettext_lazy("File"))
    name = forms.CharField(
        label=gettext_lazy("Event name"),
        max_length=200,
        required=False,
        help_text=gettext_lazy(
            "Needed for a CSV; a BCP file's own event name is used when left empty."
        ),
    )
    date = forms.DateField(
        label=gettext_lazy("Date played"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    mission_pack = forms.ChoiceField(
        label=gettext_lazy("Scoring rules that check the VP"),
        choices=mission_pack_choices,
        initial=DEFAULT_PACK,
    )


class _Refused(Exception):
    pass


def _read(upload, source: str):
    raw = upload.read(MAX_UPLOAD_BYTES + 1)
    if len(raw) > MAX_UPLOAD_BYTES:
        raise _Refused(f"The file is larger than {MAX_UPLOAD_BYTES // 1_000_000} MB.")
    if source == "bcp":
        try:
            json_cost_check(raw)
            return json_parse(raw)
        except JsonRefused as refused:
            raise _Refused(f"Not a JSON file: {refused.message}") from None
    try:
        return csv_decoded(raw)  # names the line of the first byte that is not UTF-8
    except Invalid as exc:
        raise _Refused(exc.errors["file"][0][1]) from None


def old_event_import_page(request):
    if not request.user.is_authenticated and request.method == "GET":
        return redirect_to_login(request.get_full_path())
    # A post without an organiser's session is refused, not sent to sign in (nothing is kept).
    if not user_can_create_events(request.user):
        raise PermissionDenied("Only organiser accounts may import events.")
    form = OldEventImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        options = {
            "user": request.user,
            "name": data["name"],
            "date": data["date"],
            "mission_pack": data["mission_pack"],
        }
        try:
            content = _read(data["file"], data["source"])
            if data["source"] == "bcp":
                report = event_import_bcp(data=content, **options)
            else:
                report = event_import_rounds_csv(text=content, **options)
        except _Refused as refused:
            form.add_error("file", str(refused))
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            for line in report.lines():
                messages.success(request, line)
            return redirect("manage-event", event_id=report.event.pk)
    context = {"form": form, "csv_required": REQUIRED, "csv_optional": OPTIONAL}
    return render(request, TEMPLATE, context)
