"""One faction list for every form and the CSV import; known spellings become the list's name.

The organiser may keep a faction not in the list (the API warns, forms ask first); only the
public sign-up refuses one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from common.errors import Invalid
from tournament.data.factions import FACTIONS, faction_canonical, faction_known
from tournament.models import Player
from tournament.services.players.imports import import_players, import_preview
from tournament.services.players.registration import registration_factions, registration_submit

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Tau Empire", "T'au Empire"),
        ("t’au empire", "T'au Empire"),
        ("  ORKS ", "Orks"),
        ("Emperor’s Children", "Emperor's Children"),
        ("Agents of the Imperium", "Imperial Agents"),
        ("Ultramarines", "Space Marines"),
    ],
)
def test_known_spellings_map_to_the_lists_name(typed, name):
    assert faction_known(typed) == name
    assert faction_canonical(typed) == name


def test_an_unknown_faction_is_kept_as_typed():
    assert faction_known("Squiggoth Riders") is None
    assert faction_canonical(" Squiggoth   Riders ") == "Squiggoth Riders"


def test_sign_up_lists_the_current_factions():
    assert "Emperor's Children" in registration_factions()
    assert "Imperial Agents" in registration_factions()
    assert registration_factions() == FACTIONS


def test_api_maps_a_spelling_and_warns_about_an_unknown_faction(api, event):
    known = api.post(f"/api/events/{event.pk}/players/", {"name": "Kim", "faction": "Tau Empire"})
    assert known.status_code == 201, known.json()
    assert known.json()["faction"] == "T'au Empire"
    assert known.json()["warnings"] == []
    odd = api.post(f"/api/events/{event.pk}/players/", {"name": "Leo", "faction": "Squigs"})
    assert odd.status_code == 201
    assert odd.json()["faction"] == "Squigs"
    [warning] = odd.json()["warnings"]
    assert (warning["field"], warning["code"]) == ("faction", "unknown_faction")
    assert "Squigs" in warning["message"]
    patched = api.patch(
        f"/api/events/{event.pk}/players/{known.json()['id']}/", {"faction": "Eldar"}
    )
    assert patched.json()["faction"] == "Aeldari"
    assert patched.json()["warnings"] == []


def test_csv_import_maps_spellings_and_notes_an_unknown_faction(event, organiser):
    raw = "name,faction\nKim,Tau Empire\nLeo,Squigs\n"
    rows = import_preview(event=event, raw=raw)
    assert [r.ok for r in rows] == [True, True]
    assert rows[0].data["faction"] == "T'au Empire"
    assert rows[1].notes
    assert "Squigs" in rows[1].notes[0]
    import_players(event=event, user=organiser, raw=raw)
    factions = dict(Player.objects.filter(event=event).values_list("name", "faction"))
    assert factions == {"Kim": "T'au Empire", "Leo": "Squigs"}


def test_public_sign_up_refuses_an_unknown_faction(event):
    event.registration_open = True
    event.save()
    with pytest.raises(Invalid) as caught:
        registration_submit(event=event, name="Kim", faction="Squigs")
    assert "faction" in caught.value.messages


def test_organiser_form_asks_before_keeping_an_unknown_faction(client, event, organiser):
    client.force_login(organiser)
    url = reverse("manage-player-add", args=[event.pk])
    asked = client.post(url, {"name": "Leo", "faction": "Squigs"})
    assert asked.status_code == 400
    assert "not in the faction list" in asked.content.decode()
    assert 'type="checkbox" name="faction_confirmed"' in asked.content.decode()
    assert not Player.objects.filter(event=event).exists()
    kept = client.post(url, {"name": "Leo", "faction": "Squigs", "faction_confirmed": "on"})
    assert kept.status_code == 302
    mapped = client.post(url, {"name": "Kim", "faction": "tau empire"})
    assert mapped.status_code == 302
    factions = dict(Player.objects.filter(event=event).values_list("name", "faction"))
    assert factions == {"Leo": "Squigs", "Kim": "T'au Empire"}
    page = client.get(reverse("manage-event", args=[event.pk])).content.decode()
    assert "<datalist" in page
    assert "Emperor&#x27;s Children" in page
