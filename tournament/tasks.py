"""Background printing. Tasks take ids only; with no broker they run in-process (eager)."""

from __future__ import annotations

from celery import group, shared_task

from tournament.printing.jobs import job_fail, job_merge, job_render_part, job_start


@shared_task(name="tournament.print_job_start")
def print_job_start(job_id: int) -> None:
    """Plan the job and fan its parts out to the workers."""
    try:
        total = job_start(job_id)
    except Exception as exc:  # any failure is shown on the job, not lost
        job_fail(job_id, exc)
        return
    group(print_job_part.si(job_id, i) for i in range(total)).apply_async()


@shared_task(name="tournament.print_job_part")
def print_job_part(job_id: int, index: int) -> None:
    try:
        last = job_render_part(job_id, index)
    except Exception as exc:
        job_fail(job_id, exc)
        return
    if last:
        print_job_merge.delay(job_id)


@shared_task(name="tournament.print_job_merge")
def print_job_merge(job_id: int) -> None:
    try:
        job_merge(job_id)
    except Exception as exc:
        job_fail(job_id, exc)
