"""Times show in the event's time zone, with the date: pages, the audit log and PDFs."""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.tournament.printing.helpers import pdf_pages
from tests.tournament.web.browser_form import form_data
from tournament.localtime import default_time_zone, when
from tournament.models import AuditEntry, Event, Result
from tournament.printing.render import render_standings
from tournament.services.documents.printing import print_standings_data
from tournament.services.events.events import event_update
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db

# 19:05 UTC on a Monday in November is 14:05 in New York (UTC-5) and 19:05 in London.
MOMENT = datetime.datetime(2026, 11, 23, 19, 5, tzinfo=datetime.UTC)
NEW_YORK = "Mon 23 Nov 2026, 14:05"


@pytest.fixture
def new_york(event, organiser):
    return event_update(event=event, user=organiser, changes={"time_zone": "America/New_York"})


def test_the_helper_writes_a_time_with_its_date_in_the_zone_named():
    assert when(MOMENT, "America/New_York") == NEW_YORK
    assert when(MOMENT, "Europe/London") == "Mon 23 Nov 2026, 19:05"
    assert when(MOMENT, "Asia/Tokyo") == "Tue 24 Nov 2026, 04:05"  # the date moves too
    assert when(None) == ""


def test_new_events_default_to_london_when_the_server_runs_on_utc(settings):
    settings.TIME_ZONE = "UTC"
    assert default_time_zone() == "Europe/London"
    settings.TIME_ZONE = "Europe/Berlin"
    assert default_time_zone() == "Europe/Berlin"


def test_the_audit_log_shows_times_in_the_events_zone(org_client, new_york):
    AuditEntry.objects.filter(event=new_york).update(created_at=MOMENT)
    html = org_client.get(reverse("manage-audit", args=[new_york.pk])).content.decode()
    assert NEW_YORK in html
    assert "19:05" not in html
    entry = AuditEntry.objects.filter(event=new_york).first()
    page = org_client.get(reverse("manage-undo", args=[new_york.pk, entry.pk])).content.decode()
    assert NEW_YORK in page


def test_an_undo_entry_names_the_undone_change_by_its_local_time(org_client, new_york, organiser):
    from tournament.services.audit.log import audit_undo

    change = event_update(event=new_york, user=organiser, changes={"bye_vp": 20})
    entry = AuditEntry.objects.filter(event=change, action="event_update").latest("pk")
    AuditEntry.objects.filter(pk=entry.pk).update(created_at=MOMENT)
    audit_undo(entry_id=entry.pk, user=organiser)
    html = org_client.get(reverse("manage-audit", args=[new_york.pk])).content.decode()
    assert f"Undid “Settings changed” of {NEW_YORK}: VP for a bye: 60 → 20" in html


def test_a_result_time_shows_in_the_events_zone(org_client, new_york, organiser, game):
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    Result.objects.filter(game=game).update(entered_at=MOMENT)
    html = org_client.get(reverse("manage-results", args=[new_york.pk])).content.decode()
    assert f"by organiser, {NEW_YORK}" in html


def test_a_disputed_claim_shows_when_it_was_entered_in_the_events_zone(org_client, new_york, game):
    result_enter(game_id=game.pk, data={"vp_a": 40, "vp_b": 60}, player=game.player_b)
    result_enter(game_id=game.pk, data={"vp_a": 55, "vp_b": 45}, player=game.player_a)
    Result.objects.filter(game=game).update(entered_at=MOMENT)
    html = org_client.get(reverse("manage-results", args=[new_york.pk])).content.decode()
    assert html.count(f"entered {NEW_YORK}") == 2


def test_the_zone_is_not_carried_into_the_next_request(org_client, new_york):
    org_client.get(reverse("manage-audit", args=[new_york.pk]))
    assert timezone.get_current_timezone_name() == "UTC"


def test_a_pdf_is_stamped_with_the_events_local_time(new_york, players):
    data = print_standings_data(event=new_york)
    assert data.event.time_zone == "America/New_York"
    text = pdf_pages(render_standings(dataclasses.replace(data, printed_at=MOMENT)))[0]
    assert f"printed {NEW_YORK}" in text


def test_the_new_event_form_offers_the_zones_and_keeps_the_choice(org_client):
    url = reverse("manage-event-new")
    data = form_data(org_client.get(url).content.decode(), "Create event")
    assert data["time_zone"] == "Europe/London"  # preselected: the default
    data.update(name="NYC Open", time_zone="America/New_York")
    assert org_client.post(url, data).status_code == 302
    assert Event.objects.get(name="NYC Open").time_zone == "America/New_York"


def test_the_settings_form_changes_the_zone_in_one_logged_step(org_client, event):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    assert data["time_zone"] == "Europe/London"
    data["time_zone"] = "America/New_York"
    assert org_client.post(url, data).status_code == 302
    assert Event.objects.get(pk=event.pk).time_zone == "America/New_York"
    entry = AuditEntry.objects.filter(action="event_update").latest("pk")
    assert entry.after == {"time_zone": "America/New_York"}


def test_the_settings_form_refuses_an_unknown_zone_and_changes_nothing(org_client, event):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    data["time_zone"] = "Mars/Olympus_Mons"
    response = org_client.post(url, data)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert Event.objects.get(pk=event.pk).time_zone == "Europe/London"


def test_the_api_audit_words_use_the_events_zone_too(api, new_york, organiser):
    from tournament.services.audit.log import audit_undo

    change = event_update(event=new_york, user=organiser, changes={"bye_vp": 20})
    entry = AuditEntry.objects.filter(event=change, action="event_update").latest("pk")
    AuditEntry.objects.filter(pk=entry.pk).update(created_at=MOMENT)
    audit_undo(entry_id=entry.pk, user=organiser)
    AuditEntry.objects.filter(pk=entry.pk).update(undone_at=MOMENT)
    rows = {r["id"]: r for r in api.get(f"/api/events/{new_york.pk}/audit/").json()}
    undo = next(r for r in rows.values() if r["action"] == "undo")
    assert undo["description"].startswith(f"Undid “Settings changed” of {NEW_YORK}")
    assert rows[entry.pk]["undo_blocked"] == f"Already undone ({NEW_YORK})."
    assert rows[entry.pk]["created_at"] == "2026-11-23T19:05:00Z"  # ISO, as before
