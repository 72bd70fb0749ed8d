"""Print jobs: plan the parts, render one part, merge the parts into the file to download.

Parts are rendered by whichever workers pick them up; the counters move with F() updates so
no two workers overwrite each other, and exactly one of them wins the right to merge.
"""

from __future__ import annotations

import io
import logging

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db.models import F
from django.utils import timezone
from pypdf import PdfWriter

from tournament.models import PrintJob, PrintJobStatus
from tournament.printing.render import Part, plan_parts, render_round

log = logging.getLogger(__name__)


def job_parts(job: PrintJob) -> list[Part]:
    if job.kind == "standings":
        return [Part("standings")]
    games = job.round.games.filter(player_b__isnull=False).count()
    return plan_parts(job.kind, games)


def part_name(job: PrintJob, index: int) -> str:
    return f"print-jobs/parts/{job.pk}/part-{index:04d}.pdf"


def job_start(job_id: int) -> int:
    """Mark the job running with its part count; returns how many parts to render."""
    job = PrintJob.objects.select_related("round", "event").get(pk=job_id)
    total = len(job_parts(job))
    PrintJob.objects.filter(pk=job_id).update(
        status=PrintJobStatus.RUNNING, parts_total=total, parts_done=0
    )
    return total


def job_render_part(job_id: int, index: int) -> bool:
    """Render part `index` and count it; True when this call finished the last part."""
    from tournament.services.printing import print_document, print_round_data  # noqa: PLC0415

    job = PrintJob.objects.select_related("round", "event").get(pk=job_id)
    if job.status == PrintJobStatus.FAILED:
        return False
    part = job_parts(job)[index]
    if part.kind == "standings":
        data = print_document(event=job.event, kind="standings")
    else:
        round_data = print_round_data(event=job.event, round_number=job.round.number)
        data = render_round(part.kind, round_data, part if part.stop is not None else None)
    name = part_name(job, index)
    if default_storage.exists(name):  # a retried part replaces its earlier attempt
        default_storage.delete(name)
    default_storage.save(name, ContentFile(data))
    PrintJob.objects.filter(pk=job_id).update(parts_done=F("parts_done") + 1)
    # Only one worker sees the update succeed, so the merge is queued once.
    return bool(
        PrintJob.objects.filter(
            pk=job_id, status=PrintJobStatus.RUNNING, parts_done__gte=F("parts_total")
        ).update(status=PrintJobStatus.MERGING)
    )


def job_merge(job_id: int) -> None:
    job = PrintJob.objects.get(pk=job_id)
    writer = PdfWriter()
    names = [part_name(job, i) for i in range(job.parts_total)]
    for name in names:
        with default_storage.open(name, "rb") as handle:
            writer.append(io.BytesIO(handle.read()))
    out = io.BytesIO()
    writer.write(out)
    pages = len(writer.pages)
    round_tag = f"-round-{job.round.number}" if job.round_id else ""
    job.file.save(
        f"event-{job.event_id}{round_tag}-{job.kind}-{job.pk}.pdf",
        ContentFile(out.getvalue()),
        save=False,
    )
    PrintJob.objects.filter(pk=job_id).update(
        file=job.file.name, pages=pages, status=PrintJobStatus.DONE, finished_at=timezone.now()
    )
    for name in names:
        default_storage.delete(name)


def job_fail(job_id: int, exc: BaseException) -> None:
    log.exception("print job %s failed", job_id, exc_info=exc)
    PrintJob.objects.filter(pk=job_id).update(
        status=PrintJobStatus.FAILED,
        error=f"{type(exc).__name__}: {exc}"[:2000],
        finished_at=timezone.now(),
    )
