"""Background printing. Tasks take ids only; with no broker they run in-process (eager).

Acknowledged late and rejected when their worker is lost: a worker killed mid-part leaves its
message to be delivered to another worker, and every step is safe to run twice (jobs.py).
"""

from __future__ import annotations

from celery import group, shared_task
from django.db import transaction

from tournament.printing.jobs import (
    job_fail,
    job_merge,
    job_ready_to_merge,
    job_render_part,
    job_start,
)

CRASH_SAFE = {"acks_late": True, "reject_on_worker_lost": True}


def print_job_queue(job_id: int) -> None:
    """Start a created (or retried) print job once the current transaction commits."""
    transaction.on_commit(lambda: print_job_start.delay(job_id))


@shared_task(name="tournament.print_job_start", **CRASH_SAFE)
def print_job_start(job_id: int) -> None:
    """Plan the job and fan its missing parts out to the workers (or merge if none is)."""
    try:
        missing = job_start(job_id)
    except Exception as exc:  # any failure is shown on the job, not lost
        job_fail(job_id, exc)
        return
    if missing:
        group(print_job_part.si(job_id, i) for i in missing).apply_async()
    elif job_ready_to_merge(job_id):
        print_job_merge.delay(job_id)


@shared_task(name="tournament.print_job_part", **CRASH_SAFE)
def print_job_part(job_id: int, index: int) -> None:
    try:
        last = job_render_part(job_id, index)
    except Exception as exc:
        job_fail(job_id, exc)
        return
    if last:
        print_job_merge.delay(job_id)


@shared_task(name="tournament.print_job_merge", **CRASH_SAFE)
def print_job_merge(job_id: int) -> None:
    try:
        job_merge(job_id)
    except Exception as exc:
        job_fail(job_id, exc)
