"""Print jobs: plan the parts, render one part, merge the parts into the file to download.

Parts are rendered by whichever workers pick them up. A worker may die mid-part: its task is
then delivered again (late acknowledgement), so every step may run twice. A part is "done" when
its file exists, whoever wrote it, so a part rendered twice counts once; progress is the number
of part files, and exactly one worker wins the conditional update that starts the merge.
"""

from __future__ import annotations

import io
import logging
import os
from datetime import timedelta

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone
from pypdf import PdfWriter

from tournament.models import PrintJob, PrintJobStatus
from tournament.printing.render import Part, plan_parts, render_round
from tournament.services.documents.printing import print_document, print_round_data
from tournament.services.events.language import event_language

log = logging.getLogger(__name__)


def job_parts(job: PrintJob) -> list[Part]:
    if job.kind == "standings":
        return [Part("standings")]
    games = job.round.games.filter(player_b__isnull=False).count()
    return plan_parts(job.kind, games)


def part_name(job: PrintJob, index: int) -> str:
    return f"print-jobs/parts/{job.pk}/part-{index:04d}.pdf"


def parts_present(job: PrintJob) -> list[int]:
    """The parts whose file is written (by any worker, in any attempt)."""
    return [i for i in range(job.parts_total) if default_storage.exists(part_name(job, i))]


def job_start(job_id: int) -> list[int]:
    """Mark the job running with its part count; returns the parts still to render.

    Run again (a retry, or a redelivered start), it keeps the parts already written."""
    job = PrintJob.objects.select_related("round", "event").get(pk=job_id)
    if job.status == PrintJobStatus.DONE:
        return []
    job.parts_total = len(job_parts(job))
    present = parts_present(job)
    PrintJob.objects.filter(pk=job_id).update(
        status=PrintJobStatus.RUNNING,
        parts_total=job.parts_total,
        parts_done=len(present),
        error="",
        finished_at=None,
        updated_at=timezone.now(),
    )
    return [i for i in range(job.parts_total) if i not in present]


def job_render_part(job_id: int, index: int) -> bool:
    """Render part `index` and count it; True when this call finished the last part."""
    job = PrintJob.objects.select_related("round", "event").get(pk=job_id)
    if job.status != PrintJobStatus.RUNNING:
        return False  # failed, or already merging or done: a late duplicate has nothing to do
    part = job_parts(job)[index]
    # Paper for everyone at once: in the event's language, whoever queued the job.
    with event_language(job.event):
        if part.kind == "standings":
            # The round picked on the print page: standings as of that round, titled so.
            number = job.round.number if job.round_id else None
            data = print_document(event=job.event, kind="standings", round_number=number)
        else:
            round_data = print_round_data(event=job.event, round_number=job.round.number)
            data = render_round(part.kind, round_data, part if part.stop is not None else None)
    _write_part(part_name(job, index), data)
    done = len(parts_present(job))
    # Progress only moves forward, whichever worker reports last.
    PrintJob.objects.filter(pk=job_id, parts_done__lt=done).update(
        parts_done=done, updated_at=timezone.now()
    )
    if done < job.parts_total:
        return False
    # Only one worker sees the update succeed, so the merge is queued once.
    return bool(
        PrintJob.objects.filter(pk=job_id, status=PrintJobStatus.RUNNING).update(
            status=PrintJobStatus.MERGING, updated_at=timezone.now()
        )
    )


def _write_part(name: str, data: bytes) -> None:
    """Write a part so that nobody ever reads half of it: a whole file appears or none."""
    if default_storage.exists(name):  # rendered twice: the first whole copy stands
        return
    temporary = default_storage.save(f"{name}.partial", ContentFile(data))
    path = default_storage.path(temporary)
    try:
        os.link(path, default_storage.path(name))
    except FileExistsError:
        pass  # another worker finished the same part first
    finally:
        default_storage.delete(temporary)


def job_merge(job_id: int) -> None:
    job = PrintJob.objects.get(pk=job_id)
    if job.status != PrintJobStatus.MERGING:
        return  # merged already (a redelivered task), or failed meanwhile
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
    # Every file of the parts folder goes: the parts, and any half-written copy of a dead worker.
    folder = f"print-jobs/parts/{job.pk}"
    if default_storage.exists(folder):
        for name in default_storage.listdir(folder)[1]:
            default_storage.delete(f"{folder}/{name}")


def job_fail(job_id: int, exc: BaseException) -> None:
    log.exception("print job %s failed", job_id, exc_info=exc)
    job_mark_failed(job_id, f"{type(exc).__name__}: {exc}")


def job_mark_failed(job_id: int, error: str) -> bool:
    """Fail a job that is not finished; False if it finished (or failed) meanwhile."""
    unfinished = (PrintJobStatus.QUEUED, PrintJobStatus.RUNNING, PrintJobStatus.MERGING)
    return bool(
        PrintJob.objects.filter(pk=job_id, status__in=unfinished).update(
            status=PrintJobStatus.FAILED,
            error=error[:2000],
            finished_at=timezone.now(),
            updated_at=timezone.now(),
        )
    )


def jobs_stalled_claim() -> list[tuple[int, str]]:
    """Unfinished jobs silent for PRINT_RESUME_SECONDS, each claimed by touching it.

    The broker's redelivery covers a worker that dies holding its messages, but a Redis broker
    can still lose one a dying worker had read and not yet recorded. The job's own state (its
    status and part files) says what is left, so a sweeping worker queues that again. Touching
    the job is the claim: of several workers sweeping at once only one sees its update succeed,
    and the job is not looked at again until it has been silent as long once more."""
    now = timezone.now()
    limit = now - timedelta(seconds=settings.PRINT_RESUME_SECONDS)
    unfinished = (PrintJobStatus.QUEUED, PrintJobStatus.RUNNING, PrintJobStatus.MERGING)
    stalled = PrintJob.objects.filter(status__in=unfinished, updated_at__lt=limit).values_list(
        "pk", "status", "updated_at"
    )
    claimed = []
    for pk, status, updated_at in stalled:
        touched = PrintJob.objects.filter(pk=pk, status=status, updated_at=updated_at).update(
            updated_at=now
        )
        if touched:
            claimed.append((pk, status))
    return claimed


def job_parts_missing(job_id: int) -> list[int]:
    job = PrintJob.objects.get(pk=job_id)
    present = set(parts_present(job))
    return [i for i in range(job.parts_total) if i not in present]


def job_ready_to_merge(job_id: int) -> bool:
    """A restarted job whose parts are all written goes straight to merging (once)."""
    return bool(
        PrintJob.objects.filter(pk=job_id, status=PrintJobStatus.RUNNING).update(
            status=PrintJobStatus.MERGING, updated_at=timezone.now()
        )
    )
