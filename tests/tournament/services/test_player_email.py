"""A player's optional email: taken at sign-up, by the API, the organiser's player page and the
CSV import, exported and imported; and "send me my link again", which mails the link when the
server has mail configured, says to ask the organiser when it has not, never tells whether an
address is registered, and is throttled."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from exchange.services.export import event_export_document
from exchange.services.importing.write import event_import
from tests.tournament.web.browser_form import form_data
from tournament.models import Player
from tournament.services.players.imports import import_players
from tournament.services.players.registration import registration_submit

pytestmark = pytest.mark.django_db

MAIL = {
    "EMAIL_HOST": "smtp.example.org",
    "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
    "DEFAULT_FROM_EMAIL": "events@example.org",
}


def test_api_takes_the_email_and_shows_it_to_staff_only(api, anon, event):
    made = api.post(
        f"/api/events/{event.pk}/players/", {"name": "Kim", "email": " Kim@Example.org "}
    )
    assert made.status_code == 201, made.json()
    assert made.json()["email"] == "Kim@Example.org"
    player = Player.objects.get(name="Kim")
    assert "email" not in anon.get(f"/api/events/{event.pk}/players/{player.pk}/").json()
    assert api.get(f"/api/events/{event.pk}/players/{player.pk}/").json()["email"]
    bad = api.patch(f"/api/events/{event.pk}/players/{player.pk}/", {"email": "not an address"})
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"email": ["invalid"]}
    cleared = api.patch(f"/api/events/{event.pk}/players/{player.pk}/", {"email": ""})
    assert cleared.json()["email"] == ""


def test_sign_up_csv_page_and_exchange_carry_the_email(client, event, organiser):
    event.registration_open = True
    event.save()
    registration_submit(event=event, name="Kim", faction="Orks", email="kim@example.org")
    import_players(event=event, user=organiser, raw="name,email\nLeo,leo@example.org\n")
    emails = dict(Player.objects.filter(event=event).values_list("name", "email"))
    assert emails == {"Kim": "kim@example.org", "Leo": "leo@example.org"}
    leo = Player.objects.get(name="Leo")
    client.force_login(organiser)
    url = reverse("manage-player", args=[event.pk, leo.pk])
    data = form_data(client.get(url).content.decode(), "Save")
    assert data["email"] == "leo@example.org"
    data["email"] = "leo@example.net"
    assert client.post(url, data).status_code == 302
    document = event_export_document(event=event)
    assert {p["email"] for p in document["players"]} == {"kim@example.org", "leo@example.net"}
    copy = event_import(raw=document, user=organiser).event
    assert set(copy.players.values_list("email", flat=True)) == {
        "kim@example.org",
        "leo@example.net",
    }


def test_without_mail_the_page_says_to_ask_the_organiser(client, event):
    page = client.get(reverse("player-link-again", args=[event.pk])).content.decode()
    assert "ask the organiser" in page
    assert 'name="email"' not in page


@override_settings(**MAIL)
def test_with_mail_the_link_is_sent_and_the_answer_is_the_same_either_way(client, event, players):
    Player.objects.filter(pk=players[0].pk).update(email="ann@example.org")
    url = reverse("player-link-again", args=[event.pk])
    assert 'name="email"' in client.get(url).content.decode()
    known = client.post(url, {"email": "ANN@example.org"})
    unknown = client.post(url, {"email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 200
    said = [
        re.sub(r"[A-Za-z0-9]{64}", "TOKEN", r.content.decode())  # CSRF tokens differ
        for r in (known, unknown)
    ]
    assert said[0] == said[1]
    assert "If that address is registered" in said[0]
    [message] = mail.outbox
    assert message.to == ["ann@example.org"]
    assert f"/p/{players[0].private_key}/" in message.body


@override_settings(**MAIL)
def test_asking_again_and_again_is_throttled(client, event):
    url = reverse("player-link-again", args=[event.pk])
    answers = [client.post(url, {"email": f"x{i}@example.org"}).status_code for i in range(8)]
    assert answers[:5] == [200] * 5
    assert answers[-1] == 429


def test_the_sign_up_page_takes_the_email_and_links_to_the_link_page(client, event):
    event.registration_open = True
    event.save()
    url = reverse("event-signup", args=[event.pk])
    page = client.get(url).content.decode()
    assert reverse("player-link-again", args=[event.pk]) in page
    assert "Emperor&#x27;s Children" in page
    assert "Imperial Agents" in page
    data = form_data(page, "Sign up")
    data.update(name="Ann Bell", faction="Necrons", email="ann@example.org")
    assert client.post(url, data).status_code == 302
    assert Player.objects.get(name="Ann Bell").email == "ann@example.org"
