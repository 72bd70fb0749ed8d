"""Display-name modes on the forms (issue 36): the event's setting on the new-event and
settings pages (logged in words, undoable), the nickname at sign-up, on the player's own page
and on the staff's player page, checked as names are and unique in the event."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import add_players
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event, Player
from tournament.services.audit.log import audit_undo
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_the_new_event_form_chooses_how_names_are_shown(org_client):
    page = _page(org_client, reverse("manage-event-new"))
    assert "First name and initial (Anna K.)" in page
    data = form_data(page, "Create event")
    assert data["public_names"] == "full"
    data.update(name="Quiet GT", public_names="initial")
    assert org_client.post(reverse("manage-event-new"), data).status_code == 302
    assert Event.objects.get(name="Quiet GT").public_names == "initial"


def test_the_setting_is_logged_in_words_and_undone(org_client, event, organiser):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(_page(org_client, url), "Save settings")
    data["public_names"] = "nickname"
    assert org_client.post(url, data).status_code == 302
    entry = AuditEntry.objects.filter(action="event_update").latest("id")
    words = audit_describe([entry])[entry.pk]
    assert "Names shown to the public" in words
    assert "The nickname each player chooses" in words
    audit_undo(entry_id=entry.pk, user=organiser)
    assert Event.objects.get(pk=event.pk).public_names == "full"
    # A script's post without the field leaves it alone.
    event_update(event=event, user=organiser, changes={"public_names": "initial"})
    del data["public_names"]
    org_client.post(url, data)
    assert Event.objects.get(pk=event.pk).public_names == "initial"


def test_a_bad_setting_is_refused_naming_it(api, event):
    url = reverse("api-event", args=[event.pk])
    response = api.patch(url, {"public_names": "surname"}, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"public_names": ["invalid_choice"]}


def test_nickname_at_sign_up_only_when_the_event_shows_nicknames(event, organiser):
    event_update(event=event, user=organiser, changes={"registration_open": True})
    url = reverse("event-signup", args=[event.pk])
    assert "Nickname" not in _page(Client(), url)
    event_update(event=event, user=organiser, changes={"public_names": "nickname"})
    data = form_data(_page(Client(), url), "Sign up")
    data.update(name="Anna Kowalska", faction="Orks", nickname="Warbossa")
    assert Client().post(url, data).status_code == 302
    assert Player.objects.get(name="Anna Kowalska").nickname == "Warbossa"
    # The same nickname in other capitals is taken; the form comes back saying so.
    data.update(name="Bo Chan", nickname="WARBOSSA")
    response = Client().post(url, data)
    assert response.status_code == 409
    assert "choose another nickname" in html.unescape(response.content.decode())
    assert not Player.objects.filter(name="Bo Chan").exists()


def test_the_player_sets_their_nickname_on_their_page(event, organiser):
    event_update(event=event, user=organiser, changes={"public_names": "nickname"})
    anna, bram = add_players(event, organiser, 2)
    home = reverse("player-home", args=[anna.private_key])
    page = _page(Client(), home)
    # No nickname yet: the first name and initial.
    assert "show you as <strong>Player 0.</strong>" in page
    data = form_data(page, "Save nickname")
    data["nickname"] = "  Grim   Tooth "
    Client().post(reverse("player-nickname", args=[anna.private_key]), data)
    anna.refresh_from_db()
    assert anna.nickname == "Grim Tooth"
    assert "show you as <strong>Grim Tooth</strong>" in _page(Client(), home)
    entry = AuditEntry.objects.filter(action="player_nickname").get()
    assert "Nickname" in audit_describe([entry])[entry.pk]
    # Saved unchanged: nothing logged.
    Client().post(reverse("player-nickname", args=[anna.private_key]), {"nickname": "Grim Tooth"})
    assert AuditEntry.objects.filter(action="player_nickname").count() == 1
    # Another player's name or nickname is refused, naming the rule.
    response = Client().post(
        reverse("player-nickname", args=[bram.private_key]), {"nickname": "grim tooth"}, follow=True
    )
    assert "choose another nickname" in html.unescape(response.content.decode())
    Client().post(reverse("player-nickname", args=[bram.private_key]), {"nickname": "player 001"})
    assert Player.objects.get(pk=bram.pk).nickname == ""
    # Direction controls are refused as in names.
    Client().post(reverse("player-nickname", args=[bram.private_key]), {"nickname": "a\u202eb"})
    assert Player.objects.get(pk=bram.pk).nickname == ""


def test_the_staff_player_page_round_trips_with_the_nickname(org_client, event, organiser):
    (anna,) = add_players(event, organiser, 1, nickname="Warbossa")
    url = reverse("manage-player", args=[event.pk, anna.pk])
    data = form_data(_page(org_client, url), "Save")
    assert data["nickname"] == "Warbossa"
    logged = AuditEntry.objects.count()
    assert org_client.post(url, data).status_code == 302
    assert AuditEntry.objects.count() == logged
    data["nickname"] = "x" * 41
    org_client.post(url, data)
    assert Player.objects.get(pk=anna.pk).nickname == "Warbossa"
