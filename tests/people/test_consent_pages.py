"""Publication consent on the pages and the API (issue 36): asked at sign-up and on the
player's own page, shown read-only to the staff with its dates, in my-data.json, and read and
answered through the API with the player's own key only."""

from __future__ import annotations

import html
import json

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from people.models import PublicationConsent
from people.services.consent import consent_record, results_withheld_player_ids
from tests.conftest import add_players
from tests.tournament.web.browser_form import form_data
from tournament.models import Player
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_sign_up_asks_and_records_where(event, organiser):
    event_update(event=event, user=organiser, changes={"registration_open": True})
    url = reverse("event-signup", args=[event.pk])
    page = _page(Client(), url)
    assert "May your results be published beyond this event" in page
    data = form_data(page, "Sign up")
    data.update(name="Ann Bell", faction="Necrons", consent_results="no", consent_lists="yes")
    assert Client().post(url, data).status_code == 302
    player = Player.objects.get(name="Ann Bell")
    row = PublicationConsent.objects.get(player=player)
    assert (row.results, row.lists, row.via) == (False, True, "signup")
    assert results_withheld_player_ids(event_id=event.pk) == frozenset({player.pk})
    # Left unanswered: nothing recorded, the player is "not asked".
    data.update(name="Bo Chan", consent_results="", consent_lists="")
    Client().post(url, data)
    assert not PublicationConsent.objects.filter(player__name="Bo Chan").exists()


def test_the_player_answers_on_their_page_and_staff_read_it(event, organiser, org_client):
    (player,) = add_players(event, organiser, 1)
    home = reverse("player-home", args=[player.private_key])
    page = _page(Client(), home)
    assert "Publishing beyond this event" in page
    data = form_data(page, "Save my answer")
    assert (data["consent_results"], data["consent_lists"]) == ("", "")
    # Saving unchanged records nothing.
    Client().post(reverse("my-consent", args=[player.private_key]), data)
    assert PublicationConsent.objects.count() == 0
    data.update(consent_results="yes", consent_lists="no")
    response = Client().post(reverse("my-consent", args=[player.private_key]), data)
    assert response.status_code == 302
    row = PublicationConsent.objects.get()
    assert (row.results, row.lists, row.via) == (True, False, "player_page")
    # The page shows the answer given; saved again unchanged, nothing more is kept.
    data = form_data(_page(Client(), home), "Save my answer")
    assert (data["consent_results"], data["consent_lists"]) == ("yes", "no")
    Client().post(reverse("my-consent", args=[player.private_key]), data)
    assert PublicationConsent.objects.count() == 1
    staff = _page(org_client, reverse("manage-player", args=[event.pk, player.pk]))
    assert "results yes, army list no" in staff
    assert "On the player's own page" in staff
    mine = json.loads(Client().get(reverse("my-data", args=[player.private_key])).content)
    consent = mine["players"][0]["publication_consent"]
    assert (consent["results"], consent["lists"]) == (True, False)
    assert consent["history"][0]["via"] == "player_page"
    assert Client().post(reverse("my-consent", args=["not-a-key"]), data).status_code == 403


def test_the_api_takes_the_players_own_key_only(event, organiser, api):
    anna, bram = add_players(event, organiser, 2)
    url = reverse("api-player-consent", args=[event.pk, anna.pk])
    own = APIClient()
    own.credentials(HTTP_AUTHORIZATION=f"Key {anna.private_key}")
    assert own.get(url).json() == {"results": None, "lists": None, "history": []}
    answer = own.put(url, {"results": False, "lists": None}, format="json")
    assert answer.status_code == 200
    assert answer.json()["results"] is False
    assert answer.json()["history"][0]["via"] == "player_page"
    refused = own.put(url, {"results": True, "lists": None, "public": 1}, format="json")
    assert refused.status_code == 400
    assert "public" in refused.json()
    missing = own.put(url, {"results": True}, format="json")
    assert missing.status_code == 400
    assert "lists" in missing.json()
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Key {bram.private_key}")
    assert other.get(url).status_code == 403
    assert APIClient().get(url).status_code in (401, 403)
    assert PublicationConsent.objects.count() == 1
    consent_record(player=anna, results=True, lists=True, via="staff", user=organiser)
    assert [h["via"] for h in own.get(url).json()["history"]] == ["player_page", "staff"]


def test_the_api_sign_up_records_the_answers(event, organiser):
    event_update(event=event, user=organiser, changes={"registration_open": True})
    url = reverse("api-signup", args=[event.pk])
    body = {"name": "Cy Dee", "faction": "Orks", "consent_results": True, "consent_lists": False}
    assert APIClient().post(url, body, format="json").status_code == 201
    row = PublicationConsent.objects.get(player__name="Cy Dee")
    assert (row.results, row.lists, row.via) == (True, False, "signup")
    refused = APIClient().post(
        url, {"name": "Di Eve", "faction": "Orks", "consent_results": "maybe"}, format="json"
    )
    assert refused.status_code == 400
    assert "consent_results" in refused.json()
    assert not Player.objects.filter(name="Di Eve").exists()
    # Not answered: nothing recorded.
    APIClient().post(url, {"name": "Ed Fay", "faction": "Orks"}, format="json")
    assert not PublicationConsent.objects.filter(player__name="Ed Fay").exists()
