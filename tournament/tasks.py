"""Background printing. Tasks take ids only; with no broker they run in-process (eager).

Acknowledged late and rejected when their worker is lost: a worker killed mid-part leaves its
message to be delivered to another worker, and every step is safe to run twice (jobs.py).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from celery import bootsteps, current_app, group, shared_task
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from kombu.exceptions import OperationalError as BrokerError

from tournament.services.documents.print_jobs import (
    job_fail,
    job_mark_failed,
    job_merge,
    job_parts_missing,
    job_ready_to_merge,
    job_render_part,
    job_start,
    jobs_stalled_claim,
)

log = logging.getLogger(__name__)

CRASH_SAFE = {"acks_late": True, "reject_on_worker_lost": True}


# Shown on the job (and matched by the print views to answer 503 `worker_unreachable`).
WORKER_UNREACHABLE = (
    "The print worker could not be reached, so nothing was printed. "
    "Retry once the worker (its broker) is running again."
)


def print_job_queue(job_id: int) -> None:
    """Start a created (or retried) print job once the current transaction commits."""
    transaction.on_commit(lambda: print_job_publish(job_id))


def print_job_publish(job_id: int) -> bool:
    """Hand the job to the workers; False when the broker does not answer. The job is then
    marked failed with WORKER_UNREACHABLE, so it can be retried later: an outage of the broker
    stops printing, never the request that asked for it."""
    try:
        print_job_start.delay(job_id)
    except (BrokerError, OSError) as exc:
        log.warning("print job %s not queued: broker unreachable (%s)", job_id, exc)
        job_mark_failed(job_id, WORKER_UNREACHABLE)
        return False
    return True


# With no broker the tasks run in the calling thread (eager): a job started from a request that
# must answer at once (a round's release starts its paper pack) runs here instead, one job at a
# time so that packs never crowd out the requests on a small machine.
_BACKGROUND = ThreadPoolExecutor(max_workers=1, thread_name_prefix="print-job")


def print_job_background(job_id: int) -> Future | None:
    """Start a job without holding up the caller: published to the workers when there is a
    broker; with none, run in this process's print thread (PRINT_EAGER_THREAD; off, it runs
    now, as the test suite runs it). The Future is for tests and benchmarks to wait on."""
    if not current_app.conf.task_always_eager or not settings.PRINT_EAGER_THREAD:
        print_job_publish(job_id)
        return None
    return _BACKGROUND.submit(_publish_in_thread, job_id)


def _publish_in_thread(job_id: int) -> None:
    try:
        print_job_publish(job_id)
    except Exception as exc:  # eager tasks propagate: the job shows it, with Retry
        job_fail(job_id, exc)
    finally:
        connection.close()  # this thread's own connection, not left for the server to reap


def print_job_unreachable(job) -> bool:
    """Did this job fail because its worker could not be reached?"""
    return job.status == "failed" and job.error == WORKER_UNREACHABLE


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


def print_jobs_sweep() -> list[int]:
    """Queue again what stalled jobs still lack (see jobs_stalled_claim); the ids resumed."""
    resumed = []
    for job_id, status in jobs_stalled_claim():
        if status == "queued":
            print_job_start.delay(job_id)
        elif status == "merging":
            print_job_merge.delay(job_id)
        else:
            missing = job_parts_missing(job_id)
            if missing:
                group(print_job_part.si(job_id, i) for i in missing).apply_async()
            elif job_ready_to_merge(job_id):
                print_job_merge.delay(job_id)
        log.warning("print job %s was silent while %s: resumed", job_id, status)
        resumed.append(job_id)
    return resumed


def _sweep_quietly() -> None:
    # Runs in the worker's main process between messages: a failure is logged, never fatal.
    close_old_connections()
    try:
        print_jobs_sweep()
    except Exception:
        log.exception("print job sweep failed")
    finally:
        close_old_connections()


class PrintJobSweep(bootsteps.StartStopStep):
    """Every worker sweeps for stalled print jobs each PRINT_SWEEP_SECONDS."""

    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self.tref = None

    def start(self, worker):
        self.tref = worker.timer.call_repeatedly(settings.PRINT_SWEEP_SECONDS, _sweep_quietly)

    def stop(self, worker):
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None


# Task modules are imported before a worker builds its steps, so the sweep is part of every worker.
current_app.steps["worker"].add(PrintJobSweep)
