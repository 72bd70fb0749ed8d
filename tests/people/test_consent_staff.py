"""The staff record a player's publication consent on their behalf (issue 36): a small form on
the staff's page of the player, for organisers and judges, kept with source "staff" and logged;
saved unchanged it keeps nothing more; another organiser's event is refused."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from people.models import PublicationConsent
from tests.conftest import add_players
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry
from tournament.services.events.staff import staff_add

pytestmark = pytest.mark.django_db


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_the_staff_record_an_answer_and_saving_unchanged_keeps_nothing(
    event, organiser, org_client
):
    (player,) = add_players(event, organiser, 1)
    page_url = reverse("manage-player", args=[event.pk, player.pk])
    save_url = reverse("manage-player-consent", args=[event.pk, player.pk])
    data = form_data(_page(org_client, page_url), "Record the answer")
    assert (data["consent_results"], data["consent_lists"]) == ("", "")
    # Unchanged (never asked): nothing kept, nothing logged.
    assert org_client.post(save_url, data).status_code == 302
    assert PublicationConsent.objects.count() == 0
    data.update(consent_results="yes", consent_lists="no")
    assert org_client.post(save_url, data).status_code == 302
    row = PublicationConsent.objects.get()
    assert (row.results, row.lists, row.via, row.user) == (True, False, "staff", organiser)
    logged = AuditEntry.objects.filter(action="consent_record").get()
    assert logged.target == f"player:{player.pk}"
    assert logged.after == {"results": True, "lists": False}
    page = _page(org_client, page_url)
    assert "results yes, army list no" in page
    assert "By the staff on the player's behalf" in page
    audit = _page(org_client, reverse("manage-audit", args=[event.pk]))
    assert "Publication consent recorded" in audit
    # The form shows the answer now kept; saved again unchanged it keeps nothing more.
    data = form_data(page, "Record the answer")
    assert (data["consent_results"], data["consent_lists"]) == ("yes", "no")
    org_client.post(save_url, data)
    assert PublicationConsent.objects.count() == 1
    assert AuditEntry.objects.filter(action="consent_record").count() == 1


def test_a_judge_records_an_answer(event, organiser):
    (player,) = add_players(event, organiser, 1)
    judge = get_user_model().objects.create_user("judy", password="pw")
    staff_add(event=event, user=organiser, username="judy", role="judge")
    client = Client()
    client.force_login(judge)
    save_url = reverse("manage-player-consent", args=[event.pk, player.pk])
    data = {"consent_results": "no", "consent_lists": ""}
    assert client.post(save_url, data).status_code == 302
    row = PublicationConsent.objects.get()
    assert (row.results, row.lists, row.via, row.user) == (False, None, "staff", judge)


def test_a_bad_answer_is_refused_naming_the_field(event, organiser, org_client):
    (player,) = add_players(event, organiser, 1)
    save_url = reverse("manage-player-consent", args=[event.pk, player.pk])
    response = org_client.post(save_url, {"consent_results": "maybe", "consent_lists": ""})
    assert response.status_code == 302
    page = _page(org_client, response.url)
    assert 'Must be "yes", "no" or empty (not answered).' in page
    assert PublicationConsent.objects.count() == 0


def test_another_organisers_event_and_player_are_refused(event, organiser, other_organiser):
    (player,) = add_players(event, organiser, 1)
    client = Client()
    client.force_login(other_organiser)
    save_url = reverse("manage-player-consent", args=[event.pk, player.pk])
    assert client.post(save_url, {"consent_results": "yes"}).status_code in (403, 404)
    # A player of another event under this organiser's own event: no such player.
    from tournament.services.events.events import event_create

    own = event_create(user=other_organiser, name="Rival GT", rounds=3, seed=1)
    foreign = reverse("manage-player-consent", args=[own.pk, player.pk])
    assert client.post(foreign, {"consent_results": "yes"}).status_code == 404
    assert client.get(save_url).status_code in (403, 404, 405)
    assert PublicationConsent.objects.count() == 0
