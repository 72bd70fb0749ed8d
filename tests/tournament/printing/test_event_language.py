"""Paper for everyone at once speaks the event's language (issue 36), whoever asks for it:
the print job, the standings PDF and the door sheet, read back with pdftotext."""

from __future__ import annotations

import datetime
import shutil
import subprocess

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from tests.tournament.printing.helpers import played_event
from tournament.models import PrintJob, PrintJobStatus
from tournament.printing import render
from tournament.services.documents import print_jobs
from tournament.services.documents.door_sheet import door_sheet_pdf
from tournament.services.documents.printing import print_document

PDFTOTEXT = shutil.which("pdftotext")
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not PDFTOTEXT, reason="poppler's pdftotext missing"),
]

# Django's own catalogues name German months: the event's dates show the language in use
# without a catalogue of ours.
TWO_LANGUAGES = override_settings(LANGUAGES=[("en-gb", "English"), ("de", "Deutsch")])
ENGLISH_ONLY = override_settings(LANGUAGES=[("en-gb", "English")])


def text_of(pdf: bytes) -> str:
    out = subprocess.run(
        [PDFTOTEXT, "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return " ".join(out.stdout.decode().split())


@pytest.fixture
def december(event):
    event.start_date = datetime.date(2026, 12, 5)
    event.end_date = datetime.date(2026, 12, 6)
    event.save(update_fields=["start_date", "end_date"])
    return event


@TWO_LANGUAGES
def test_an_english_event_prints_in_english_whatever_the_asker_speaks(december, organiser):
    played_event(december, organiser, 4)
    with translation.override("de"):
        text = text_of(print_document(event=december, kind="standings"))
    assert "05 Dec 2026 – 06 Dec 2026" in text
    assert "STANDINGS" in text


@TWO_LANGUAGES
def test_a_german_event_prints_in_german_for_an_english_asker(december, organiser):
    december.language = "de"
    december.save(update_fields=["language"])
    played_event(december, organiser, 4)
    with translation.override("en-gb"):
        text = text_of(print_document(event=december, kind="pairings", round_number=2))
        door = text_of(door_sheet_pdf(event=december))
        assert translation.get_language() == "en-gb"  # the asker's language is given back
    assert "05 Dez 2026 – 06 Dez 2026" in text
    assert "05 Dez 2026 – 06 Dez 2026" in door


@TWO_LANGUAGES
def test_a_print_job_renders_in_the_event_language(
    client, december, organiser, monkeypatch, django_capture_on_commit_callbacks
):
    december.language = "de"
    december.save(update_fields=["language"])
    _, round_ = played_event(december, organiser, 4)
    seen = []
    real = render.render_round

    def watched(kind, data, part=None):
        seen.append(translation.get_language())
        return real(kind, data, part)

    monkeypatch.setattr(print_jobs, "render_round", watched)
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("print-job-start", args=[december.pk]),
            {"kind": "pairings", "round": round_.number},
            HTTP_ACCEPT="application/json",
            HTTP_ACCEPT_LANGUAGE="en-gb",
        )
    job = PrintJob.objects.get(pk=response.json()["id"])
    assert job.status == PrintJobStatus.DONE
    assert seen == ["de"]
    pdf = b"".join(client.get(reverse("print-job-download", args=[job.pk])).streaming_content)
    assert "05 Dez 2026" in text_of(pdf)


@ENGLISH_ONLY
def test_an_event_whose_language_left_the_site_prints_in_the_default(december, organiser):
    """A catalogue withdrawn after the event chose it: its paper still prints."""
    december.language = "de"  # not among the settings' languages here
    december.save(update_fields=["language"])
    played_event(december, organiser, 4)
    assert "05 Dec 2026" in text_of(print_document(event=december, kind="standings"))


def test_numbers_with_decimals_are_written_as_the_language_writes_them():
    from tournament.printing.kit.numbers import paper_number

    with translation.override("de"):
        assert paper_number("45.5%") == "45,5%"
        assert paper_number("−2.25") == "−2,25"
        assert paper_number("7") == "7"  # whole numbers need nothing
        assert paper_number("3-1-0") == "3-1-0"
    with translation.override("en-gb"):
        assert paper_number("45.5%") == "45.5%"


@TWO_LANGUAGES
def test_a_german_events_standings_print_decimals_with_a_comma(december, organiser):
    december.language = "de"
    december.save(update_fields=["language"])
    played_event(december, organiser, 4)
    text = text_of(print_document(event=december, kind="standings"))
    assert "50,0%" in text or "100,0%" in text or "0,0%" in text
    assert "0.0%" not in text
    assert "50.0%" not in text
