"""The staff's Combat Patrols pages: organisers enter, change and delete patrols; the form
round-trips (saved unchanged it changes nothing); judges read; the tab shows only at a Combat
Patrol event."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from rosters.models.patrols import CombatPatrol
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event
from tournament.services.events.events import event_create
from tournament.services.events.staff import staff_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    return event_create(
        user=organiser, name="Patrol Clash", rounds=3, seed=1, battle_size="combat_patrol"
    )


def _page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def test_enter_a_patrol_then_save_it_unchanged(org_client, event):
    url = reverse("manage-patrols", args=[event.pk])
    html = _page(org_client, url)
    assert "Patrols</a>" in html  # the tab
    data = form_data(html, "Enter patrol")
    data.update(
        name="Orks Combat Patrol",
        faction="Orks",
        units="1x Warboss\r\n10x Boyz\r\n\r\n3 Deffkoptas",
        enhancement_1="Follow Me Ladz",
    )
    assert org_client.post(url, data).status_code == 302
    patrol = CombatPatrol.objects.get()
    assert patrol.units == [
        {"name": "Warboss", "models": 1},
        {"name": "Boyz", "models": 10},
        {"name": "Deffkoptas", "models": 3},
    ]
    assert patrol.enhancements == ["Follow Me Ladz"]
    page = reverse("manage-patrol", args=[event.pk, patrol.pk])
    logged = AuditEntry.objects.count()
    assert org_client.post(page, form_data(_page(org_client, page), "Save")).status_code == 302
    assert AuditEntry.objects.count() == logged  # unchanged: nothing logged
    data = form_data(_page(org_client, page), "Save")
    data["units"] = "1x Warboss\n20x Boyz\n3x Deffkoptas"
    assert org_client.post(page, data).status_code == 302
    patrol.refresh_from_db()
    assert patrol.units[1] == {"name": "Boyz", "models": 20}
    assert AuditEntry.objects.count() == logged + 1


def test_a_bad_units_line_is_shown_and_nothing_saved(org_client, event):
    url = reverse("manage-patrols", args=[event.pk])
    data = form_data(_page(org_client, url), "Enter patrol")
    data.update(name="Orks Combat Patrol", units="Warboss")
    answer = org_client.post(url, data)
    assert answer.status_code == 400
    assert "Line 1: write the model count" in answer.content.decode()
    assert not CombatPatrol.objects.exists()


def test_delete_and_a_duplicate_name(org_client, event):
    url = reverse("manage-patrols", args=[event.pk])
    data = form_data(_page(org_client, url), "Enter patrol")
    data.update(name="Orks Combat Patrol", units="1x Warboss")
    org_client.post(url, data)
    again = org_client.post(url, {**data, "name": "orks combat patrol"})
    assert again.status_code == 400
    assert "already entered" in again.content.decode()
    patrol = CombatPatrol.objects.get()
    delete = reverse("manage-patrol-delete", args=[event.pk, patrol.pk])
    assert org_client.post(delete).status_code == 302
    assert not CombatPatrol.objects.exists()


def test_judges_read_but_do_not_write(client, organiser, event):
    judge = get_user_model().objects.create_user("judy", password="pw")
    staff_add(event=event, user=organiser, username="judy", role="judge")
    client.force_login(judge)
    url = reverse("manage-patrols", args=[event.pk])
    html = _page(client, url)
    assert "Enter patrol" not in html
    assert client.post(url, {"name": "X", "units": "1x Y"}).status_code == 403


def test_the_tab_shows_only_at_a_combat_patrol_event(org_client, organiser):
    other = event_create(user=organiser, name="Strike GT", rounds=3, seed=2)
    html = _page(org_client, reverse("manage-event", args=[other.pk]))
    assert reverse("manage-patrols", args=[other.pk]) not in html


def test_the_sequence_on_the_page_the_pairings_and_the_sheets(org_client, organiser, event):
    from tests.conftest import add_players
    from tournament.services.documents.printing import print_round_data
    from tournament.services.rounds.rounds import round_create

    html = _page(org_client, reverse("manage-patrols", args=[event.pk]))
    assert "Alternate setting up units one at a time, defender first" in html
    add_players(event, organiser, 4)
    round_create(event_id=event.pk, user=organiser, seed=1)
    pairings = _page(org_client, reverse("event-pairings", args=[event.pk]))
    assert 'Combat Patrol: 44" x 30" battlefield' in pairings.replace("&quot;", '"')
    note = print_round_data(event=event, round_number=1).note
    assert note.startswith('Combat Patrol: 44" x 30" battlefield')
    assert "five battle rounds" in note


def test_the_settings_page_of_a_combat_patrol_event_round_trips(org_client, event):
    url = reverse("manage-settings", args=[event.pk])
    logged = AuditEntry.objects.count()
    data = form_data(_page(org_client, url), "Save settings")
    assert data["battle_size"] == "combat_patrol"
    assert org_client.post(url, data).status_code == 302
    assert AuditEntry.objects.count() == logged
    event.refresh_from_db()
    assert (event.battle_size, event.points_limit) == ("combat_patrol", 0)


def test_the_new_event_form_takes_combat_patrol_with_the_10th_edition_pack(org_client):
    url = reverse("manage-event-new")
    data = form_data(_page(org_client, url), "Create event")
    data.update(name="Patrol Night", battle_size="combat_patrol", mission_pack="eleventh")
    refused = org_client.post(url, data)
    assert refused.status_code == 200  # the form again, with the reason
    assert "it needs the Leviathan (10th edition) mission pack" in refused.content.decode()
    assert not Event.objects.filter(name="Patrol Night").exists()
    data["mission_pack"] = "leviathan"
    assert org_client.post(url, data).status_code == 302
