"""Sign-up closes when round 1 is paired, and the event's status follows the event (issue 21
item 1): registration before round 1, running once it is paired, finished once the last round
is complete, unless the organiser sets it (`status_auto` false)."""

from __future__ import annotations

import pytest

from tests.conftest import add_players
from tests.tournament.api.test_pairing_api import pair, play_all
from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo

pytestmark = pytest.mark.django_db


def _event(api, event):
    return api.get(f"/api/events/{event.pk}/").json()


def _sign(client, event, name):
    return client.post(
        f"/api/events/{event.pk}/signup/", {"name": name, "faction": "Orks"}, format="json"
    )


def test_a_new_event_follows_its_rounds(api, event, organiser):
    body = _event(api, event)
    assert (body["status"], body["status_auto"]) == ("registration", True)
    api.patch(f"/api/events/{event.pk}/", {"rounds": 2}, format="json")
    add_players(event, organiser, 4)
    r1 = pair(api, event, seed=1).json()
    assert _event(api, event)["status"] == "running"
    play_all(api, r1)
    assert _event(api, event)["status"] == "running"
    r2 = pair(api, event, seed=2).json()
    play_all(api, r2)
    assert _event(api, event)["status"] == "finished"
    # One more planned round: the event runs again.
    api.patch(f"/api/events/{event.pk}/", {"rounds": 3}, format="json")
    assert _event(api, event)["status"] == "running"


def test_deleting_round_1_takes_the_event_back_to_registration(api, event, organiser):
    add_players(event, organiser, 4)
    pair(api, event, seed=1)
    assert _event(api, event)["status"] == "running"
    assert api.delete(f"/api/events/{event.pk}/rounds/1/").status_code == 204
    assert _event(api, event)["status"] == "registration"


def test_a_status_the_organiser_sets_stays_until_automatic_again(api, event, organiser):
    response = api.patch(f"/api/events/{event.pk}/", {"status": "running"}, format="json")
    assert response.status_code == 200, response.json()
    assert (response.json()["status"], response.json()["status_auto"]) == ("running", False)
    add_players(event, organiser, 4)
    api.patch(f"/api/events/{event.pk}/", {"rounds": 1}, format="json")
    play_all(api, pair(api, event, seed=1).json())
    assert _event(api, event)["status"] == "running"
    back = api.patch(f"/api/events/{event.pk}/", {"status_auto": True}, format="json").json()
    assert (back["status"], back["status_auto"]) == ("finished", True)


def test_the_same_status_sent_back_changes_nothing(api, event):
    logged = AuditEntry.objects.count()
    body = _event(api, event)
    again = {"status": body["status"], "status_auto": body["status_auto"]}
    assert api.patch(f"/api/events/{event.pk}/", again, format="json").status_code == 200
    alone = {"status": body["status"]}
    assert api.patch(f"/api/events/{event.pk}/", alone, format="json").json()["status_auto"]
    assert AuditEntry.objects.count() == logged


def test_a_status_against_automatic_is_refused(api, event):
    body = {"status": "finished", "status_auto": True}
    response = api.patch(f"/api/events/{event.pk}/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"status": ["automatic"]}
    assert _event(api, event)["status"] == "registration"


def test_pairing_round_1_closes_sign_up_logged_and_undoable(api, anon, event, organiser):
    api.patch(f"/api/events/{event.pk}/", {"registration_open": True}, format="json")
    add_players(event, organiser, 4)
    assert _sign(anon, event, "Early Erin").status_code == 201
    r1 = pair(api, event, seed=1).json()
    assert _event(api, event)["registration_open"] is False
    closed = _sign(anon, event, "Late Larry")
    assert closed.status_code == 409
    assert closed.json()["error_codes"] == {"event": ["registration_closed"]}
    entry = AuditEntry.objects.filter(action="event_update").latest("pk")
    assert entry.before == {"registration_open": True}
    assert entry.after == {"registration_open": False}
    # The organiser opens it again, knowingly: a sign-up now is a late entry.
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    play_all(api, r1)
    late = _sign(anon, event, "Late Larry")
    assert late.status_code == 201, late.json()
    player = api.get(f"/api/events/{event.pk}/players/{late.json()['id']}/").json()
    assert player["first_round"] == 2
    # Later rounds leave sign-up as the organiser set it.
    pair(api, event, seed=2)
    assert _event(api, event)["registration_open"] is True


def test_the_log_names_statuses_as_the_settings_page_does(api, event):
    from tournament.services.audit.words import audit_describe

    api.patch(f"/api/events/{event.pk}/", {"status": "running"}, format="json")
    entry = AuditEntry.objects.filter(action="event_update").latest("pk")
    words = set(audit_describe([entry])[entry.pk].split("; "))
    assert words == {"Status: Not started → Running", "Status follows the event: yes → no"}


def test_undoing_the_last_result_runs_the_event_again(api, event, organiser):
    api.patch(f"/api/events/{event.pk}/", {"rounds": 1}, format="json")
    add_players(event, organiser, 4)
    play_all(api, pair(api, event, seed=1).json())
    assert _event(api, event)["status"] == "finished"
    last = AuditEntry.objects.filter(action="result_enter").latest("pk")
    audit_undo(entry_id=last.pk, user=organiser, confirm=True)
    assert _event(api, event)["status"] == "running"
