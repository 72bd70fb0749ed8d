"""The audit log page: each entry said in words, Undo only where it can succeed, and a confirm
step that says what depends on a change before it is undone."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from common.errors import ServiceError
from tournament.models import AuditEntry
from tournament.services.audit.filter import audit_actions, audit_entries_filter
from tournament.services.audit.log import audit_undo, audit_undo_preview, audit_undo_previews
from tournament.services.audit.words import audit_label
from tournament.views.common import organiser_required, report, staff_required

PER_PAGE = 50


class AuditFilterForm(forms.Form):
    """The log's filters, a GET form: every choice is one the event has, so a bad value in a
    hand-typed address is named and left out rather than silently matching nothing."""

    round = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)
    player = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)
    action = forms.ChoiceField(required=False)

    def __init__(self, data, *, event):
        super().__init__(data)
        numbers = event.rounds.order_by("number").values_list("number", flat=True)
        self.fields["round"].choices = [("", "Every round")] + [(n, f"Round {n}") for n in numbers]
        players = event.players.order_by("name").values_list("pk", "name")
        self.fields["player"].choices = [("", "Every player"), *players]
        self.fields["action"].choices = [("", "Every change")] + [
            (a, audit_label(a)) for a in audit_actions(event=event)
        ]
        # Named as the page names things (never a player's id); the filter is then left out.
        refusals = {
            "round": "There is no round %(value)s in this event: showing every round.",
            "player": "That player is not in this event: showing every player.",
            "action": "No change of that kind is logged here: showing every change.",
        }
        for name, text in refusals.items():
            self.fields[name].error_messages["invalid_choice"] = text

    def wanted(self) -> dict:
        """The valid filters; an invalid one is dropped (and its error shown)."""
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        return {
            "round_number": data.get("round"),
            "player_id": data.get("player"),
            "action": data.get("action") or None,
        }


@staff_required
def audit_log(request, event):
    form = AuditFilterForm(request.GET, event=event)
    entries = audit_entries_filter(event=event, **form.wanted()).select_related(
        "actor_user", "actor_player", "undone_by"
    )
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    rows = list(page.object_list)
    previews = audit_undo_previews(rows)
    for entry in rows:
        entry.preview = previews[entry.pk]
    # Page links keep the filters: the form's own values, without the page number.
    kept = {k: v for k, v in request.GET.items() if k in form.fields and v and k not in form.errors}
    context = {
        "event": event,
        "tab": "audit",
        "entries": rows,
        "page": page,
        "form": form,
        "filtered": any(form.wanted().values()),
        "kept": urlencode(kept),
        "imported": any(entry.imported for entry in rows),
    }
    return render(request, "tournament/manage/audit.html", context)


@organiser_required
def audit_undo_view(request, event, entry_id: int):
    """GET: what undoing would do and what depends on it. POST: undo (confirmed if needed)."""
    entry = AuditEntry.objects.filter(pk=entry_id, event=event).first()
    if entry is None:
        raise Http404("No such entry in this event's log.")
    preview = audit_undo_preview(entry_id=entry.pk, event_id=event.pk)
    if request.method != "POST":
        context = {"event": event, "tab": "audit", "entry": entry, "preview": preview}
        return render(request, "tournament/manage/audit_undo.html", context)
    confirm = request.POST.get("confirm") == "1"
    if preview.dependents and not confirm:
        # A bare POST may not skip the warning: show it and ask again.
        return redirect("manage-undo", event_id=event.pk, entry_id=entry.pk)
    try:
        audit_undo(entry_id=entry.pk, user=request.user, confirm=confirm)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("Undone: %(lower)s. %(description)s.")
            % {"lower": preview.label.lower(), "description": preview.description},
        )
    return redirect("manage-audit", event_id=event.pk)
