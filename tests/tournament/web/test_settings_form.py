"""Settings survive a save: the forms are posted back exactly as a browser sends them, and every
change to an event is one logged, undoable entry (an unchanged save logs nothing)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event
from tournament.services.audit.log import audit_undo
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db


def fields_of(event: Event) -> dict:
    event = Event.objects.get(pk=event.pk)
    return {f.attname: getattr(event, f.attname) for f in Event._meta.concrete_fields}


@pytest.fixture
def configured(event, organiser):
    """An event with every setting away from its default, as the API can set them."""
    return event_update(
        event=event,
        user=organiser,
        changes={
            "start_date": datetime.date(2026, 11, 23),
            "end_date": datetime.date(2026, 11, 24),
            "venue": "The Warp Cafe",
            "planned_rounds": 6,
            "battle_size": "incursion",
            "points_limit": 1250,
            "status": "running",
            "tiebreaks": ["sos", "vp_diff", "owr_floor", "owr", "vp"],
            "owr_floor": "2/5",
            "bye_vp": 55,
            "hidden": True,
            "avoid_same_club": False,
            "check_in_required": True,
            "paper_size": "letter",
            "round_minutes": 135,
            "time_zone": "America/New_York",
            # To the second, as the API can set it: the page's input shows minutes only.
            "list_deadline": datetime.datetime(2026, 11, 22, 23, 0, 30, tzinfo=datetime.UTC),
            "list_publication": "everyone",
            "public_names": "nickname",
            "feed_licence": "odbl-1.0",
            "feed_webhook_url": "https://results.example.org/hook",
            "feed_webhook_secret": "the organiser's webhook secret",
        },
    )


@pytest.mark.parametrize("which", ["configured", "event"])
def test_saving_the_settings_form_unchanged_changes_nothing(org_client, which, request):
    event = request.getfixturevalue(which)
    url = reverse("manage-settings", args=[event.pk])
    before, logged = fields_of(event), AuditEntry.objects.count()
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    response = org_client.post(url, data)
    assert response.status_code == 302, response.content.decode()
    after = fields_of(event)
    for field, value in before.items():
        assert after[field] == value, field
    assert AuditEntry.objects.count() == logged


def test_date_inputs_are_filled_in_iso_form(org_client, configured):
    html = org_client.get(reverse("manage-settings", args=[configured.pk])).content.decode()
    data = form_data(html, "Save settings")
    assert data["start_date"] == "2026-11-23"
    assert data["end_date"] == "2026-11-24"
    assert 'type="date"' in html


def test_every_changed_setting_is_logged_and_undone(configured, organiser):
    logged = AuditEntry.objects.count()
    event_update(
        event=configured,
        user=organiser,
        changes={
            "venue": "Bunker",
            "start_date": datetime.date(2026, 11, 22),
            "hidden": False,
            "bye_vp": 55,
        },
    )
    entry = AuditEntry.objects.get(pk=AuditEntry.objects.latest("id").pk)
    assert AuditEntry.objects.count() == logged + 1
    assert entry.action == "event_update"
    assert entry.before == {"venue": "The Warp Cafe", "start_date": "2026-11-23", "hidden": True}
    assert entry.after == {"venue": "Bunker", "start_date": "2026-11-22", "hidden": False}
    audit_undo(entry_id=entry.pk, user=organiser)
    configured.refresh_from_db()
    assert configured.venue == "The Warp Cafe"
    assert configured.start_date == datetime.date(2026, 11, 23)
    assert configured.hidden is True


def test_an_unchanged_update_logs_nothing(configured, organiser):
    logged = AuditEntry.objects.count()
    event_update(
        event=configured,
        user=organiser,
        changes={"venue": "The Warp Cafe", "battle_size": "incursion", "bye_vp": 55},
    )
    configured.refresh_from_db()
    assert configured.points_limit == 1250
    assert AuditEntry.objects.count() == logged


def test_changing_the_battle_size_sets_its_points(configured, organiser):
    event = event_update(event=configured, user=organiser, changes={"battle_size": "onslaught"})
    assert event.points_limit == 3000
    entry = AuditEntry.objects.latest("id")
    assert entry.before == {"battle_size": "incursion", "points_limit": 1250}


def test_new_event_form_defaults_create_the_default_event(org_client):
    url = reverse("manage-event-new")
    data = form_data(org_client.get(url).content.decode(), "Create event")
    assert data.get("check_in_required") == "on"
    # New events from the web review each round's pairings before release (the API's
    # default stays off).
    assert data.get("review_pairings") == "on"
    data["name"] = "Defaults GT"
    response = org_client.post(url, data)
    assert response.status_code == 302
    event = Event.objects.get(name="Defaults GT")
    assert event.check_in_required is True
    assert event.review_pairings is True
    assert event.avoid_same_club is True
    assert event.planned_rounds == 5
    assert event.battle_size == "strike_force"
    assert event.points_limit == 2000
    assert event.start_date is None
    assert event.end_date is None
    # The new event's settings page posts back unchanged too.
    settings = reverse("manage-settings", args=[event.pk])
    before, logged = fields_of(event), AuditEntry.objects.count()
    org_client.post(settings, form_data(org_client.get(settings).content.decode(), "Save settings"))
    assert fields_of(event) == before
    assert AuditEntry.objects.count() == logged


def test_club_mates_setting_says_it_is_round_one_only(org_client, event, api):
    for url in (reverse("manage-settings", args=[event.pk]), reverse("manage-event-new")):
        assert "Keep club mates apart in round 1" in org_client.get(url).content.decode()
    schema = api.get("/api/schema/?format=json").json()
    help_text = schema["components"]["schemas"]["Event"]["properties"]["avoid_same_club"]
    assert "round 1" in help_text["description"]


def test_new_event_form_chooses_the_mission_pack(org_client):
    url = reverse("manage-event-new")
    html = org_client.get(url).content.decode()
    assert "Mission pack" in html
    data = form_data(html, "Create event")
    assert data["mission_pack"] == "eleventh"  # the web form's default since 11th edition
    data.update(name="Retro GT", mission_pack="eighth")
    assert org_client.post(url, data).status_code == 302
    event = Event.objects.get(name="Retro GT")
    assert event.mission_pack == "eighth"
    assert event.mission_order == []
    # Its settings page posts back unchanged, pack included.
    settings = reverse("manage-settings", args=[event.pk])
    before, logged = fields_of(event), AuditEntry.objects.count()
    page = org_client.get(settings).content.decode()
    assert form_data(page, "Save settings")["mission_pack"] == "eighth"
    org_client.post(settings, form_data(page, "Save settings"))
    assert fields_of(event) == before
    assert AuditEntry.objects.count() == logged


def test_settings_change_the_pack_until_a_round_is_paired(org_client, event, organiser):
    from tests.conftest import add_players
    from tournament.services.rounds.rounds import round_create

    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    data["mission_pack"] = "only_war"
    assert org_client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert event.mission_pack == "only_war"
    entry = AuditEntry.objects.latest("id")
    assert entry.after["mission_pack"] == "only_war"
    add_players(event, organiser, 2)
    round_create(event_id=event.pk, user=organiser)
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    data["mission_pack"] = "seventh"
    response = org_client.post(url, data)
    assert response.status_code == 200
    assert "cannot change once round 1 is paired" in response.content.decode()
    event.refresh_from_db()
    assert event.mission_pack == "only_war"
    # Undoing the change to Only War would leave the paired round with another pack's mission.
    with pytest.raises(Exception, match="cannot change back"):
        audit_undo(entry_id=entry.pk, user=organiser)


def test_the_owr_floor_is_set_on_the_page_and_a_bad_one_named(org_client, event):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    assert data["owr_floor"] == "0.33"
    response = org_client.post(url, {**data, "owr_floor": "2/4"})
    assert response.status_code == 302, response.content.decode()
    assert Event.objects.get(pk=event.pk).owr_floor == "1/2"
    entry = AuditEntry.objects.filter(event=event).first()
    assert entry.before == {"owr_floor": "0.33"}
    assert entry.after == {"owr_floor": "1/2"}
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    response = org_client.post(url, {**data, "owr_floor": "3/2"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "fraction from 0 to 1" in page
    assert Event.objects.get(pk=event.pk).owr_floor == "1/2"
