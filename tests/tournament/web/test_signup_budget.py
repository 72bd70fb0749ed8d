"""Sign-up from a venue's one address: a queue at the door shares the venue's wifi, so one
address has a budget that fits a queue (per event, over ten minutes), and a refusal gives the
form back as typed with a clear message instead of a bare page."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tournament.models import Player
from tournament.services.events.events import event_create, event_update

pytestmark = pytest.mark.django_db

HALL, OUT = "10.0.0.1", "10.0.0.2"
QUEUE = 30  # walk-ins at the door within one minute, all on the venue's wifi


@pytest.fixture
def open_event(event, organiser):
    return event_update(
        event=event, user=organiser, changes={"registration_open": True, "places": 40}
    )


def _api_sign(client, event, name):
    body = {"name": name, "faction": "Necrons"}
    return client.post(f"/api/events/{event.pk}/signup/", body, format="json")


def _page_sign(client, event, **fields):
    url = reverse("event-signup", args=[event.pk])
    return client.post(url, {"faction": "Orks", **fields})


def _fill(event, count, *, address="10.0.0.1"):
    for i in range(count):
        response = _page_sign(Client(REMOTE_ADDR=address), event, name=f"Walk In {i:02d}")
        assert response.status_code == 302, (i, response.status_code)


def test_a_queue_of_thirty_at_the_door_signs_up_from_one_address(open_event):
    _fill(open_event, QUEUE)
    assert open_event.players.count() == QUEUE


def test_past_the_budget_the_form_comes_back_as_typed(open_event):
    _fill(open_event, QUEUE)
    phone = Client(REMOTE_ADDR="10.0.0.1")
    typed = {"name": "Dee Evans", "faction": "Aeldari", "club": "Lone Wolves"}
    refused = _page_sign(phone, open_event, **typed)
    page = html.unescape(refused.content.decode())
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 60
    assert '<form method="post"' in page  # the form, not a bare error page
    assert 'value="Dee Evans"' in page
    assert 'value="Lone Wolves"' in page
    assert '<option value="Aeldari" selected>' in page
    assert "what you typed is kept" in page
    assert "Many people are signing up from this network" in page
    assert not Player.objects.filter(name="Dee Evans").exists()


def test_the_budget_frees_up_as_the_queue_moves(open_event, monkeypatch):
    from ops import throttle

    now = [1_000_000.0]
    monkeypatch.setattr(throttle.time, "time", lambda: now[0])
    _fill(open_event, QUEUE)
    refused = _page_sign(Client(REMOTE_ADDR=HALL), open_event, name="Dee Evans")
    assert refused.status_code == 429
    now[0] += int(refused["Retry-After"])
    assert _page_sign(Client(REMOTE_ADDR=HALL), open_event, name="Dee Evans").status_code == 302


def test_other_addresses_other_events_and_the_staff_are_not_held_up(open_event, organiser):
    _fill(open_event, QUEUE)
    assert _page_sign(Client(REMOTE_ADDR=OUT), open_event, name="Elsewhere").status_code == 302
    side = event_create(user=organiser, name="Side Event", rounds=3, seed=2)
    side = event_update(event=side, user=organiser, changes={"registration_open": True})
    assert _page_sign(Client(REMOTE_ADDR="10.0.0.1"), side, name="Side Player").status_code == 302
    desk = Client(REMOTE_ADDR="10.0.0.1")
    desk.force_login(organiser)  # the organiser signing walk-ins up at the desk
    for i in range(3):
        assert _page_sign(desk, open_event, name=f"At The Desk {i}").status_code == 302


def test_the_api_has_the_same_budget_and_answers_json(open_event):
    for i in range(QUEUE):
        assert _api_sign(APIClient(REMOTE_ADDR=HALL), open_event, f"App {i}").status_code == 201
    refused = _api_sign(APIClient(REMOTE_ADDR=HALL), open_event, "One Too Many")
    assert refused.status_code == 429
    assert refused.json()["error_codes"] == {"detail": ["throttled"]}
    assert 0 < int(refused["Retry-After"]) <= 60
    assert not Player.objects.filter(name="One Too Many").exists()


def test_refused_sign_ups_do_not_use_the_budget(open_event):
    for _ in range(QUEUE + 5):
        assert _page_sign(Client(REMOTE_ADDR=HALL), open_event, name=" ").status_code == 400
    assert _page_sign(Client(REMOTE_ADDR=HALL), open_event, name="Ann Bell").status_code == 302
