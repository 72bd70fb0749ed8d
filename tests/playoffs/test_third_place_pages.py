"""The third-place match on the pages: chosen on the organiser's cut form (as a browser posts
it), shown on the bracket page beside the final and in the bracket PDF, and named in the
audit log's words."""

from __future__ import annotations

import pytest
from django.test import Client

from playoffs.models import Playoff
from tests.playoffs.conftest import swiss_event
from tests.tournament.printing.helpers import pdf_pages
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry
from tournament.services.audit.words import audit_describe

pytestmark = pytest.mark.django_db


def test_third_place_from_the_cut_form_to_the_page_and_pdf(organiser):
    event = swiss_event(organiser, players=8, rounds=3)
    client = Client()
    client.force_login(organiser)
    url = f"/manage/events/{event.pk}/playoffs/"
    page = client.get(url).content.decode()
    assert "the losing semi-finalists play for 3rd" in page
    data = form_data(page, "Make the cut")
    data.update(size="4", third_place="on")
    assert client.post(url + "cut/", data).status_code == 302
    assert Playoff.objects.get(event=event).third_place
    public = Client().get(f"/events/{event.pk}/playoffs/").content.decode()
    assert "with a third-place match" in public
    assert "Final · Third-place match" in public
    pdf = Client().get(f"/events/{event.pk}/playoffs/bracket.pdf").content
    text = " ".join(" ".join(p.split()) for p in pdf_pages(pdf))
    assert "The losing semi-finalists play for 3rd place." in text
    assert "Third-place match" in text
    entry = AuditEntry.objects.get(event=event, action="playoff_create")
    assert "third-place match" in audit_describe([entry])[entry.pk]
