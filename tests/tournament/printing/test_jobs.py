"""Print jobs with no broker: the task runs in-process, the page and the download still work."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.printing.helpers import pdf_pages, played_event
from tournament.models import PrintJob, PrintJobStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(event, organiser):
    players, round_ = played_event(event, organiser, 9)
    return event, players, round_


def start(client, event, kind, number, capture):
    with capture(execute=True):
        return client.post(
            reverse("print-job-start", args=[event.pk]),
            {"kind": kind, "round": number or ""},
            HTTP_ACCEPT="application/json",
        )


def test_bundle_runs_in_parts_and_downloads(
    client, organiser, paired, monkeypatch, django_capture_on_commit_callbacks
):
    event, players, round_ = paired
    monkeypatch.setenv("PRINT_CHUNK_GAMES", "3")  # 4 games: two parts per per-game document
    client.force_login(organiser)
    response = start(client, event, "bundle", round_.number, django_capture_on_commit_callbacks)
    assert response.status_code == 202
    job = PrintJob.objects.get(pk=response.json()["id"])
    assert job.status == PrintJobStatus.DONE
    assert (job.parts_done, job.parts_total) == (5, 5)  # pairings + 2 + 2
    status = client.get(reverse("print-job-status", args=[job.pk])).json()
    assert status["percent"] == 100
    assert status["download"] == reverse("print-job-download", args=[job.pk])
    download = client.get(status["download"])
    assert download["Content-Type"] == "application/pdf"
    pages = pdf_pages(b"".join(download.streaming_content))
    assert len(pages) == job.pages == 1 + 4 + 8
    assert all(p.name in pages[0] for p in players)
    assert "Page 4 of 4" in pages[4].replace("\n", " ")


def test_page_shows_the_buttons_and_recent_jobs(
    client, organiser, paired, django_capture_on_commit_callbacks
):
    event, _, round_ = paired
    client.force_login(organiser)
    start(client, event, "standings", None, django_capture_on_commit_callbacks)
    page = client.get(reverse("print-round", args=[event.pk, round_.number]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'value="bundle"' in html
    assert 'value="scoresheets"' in html
    assert "Download" in html


def test_form_post_without_javascript_redirects_back(
    client, organiser, paired, django_capture_on_commit_callbacks
):
    event, _, round_ = paired
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("print-job-start", args=[event.pk]),
            {"kind": "pairings", "round": round_.number},
        )
    assert response.status_code == 302
    assert f"round/{round_.number}/?job=" in response["Location"]


def test_bad_kind_is_refused_with_a_code(
    client, organiser, paired, django_capture_on_commit_callbacks
):
    event, _, round_ = paired
    client.force_login(organiser)
    response = start(client, event, "posters", round_.number, django_capture_on_commit_callbacks)
    assert response.status_code == 400
    assert response.json()["codes"] == {"kind": ["invalid_choice"]}


def test_only_organisers_print(
    client, other_organiser, organiser, paired, django_capture_on_commit_callbacks
):
    event, _, round_ = paired
    client.force_login(organiser)
    job_id = start(
        client, event, "pairings", round_.number, django_capture_on_commit_callbacks
    ).json()["id"]
    client.force_login(other_organiser)
    assert client.get(reverse("print-round", args=[event.pk, 1])).status_code == 403
    assert client.get(reverse("print-job-status", args=[job_id])).status_code == 403
    assert client.get(reverse("print-job-download", args=[job_id])).status_code == 403
    client.logout()
    assert client.get(reverse("print-job-download", args=[job_id])).status_code == 302


def test_a_failing_part_marks_the_job_failed(
    client, organiser, paired, monkeypatch, django_capture_on_commit_callbacks
):
    event, _, round_ = paired

    def boom(*args, **kwargs):
        raise RuntimeError("printer on fire")

    monkeypatch.setattr("tournament.services.documents.print_jobs.render_round", boom)
    client.force_login(organiser)
    response = start(
        client, event, "scoresheets", round_.number, django_capture_on_commit_callbacks
    )
    # The capture runs the on-commit task after the view has answered: ask the status endpoint.
    body = client.get(reverse("print-job-status", args=[response.json()["id"]])).json()
    assert body["status"] == "failed"
    assert "printer on fire" in body["error"]
    assert body["download"] is None
