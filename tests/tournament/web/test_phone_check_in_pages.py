"""Check-in from the phone on the pages: the player's page offers the button while the
organiser has check-in open (and says why not otherwise); the organiser's counts follow."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def opened(event, organiser):
    from tournament.services.events.events import event_update

    return event_update(event=event, user=organiser, changes={"check_in_open": True})


def _home(player) -> str:
    return Client().get(reverse("player-home", args=[player.private_key])).content.decode()


def test_the_player_page_says_nothing_until_check_in_opens(event, players):
    assert "Check-in is open" not in _home(players[0])


def test_a_player_checks_in_from_their_page(opened, players):
    player = players[0]
    html = _home(player)
    assert "Check-in is open" in html
    assert reverse("player-check-in", args=[player.private_key]) in html
    response = Client().post(reverse("player-check-in", args=[player.private_key]), follow=True)
    html = response.content.decode()
    assert "You are checked in. Good luck!" in html
    assert "Check-in is open" not in html
    player.refresh_from_db()
    assert player.checked_in is True
    assert AuditEntry.objects.get(action="player_check_in").actor_player_id == player.pk


def test_before_the_window_the_page_says_when(opened, organiser, players):
    from tournament.services.events.events import event_update

    event_update(
        event=opened,
        user=organiser,
        changes={"check_in_opens_at": timezone.now() + datetime.timedelta(hours=1)},
    )
    html = _home(players[0])
    assert "Check-in opens" in html
    assert reverse("player-check-in", args=[players[0].private_key]) not in html
    response = Client().post(reverse("player-check-in", args=[players[0].private_key]), follow=True)
    assert "Check-in opens" in response.content.decode()
    players[0].refresh_from_db()
    assert players[0].checked_in is False


def test_away_from_the_venue_the_refusal_says_so(opened, organiser, players):
    from tournament.services.events.events import event_update

    event_update(event=opened, user=organiser, changes={"check_in_networks": ["192.0.2.0/24"]})
    url = reverse("player-check-in", args=[players[0].private_key])
    away = Client(REMOTE_ADDR="198.51.100.7").post(url, follow=True)
    assert "venue&#x27;s network" in away.content.decode()
    Client(REMOTE_ADDR="192.0.2.50").post(url)
    players[0].refresh_from_db()
    assert players[0].checked_in is True


def test_the_organisers_counts_are_polled(opened, players, org_client):
    page = org_client.get(reverse("manage-event", args=[opened.pk])).content.decode()
    counts_url = reverse("manage-player-counts", args=[opened.pk])
    assert f'hx-get="{counts_url}"' in page
    first = org_client.get(counts_url)
    assert "<strong>0</strong><span>checked in</span>" in first.content.decode()
    assert org_client.get(counts_url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    Client().post(reverse("player-check-in", args=[players[0].private_key]))
    moved = org_client.get(counts_url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert moved.status_code == 200
    assert "<strong>1</strong><span>checked in</span>" in moved.content.decode()
    assert 'hx-swap-oob="true"' in moved.content.decode()


def test_the_counts_are_for_the_staff_only(opened):
    response = Client().get(reverse("manage-player-counts", args=[opened.pk]))
    assert response.status_code in (302, 403, 404)


def test_the_settings_page_round_trips_the_check_in_settings(opened, organiser, org_client):
    from tournament.services.events.events import event_update

    opens = timezone.now().replace(microsecond=0) + datetime.timedelta(hours=1, seconds=7)
    event_update(
        event=opened,
        user=organiser,
        changes={
            "check_in_opens_at": opens,
            "check_in_networks": ["192.0.2.0/24", "2001:db8::/32"],
        },
    )
    url = reverse("manage-settings", args=[opened.pk])
    logged = AuditEntry.objects.count()
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    assert data["check_in_open"] == "on"
    assert org_client.post(url, data).status_code == 302
    event = Event.objects.get(pk=opened.pk)
    assert event.check_in_opens_at == opens
    assert event.check_in_networks == ["192.0.2.0/24", "2001:db8::/32"]
    assert AuditEntry.objects.count() == logged
    data["check_in_networks"] = "the hall"
    refused = org_client.post(url, data)
    assert refused.status_code == 200
    assert "is not an address range" in refused.content.decode()
