"""The organiser's corrections on the pages: every player field on the player page (saved
unchanged it changes nothing), deleting a player, archiving and deleting an event."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event, Player
from tournament.services.audit.log import audit_undo
from tournament.services.events.events import event_update
from tournament.services.players.players import player_register, player_update

pytestmark = pytest.mark.django_db


def fields_of(player: Player) -> dict:
    player = Player.objects.get(pk=player.pk)
    return {f.attname: getattr(player, f.attname) for f in Player._meta.concrete_fields}


@pytest.fixture
def full(event, organiser):
    """A player with every field away from its default, as the API can set them."""
    player = player_register(
        event=event,
        user=organiser,
        name="Zoë Marsh",
        faction="Aeldari",
        club="Bristol",
        army_list="Farseer\nGuardians x20\n\nWave Serpent",
        battle_ready=True,
        fixed_table=4,
    )
    return player_update(player=player, user=organiser, changes={"checked_in": True})


def _page(org_client, player):
    url = reverse("manage-player", args=[player.event_id, player.pk])
    return url, org_client.get(url).content.decode()


@pytest.mark.parametrize("which", ["full", "players"])
def test_saving_the_player_page_unchanged_changes_nothing(org_client, which, request):
    value = request.getfixturevalue(which)
    player = value if which == "full" else value[0]
    url, html = _page(org_client, player)
    before, logged = fields_of(player), AuditEntry.objects.count()
    data = form_data(html, "Save")
    # Browsers send a textarea's line breaks as CRLF.
    data["army_list"] = data["army_list"].replace("\n", "\r\n")
    response = org_client.post(url, data)
    assert response.status_code == 302, response.content.decode()
    assert fields_of(player) == before
    assert AuditEntry.objects.count() == logged


def test_the_player_page_edits_every_field_in_one_undoable_entry(
    org_client, event, players, organiser
):
    player = players[0]
    url, html = _page(org_client, player)
    data = form_data(html, "Save")
    assert set(data) >= {"name", "faction", "club", "army_list", "fixed_table"}
    data.update(
        name="Renamed",
        club="Leeds",
        army_list="Warboss\r\nBoyz",
        fixed_table="9",
        battle_ready="on",
        checked_in="on",
        dropped="on",
    )
    assert org_client.post(url, data).status_code == 302
    player.refresh_from_db()
    assert (player.name, player.club, player.army_list, player.fixed_table) == (
        "Renamed",
        "Leeds",
        "Warboss\nBoyz",
        9,
    )
    assert (player.battle_ready, player.checked_in, player.dropped) == (True, True, True)
    entry = AuditEntry.objects.filter(action="player_update").latest("pk")
    assert set(entry.after) == {
        "name",
        "club",
        "army_list",
        "fixed_table",
        "battle_ready",
        "checked_in",
        "dropped",
        "dropped_after_round",
    }
    audit_undo(entry_id=entry.pk, user=organiser)
    player.refresh_from_db()
    assert (player.name, player.fixed_table, player.army_list, player.dropped) == (
        "Player 001",
        None,
        "",
        False,
    )


def test_clearing_the_fixed_table_frees_the_player(org_client, full):
    url, html = _page(org_client, full)
    data = form_data(html, "Save")
    assert data["fixed_table"] == "4"
    data["fixed_table"] = ""
    assert org_client.post(url, data).status_code == 302
    assert Player.objects.get(pk=full.pk).fixed_table is None


def test_a_bad_fixed_table_is_shown_on_the_form(org_client, full):
    url, html = _page(org_client, full)
    data = form_data(html, "Save")
    data["fixed_table"] = "0"
    response = org_client.post(url, data)
    assert response.status_code == 200
    assert "greater than or equal to 1" in response.content.decode()
    assert Player.objects.get(pk=full.pk).fixed_table == 4


# Deleting a player ---------------------------------------------------------------------------


def test_a_player_who_has_not_played_is_deleted_after_a_confirm_page(org_client, event, players):
    player = players[0]
    _, html = _page(org_client, player)
    delete = reverse("manage-player-delete", args=[event.pk, player.pk])
    assert f'href="{delete}"' in html
    page = org_client.get(delete).content.decode()
    assert "Delete Player 001?" in page
    response = org_client.post(delete, form_data(page, "Delete Player 001"))
    assert response["Location"] == reverse("manage-event", args=[event.pk])
    assert not Player.objects.filter(pk=player.pk).exists()
    follow = org_client.get(response["Location"]).content.decode()
    assert "Player 001 deleted; the audit log can bring them back." in follow


def test_a_player_who_has_played_is_offered_a_drop_instead(org_client, event, paired):
    player = paired.games.first().player_a
    delete = reverse("manage-player-delete", args=[event.pk, player.pk])
    page = org_client.get(delete).content.decode()
    assert f"{player.name} has 1 game in the pairings and cannot be deleted" in page
    assert f"Drop {player.name}" in page
    org_client.post(delete)  # a POST anyway is refused with the reason
    assert Player.objects.filter(pk=player.pk).exists()
    html = org_client.get(reverse("manage-player", args=[event.pk, player.pk])).content.decode()
    assert "drop them instead" in html
    org_client.post(
        reverse("manage-player-toggle", args=[event.pk, player.pk, "dropped"]),
        form_data(page, f"Drop {player.name}"),
    )
    assert Player.objects.get(pk=player.pk).dropped


# Archiving and deleting the event ------------------------------------------------------------


def test_archiving_hides_the_event_from_the_lists_and_keeps_its_pages(org_client, event, players):
    client = Client()  # anonymous (org_client is the signed-in default client)
    settings_url = reverse("manage-settings", args=[event.pk])
    html = org_client.get(settings_url).content.decode()
    org_client.post(reverse("manage-archive", args=[event.pk]), form_data(html, "Archive event"))
    assert Event.objects.get(pk=event.pk).archived

    event_url = reverse("event", args=[event.pk])
    assert event_url not in client.get("/").content.decode()
    home = org_client.get("/").content.decode()
    assert event_url not in home
    assert "Show archived events (1)" in home
    assert event_url in org_client.get("/?archived=1").content.decode()
    assert event_url not in client.get("/?archived=1").content.decode()  # organisers only
    assert client.get(event_url).status_code == 200
    assert client.get(reverse("event-pairings", args=[event.pk])).status_code == 200

    dashboard = org_client.get(reverse("manage-event", args=[event.pk])).content.decode()
    assert "This event is archived" in dashboard


def test_an_archived_event_refuses_page_changes_with_a_message(org_client, event, players):
    event_update(event=event, user=event.staff.first(), changes={"archived": True})
    url = reverse("manage-player-add", args=[event.pk])
    response = org_client.post(url, {"name": "Late"}, follow=True)
    assert "Test GT is archived, so it cannot be changed" in response.content.decode()
    assert not Player.objects.filter(name="Late").exists()


def test_unarchiving_from_the_settings_page(org_client, event):
    event_update(event=event, user=event.staff.first(), changes={"archived": True})
    html = org_client.get(reverse("manage-settings", args=[event.pk])).content.decode()
    org_client.post(reverse("manage-archive", args=[event.pk]), form_data(html, "Unarchive event"))
    assert not Event.objects.get(pk=event.pk).archived
    entries = AuditEntry.objects.filter(action="event_update").order_by("pk")
    assert [e.after for e in entries] == [{"archived": True}, {"archived": False}]


def test_the_settings_form_of_an_archived_event_saved_unchanged_is_harmless(org_client, event):
    event_update(event=event, user=event.staff.first(), changes={"archived": True})
    url = reverse("manage-settings", args=[event.pk])
    response = org_client.post(
        url, form_data(org_client.get(url).content.decode(), "Save settings")
    )
    assert response.status_code == 302
    assert Event.objects.get(pk=event.pk).archived


def test_deleting_the_event_needs_its_name_typed(org_client, event, players):
    html = org_client.get(reverse("manage-settings", args=[event.pk])).content.decode()
    data = form_data(html, "Delete event for good")
    url = reverse("manage-event-delete", args=[event.pk])
    data["confirm"] = "Test"
    response = org_client.post(url, data)
    assert response.status_code == 400
    assert "That is not the event&#x27;s name; type Test GT exactly." in response.content.decode()
    assert Event.objects.filter(pk=event.pk).exists()

    data["confirm"] = "Test GT"
    response = org_client.post(url, data)
    assert response["Location"] == reverse("home")
    assert not Event.objects.filter(pk=event.pk).exists()
    assert not Player.objects.exists()
    assert "Test GT and everything in it were deleted." in org_client.get("/").content.decode()
