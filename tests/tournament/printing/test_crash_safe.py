"""Print jobs survive a worker that dies: every step may run twice and a job can be retried."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils import timezone

from tests.tournament.printing.helpers import pdf_pages, played_event
from tournament.models import PrintJob, PrintJobStatus
from tournament.services.documents.print_jobs import (
    job_merge,
    job_render_part,
    job_start,
    parts_present,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def job(event, organiser, monkeypatch):
    monkeypatch.setenv("PRINT_CHUNK_GAMES", "1")  # 4 games: one part per game
    _, round_ = played_event(event, organiser, 9)
    return PrintJob.objects.create(event=event, round=round_, kind="scoresheets")


def test_a_part_rendered_twice_counts_once_and_merges_once(job):
    missing = job_start(job.pk)
    assert missing == [0, 1, 2, 3]
    finished = [job_render_part(job.pk, i) for i in (0, 1, 1, 2)]  # part 1 delivered twice
    job.refresh_from_db()
    assert finished == [False, False, False, False]
    assert (job.parts_done, job.parts_total) == (3, 4)
    assert job_render_part(job.pk, 3) is True
    assert job_render_part(job.pk, 3) is False  # a redelivered last part starts no second merge
    job_merge(job.pk)
    job_merge(job.pk)  # a redelivered merge changes nothing
    job.refresh_from_db()
    assert job.status == PrintJobStatus.DONE
    with job.file.open("rb") as handle:
        assert len(pdf_pages(handle.read())) == 4
    assert not any(
        default_storage.exists(f"print-jobs/parts/{job.pk}/part-{i:04d}.pdf") for i in range(4)
    )


def test_restart_keeps_written_parts_and_lists_the_rest(job):
    job_start(job.pk)
    job_render_part(job.pk, 0)
    job_render_part(job.pk, 2)
    PrintJob.objects.filter(pk=job.pk).update(status=PrintJobStatus.FAILED, error="worker lost")
    assert job_start(job.pk) == [1, 3]
    job.refresh_from_db()
    assert (job.status, job.parts_done, job.error) == (PrintJobStatus.RUNNING, 2, "")
    assert parts_present(job) == [0, 2]


def test_a_silent_job_is_stalled_and_retry_finishes_it(
    client, organiser, job, settings, django_capture_on_commit_callbacks
):
    job_start(job.pk)
    job_render_part(job.pk, 0)  # then the worker "dies"
    client.force_login(organiser)
    status = client.get(reverse("print-job-status", args=[job.pk])).json()
    assert (status["stalled"], status["can_retry"]) == (False, False)
    settings.PRINT_STALL_SECONDS = 60
    PrintJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    status = client.get(reverse("print-job-status", args=[job.pk])).json()
    assert (status["status"], status["stalled"], status["can_retry"]) == ("running", True, True)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("print-job-retry", args=[job.pk]), HTTP_ACCEPT="application/json"
        )
    assert response.status_code == 202
    job.refresh_from_db()
    assert job.status == PrintJobStatus.DONE
    with job.file.open("rb") as handle:
        assert len(pdf_pages(handle.read())) == 4


def test_a_failed_job_shows_retry_and_a_done_one_refuses_it(
    client, organiser, job, django_capture_on_commit_callbacks
):
    PrintJob.objects.filter(pk=job.pk).update(status=PrintJobStatus.FAILED, error="boom")
    client.force_login(organiser)
    page = client.get(reverse("print-round", args=[job.event_id, job.round.number]))
    assert reverse("print-job-retry", args=[job.pk]) in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("print-job-retry", args=[job.pk]))
    job.refresh_from_db()
    assert job.status == PrintJobStatus.DONE
    again = client.post(reverse("print-job-retry", args=[job.pk]), HTTP_ACCEPT="application/json")
    assert again.status_code == 409
    assert again.json()["codes"] == {"job": ["not_retryable"]}


def test_only_the_events_organisers_may_retry(client, other_organiser, job):
    PrintJob.objects.filter(pk=job.pk).update(status=PrintJobStatus.FAILED)
    client.force_login(other_organiser)
    assert client.post(reverse("print-job-retry", args=[job.pk])).status_code == 403
    job.refresh_from_db()
    assert job.status == PrintJobStatus.FAILED


def _age(job, seconds: int) -> None:
    PrintJob.objects.filter(pk=job.pk).update(
        updated_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_the_sweep_resumes_a_job_whose_part_message_was_lost(job, settings):
    """A Redis broker can lose a message a dying worker had read but not yet recorded; the job's
    own files say what is missing, so a worker's sweep queues exactly that again."""
    from tournament.tasks import print_jobs_sweep

    settings.PRINT_RESUME_SECONDS = 30
    job_start(job.pk)
    for index in (0, 1, 3):  # part 2's message is gone
        job_render_part(job.pk, index)
    _age(job, 10)
    assert print_jobs_sweep() == []  # silent for less than the limit: others may be on it
    job.refresh_from_db()
    assert (job.status, job.parts_done) == (PrintJobStatus.RUNNING, 3)

    _age(job, 31)
    assert print_jobs_sweep() == [job.pk]  # eager here: part 2 renders and the job merges
    job.refresh_from_db()
    assert (job.status, job.parts_done, job.parts_total) == (PrintJobStatus.DONE, 4, 4)
    with job.file.open("rb") as handle:
        assert len(pdf_pages(handle.read())) == 4
    assert print_jobs_sweep() == []  # a finished job is left alone


def test_the_sweep_restarts_lost_starts_and_merges_once_per_silence(job, settings):
    from tournament.services.documents.print_jobs import jobs_stalled_claim

    settings.PRINT_RESUME_SECONDS = 30
    _age(job, 60)  # queued, and the start message never arrived
    assert jobs_stalled_claim() == [(job.pk, PrintJobStatus.QUEUED)]
    # The claim touched the job: a second worker sweeping at once finds nothing to do.
    assert jobs_stalled_claim() == []

    job_start(job.pk)
    for index in range(4):
        job_render_part(job.pk, index)  # the last one set it merging; the merge message is lost
    job.refresh_from_db()
    assert job.status == PrintJobStatus.MERGING
    _age(job, 60)
    from tournament.tasks import print_jobs_sweep

    assert print_jobs_sweep() == [job.pk]
    job.refresh_from_db()
    assert job.status == PrintJobStatus.DONE
