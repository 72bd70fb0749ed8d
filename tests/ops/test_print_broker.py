"""With the broker unreachable, asking for a print job does not fail the request: the page and
the JSON say the worker is unreachable (503 `worker_unreachable`), and the job can be retried."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.celery import app as celery_app
from tests.tournament.printing.helpers import played_event
from tournament.models import PrintJob, PrintJobStatus
from tournament.tasks import WORKER_UNREACHABLE

CLOSED = "redis://127.0.0.1:1/0"
# Committed as in a request, so the job is handed to the broker (transaction.on_commit) at once.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def broker_down():
    saved = {k: celery_app.conf[k] for k in ("broker_url", "task_always_eager")}
    celery_app.conf.update(broker_url=CLOSED, task_always_eager=False)
    celery_app._after_fork()  # drop the pool built for the default broker
    yield
    celery_app.conf.update(saved)
    celery_app._after_fork()


@pytest.fixture
def played(client, organiser, event):
    _, round_ = played_event(event, organiser, 9)
    client.force_login(organiser)
    return event, round_


def test_print_json_says_the_worker_is_unreachable(client, played, broker_down):
    event, round_ = played
    response = client.post(
        reverse("print-job-start", args=[event.pk]),
        {"kind": "pairings", "round": round_.number},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 503
    body = response.json()
    assert body["codes"] == {"worker": ["worker_unreachable"]}
    assert body["errors"] == {"worker": [WORKER_UNREACHABLE]}
    assert body["status"] == PrintJobStatus.FAILED
    assert body["can_retry"] is True
    assert response["Retry-After"]


def test_print_page_says_so_and_the_job_is_retried_once_the_worker_is_back(
    client, played, broker_down
):
    event, round_ = played
    url = reverse("print-job-start", args=[event.pk])
    page = client.post(url, {"kind": "pairings", "round": round_.number}, follow=True)
    assert page.status_code == 200
    assert "could not be reached" in page.content.decode()
    job = PrintJob.objects.get(kind="pairings")  # the rounds' paper packs were made before
    assert (job.status, job.error) == (PrintJobStatus.FAILED, WORKER_UNREACHABLE)
    # Retrying while it is still down says so again.
    retry = reverse("print-job-retry", args=[job.pk])
    again = client.post(retry, HTTP_ACCEPT="application/json")
    assert again.status_code == 503
    assert again.json()["codes"] == {"worker": ["worker_unreachable"]}
    # The worker is back (here: tasks run in-process again): Retry prints it.
    celery_app.conf.update(task_always_eager=True)
    done = client.post(retry, HTTP_ACCEPT="application/json")
    assert done.status_code == 202
    job.refresh_from_db()
    assert job.status == PrintJobStatus.DONE
