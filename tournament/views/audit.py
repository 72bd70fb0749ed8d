"""The audit log page: each entry said in words, Undo only where it can succeed, and a confirm
step that says what depends on a change before it is undone."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render

from tournament.errors import ServiceError
from tournament.models import AuditEntry
from tournament.services.audit import audit_undo, audit_undo_preview, audit_undo_previews
from tournament.views.common import organiser_required, report, staff_required


@staff_required
def audit_log(request, event):
    entries = list(event.audit.select_related("actor_user", "actor_player", "undone_by")[:300])
    previews = audit_undo_previews(entries)
    for entry in entries:
        entry.preview = previews[entry.pk]
    imported = any(entry.imported for entry in entries)
    context = {"event": event, "tab": "audit", "entries": entries, "imported": imported}
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
        messages.success(request, f"Undone: {preview.label.lower()}. {preview.description}.")
    return redirect("manage-audit", event_id=event.pk)
