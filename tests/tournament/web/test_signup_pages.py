"""Sign-up pages, posted as a browser sends them: the public form, the player's private page
(status, withdrawing), the organiser's Sign-ups page and the settings that open sign-up."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event, Player
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_update
from tournament.services.players.registration import registration_submit

pytestmark = pytest.mark.django_db


def _open(event, organiser, **settings) -> Event:
    return event_update(
        event=event, user=organiser, changes={"registration_open": True, **settings}
    )


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _sign_up(client, event, **fields):
    url = reverse("event-signup", args=[event.pk])
    data = form_data(_page(client, url), "Sign up")
    data.update(fields)
    return client.post(url, data)


def test_signing_up_lands_on_the_private_page_with_the_status(event, organiser):
    _open(event, organiser, places=1)
    client = Client()
    page = _page(client, reverse("event-signup", args=[event.pk]))
    assert "1 places, 1 still free" in page
    assert '<option value="Necrons">Necrons</option>' in page

    response = _sign_up(client, event, name="Ann Bell", faction="Necrons", club="Dice Hard")
    player = Player.objects.get(name="Ann Bell")
    assert response.status_code == 302
    assert response["Location"] == reverse("player-home", args=[player.private_key])
    assert (player.status, player.faction, player.club) == ("approved", "Necrons", "Dice Hard")
    page = _page(client, response["Location"])
    assert "You have a place" in page
    assert "Withdraw from Test GT" in page

    for name in ("Bo Chan", "Cy Dee", "Di Eve"):
        response = _sign_up(Client(), event, name=name, faction="Orks")
    page = _page(Client(), response["Location"])
    assert "On the waiting list: 3rd" in page
    assert "Round 1 is not paired yet" not in page


def test_a_pending_sign_up_sees_it_awaits_approval(event, organiser):
    _open(event, organiser, registration_approval=True)
    response = _sign_up(Client(), event, name="Ann Bell", faction="Orks")
    page = _page(Client(), response["Location"])
    assert "Awaiting the organiser's approval" in page


@pytest.mark.parametrize(
    ("fields", "label", "message"),
    [
        ({"name": ""}, "Your name", "This field is required."),
        ({"faction": ""}, "Faction", "This field is required."),
        ({"faction": "Squats"}, "Faction", "Select a valid choice."),
        ({"name": "PLAYER 001"}, "Your name", "A player called Player 001 is already registered"),
        ({"name": "\u200b"}, "Your name", "Must hold a visible character"),
        ({"name": "Ann\u202eBell"}, "Your name", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ],
)
@pytest.mark.usefixtures("players")
def test_refused_sign_ups_say_which_field_and_why(event, organiser, fields, label, message):
    _open(event, organiser)
    count = Player.objects.count()
    response = _sign_up(Client(), event, **{"name": "Ann Bell", "faction": "Orks", **fields})
    assert response.status_code in (400, 409)
    page = html.unescape(response.content.decode())
    # The message sits in the field's own label, under the label the person reads.
    field = page[page.index(f"<span>{label}</span>") :]
    field = field[: field.index("</label>")]
    assert message in field
    assert Player.objects.count() == count


def test_a_closed_sign_up_says_so_and_takes_nobody(event, organiser, client):
    page = _page(client, reverse("event-signup", args=[event.pk]))
    assert "Sign-up for this event is closed" in page
    assert "Sign up</button>" not in page
    response = client.post(
        reverse("event-signup", args=[event.pk]), {"name": "Ann Bell", "faction": "Orks"}
    )
    assert response.status_code == 409
    assert "Sign-up for Test GT is closed." in response.content.decode()
    assert not Player.objects.exists()


def test_the_public_page_links_to_sign_up_and_lists_the_field_only(event, organiser, client):
    url = reverse("event", args=[event.pk])
    assert reverse("event-signup", args=[event.pk]) not in _page(client, url)
    _open(event, organiser, places=1)
    registration_submit(event=event, name="Ann Bell", faction="Orks")
    registration_submit(event=event, name="Bo Chan", faction="Orks")
    page = _page(client, url)
    assert reverse("event-signup", args=[event.pk]) in page
    assert "Ann Bell" in page
    assert "Bo Chan" not in page


def test_withdrawing_from_the_private_page_moves_the_list_up(event, organiser, client):
    _open(event, organiser, places=1)
    holder = registration_submit(event=event, name="Ann Bell", faction="Orks")
    waiting = registration_submit(event=event, name="Bo Chan", faction="Orks")
    url = reverse("player-home", args=[holder.private_key])
    data = form_data(_page(client, url), "Withdraw from Test GT")
    response = client.post(reverse("player-withdraw", args=[holder.private_key]), data)
    assert response.status_code == 302
    assert "You have withdrawn from this event" in _page(client, url)
    assert Player.objects.get(pk=waiting.pk).status == "approved"
    assert "You have a place" in _page(client, reverse("player-home", args=[waiting.private_key]))


def test_the_sign_ups_page_approves_within_the_places(event, organiser, org_client):
    _open(event, organiser, places=1, registration_approval=True)
    first = registration_submit(event=event, name="Ann Bell", faction="Orks")
    waiting = registration_submit(event=event, name="Bo Chan", faction="Orks")
    url = reverse("manage-signups", args=[event.pk])
    page = _page(org_client, url)
    assert "Ann Bell" in page
    assert "Bo Chan" in page
    assert reverse("event-signup", args=[event.pk]) in page
    assert "<svg" in page  # the QR code to share

    refused = org_client.post(
        reverse("manage-signup-approve", args=[event.pk, waiting.pk]), {"next": url}, follow=True
    )
    assert "Cannot approve Bo Chan: all 1 places are taken or held for approval" in html.unescape(
        refused.content.decode()
    )
    assert Player.objects.get(pk=waiting.pk).status == "waiting"

    org_client.post(reverse("manage-signup-approve", args=[event.pk, first.pk]))
    assert Player.objects.get(pk=first.pk).status == "approved"
    org_client.post(reverse("manage-signup-reject", args=[event.pk, first.pk]))
    assert Player.objects.get(pk=first.pk).status == "rejected"
    # Rejected before the event: the place goes to the first waiting, who awaits approval.
    assert Player.objects.get(pk=waiting.pk).status == "pending"
    page = _page(org_client, url)
    assert "Rejected and withdrawn" in page


def test_the_players_dashboard_lists_the_field_and_counts_sign_ups(event, organiser, org_client):
    _open(event, organiser, registration_approval=True)
    registration_submit(event=event, name="Ann Bell", faction="Orks")
    page = _page(org_client, reverse("manage-event", args=[event.pk]))
    assert "sign-ups to decide" in page
    assert "Ann Bell" not in page


def fields_of(event: Event) -> dict:
    event = Event.objects.get(pk=event.pk)
    return {f.attname: getattr(event, f.attname) for f in Event._meta.concrete_fields}


@pytest.mark.parametrize(
    "settings",
    [{}, {"places": 40, "registration_approval": True}, {"status": "finished"}],
    ids=["automatic status", "places", "status set by hand"],
)
def test_the_settings_form_round_trips_the_sign_up_settings(event, organiser, org_client, settings):
    event = _open(event, organiser, **settings)
    url = reverse("manage-settings", args=[event.pk])
    before, logged = fields_of(event), AuditEntry.objects.count()
    response = org_client.post(url, form_data(_page(org_client, url), "Save settings"))
    assert response.status_code == 302
    assert fields_of(event) == before
    assert AuditEntry.objects.count() == logged


def test_the_settings_form_opens_sign_up_with_places(event, org_client):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(_page(org_client, url), "Save settings")
    data.update(registration_open="on", places="24", registration_approval="on")
    assert org_client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert (event.registration_open, event.places, event.registration_approval) == (True, 24, True)
    entry = AuditEntry.objects.filter(action="event_update").first()
    # PostgreSQL's JSON keeps its own key order: compare the changes, not their order.
    assert set(audit_describe([entry])[entry.pk].split("; ")) == {
        "Sign-up open: no → yes",
        "Places: none → 24",
        "Sign-ups need approval: no → yes",
    }


def test_bad_places_in_the_settings_form_name_the_field(event, org_client):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(_page(org_client, url), "Save settings")
    data["places"] = "0"
    response = org_client.post(url, data)
    assert response.status_code == 200
    assert "Ensure this value is greater than or equal to 1." in response.content.decode()
    event.refresh_from_db()
    assert event.places is None


def test_the_sign_ups_page_says_round_1_closed_sign_up(event, organiser, org_client):
    from tests.conftest import add_players
    from tournament.services.rounds.rounds import round_create

    _open(event, organiser)
    add_players(event, organiser, 4)
    round_create(event_id=event.pk, user=organiser, seed=1)
    page = _page(org_client, reverse("manage-signups", args=[event.pk]))
    assert "Pairing round 1 closed it" in page
    assert "only to take late entries" in page


def test_sign_up_asks_battle_ready(event, organiser):
    """Battle Ready (+10 VP a game) is asked at sign-up, on the page and in the API."""
    from rest_framework.test import APIClient

    _open(event, organiser)
    page = _page(Client(), reverse("event-signup", args=[event.pk]))
    assert 'name="battle_ready"' in page
    ticked = _sign_up(Client(), event, name="Ann Bell", faction="Orks", battle_ready="on")
    assert ticked.status_code == 302
    assert _sign_up(Client(), event, name="Bo Chan", faction="Orks").status_code == 302
    body = {"name": "Cy Dee", "faction": "Orks", "battle_ready": True}
    api = APIClient().post(f"/api/events/{event.pk}/signup/", body, format="json")
    assert api.status_code == 201
    ready = dict(event.players.values_list("name", "battle_ready"))
    assert ready == {"Ann Bell": True, "Bo Chan": False, "Cy Dee": True}
