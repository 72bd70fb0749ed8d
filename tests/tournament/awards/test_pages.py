"""The awards pages: public table, painting entry for organisers and judges (a form that
round-trips), the weights in the settings form, and the player's sportsmanship vote."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event, PaintingScore, SportsVote
from tournament.services.events.events import event_update
from tournament.services.standings.awards import painting_set

pytestmark = pytest.mark.django_db


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_public_awards_page_shows_the_overall_ranking(client, event, played, four, organiser):
    painting_set(event=event, player_id=four["Dan"].pk, score=19, user=organiser)
    html = client.get(reverse("event-awards", args=[event.pk])).content.decode()
    assert "Overall ranking" in html
    leaders, table = html.split("<h2>Overall ranking</h2>")
    assert "Best painted" in leaders
    assert "Dan" in leaders
    assert table.index("Ann") < table.index("Dan") < table.index("Bob")
    # Dan: a draw (1/2 × 3), painting 19/20 (× 1), no votes: (3/2 + 19/20) / 5 = 49%.
    assert "49.0%" in html
    assert "divided by 5" in html


def test_the_awards_tab_is_on_the_event_pages(client, event):
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert reverse("event-awards", args=[event.pk]) in html


def test_a_judge_enters_painting_scores_on_the_page(event, four, judge):
    client = _signed_in(judge)
    url = reverse("manage-awards", args=[event.pk])
    data = form_data(client.get(url).content.decode(), "Save painting scores")
    data[f"painting_{four['Cat'].pk}"] = "14"
    response = client.post(url, data)
    assert response.status_code == 302
    assert PaintingScore.objects.get(player=four["Cat"]).score == 14
    assert PaintingScore.objects.count() == 1


def test_saving_the_painting_form_unchanged_changes_nothing(event, four, organiser):
    painting_set(event=event, player_id=four["Ann"].pk, score=7, user=organiser)
    client = _signed_in(organiser)
    url = reverse("manage-awards", args=[event.pk])
    logged = AuditEntry.objects.count()
    data = form_data(client.get(url).content.decode(), "Save painting scores")
    assert data[f"painting_{four['Ann'].pk}"] == "7"
    assert data[f"painting_{four['Bob'].pk}"] == ""
    response = client.post(url, data)
    assert response.status_code == 302
    assert AuditEntry.objects.count() == logged
    assert dict(PaintingScore.objects.values_list("player__name", "score")) == {"Ann": 7}


def test_a_score_above_the_scale_is_shown_on_its_field_and_nothing_changes(event, four, organiser):
    client = _signed_in(organiser)
    url = reverse("manage-awards", args=[event.pk])
    data = form_data(client.get(url).content.decode(), "Save painting scores")
    data[f"painting_{four['Ann'].pk}"] = "5"
    data[f"painting_{four['Bob'].pk}"] = "25"
    response = client.post(url, data)
    assert response.status_code == 200
    assert "less than or equal to 20" in response.content.decode()
    assert not PaintingScore.objects.exists()


def test_saving_the_settings_form_keeps_the_awards_settings(event, organiser):
    event = event_update(
        event=event,
        user=organiser,
        changes={"painting_max": 30, "weight_battle": 5, "weight_painting": 2, "weight_sports": 0},
    )
    client = _signed_in(organiser)
    url = reverse("manage-settings", args=[event.pk])
    logged = AuditEntry.objects.count()
    data = form_data(client.get(url).content.decode(), "Save settings")
    assert data["weight_battle"] == "5"
    response = client.post(url, data)
    assert response.status_code == 302
    assert AuditEntry.objects.count() == logged
    event = Event.objects.get(pk=event.pk)
    assert (event.painting_max, event.weight_battle, event.weight_painting) == (30, 5, 2)
    data["weight_sports"] = "3"
    client.post(url, data)
    assert Event.objects.get(pk=event.pk).weight_sports == 3


def test_a_player_votes_from_their_page(client, played, four):
    key = four["Bob"].private_key
    html = client.get(reverse("player-home", args=[key])).content.decode()
    assert "Was Ann your favourite opponent?" in html
    url = reverse("player-sports-vote", args=[key, played["Ann"].pk])
    response = client.post(url, {"favourite": "yes"}, follow=True)
    assert "your vote for Ann counts" in response.content.decode()
    assert "You named Ann your favourite" in response.content.decode()
    vote = SportsVote.objects.get()
    assert (vote.voter, vote.opponent, vote.favourite) == (four["Bob"], four["Ann"], True)
    again = client.post(url, {"favourite": "no"}, follow=True)
    assert "already voted" in again.content.decode()
    assert SportsVote.objects.count() == 1


def test_before_the_result_the_page_says_when_to_vote(client, round1, four):
    html = client.get(reverse("player-home", args=[four["Ann"].private_key])).content.decode()
    assert "You can answer once the result is entered." in html


def test_a_refused_score_is_named_at_the_top_of_the_page(event, four, organiser):
    """Refused inline on one row of many, the page said nothing at the top: a summary names
    each refused row (its number and player) and links to its box."""
    client = _signed_in(organiser)
    url = reverse("manage-awards", args=[event.pk])
    data = form_data(client.get(url).content.decode(), "Save painting scores")
    data[f"painting_{four['Cat'].pk}"] = "99"
    html = client.post(url, data).content.decode()
    summary = html[html.index('id="painting-problems"') :]
    summary = summary[: summary.index("</div>")]
    assert "Nothing was saved" in summary
    assert "Row 3, Cat" in summary
    assert f'href="#id_painting_{four["Cat"].pk}"' in summary
    assert html.index('id="painting-problems"') < html.index('class="painting-form"')
