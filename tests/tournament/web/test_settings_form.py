"""Settings survive a save: the forms are posted back exactly as a browser sends them, and every
change to an event is one logged, undoable entry (an unchanged save logs nothing)."""

from __future__ import annotations

import datetime
from html import unescape

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


# Tie-break presets (issue 32): one select names the order; the slots stay for "Custom" and for
# a browser without JavaScript.


@pytest.fixture
def bcp_event(event, organiser):
    return event_update(event=event, user=organiser, changes={"tiebreaks": ["owr_floor", "vp"]})


def _settings_page(org_client, event) -> tuple[str, str, dict]:
    url = reverse("manage-settings", args=[event.pk])
    html = org_client.get(url).content.decode()
    return url, html, form_data(html, "Save settings")


@pytest.mark.parametrize(
    ("which", "preset"), [("event", "companion"), ("bcp_event", "bcp"), ("configured", "custom")]
)
def test_the_page_shows_the_preset_that_gives_the_events_order(org_client, which, preset, request):
    event = request.getfixturevalue(which)
    data = _settings_page(org_client, event)[2]
    assert data["tiebreak_preset"] == preset
    before, logged = fields_of(event), AuditEntry.objects.count()
    # Saved unchanged, whatever the preset: nothing changes and nothing is logged.
    response = org_client.post(reverse("manage-settings", args=[event.pk]), data)
    assert response.status_code == 302, response.content.decode()
    assert fields_of(event) == before
    assert AuditEntry.objects.count() == logged


def test_the_presets_are_offered_in_words_with_what_each_does(org_client, event):
    _, page, _ = _settings_page(org_client, event)
    html = unescape(page)
    assert "Tie-break order" in html
    for label in ("Tournament Companion", "Best Coast Pairings", "Custom"):
        assert f">{label}</option>" in html
    assert "Record, then opponents' win rate, then total VP." in html
    assert (
        "Record, then opponents' win rate (each counted at no less than 0.33), then total VP."
        in html
    )
    assert "ITC" not in html  # no preset without a source
    # Without JavaScript every slot shows; the script hides them unless "Custom" is chosen.
    assert page.count('data-shown-when="tiebreak_preset=custom"') >= 12
    assert "js/tiebreak-presets.js" in page


def test_choosing_bcp_sets_its_order_and_floor_in_one_logged_change(org_client, configured):
    url, _, data = _settings_page(org_client, configured)
    assert data["owr_floor"] == "2/5"
    logged = AuditEntry.objects.count()
    response = org_client.post(url, {**data, "tiebreak_preset": "bcp"})
    assert response.status_code == 302, response.content.decode()
    event = Event.objects.get(pk=configured.pk)
    assert event.tiebreaks == ["owr_floor", "vp"]
    assert event.owr_floor == "0.33"
    assert AuditEntry.objects.count() == logged + 1
    entry = AuditEntry.objects.latest("id")
    assert entry.after == {"tiebreaks": ["owr_floor", "vp"], "owr_floor": "0.33"}
    # The log says the new order in the words the standings use, not the metrics' codes.
    log = org_client.get(reverse("manage-audit", args=[event.pk])).content.decode()
    assert "Tie-breaks: SOS, VP diff, OWR (floor), OWR, VP → OWR (floor), VP" in log
    assert _settings_page(org_client, event)[2]["tiebreak_preset"] == "bcp"


def test_choosing_the_companion_keeps_the_floor(org_client, configured):
    url, _, data = _settings_page(org_client, configured)
    response = org_client.post(url, {**data, "tiebreak_preset": "companion"})
    assert response.status_code == 302, response.content.decode()
    event = Event.objects.get(pk=configured.pk)
    assert event.tiebreaks == ["owr", "vp"]
    assert event.owr_floor == "2/5"
    assert AuditEntry.objects.latest("id").after == {"tiebreaks": ["owr", "vp"]}


def test_without_javascript_slots_changed_under_an_unchanged_preset_win(org_client, event):
    url, _, data = _settings_page(org_client, event)
    assert data["tiebreak_preset"] == "companion"
    response = org_client.post(url, {**data, "tiebreak_1": "sos", "tiebreak_2": "vp"})
    assert response.status_code == 302, response.content.decode()
    event.refresh_from_db()
    assert event.tiebreaks == ["sos", "vp"]
    assert _settings_page(org_client, event)[2]["tiebreak_preset"] == "custom"


def test_without_javascript_a_changed_preset_wins_over_the_slots(org_client, event):
    url, _, data = _settings_page(org_client, event)
    sent = {**data, "tiebreak_preset": "bcp", "tiebreak_1": "sos", "tiebreak_2": ""}
    assert org_client.post(url, sent).status_code == 302
    event.refresh_from_db()
    assert event.tiebreaks == ["owr_floor", "vp"]


def test_custom_takes_the_slots_and_the_floor(org_client, bcp_event):
    url, _, data = _settings_page(org_client, bcp_event)
    sent = {**data, "tiebreak_preset": "custom", "tiebreak_1": "owr_floor", "owr_floor": "1/3"}
    assert org_client.post(url, sent).status_code == 302
    bcp_event.refresh_from_db()
    assert (bcp_event.tiebreaks, bcp_event.owr_floor) == (["owr_floor", "vp"], "1/3")


def test_an_unknown_preset_is_refused_naming_the_field(org_client, configured):
    url, _, data = _settings_page(org_client, configured)
    before = fields_of(configured)
    response = org_client.post(url, {**data, "tiebreak_preset": "itc"})
    assert response.status_code == 200
    form = response.context["form"]
    assert list(form.errors) == ["tiebreak_preset"]
    assert "itc is not one of the available choices" in str(form.errors["tiebreak_preset"])
    html = response.content.decode()
    label = html[html.index('<label class="field has-error">') :]
    assert label.index("Tie-break order") < label.index("not one of the available choices")
    assert fields_of(configured) == before


def test_without_javascript_a_floor_changed_under_bcp_is_saved_as_custom(org_client, bcp_event):
    url, _, data = _settings_page(org_client, bcp_event)
    assert data["tiebreak_preset"] == "bcp"
    assert org_client.post(url, {**data, "owr_floor": "1/3"}).status_code == 302
    bcp_event.refresh_from_db()
    assert (bcp_event.tiebreaks, bcp_event.owr_floor) == (["owr_floor", "vp"], "1/3")
    assert _settings_page(org_client, bcp_event)[2]["tiebreak_preset"] == "custom"
