"""A real Celery worker against Redis renders a bundle in parallel parts; we download it.

The worker is a separate process: it must see the test database (so the test commits, with
`transaction=True`) and the test's media folder, and it is stopped whatever happens.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse

from config.celery import app as celery_app
from tests.conftest import broker_url
from tests.tournament.printing.helpers import pdf_pages, played_event
from tournament.models import PrintJob, PrintJobStatus

ROOT = Path(__file__).resolve().parents[3]


def test_database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    auth = quote(db["USER"] or "")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"])
    host = f"{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}"
    return f"postgres://{auth}@{host}/{db['NAME']}"


test_database_url.__test__ = False  # a helper, not a test


def start_worker(broker: str, **extra_env: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": test_database_url(),
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
        "CELERY_BROKER_URL": broker,
        "CELERY_RESULT_BACKEND": broker,
        "PRINT_CHUNK_GAMES": "2",  # 4 games: several parts for the two processes to share
        "DEBUG": "0",
        **extra_env,
    }
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=prefork",
            "--concurrency=2",
            "--loglevel=WARNING",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: stopped, or killed, as a whole
    )


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_worker_renders_a_bundle_and_we_download_it(client, organiser, event):
    broker = broker_url()
    players, round_ = played_event(event, organiser, 9)
    saved = {k: celery_app.conf[k] for k in ("broker_url", "result_backend", "task_always_eager")}
    celery_app.conf.update(broker_url=broker, result_backend=broker, task_always_eager=False)
    # Earlier eager calls built a connection pool for the default broker: drop it, as a fork does.
    celery_app._after_fork()
    worker = start_worker(broker)
    try:
        client.force_login(organiser)
        response = client.post(
            reverse("print-job-start", args=[event.pk]),
            {"kind": "bundle", "round": round_.number},
            HTTP_ACCEPT="application/json",
        )
        assert response.status_code == 202
        # In-process (eager) it would be finished already; the worker has barely started.
        assert response.json()["status"] != PrintJobStatus.DONE
        job_id = response.json()["id"]
        deadline = time.monotonic() + 120
        job = PrintJob.objects.get(pk=job_id)
        while job.status not in (PrintJobStatus.DONE, PrintJobStatus.FAILED):
            assert time.monotonic() < deadline, f"worker did not finish: {job.status}"
            assert worker.poll() is None, worker.stdout.read().decode()[-2000:]
            time.sleep(0.3)
            job.refresh_from_db()
        assert job.status == PrintJobStatus.DONE, job.error
        assert (job.parts_done, job.parts_total) == (5, 5)  # pairings + 2 + 2
        download = client.get(reverse("print-job-download", args=[job_id]))
        pages = pdf_pages(b"".join(download.streaming_content))
        assert len(pages) == 1 + 4 + 8
        assert all(p.name in pages[0] for p in players)
    finally:
        _stop(worker)
        celery_app.conf.update(**saved)
        celery_app._after_fork()


def _wait_for(job: PrintJob, done, seconds: float, workers=()) -> None:
    deadline = time.monotonic() + seconds
    job.refresh_from_db()
    while not done(job):
        assert time.monotonic() < deadline, f"stuck at {job.status} {job.parts_done}"
        for worker in workers:
            assert worker.poll() is None, worker.stdout.read().decode()[-2000:]
        time.sleep(0.1)
        job.refresh_from_db()


def _stop(worker: subprocess.Popen) -> None:
    if worker.poll() is None:
        os.killpg(worker.pid, signal.SIGTERM)
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_job_leaves_its_parts_to_another(client, organiser, event):
    """kill -9 the whole worker during a table-packs job: a second worker finishes it."""
    from tests.conftest import add_players
    from tests.tournament.printing.helpers import pair_in_order

    broker = broker_url()
    players = add_players(event, organiser, 24)
    round_ = pair_in_order(event, organiser, players)
    saved = {k: celery_app.conf[k] for k in ("broker_url", "result_backend", "task_always_eager")}
    celery_app.conf.update(broker_url=broker, result_backend=broker, task_always_eager=False)
    celery_app._after_fork()
    # One game per part: 12 parts. Unacknowledged tasks come back after 2 s, looked for each 1 s;
    # a message the dying worker had read but not recorded is queued again by the sweep after 3 s.
    env = {
        "PRINT_CHUNK_GAMES": "1",
        "CELERY_VISIBILITY_TIMEOUT": "2",
        "CELERY_RESTORE_INTERVAL": "1",
        "PRINT_RESUME_SECONDS": "3",
        "PRINT_SWEEP_SECONDS": "1",
    }
    first = start_worker(broker, **env)
    second = None
    try:
        client.force_login(organiser)
        response = client.post(
            reverse("print-job-start", args=[event.pk]),
            {"kind": "table-packs", "round": round_.number},
            HTTP_ACCEPT="application/json",
        )
        job = PrintJob.objects.get(pk=response.json()["id"])
        _wait_for(job, lambda j: j.parts_done >= 2, 60, [first])
        os.killpg(first.pid, signal.SIGKILL)  # the worker and its children, mid-job
        first.wait(timeout=10)
        job.refresh_from_db()
        assert job.status == PrintJobStatus.RUNNING
        assert job.parts_done < job.parts_total == 12

        second = start_worker(broker, **env)
        _wait_for(job, lambda j: j.status in ("done", "failed"), 120, [second])
        assert job.status == PrintJobStatus.DONE, job.error
        assert (job.parts_done, job.parts_total) == (12, 12)
        download = client.get(reverse("print-job-download", args=[job.pk]))
        pages = pdf_pages(b"".join(download.streaming_content))
        assert len(pages) == 2 * 12  # two pages a table
        text = "\n".join(pages)
        # Every table once: nothing lost, nothing twice.
        seen = [
            text.count(f"{a.name} v {b.name}")
            for a, b in zip(players[::2], players[1::2], strict=True)
        ]
        assert seen == [seen[0]] * 12
        assert seen[0] >= 1
    finally:
        _stop(first)
        if second is not None:
            _stop(second)
        celery_app.conf.update(**saved)
        celery_app._after_fork()


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_finishes_a_job_whose_messages_were_all_lost(organiser, event):
    """No message in the broker at all: the worker's own sweep finds the silent job and ends it."""
    from datetime import timedelta

    from django.utils import timezone

    from tests.conftest import add_players
    from tests.tournament.printing.helpers import pair_in_order
    from tournament.services.documents.print_jobs import job_render_part, job_start

    broker = broker_url()
    players = add_players(event, organiser, 8)
    round_ = pair_in_order(event, organiser, players)
    os.environ["PRINT_CHUNK_GAMES"] = "1"
    try:
        job = PrintJob.objects.create(event=event, round=round_, kind="scoresheets")
        job_start(job.pk)
        job_render_part(job.pk, 0)  # then every message vanished with the broker's memory
    finally:
        del os.environ["PRINT_CHUNK_GAMES"]
    PrintJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - timedelta(seconds=5))
    worker = start_worker(
        broker, PRINT_CHUNK_GAMES="1", PRINT_RESUME_SECONDS="2", PRINT_SWEEP_SECONDS="1"
    )
    try:
        _wait_for(job, lambda j: j.status in ("done", "failed"), 60, [worker])
        assert job.status == PrintJobStatus.DONE, job.error
        assert (job.parts_done, job.parts_total) == (4, 4)
        with job.file.open("rb") as handle:
            assert len(pdf_pages(handle.read())) == 4
    finally:
        _stop(worker)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_release_hands_the_paper_pack_to_the_worker(client, organiser, event, settings):
    settings.PAPER_PACK_ON_RELEASE = True
    """Issue 33: with a broker, the round's release publishes its paper pack to the workers
    (not the web process's print thread); the pack is one job, made by the worker."""
    from tests.conftest import add_players
    from tournament.services.events.events import event_update
    from tournament.services.rounds.rounds import round_create

    broker = broker_url()
    settings.PRINT_EAGER_THREAD = True  # only used without a broker
    players = add_players(event, organiser, 9)
    event_update(event=event, user=organiser, changes={"review_pairings": True})
    round_create(event_id=event.pk, user=organiser, seed=4)
    saved = {k: celery_app.conf[k] for k in ("broker_url", "result_backend", "task_always_eager")}
    celery_app.conf.update(broker_url=broker, result_backend=broker, task_always_eager=False)
    celery_app._after_fork()
    worker = start_worker(broker)
    try:
        client.force_login(organiser)
        for _ in range(2):  # released twice: one pack
            response = client.post(reverse("manage-round-release", args=[event.pk, 1]))
            assert response.status_code == 302
        [job] = PrintJob.objects.filter(round__event=event, kind="fallback")
        _wait_for(job, lambda j: j.status in ("done", "failed"), 120, [worker])
        assert job.status == PrintJobStatus.DONE, job.error
        assert job.parts_total == 3  # by name, by table, the slips (whole pages: 4 games, one)
        download = client.get(reverse("print-job-download", args=[job.pk]))
        pages = pdf_pages(b"".join(download.streaming_content))
        assert len(pages) == job.pages == 1 + 1 + 1
        assert all(p.name in "".join(pages) for p in players)
    finally:
        _stop(worker)
        celery_app.conf.update(**saved)
        celery_app._after_fork()
