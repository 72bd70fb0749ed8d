"""The organiser's print page: make documents in the background, watch progress, download.

Judges print too (scoresheets, pairings): printing changes nothing the players see."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from common.errors import ServiceError
from tournament.models import Event, PrintJob, PrintJobStatus
from tournament.services.documents.printing import (
    PRINT_LABELS,
    print_job_create,
    print_job_filename,
    print_job_retry,
    print_job_status,
)
from tournament.services.events.access import user_can_judge
from tournament.services.rounds.fallback import fallback_pack_offered
from tournament.tasks import print_job_queue, print_job_unreachable
from tournament.views.common import error_texts, staff_required
from tournament.views.links import phones_cannot_open

DOCUMENTS = tuple(
    (kind, PRINT_LABELS[kind], help)
    for kind, help in (
        ("bundle", "Pairings, every scoresheet and every table pack in one PDF."),
        ("pairings", "Table, both players, records and the mission."),
        ("pairings-alpha", "For the noticeboard: each player and their table."),
        ("scoresheets", "One page per game, with the map and QR links."),
        ("table-packs", "Map at full page and every card summary, per table."),
        ("fallback", "Pairings by name and by table, a result slip per table (made on release)."),
        ("standings", "Rank, record and tie-breaks after this round."),
    )
)


def _unreachable(request, job: PrintJob):
    """The broker did not take the job (tasks.print_job_publish): say so, never 500. The job
    stays listed as failed, with Retry."""
    if request.headers.get("Accept") == "application/json":
        body = print_job_status(job)
        body["status_url"] = reverse("print-job-status", args=[job.pk])
        body["errors"] = {"worker": [job.error]}
        body["codes"] = {"worker": ["worker_unreachable"]}
        response = JsonResponse(body, status=503)
        response["Retry-After"] = "30"
        return response
    messages.error(request, job.error)
    return None


def _managed_job(request, job_id: int) -> PrintJob:
    job = get_object_or_404(PrintJob.objects.select_related("event", "round"), pk=job_id)
    if not user_can_judge(request.user, job.event):
        if job.event.hidden:  # a hidden event's job does not exist for outsiders
            raise Http404("No such print job.")
        raise PermissionDenied("Only this event's organisers and judges may see its print jobs.")
    return job


@staff_required
@require_GET
def print_page(request, event: Event, number: int | None = None):
    rounds = list(event.rounds.order_by("number"))
    current = next((r for r in rounds if r.number == number), None) if number else None
    if number and current is None:
        raise Http404("No such round.")
    current = current or (rounds[-1] if rounds else None)
    jobs = list(event.print_jobs.select_related("round")[:10])
    for job in jobs:
        job.label = PRINT_LABELS.get(job.kind, job.kind)
    context = {
        "event": event,
        "rounds": rounds,
        "round": current,
        "documents": DOCUMENTS,
        "jobs": jobs,
        "highlight": request.GET.get("job"),
        # Printed QR codes carry SITE_URL: at 127.0.0.1 (`make run`) no phone opens them.
        "qr_loopback": phones_cannot_open(settings.SITE_URL),
        **fallback_pack_offered(round_=current),
    }
    return render(request, "printing/round.html", context)


@staff_required
@require_POST
def print_job_start(request, event: Event):
    kind = request.POST.get("kind", "")
    number = request.POST.get("round") or None
    try:
        job = print_job_create(
            event=event,
            user=request.user,
            kind=kind,
            round_number=int(number) if number and number.isdigit() else None,
        )
        print_job_queue(job.pk)
    except ServiceError as exc:
        if request.headers.get("Accept") == "application/json":
            return JsonResponse({"errors": exc.messages, "codes": exc.codes}, status=exc.status)
        for text in error_texts(exc, {"kind": "Document"}):
            messages.error(request, text)
        return redirect("print-event", event.pk)
    job.refresh_from_db()
    if print_job_unreachable(job):
        response = _unreachable(request, job)
        if response is not None:
            return response
    elif request.headers.get("Accept") == "application/json":
        # Eager mode (no broker) has already finished the job by now: report its real state.
        body = print_job_status(job)
        body["status_url"] = reverse("print-job-status", args=[job.pk])
        return JsonResponse(body, status=202)
    url = (
        reverse("print-round", args=[event.pk, job.round.number])
        if job.round
        else reverse("print-event", args=[event.pk])
    )
    return redirect(f"{url}?job={job.pk}")


@login_required
@require_GET
def print_job_progress(request, job_id: int):
    return JsonResponse(print_job_status(_managed_job(request, job_id)))


@login_required
@require_GET
def print_job_download(request, job_id: int):
    job = _managed_job(request, job_id)
    if job.status != PrintJobStatus.DONE or not job.file:
        raise Http404("This document is not ready yet.")
    return FileResponse(
        job.file.open("rb"),
        as_attachment=True,
        filename=print_job_filename(job),
        content_type="application/pdf",
    )


@login_required
@require_POST
def print_job_retry_view(request, job_id: int):
    job = _managed_job(request, job_id)
    try:
        print_job_retry(job_id=job.pk, user=request.user)
        print_job_queue(job.pk)
    except ServiceError as exc:
        if request.headers.get("Accept") == "application/json":
            return JsonResponse({"errors": exc.messages, "codes": exc.codes}, status=exc.status)
        for text in error_texts(exc):
            messages.error(request, text)
    else:
        job.refresh_from_db()
        if print_job_unreachable(job):
            response = _unreachable(request, job)
            if response is not None:
                return response
        elif request.headers.get("Accept") == "application/json":
            return JsonResponse(print_job_status(job), status=202)
        else:
            messages.success(request, gettext("Retrying: the parts already made are kept."))
    url = (
        reverse("print-round", args=[job.event_id, job.round.number])
        if job.round
        else reverse("print-event", args=[job.event_id])
    )
    return redirect(f"{url}?job={job.pk}")
