"""The faction, Force Disposition and detachments recorded for a player come from their list
when it states them (detachments: tests/rosters/test_recorded_detachments.py): filled when
empty (logged, undoable), and a mismatch with what is recorded is shown to the staff (Lists
page, list API) with a one-click "use the list's", never changed silently."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from rosters.services.armylists import army_list_submit
from rosters.services.checking import roster_read
from rosters.services.recorded import list_recorded_from, recorded_mismatch
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Player
from tournament.services.audit.log import audit_undo
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_update
from tournament.services.players.players import player_register

pytestmark = pytest.mark.django_db

ORKS = (Path(__file__).parent / "lists" / "gw_app_11th_orks.txt").read_text()
BLOOD_ANGELS = (Path(__file__).parent / "lists" / "new_recruit_10th_blood_angels.txt").read_text()


def _player(event, organiser, name="Ana", **fields):
    return player_register(event=event, user=organiser, name=name, **fields)


def test_what_a_list_states_maps_to_the_projects_names():
    assert list_recorded_from(roster_read(text=ORKS), eleventh=True) == {
        "faction": "Orks",
        "disposition": "take-and-hold",
        "detachments": ["War Horde"],
    }
    # Disposition only for 11th-edition events.
    assert list_recorded_from(roster_read(text=ORKS), eleventh=False) == {
        "faction": "Orks",
        "detachments": ["War Horde"],
    }


def test_a_faction_that_maps_to_two_names_is_not_taken():
    roster = roster_read(text=BLOOD_ANGELS)
    assert "Blood Angels" in (roster.faction or "")
    assert "faction" not in list_recorded_from(roster, eleventh=False)


def test_an_empty_faction_and_disposition_are_filled_from_the_list_logged_and_undoable(
    eleventh, organiser
):
    ana = _player(eleventh, organiser, faction="")
    army_list_submit(player=ana, text=ORKS, by_player=True)
    ana = Player.objects.get(pk=ana.pk)
    assert (ana.faction, ana.disposition) == ("Orks", "take-and-hold")
    entry = AuditEntry.objects.get(action="army_list_recorded")
    # The detachments are filled with them, on the same line (tests/rosters/
    # test_recorded_detachments.py undoes them alone).
    assert entry.before == {"faction": "", "disposition": "", "detachments": []}
    assert entry.after == {
        "faction": "Orks",
        "disposition": "take-and-hold",
        "detachments": ["War Horde"],
    }
    words = audit_describe([entry])[entry.pk]
    assert words.startswith("Ana: ")
    assert "Take and Hold" in words
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    ana = Player.objects.get(pk=ana.pk)
    assert (ana.faction, ana.disposition) == ("", "")


def test_a_recorded_faction_that_differs_is_kept_and_shown_as_a_mismatch(
    client, eleventh, organiser
):
    # Detachments recorded as the list has them: only faction and disposition differ.
    ana = _player(
        eleventh, organiser, faction="Necrons", disposition="disruption", detachments=["War Horde"]
    )
    army_list_submit(player=ana, text=ORKS, by_player=True)
    ana = Player.objects.get(pk=ana.pk)
    assert (ana.faction, ana.disposition) == ("Necrons", "disruption")
    assert not AuditEntry.objects.filter(action="army_list_recorded").exists()
    wanted = [
        {"field": "faction", "recorded": "Necrons", "list": "Orks"},
        {"field": "disposition", "recorded": "Disruption", "list": "Take and Hold"},
    ]
    assert recorded_mismatch(ana) == wanted
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Key {ana.private_key}")
    body = api.get(f"/api/events/{eleventh.pk}/players/{ana.pk}/list/").json()
    assert body["recorded_mismatch"] == wanted

    client.force_login(organiser)
    page = client.get(reverse("manage-lists", args=[eleventh.pk])).content.decode()
    assert "Faction recorded: Necrons; the list says Orks." in page
    assert "Force Disposition recorded: Disruption; the list says Take and Hold." in page
    data = form_data(page, "Use the list's faction for Ana")
    url = reverse("manage-list-recorded", args=[eleventh.pk, ana.pk])
    assert client.post(url, data).status_code == 302
    ana = Player.objects.get(pk=ana.pk)
    assert (ana.faction, ana.disposition) == ("Orks", "disruption")
    entry = AuditEntry.objects.get(action="army_list_recorded")
    assert (entry.before, entry.after) == ({"faction": "Necrons"}, {"faction": "Orks"})
    assert [m["field"] for m in recorded_mismatch(ana)] == ["disposition"]
    # Posting it again changes nothing more.
    client.post(url, data)
    assert AuditEntry.objects.filter(action="army_list_recorded").count() == 1
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert Player.objects.get(pk=ana.pk).faction == "Necrons"


def test_only_staff_use_the_lists_faction(client, eleventh, organiser):
    ana = _player(eleventh, organiser, faction="Necrons")
    army_list_submit(player=ana, text=ORKS, by_player=True)
    url = reverse("manage-list-recorded", args=[eleventh.pk, ana.pk])
    client.post(url, {"field": "faction"})
    assert Player.objects.get(pk=ana.pk).faction == "Necrons"


# -- issue 32: the disposition a single detachment grants; a list sent with the sign-up --------
CUSTODES = (
    "+ FACTION KEYWORD: Imperium - Adeptus Custodes\n"
    "+ DETACHMENT: Shield Host (Purge the Foe)\n"
    "+ TOTAL ARMY POINTS: 320pts\n\n"
    "Char1: 1x Blade Champion (120 pts): Warlord, Vaultswords\n"
    "5x Custodian Guard (200 pts): Guardian spear\n"
)


def test_a_single_detachment_granting_one_disposition_fills_the_players(eleventh, organiser):
    ana = _player(eleventh, organiser, faction="Adeptus Custodes")
    army_list_submit(player=ana, text=CUSTODES, by_player=True)
    ana = Player.objects.get(pk=ana.pk)
    assert ana.disposition == "purge-the-foe"
    assert ana.list_row.detachments == ["Shield Host"]
    entry = AuditEntry.objects.get(action="army_list_recorded")
    assert entry.after["disposition"] == "purge-the-foe"
    # Undone like any filled field.
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert Player.objects.get(pk=ana.pk).disposition == ""


def test_a_list_sent_with_the_sign_up_fills_like_one_sent_later(eleventh, organiser):
    from tournament.services.players.registration import registration_submit

    event_update(event=eleventh, user=organiser, changes={"registration_open": True})
    bo = registration_submit(event=eleventh, name="Bo", faction="Orks", army_list=ORKS)
    bo = Player.objects.get(pk=bo.pk)
    assert bo.disposition == "take-and-hold"
    assert bo.list_row.detachments == ["War Horde"]
    assert AuditEntry.objects.filter(action="army_list_recorded").count() == 1
