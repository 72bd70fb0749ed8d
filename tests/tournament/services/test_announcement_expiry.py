"""Announcements that expire: at an end time, or when the next round's pairings are released.

Once expired an announcement leaves the players' pages, the public pages, the big screen and
the public API at their next poll (the strip's ETag moves with the end time even though nothing
else changed); the staff still see it, marked as ended.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unittest.mock import patch

import pytest

from common.errors import Invalid
from tournament.models import Announcement, Game
from tournament.services.live.announcements import announcement_post, announcements_list
from tournament.services.results.results import result_enter
from tournament.services.rounds.release import round_release
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)


def at(minutes: float):
    return patch("django.utils.timezone.now", return_value=T0 + timedelta(minutes=minutes))


def _texts(event, **kwargs):
    return [a.text for a in announcements_list(event=event, live_only=True, **kwargs)]


def test_an_end_time_hides_it_from_then_on(event, organiser):
    with at(0):
        announcement_post(
            event=event,
            user=organiser,
            text="Lunch until 13:00",
            ends_at=T0 + timedelta(minutes=30),
        )
        announcement_post(event=event, user=organiser, text="Welcome")
    with at(29):
        assert _texts(event) == ["Welcome", "Lunch until 13:00"]
    with at(30):
        assert _texts(event) == ["Welcome"]
        # The staff keep every announcement, the ended one marked.
        staff = announcements_list(event=event)
        assert [(a.text, a.live) for a in staff] == [
            ("Welcome", True),
            ("Lunch until 13:00", False),
        ]


def test_an_end_time_in_the_past_is_refused_and_nothing_is_posted(event, organiser):
    with at(0), pytest.raises(Invalid) as refused:
        announcement_post(
            event=event, user=organiser, text="Late", ends_at=T0 - timedelta(minutes=1)
        )
    assert refused.value.codes == {"ends_at": ["in_past"]}
    assert not Announcement.objects.filter(event=event).exists()


def test_until_the_next_round_lasts_until_its_pairings_are_released(event, organiser, players):
    event.review_pairings = True
    event.save(update_fields=["review_pairings"])
    with at(0):
        round_create(event_id=event.pk, user=organiser, seed=1)
        round_release(event_id=event.pk, user=organiser, number=1)
        posted = announcement_post(
            event=event, user=organiser, text="Round 2 at 14:00", until_next_round=True
        )
    assert posted.until_round == 2
    for game in Game.objects.filter(round__event=event, player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    with at(1):
        round_create(event_id=event.pk, user=organiser, seed=2)
        # Paired but still under review: players have not seen round 2, the message stays.
        assert _texts(event) == ["Round 2 at 14:00"]
        round_release(event_id=event.pk, user=organiser, number=2)
        assert _texts(event) == []


def test_the_strip_leaves_it_at_its_next_poll_with_a_new_etag(client, event, organiser):
    event.hidden = False
    event.save(update_fields=["hidden"])
    with at(0):
        announcement_post(
            event=event,
            user=organiser,
            text="Doors close at 18:00",
            ends_at=T0 + timedelta(minutes=5),
        )
    url = f"/events/{event.pk}/now/"
    with at(1):
        first = client.get(url)
    assert "Doors close at 18:00" in first.content.decode()
    with at(2):
        assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    with at(6):
        after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    assert "Doors close at 18:00" not in after.content.decode()


def test_the_api_takes_an_end_and_the_public_list_leaves_ended_ones_out(api, anon, event):
    event.hidden = False
    event.save(update_fields=["hidden"])
    url = f"/api/events/{event.pk}/announcements/"
    with at(0):
        posted = api.post(
            url,
            {"text": "Painting judged at 12:00", "ends_at": "2026-11-28T10:10:00Z"},
            format="json",
        )
        assert posted.status_code == 201, posted.content
        assert posted.json()["ends_at"] == "2026-11-28T10:10:00Z"
        assert posted.json()["live"] is True
        nexted = api.post(url, {"text": "Next round soon", "until_next_round": True}, format="json")
        assert nexted.json()["until_round"] == 1
        bad = api.post(url, {"text": "x", "ends_at": "2026-11-28T09:00:00Z"}, format="json")
        assert bad.status_code == 400
        assert bad.json()["error_codes"] == {"ends_at": ["in_past"]}
    with at(11):
        public = anon.get(url).json()
        staff = api.get(url).json()
    assert [a["text"] for a in public] == ["Next round soon"]
    assert [(a["text"], a["live"]) for a in staff] == [
        ("Next round soon", True),
        ("Painting judged at 12:00", False),
    ]
    assert Announcement.objects.filter(event=event).count() == 2


def test_the_dashboard_form_posts_an_end_in_the_events_time_zone(client, organiser, event):
    event.time_zone = "Europe/Warsaw"
    event.save(update_fields=["time_zone"])
    client.force_login(organiser)
    with at(0):
        response = client.post(
            f"/manage/events/{event.pk}/announcements/",
            {"text": "Prize giving at 17:00", "until": "time", "ends_at": "2026-11-28T12:00"},
        )
    assert response.status_code == 302
    posted = Announcement.objects.get(event=event)
    assert posted.ends_at == datetime(2026, 11, 28, 11, 0, tzinfo=UTC)  # 12:00 in Warsaw
    with at(0):
        client.post(
            f"/manage/events/{event.pk}/announcements/",
            {"text": "Round 1 soon", "until": "next_round"},
        )
        client.post(f"/manage/events/{event.pk}/announcements/", {"text": "Kept", "until": ""})
    assert Announcement.objects.get(text="Round 1 soon").until_round == 1
    kept = Announcement.objects.get(text="Kept")
    assert (kept.ends_at, kept.until_round) == (None, None)
    with at(0):
        page = client.get(f"/manage/events/{event.pk}/").content.decode()
    assert "until 12:00" in page
    assert "until round 1 is released" in page


def test_the_event_document_keeps_when_each_announcement_ends(event, organiser):
    import json

    from exchange.services.importing.write import event_import
    from tests.exchange.helpers import export, without_stamp
    from tests.exchange.test_refusals import _refused, _resealed

    with at(0):
        announcement_post(event=event, user=organiser, text="Kept")
        announcement_post(event=event, user=organiser, text="Ends", ends_at=T0 + timedelta(hours=2))
        announcement_post(event=event, user=organiser, text="Next", until_next_round=True)
    document = export(event)
    shown = {a["text"]: a for a in document["announcements"]}
    # Only set ends are written: a file without them is as before.
    assert "ends_at" not in shown["Kept"]
    assert "until_round" not in shown["Kept"]
    assert shown["Ends"]["ends_at"] == "2026-11-28T12:00:00+00:00"
    assert shown["Next"]["until_round"] == 1
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    copied = {a.text: (a.ends_at, a.until_round) for a in report.event.announcements.all()}
    assert copied == {
        "Kept": (None, None),
        "Ends": (T0 + timedelta(hours=2), None),
        "Next": (None, 1),
    }

    def ends(doc):
        return [{k: v for k, v in a.items() if k != "created_by"} for a in doc["announcements"]]

    assert ends(without_stamp(export(report.event))) == ends(without_stamp(document))
    shown["Next"]["until_round"] = 0
    assert "announcements[2].until_round" in _refused(_resealed(document), "invalid_file")
