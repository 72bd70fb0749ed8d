"""The Print page in a real browser (issue 21 item 13): once a document is made, the panel names
it ready with its download, shows no Retry (the `hidden` attribute must win over `.button`),
the job list shows the job without a reload, and the PDF is named after the event like CSVs."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _packs_on_release(settings):
    # The released round's paper pack is listed beside the document made here.
    settings.PAPER_PACK_ON_RELEASE = True


def _paired_event():
    from django.contrib.auth import get_user_model

    from tests.conftest import add_players
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    marshal = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=marshal, name="Spring Clash GT", rounds=3, seed=1)
    add_players(event, marshal, 4)
    round_create(event_id=event.pk, user=marshal, seed=5)
    return event


def test_a_made_pdf_is_named_ready_listed_and_offers_no_retry(live_server, new_page, shoot):
    event = _paired_event()
    base = live_server.url
    page = new_page(DESKTOP)
    page.goto(base + reverse("login") + f"?next={reverse('print-round', args=[event.pk, 1])}")
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()
    # The round's paper pack was made when it was paired (released at once): listed already.
    page.locator("#paper-pack").get_by_text("Paper pack: ready").wait_for()
    assert page.locator("#print-jobs").get_by_role("cell", name="Scoresheets").count() == 0

    scoresheets = page.locator("form[data-print-job]", has_text="Scoresheets")
    scoresheets.get_by_role("button", name="Make PDF").click()
    panel = page.locator("#print-progress")
    panel.get_by_text("Scoresheets, round 1: ready").wait_for()
    assert not panel.get_by_role("button", name="Retry").is_visible()
    shoot(page, "print-ready")

    # The job list follows without a reload.
    jobs = page.locator("#print-jobs")
    jobs.get_by_role("cell", name="Scoresheets").wait_for()
    assert jobs.get_by_role("cell", name="Paper pack").count() == 1
    assert jobs.get_by_role("button", name="Retry").count() == 0

    name = "spring-clash-gt-round-1-scoresheets.pdf"
    download = panel.get_by_role("link", name=re.compile("Download"))
    assert name in download.inner_text()
    with page.expect_download() as got:
        download.click()
    assert got.value.suggested_filename == name
    with page.expect_download() as again:
        jobs.get_by_role("row", name="Scoresheets").get_by_role("link", name="Download").click()
    assert again.value.suggested_filename == name
