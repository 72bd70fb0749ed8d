"""The API of the day of the event: the round clock and announcements."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unittest.mock import patch

import pytest

from tournament.models import Round
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


def at(minutes: float):
    return patch("django.utils.timezone.now", return_value=T0 + timedelta(minutes=minutes))


@pytest.fixture
def paired(event, organiser, players):
    round_create(event_id=event.pk, user=organiser, seed=1)
    return event


def clock_url(event, number=1):
    return f"/api/events/{event.pk}/rounds/{number}/clock/"


def post_clock(api, event, when=0.0, **body):
    with at(when):
        return api.post(clock_url(event), body, format="json")


def read_round(client, event, when=0.0, **headers):
    with at(when):
        return client.get(f"/api/events/{event.pk}/rounds/1/", **headers)


def test_the_round_carries_its_clock_before_the_start(paired, anon):
    clock = read_round(anon, paired).json()["clock"]
    assert clock == {
        "state": "not_started",
        "ends_at": None,
        "remaining_s": 3 * 3600,
        "length_s": 3 * 3600,
        "started_at": None,
    }


def test_start_pause_resume_extend_answer_the_clock(paired, api, anon):
    started = post_clock(api, paired, action="start", minutes=150)
    assert started.status_code == 200, started.content
    assert started.json()["state"] == "running"
    assert started.json()["ends_at"] == "2026-11-23T12:30:00+00:00"
    assert started.json()["started_at"] == "2026-11-23T10:00:00+00:00"
    assert read_round(anon, paired, 30).json()["clock"]["remaining_s"] == 120 * 60
    paused = post_clock(api, paired, 30, action="pause")
    assert paused.json() | {"started_at": None} == {
        "state": "paused",
        "ends_at": None,
        "remaining_s": 120 * 60,
        "length_s": 150 * 60,
        "started_at": None,
    }
    resumed = post_clock(api, paired, 40, action="resume")
    assert resumed.json()["ends_at"] == "2026-11-23T12:40:00+00:00"
    extended = post_clock(api, paired, 45, action="extend", minutes=5)
    assert extended.json()["ends_at"] == "2026-11-23T12:45:00+00:00"
    assert extended.json()["length_s"] == 155 * 60
    finished = read_round(anon, paired, 200).json()["clock"]
    assert (finished["state"], finished["remaining_s"]) == ("finished", 0)


def test_the_round_answer_revalidates_by_the_second_while_running(paired, api, anon):
    first = read_round(anon, paired, 0)
    assert read_round(anon, paired, 0, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    post_clock(api, paired, 0, action="start")
    running = read_round(anon, paired, 1)
    assert running.status_code == 200
    again = read_round(anon, paired, 1.5, HTTP_IF_NONE_MATCH=running["ETag"])
    assert again.status_code == 200  # 30 s later: the time left changed
    assert again.json()["clock"]["remaining_s"] == running.json()["clock"]["remaining_s"] - 30
    assert again.json()["games"] == running.json()["games"]
    post_clock(api, paired, 2, action="pause")
    paused = read_round(anon, paired, 3)
    assert read_round(anon, paired, 9, HTTP_IF_NONE_MATCH=paused["ETag"]).status_code == 304


def test_a_missing_round_is_404(paired, anon, api):
    assert anon.get(f"/api/events/{paired.pk}/rounds/7/").status_code == 404
    response = api.post(clock_url(paired, 7), {"action": "start"}, format="json")
    assert response.status_code == 404
    assert response.json()["error_codes"] == {"round": ["not_found"]}


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({}, "action", "required"),
        ({"action": "stop"}, "action", "invalid_choice"),
        ({"action": "extend"}, "minutes", "required"),
        ({"action": "extend", "minutes": "5"}, "minutes", "invalid"),
        ({"action": "extend", "minutes": 5.5}, "minutes", "invalid"),
        ({"action": "extend", "minutes": 0}, "minutes", "range"),
        ({"action": "extend", "minutes": 9999}, "minutes", "range"),
        ({"action": "extend", "minutes": -200}, "minutes", "too_short"),
        ({"action": "start", "minutes": 0}, "minutes", "range"),
        ({"action": "pause", "minutes": 3}, "minutes", "not_allowed"),
    ],
)
def test_bad_input_is_400_naming_the_field_and_changes_nothing(paired, api, body, field, code):
    post_clock(api, paired, action="start", minutes=120)
    if body.get("action") == "start":
        paired.rounds.update(clock_started_at=None, clock_ends_at=None, clock_length_s=None)
    before = Round.objects.filter(event=paired).values().get()
    response = post_clock(api, paired, 1, **body)
    assert response.status_code == 400, response.content
    assert response.json()["error_codes"] == {field: [code]}
    assert response.json()[field]  # a readable message beside the code
    assert Round.objects.filter(event=paired).values().get() == before


@pytest.mark.parametrize(
    ("steps", "body", "code"),
    [
        (["start"], {"action": "start"}, "clock_started"),
        ([], {"action": "pause"}, "clock_not_started"),
        ([], {"action": "resume"}, "clock_not_started"),
        ([], {"action": "extend", "minutes": 5}, "clock_not_started"),
        (["start"], {"action": "resume"}, "clock_running"),
        (["start", "pause"], {"action": "pause"}, "clock_paused"),
    ],
)
def test_wrong_state_is_409_with_a_machine_code(paired, api, steps, body, code):
    for step in steps:
        assert post_clock(api, paired, action=step).status_code == 200
    response = post_clock(api, paired, 1, **body)
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"action": [code]}


def test_round_minutes_is_an_event_setting(paired, api):
    url = f"/api/events/{paired.pk}/"
    assert api.get(url).json()["round_minutes"] is None
    assert api.patch(url, {"round_minutes": 135}, format="json").json()["round_minutes"] == 135
    assert post_clock(api, paired, action="start").json()["length_s"] == 135 * 60
    refused = api.patch(url, {"round_minutes": 0}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"round_minutes": ["range"]}
    assert api.patch(url, {"round_minutes": None}, format="json").json()["round_minutes"] is None


# Announcements ----------------------------------------------------------------------------


def test_announcements_post_list_delete(event, api, anon):
    url = f"/api/events/{event.pk}/announcements/"
    with at(0):
        first = api.post(url, {"text": "Lunch at 13:00"}, format="json")
    with at(3):
        second = api.post(url, {"text": "Round 2 starts at 14:00"}, format="json")
    assert first.status_code == 201
    assert first.json() == {
        "id": first.json()["id"],
        "text": "Lunch at 13:00",
        "created_at": "2026-11-23T10:00:00Z",
        "created_by": "org",
        "ends_at": None,
        "until_round": None,
        "live": True,
    }
    listed = anon.get(url).json()
    assert [a["text"] for a in listed] == ["Round 2 starts at 14:00", "Lunch at 13:00"]
    deleted = api.delete(f"{url}{first.json()['id']}/")
    assert deleted.status_code == 204
    assert [a["id"] for a in anon.get(url).json()] == [second.json()["id"]]
    missing = api.delete(f"{url}{first.json()['id']}/")
    assert missing.status_code == 404
    assert missing.json()["error_codes"] == {"announcement": ["not_found"]}


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "required"),
        ({"text": ""}, "blank"),
        ({"text": "   "}, "blank"),
        ({"text": 5}, "invalid"),
        ({"text": "x" * 501}, "max_length"),
    ],
)
def test_bad_announcements_are_400_naming_text(event, api, body, code):
    url = f"/api/events/{event.pk}/announcements/"
    response = api.post(url, body, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"text": [code]}
    assert api.get(url).json() == []


def test_a_complete_round_stops_its_clock(paired, api, anon):
    post_clock(api, paired, action="start", minutes=150)
    games = [g for g in read_round(anon, paired).json()["games"] if g["player_b"] is not None]
    for game in games:
        with at(20):
            api.post(f"/api/games/{game['id']}/result/", {"vp_a": 70, "vp_b": 50}, format="json")
    clock = read_round(anon, paired, 40).json()["clock"]
    assert (clock["state"], clock["remaining_s"], clock["ends_at"]) == ("complete", 0, None)
    assert read_round(anon, paired, 120).json()["clock"] == clock
