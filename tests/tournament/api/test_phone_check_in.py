"""Check-in from the phone through the API: the organiser opens check-in (optionally within a
window, from the venue's networks); a player checks in with their own key; the refusals name
the rule."""

import datetime

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo

pytestmark = pytest.mark.django_db


def _keyed(player, address="203.0.113.9") -> APIClient:
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client


def _check_in(player, address="203.0.113.9"):
    url = f"/api/events/{player.event_id}/players/{player.pk}/check-in/"
    return _keyed(player, address).post(url, {}, format="json")


def _open(api, event, **settings):
    response = api.patch(
        f"/api/events/{event.pk}/", {"check_in_open": True, **settings}, format="json"
    )
    assert response.status_code == 200, response.json()
    return response.json()


def test_check_in_is_closed_until_the_organiser_opens_it(api, event, field):
    assert api.get(f"/api/events/{event.pk}/").json()["check_in_open"] is False
    refused = _check_in(field[0])
    assert refused.status_code == 409
    assert refused.json()["error_codes"] == {"check_in": ["check_in_closed"]}
    _open(api, event)
    done = _check_in(field[0])
    assert done.status_code == 200
    assert done.json() == {"id": field[0].pk, "name": field[0].name, "checked_in": True}
    field[0].refresh_from_db()
    assert field[0].checked_in is True
    # Again: nothing changes, nothing more is logged.
    assert _check_in(field[0]).status_code == 200
    assert AuditEntry.objects.filter(action="player_check_in").count() == 1


def test_the_check_in_is_logged_as_the_players_and_undoable(api, event, field, organiser):
    _open(api, event)
    _check_in(field[1])
    entry = AuditEntry.objects.get(action="player_check_in")
    assert entry.actor_player_id == field[1].pk
    words = [e["description"] for e in api.get(f"/api/events/{event.pk}/audit/").json()]
    assert f"{field[1].name} checked in from their phone" in words
    audit_undo(entry_id=entry.pk, user=organiser)
    field[1].refresh_from_db()
    assert field[1].checked_in is False


def test_a_key_checks_in_only_its_own_player(api, event, field, anon):
    _open(api, event)
    url = f"/api/events/{event.pk}/players/{field[1].pk}/check-in/"
    other = _keyed(field[0]).post(url, {}, format="json")
    assert other.status_code == 403
    assert other.json()["error_codes"] == {"player": ["not_your_player"]}
    assert anon.post(url, {}, format="json").status_code == 401
    field[1].refresh_from_db()
    assert field[1].checked_in is False


def test_the_window_is_kept(api, event, field):
    now = timezone.now()
    _open(
        api,
        event,
        check_in_opens_at=(now + datetime.timedelta(hours=1)).isoformat(),
        check_in_closes_at=(now + datetime.timedelta(hours=2)).isoformat(),
    )
    early = _check_in(field[0])
    assert early.status_code == 409
    assert early.json()["error_codes"] == {"check_in": ["check_in_not_yet"]}
    assert "Check-in opens" in early.json()["check_in"][0]
    api.patch(
        f"/api/events/{event.pk}/",
        {
            "check_in_opens_at": (now - datetime.timedelta(hours=2)).isoformat(),
            "check_in_closes_at": (now - datetime.timedelta(hours=1)).isoformat(),
        },
        format="json",
    )
    late = _check_in(field[0])
    assert late.status_code == 409
    assert late.json()["error_codes"] == {"check_in": ["check_in_over"]}


def test_a_window_that_ends_before_it_starts_is_refused(api, event):
    now = timezone.now()
    bad = api.patch(
        f"/api/events/{event.pk}/",
        {
            "check_in_opens_at": now.isoformat(),
            "check_in_closes_at": (now - datetime.timedelta(minutes=1)).isoformat(),
        },
        format="json",
    )
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"check_in_closes_at": ["before_opens"]}


def test_only_from_the_venues_networks(api, event, field):
    body = _open(api, event, check_in_networks=["192.0.2.7/24", "2001:db8::/32"])
    assert body["check_in_networks"] == ["192.0.2.0/24", "2001:db8::/32"]
    away = _check_in(field[0], address="198.51.100.4")
    assert away.status_code == 409
    assert away.json()["error_codes"] == {"check_in": ["not_at_venue"]}
    assert "venue" in away.json()["check_in"][0]
    assert _check_in(field[0], address="192.0.2.200").status_code == 200
    assert _check_in(field[1], address="2001:db8::5").status_code == 200


def test_behind_a_proxy_the_client_address_header_is_read(api, event, field, settings):
    settings.CLIENT_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    _open(api, event, check_in_networks=["192.0.2.0/24"])
    url = f"/api/events/{event.pk}/players/{field[0].pk}/check-in/"
    client = _keyed(field[0], address="10.0.0.1")  # the proxy
    away = client.post(url, {}, format="json", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert away.status_code == 409
    here = client.post(url, {}, format="json", HTTP_X_FORWARDED_FOR="192.0.2.9")
    assert here.status_code == 200


def test_a_network_that_is_not_a_range_is_refused(api, event):
    bad = api.patch(
        f"/api/events/{event.pk}/", {"check_in_networks": ["the hall wifi"]}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"check_in_networks": ["invalid_network"]}
    assert "the hall wifi" in bad.json()["check_in_networks"][0]


def test_a_dropped_player_is_told_to_see_the_organiser(api, event, field):
    _open(api, event)
    api.patch(f"/api/events/{event.pk}/players/{field[2].pk}/", {"dropped": True}, format="json")
    refused = _check_in(field[2])
    assert refused.status_code == 409
    assert refused.json()["error_codes"] == {"player": ["dropped"]}
