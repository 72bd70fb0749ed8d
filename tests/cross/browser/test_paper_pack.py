"""The round's paper pack on the organiser's pairing page, on a 390 px phone (issue 33): while
it is being made the page shows its parts and follows them without a reload, then offers the
download; a failed pack offers Retry. No inline style or handler is needed (CSP)."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _packs_on_release(settings):
    settings.PAPER_PACK_ON_RELEASE = True


def _released_round():
    from django.contrib.auth import get_user_model

    from tests.conftest import add_players
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    marshal = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=marshal, name="Paper Cup", rounds=3, seed=1)
    add_players(event, marshal, 6)
    round_ = round_create(event_id=event.pk, user=marshal, seed=5)  # released: pack made
    return event, round_


def _sign_in(page, base, url):
    page.goto(base + reverse("login") + f"?next={url}")
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()


def test_the_pairing_page_follows_the_pack_until_it_is_ready(live_server, new_page, shoot):
    from tournament.models import PrintJob, PrintJobStatus

    event, round_ = _released_round()
    pack = PrintJob.objects.get(round=round_, kind="fallback")
    assert pack.status == PrintJobStatus.DONE
    done = {"file": pack.file.name, "pages": pack.pages}
    # As if a worker were still making it: 1 of 3 parts.
    PrintJob.objects.filter(pk=pack.pk).update(
        status=PrintJobStatus.RUNNING, parts_done=1, parts_total=3, file="", pages=0
    )
    page = new_page()
    _sign_in(page, live_server.url, reverse("manage-rounds", args=[event.pk]))
    box = page.locator("#paper-pack")
    box.get_by_text("Paper pack: being made… 1 of 3 parts").wait_for()
    assert not box.get_by_role("link", name="Download").is_visible()
    assert not box.get_by_role("button", name="Retry").is_visible()
    PrintJob.objects.filter(pk=pack.pk).update(parts_done=2)
    box.get_by_text("Paper pack: being made… 2 of 3 parts").wait_for()
    PrintJob.objects.filter(pk=pack.pk).update(status=PrintJobStatus.DONE, **done)
    box.get_by_text("Paper pack: ready").wait_for()
    link = box.get_by_role("link", name=f"Download ({done['pages']} pages)")
    link.wait_for()
    shoot(page, "paper-pack-ready")
    with page.expect_download() as got:
        link.click()
    assert got.value.suggested_filename == "paper-cup-round-1-fallback.pdf"
    # Nothing runs off a phone's screen.
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_a_failed_pack_offers_retry_and_retry_makes_it(live_server, new_page):
    from tournament.models import PrintJob, PrintJobStatus

    event, round_ = _released_round()
    pack = PrintJob.objects.get(round=round_, kind="fallback")
    PrintJob.objects.filter(pk=pack.pk).update(
        status=PrintJobStatus.FAILED, error="Disk full", file="", parts_done=0
    )
    page = new_page()
    _sign_in(page, live_server.url, reverse("manage-rounds", args=[event.pk]))
    box = page.locator("#paper-pack")
    box.get_by_text("Paper pack: failed").wait_for()
    box.get_by_text("Disk full").wait_for()
    box.get_by_role("button", name="Retry").click()
    page.locator("#paper-pack").get_by_text("Paper pack: ready").wait_for()
    pack.refresh_from_db()
    assert pack.status == PrintJobStatus.DONE
