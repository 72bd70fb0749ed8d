"""The day of the event on the pages: the organiser's clock buttons and announcements, the
clock and announcements on players' and public pages, the big screen, and printed pairings."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from unittest.mock import patch

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.tournament.printing.helpers import pdf_pages
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event, Round
from tournament.services.documents.printing import print_document
from tournament.services.live.announcements import announcement_post
from tournament.services.live.clock import round_clock_act
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


def at(minutes: float):
    return patch("django.utils.timezone.now", return_value=T0 + timedelta(minutes=minutes))


def clock_post(org_client, event, when=0.0, **data):
    with at(when):
        return org_client.post(reverse("manage-clock", args=[event.pk, 1]), data, follow=True)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


# The organiser's rounds page -----------------------------------------------------------------


def test_rounds_page_offers_start_with_the_default_length(org_client, event, paired):
    html = org_client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert "Start the clock" in html
    data = form_data(html, "Start the clock")
    assert data["action"] == "start"
    assert data["minutes"] == "180"  # Strike Force: 3 h
    assert "Pause" not in html


def test_start_pause_resume_and_extend_from_the_page(org_client, event, paired):
    started = clock_post(org_client, event, action="start", minutes="120")
    assert messages_of(started) == ["Round 1's clock started: 2 h 0 min to play."]
    html = started.content.decode()
    assert "Pause" in html
    assert "+5 min" in html
    assert "Add minutes" in html
    assert "Start the clock" not in html
    assert "ends at 12:00, Mon 23 Nov" in html
    paused = clock_post(org_client, event, 30, action="pause")
    assert messages_of(paused) == ["Round 1's clock paused with 1 h 30 min left."]
    assert "Resume" in paused.content.decode()
    resumed = clock_post(org_client, event, 40, action="resume")
    assert messages_of(resumed) == ["Round 1's clock running again: 1 h 30 min left."]
    plus5 = form_data(resumed.content.decode(), "+5 min")
    assert plus5 == {"csrfmiddlewaretoken": plus5["csrfmiddlewaretoken"], "action": "extend"} | {
        "minutes": "5"
    }
    extended = clock_post(org_client, event, 40, **plus5)
    assert messages_of(extended) == ["Round 1's clock now has 1 h 35 min left."]
    assert Round.objects.get(event=event, number=1).clock_ends_at == T0 + timedelta(minutes=135)
    log = org_client.get(reverse("manage-audit", args=[event.pk])).content.decode()
    assert escape("Extended round 1's clock by 5 min") in log


def test_a_refused_clock_action_says_why_and_changes_nothing(org_client, event, paired):
    before = Round.objects.filter(pk=paired.pk).values().get()
    response = clock_post(org_client, event, action="pause")
    assert messages_of(response) == [
        "Round 1: Only a running clock can be paused (it has not started)."
    ]
    bad = clock_post(org_client, event, action="start", minutes="two")
    assert messages_of(bad) == ["Minutes: Must be a whole number of minutes."]
    assert Round.objects.filter(pk=paired.pk).values().get() == before


# Players' and public pages -------------------------------------------------------------------


def test_player_and_public_pages_show_the_clock_and_announcements(client, event, paired, game):
    organiser = event.staff.get()
    with at(0):
        round_clock_act(event=event, round_number=1, user=organiser, action="start")
        announcement_post(event=event, user=organiser, text="Lunch is served at 13:00")
    pages = [
        reverse("player-home", args=[game.player_a.private_key]),
        reverse("event", args=[event.pk]),
        reverse("event-pairings", args=[event.pk]),
        reverse("event-standings", args=[event.pk]),
    ]
    for url in pages:
        with at(20):
            html = client.get(url).content.decode()
        # Without JavaScript: the end time with its date; with it, clock.js counts down.
        assert "Round 1" in html, url
        assert "ends at 13:00, Mon 23 Nov" in html, url
        assert 'data-state="running"' in html
        assert 'data-remaining-s="9600"' in html
        assert "js/clock.js" in html
        assert "Lunch is served at 13:00" in html
        assert "Mon 23 Nov, 10:00" in html  # the announcement's date and time


def test_the_strip_answers_304_until_something_changes(client, event, paired):
    organiser = event.staff.get()
    url = reverse("event-now", args=[event.pk])
    first = client.get(url)
    assert first.status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    announcement_post(event=event, user=organiser, text="Round 2 at 14:00")
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert "Round 2 at 14:00" in changed.content.decode()
    # The page is rendered with the strip's current ETag, so its first poll is already a 304.
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert f'data-etag="{escape(changed["ETag"])}"' in page


def test_no_clock_before_round_one(client, event, players):
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "data-clock" not in html


# Organiser's dashboard: announcements --------------------------------------------------------


def test_announce_and_remove_from_the_dashboard(org_client, event):
    url = reverse("manage-event", args=[event.pk])
    html = org_client.get(url).content.decode()
    assert reverse("event-screen", args=[event.pk]) in html
    data = form_data(html, "Announce")
    data["text"] = "Round 1 starts at 10:00"
    with at(0):
        posted = org_client.post(reverse("manage-announce", args=[event.pk]), data, follow=True)
    page = posted.content.decode()
    assert "Round 1 starts at 10:00" in page
    assert "Mon 23 Nov, 10:00" in page
    announcement = event.announcements.get()
    removed = org_client.post(
        reverse("manage-announcement-delete", args=[event.pk, announcement.pk]), follow=True
    )
    assert messages_of(removed) == ["Announcement removed."]
    assert not event.announcements.exists()


def test_an_empty_announcement_is_refused_by_its_label(org_client, event):
    response = org_client.post(
        reverse("manage-announce", args=[event.pk]), {"text": "  "}, follow=True
    )
    assert messages_of(response) == ["Announcement: Write the message to announce."]
    assert not event.announcements.exists()


# Settings: the round length ------------------------------------------------------------------


def test_the_round_length_is_a_setting_logged_in_words(org_client, event):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    assert data["round_minutes"] == ""
    data["round_minutes"] = "150"
    assert org_client.post(url, data).status_code == 302
    assert Event.objects.get(pk=event.pk).round_minutes == 150
    entry = AuditEntry.objects.filter(action="event_update").latest("pk")
    assert entry.after == {"round_minutes": 150}
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    assert data["round_minutes"] == "150"
    data["round_minutes"] = "0"
    refused = org_client.post(url, data)
    assert refused.status_code == 200
    assert "Ensure this value is greater than or equal to 1." in refused.content.decode()


# The big screen ------------------------------------------------------------------------------


def test_the_big_screen_shows_clock_pairings_announcements_and_standings(client, event, game):
    organiser = event.staff.get()
    with at(0):
        round_clock_act(event=event, round_number=1, user=organiser, action="start")
        announcement_post(event=event, user=organiser, text="Painting contest at 15:00")
    result_enter(game_id=game.pk, data={"vp_a": 80, "vp_b": 40}, user=organiser)
    with at(5):
        html = client.get(reverse("event-screen", args=[event.pk])).content.decode()
    assert 'data-state="running"' in html
    assert "ends at 13:00, Mon 23 Nov" in html
    for g in Round.objects.get(event=event, number=1).games.select_related("player_a", "player_b"):
        assert g.player_a.name in html
        if g.player_b:
            assert g.player_b.name in html
    assert "Painting contest at 15:00" in html
    assert "Confirmed results and byes only." in html
    top = re.findall(r'<span class="name">([^<]+)</span>', html)
    assert top[0] == game.player_a.name  # the only confirmed win leads
    assert len(top) == 8
    assert "js/screen.js" in html
    assert "js/clock.js" in html


def test_the_big_screen_polls_cheaply(client, event, paired):
    url = reverse("event-screen-live", args=[event.pk])
    first = client.get(url)
    assert first.status_code == 200
    assert first["Cache-Control"] == "no-cache"
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    announcement_post(event=event, user=event.staff.get(), text="Last round!")
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_the_public_page_links_the_big_screen(client, event):
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert reverse("event-screen", args=[event.pk]) in html


# Printed pairings ----------------------------------------------------------------------------


def test_printed_pairings_carry_the_round_length_then_its_end(event, paired):
    organiser = event.staff.get()
    text = pdf_pages(print_document(event=event, kind="pairings", round_number=1))[0]
    assert "Round length 3 h 0 min" in text
    with at(0):
        round_clock_act(event=event, round_number=1, user=organiser, action="start")
    with at(1):
        text = pdf_pages(print_document(event=event, kind="pairings", round_number=1))[0]
    assert "Round ends 13:00, Mon 23 Nov" in text
