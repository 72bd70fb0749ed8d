"""11th-edition events on the pages, posted as a browser posts them: the new-event form's
default pack, the settings, the organiser's player page and the sign-up form round-trip; the
player's own page chooses the disposition until the lock and shows "your primary"; the round
page changes a game's layout; CSV import reads the disposition column."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from missions.eleventh import matrix
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event, Game, Player
from tournament.services.events.events import event_create, event_update
from tournament.services.players.players import player_register
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def eleventh(organiser):
    event = event_create(user=organiser, name="Muster GT", rounds=3, mission_pack="eleventh")
    for i, disposition in enumerate(matrix.DISPOSITION_IDS[:4]):
        player_register(
            event=event, user=organiser, name=f"P{i}", faction="Orks", disposition=disposition
        )
    return event


def _html(client, name, *args) -> str:
    return client.get(reverse(name, args=args)).content.decode()


def test_the_new_event_form_makes_an_eleventh_event_by_default(org_client):
    html = _html(org_client, "manage-event-new")
    data = form_data(html, "Create event")
    assert data["mission_pack"] == "eleventh"
    assert data["layout_policy"] == "rolled_per_table"
    data["name"] = "Browser GT"
    assert org_client.post(reverse("manage-event-new"), data).status_code == 302
    assert Event.objects.get(name="Browser GT").mission_pack == "eleventh"
    # A script's post without the pack gets the web form's default too.
    org_client.post(
        reverse("manage-event-new"),
        {"name": "Script GT", "planned_rounds": 3, "battle_size": "strike_force"},
    )
    assert Event.objects.get(name="Script GT").mission_pack == "eleventh"
    org_client.post(
        reverse("manage-event-new"),
        {
            "name": "Lev GT",
            "planned_rounds": 3,
            "battle_size": "strike_force",
            "mission_pack": "leviathan",
        },
    )
    assert Event.objects.get(name="Lev GT").mission_pack == "leviathan"


def test_the_settings_saved_unchanged_change_nothing(org_client, eleventh, organiser):
    event_update(
        event=eleventh,
        user=organiser,
        changes={"layout_policy": "per_table", "table_layouts": {"1": "C", "12": "A"}},
    )
    url = reverse("manage-settings", args=[eleventh.pk])
    logged = AuditEntry.objects.count()
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    assert data["table_layouts"] == "1: C, 12: A"
    assert org_client.post(url, data).status_code == 302
    assert AuditEntry.objects.count() == logged
    data["table_layouts"] = "1=B\n2: a"
    data["layout_policy"] = "per_round"
    assert org_client.post(url, data).status_code == 302
    event = Event.objects.get(pk=eleventh.pk)
    assert (event.layout_policy, event.table_layouts) == ("per_round", {"1": "B", "2": "A"})
    data["table_layouts"] = "1: D"
    refused = org_client.post(url, data)
    assert refused.status_code == 200
    assert "Must be one of A, B, C" in refused.content.decode()


def test_the_organisers_player_page_round_trips_and_edits_the_disposition(org_client, eleventh):
    player = eleventh.players.get(name="P0")
    url = reverse("manage-player", args=[eleventh.pk, player.pk])
    logged = AuditEntry.objects.count()
    data = form_data(org_client.get(url).content.decode(), "Save")
    assert data["disposition"] == player.disposition
    assert org_client.post(url, data).status_code == 302
    assert AuditEntry.objects.count() == logged
    data["disposition"] = "reconnaissance"
    org_client.post(url, data)
    assert Player.objects.get(pk=player.pk).disposition == "reconnaissance"
    entry = AuditEntry.objects.latest("pk")
    assert (entry.before, entry.after) == (
        {"disposition": "take-and-hold"},
        {"disposition": "reconnaissance"},
    )


def test_the_disposition_is_offered_for_eleventh_events_only(org_client, organiser):
    lev = event_create(user=organiser, name="Lev", rounds=3, mission_pack="leviathan")
    player = player_register(event=lev, user=organiser, name="Ana")
    assert 'name="disposition"' not in _html(org_client, "manage-player", lev.pk, player.pk)
    assert 'name="disposition"' not in _html(org_client, "manage-event", lev.pk)
    assert 'name="disposition"' not in _html(org_client, "player-home", player.private_key)


def test_the_organiser_adds_a_player_with_a_disposition(org_client, eleventh):
    data = form_data(_html(org_client, "manage-event", eleventh.pk), "Add player")
    data.update(name="Newcomer", faction="Necrons", disposition="disruption")
    org_client.post(reverse("manage-player-add", args=[eleventh.pk]), data)
    assert eleventh.players.get(name="Newcomer").disposition == "disruption"


def test_sign_up_with_a_disposition(client, eleventh, organiser):
    event_update(event=eleventh, user=organiser, changes={"registration_open": True})
    url = reverse("event-signup", args=[eleventh.pk])
    data = form_data(client.get(url).content.decode(), "Sign up")
    assert data["disposition"] == ""
    data.update(name="Signer", faction="Orks", disposition="priority-assets")
    assert client.post(url, data).status_code == 302
    assert eleventh.players.get(name="Signer").disposition == "priority-assets"


def test_the_player_chooses_until_round_1_then_reads_their_primaries(client, eleventh, organiser):
    player = eleventh.players.get(name="P1")
    home = reverse("player-home", args=[player.private_key])
    data = form_data(client.get(home).content.decode(), "Save disposition")
    assert data["disposition"] == "disruption"
    data["disposition"] = "purge-the-foe"
    client.post(reverse("player-disposition", args=[player.private_key]), data)
    assert Player.objects.get(pk=player.pk).disposition == "purge-the-foe"
    entry = AuditEntry.objects.latest("pk")
    assert (entry.action, entry.actor_player_id) == ("player_disposition", player.pk)
    round_create(event_id=eleventh.pk, user=organiser, seed=4)
    html = client.get(home).content.decode()
    assert "Save disposition" not in html
    assert "locked when round 1 was paired" in html
    refused = client.post(
        reverse("player-disposition", args=[player.private_key]),
        {"disposition": "disruption"},
        follow=True,
    )
    assert "locked" in refused.content.decode()
    assert Player.objects.get(pk=player.pk).disposition == "purge-the-foe"
    game = (
        Game.objects.get(round__event=eleventh, player_a=player)
        if Game.objects.filter(player_a=player).exists()
        else Game.objects.get(round__event=eleventh, player_b=player)
    )
    x = game.eleventh
    mine, theirs = ("a", "b") if game.player_a_id == player.pk else ("b", "a")
    assert f"Your primary: <strong>{x[f'primary_{mine}']}</strong>" in html.replace("&#x27;", "'")
    assert f"your opponent's: <strong>{x[f'primary_{theirs}']}</strong>" in html.replace(
        "&#x27;", "'"
    )
    assert f"layout <strong>{game.layout}</strong>" in html


def test_the_list_deadline_locks_the_disposition(client, eleventh, organiser):
    event_update(
        event=eleventh,
        user=organiser,
        changes={"list_deadline": timezone.now() - datetime.timedelta(minutes=1)},
    )
    player = eleventh.players.get(name="P1")
    html = _html(client, "player-home", player.private_key)
    assert "Save disposition" not in html
    assert "locked at the list deadline" in html
    # The organiser may still change it (logged).
    org_page = reverse("manage-player", args=[eleventh.pk, player.pk])
    client.force_login(organiser)
    data = form_data(client.get(org_page).content.decode(), "Save")
    data["disposition"] = "reconnaissance"
    client.post(org_page, data)
    assert Player.objects.get(pk=player.pk).disposition == "reconnaissance"


def test_pairings_pages_show_each_players_primary_and_the_layout(client, org_client, eleventh):
    round_ = round_create(event_id=eleventh.pk, user=eleventh.staff.first(), seed=4)
    game = round_.games.exclude(player_b=None).first()
    x = game.eleventh
    public = _html(client, "event-pairings", eleventh.pk).replace("&#x27;", "'")
    assert f"Primary: {x['primary_a']}" in public
    assert f"Primary: {x['primary_b']}" in public
    assert f"layout {x['layout']}" in public
    named = client.get(reverse("event-pairings", args=[eleventh.pk]) + "?by=name")
    named = named.content.decode().replace("&#x27;", "'")
    assert f"Primary: {x['primary_a']}" in named
    assert f"layout {x['layout']}" in named
    rounds = _html(org_client, "manage-rounds", eleventh.pk).replace("&#x27;", "'")
    assert f"Primaries: {x['primary_a']} / {x['primary_b']}" in rounds


def test_the_round_page_changes_a_games_layout(org_client, eleventh):
    round_ = round_create(event_id=eleventh.pk, user=eleventh.staff.first(), seed=4)
    game = round_.games.exclude(player_b=None).order_by("table_number").first()
    html = _html(org_client, "manage-rounds", eleventh.pk)
    data = form_data(html, "Change layout") if html.count("Change layout") == 1 else None
    if data is None:  # one form a game: post the first game's as the browser would
        data = {"layout": game.layout, "next": reverse("manage-rounds", args=[eleventh.pk])}
    new = next(letter for letter in matrix.LAYOUT_LETTERS if letter != game.layout)
    data["layout"] = new
    url = reverse("manage-game-layout", args=[eleventh.pk, game.pk])
    assert org_client.post(url, data).status_code == 302
    assert Game.objects.get(pk=game.pk).layout == new
    # Posted unchanged: nothing more is logged.
    logged = AuditEntry.objects.count()
    org_client.post(url, data)
    assert AuditEntry.objects.count() == logged


def test_pairing_from_the_round_page_names_the_missing_dispositions(org_client, eleventh):
    player = eleventh.players.get(name="P2")
    player.disposition = ""
    player.save(update_fields=["disposition"])
    html = org_client.post(reverse("manage-round-pair", args=[eleventh.pk])).content.decode()
    assert "no Force Disposition: P2" in html
    assert "Pair anyway (force)" in html
    org_client.post(reverse("manage-round-pair", args=[eleventh.pk]), {"force": "1"})
    assert eleventh.rounds.count() == 1


def test_per_round_layout_is_chosen_on_the_round_page(org_client, organiser, eleventh):
    event_update(event=eleventh, user=organiser, changes={"layout_policy": "per_round"})
    data = form_data(_html(org_client, "manage-rounds", eleventh.pk), "Pair round 1")
    assert data["layout"] == "A"
    data["layout"] = "C"
    org_client.post(reverse("manage-round-pair", args=[eleventh.pk]), data)
    assert set(Game.objects.filter(round__event=eleventh).values_list("layout", flat=True)) <= {
        "C",
        "",
    }


def test_csv_import_reads_dispositions_by_id_or_name(org_client, eleventh):
    raw = "name,faction,disposition\nAna,Orks,Take and Hold\nBen,Orks,disruption\nCy,Orks,\n"
    url = reverse("manage-import", args=[eleventh.pk])
    org_client.post(url, {"text": raw, "confirm": "1"})
    chosen = dict(
        eleventh.players.filter(name__in=["Ana", "Ben", "Cy"]).values_list("name", "disposition")
    )
    assert chosen == {"Ana": "take-and-hold", "Ben": "disruption", "Cy": ""}
    bad = org_client.post(url, {"text": "name,disposition\nDee,Ambush\n", "preview": "1"})
    assert "is not a Force Disposition" in bad.content.decode()
    assert not eleventh.players.filter(name="Dee").exists()


def test_the_players_list_says_who_has_no_disposition(org_client, eleventh):
    player = eleventh.players.get(name="P3")
    player.disposition = ""
    player.save(update_fields=["disposition"])
    html = _html(org_client, "manage-event", eleventh.pk)
    assert "Take and Hold" in html
    assert html.count("no disposition") == 1
