"""The detachments recorded for a player (issue 23): a player field the API, the organiser's
form, the CSV import, the event document and the log carry; filled from the player's list
when empty, shown to the staff as a mismatch when the list names others, settled with "use the
list's", every change logged and undoable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse

from common.errors import Conflict, Invalid
from exchange.services.export import checksum
from exchange.services.importing.write import event_import
from rosters.models.armylists import ArmyList
from rosters.services.armylists import army_list_submit
from rosters.services.recorded import list_recorded_use, recorded_mismatch
from tests.exchange.helpers import export, without_stamp
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event, Player
from tournament.services.audit.log import audit_undo
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_update
from tournament.services.players.imports import import_players
from tournament.services.players.players import player_delete, player_register, player_update

pytestmark = pytest.mark.django_db

LISTS = Path(__file__).parent / "lists"
ORKS = (LISTS / "gw_app_11th_orks.txt").read_text()
CUSTODES = (LISTS / "new_recruit_11th_custodes.txt").read_text()
ULTRAMARINES_8TH = (LISTS / "battlescribe_8th_ultramarines.txt").read_text()


def _player(event, organiser, name="Ana", **fields):
    return player_register(event=event, user=organiser, name=name, **fields)


def _detachments(player) -> list[str]:
    return Player.objects.get(pk=player.pk).detachments


def _url(player) -> str:
    return f"/api/events/{player.event_id}/players/{player.pk}/"


# -- the API -----------------------------------------------------------------------------------
def test_the_api_reads_and_writes_detachments_in_the_datas_spelling(api, event, organiser):
    ana = _player(event, organiser, faction="Orks")
    assert api.get(_url(ana)).json()["detachments"] == []
    response = api.patch(
        _url(ana),
        {"detachments": ["war horde", "  Da   Big Hunt ", "Grot Rebellion"]},
        format="json",
    )
    assert response.status_code == 200, response.json()
    # Known to the event's rules data for Orks: its spelling; unknown: kept (spaces tidied).
    wanted = ["War Horde", "Da Big Hunt", "Grot Rebellion"]
    assert response.json()["detachments"] == wanted
    assert _detachments(ana) == wanted
    assert api.get(_url(ana)).json()["detachments"] == wanted
    entry = AuditEntry.objects.get(action="player_update")
    assert (entry.before, entry.after) == ({"detachments": []}, {"detachments": wanted})
    assert (
        "Detachments: none → War Horde, Da Big Hunt, Grot Rebellion"
        in (audit_describe([entry])[entry.pk])
    )
    # Sent again as stored, or in another case: nothing more is logged.
    api.patch(_url(ana), {"detachments": wanted}, format="json")
    api.patch(
        _url(ana), {"detachments": ["WAR HORDE", "da big hunt", "Grot Rebellion"]}, format="json"
    )
    assert AuditEntry.objects.filter(action="player_update").count() == 1
    # An empty list clears them.
    assert api.patch(_url(ana), {"detachments": []}, format="json").json()["detachments"] == []


def test_a_name_is_spelled_as_the_data_only_for_the_players_faction(api, event, organiser):
    bo = _player(event, organiser, name="Bo", faction="Necrons")
    response = api.patch(_url(bo), {"detachments": ["war horde"]}, format="json")
    assert response.json()["detachments"] == ["war horde"]


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("War Horde", "invalid"),  # text, not a JSON array
        ({"name": "War Horde"}, "invalid"),
        (["War Horde", 3], "invalid"),
        ([None], "invalid"),
        (["A", "B", "C", "D", "E"], "too_many"),
        (["x" * 101], "max_length"),
        ([""], "blank"),
        (["   "], "blank"),
        (["\u3164"], "blank"),  # a letter that draws nothing
        (["War\u202eHorde"], "bad_character"),
        (["War Horde", "war  horde"], "duplicate"),
        (["War Horde", "War Horde"], "duplicate"),
    ],
)
def test_bad_detachments_are_refused_naming_the_field_and_rule(api, event, organiser, value, code):
    ana = _player(event, organiser, faction="Orks", detachments=["Dread Mob"])
    response = api.patch(_url(ana), {"detachments": value}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["error_codes"] == {"detachments": [code]}
    assert isinstance(body["detachments"][0], str)
    assert body["detachments"][0]
    assert _detachments(ana) == ["Dread Mob"]
    assert not AuditEntry.objects.filter(action="player_update").exists()


def test_the_limits_are_what_the_schema_says(api, event, organiser):
    ana = _player(event, organiser)
    ok = ["x" * 100, "B", "C", "D"]
    assert api.patch(_url(ana), {"detachments": ok}, format="json").status_code == 200
    assert _detachments(ana) == ok
    schema = api.get("/api/schema/", {"format": "json"}).json()
    field = schema["components"]["schemas"]["PatchedPlayerRequest"]["properties"]["detachments"]
    assert field["maxItems"] == 4
    assert (field["items"]["minLength"], field["items"]["maxLength"]) == (1, 100)


def test_a_new_player_takes_detachments_and_the_service_refuses_bad_ones(api, event, organiser):
    response = api.post(
        f"/api/events/{event.pk}/players/",
        {"name": "Cy", "faction": "Orks", "detachments": ["kult of speed"]},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["detachments"] == ["Kult of Speed"]
    with pytest.raises(Invalid) as refused:
        _player(event, organiser, name="Di", detachments=["A", "a"])
    assert refused.value.codes == {"detachments": ["duplicate"]}


# -- the organiser's form ----------------------------------------------------------------------
def test_the_player_form_shows_one_per_line_and_saving_it_unchanged_changes_nothing(
    client, eleventh, organiser
):
    names = ["Ordo Xenos, Alien Hunters", "War Horde"]
    ana = _player(eleventh, organiser, faction="Orks", detachments=names)
    client.force_login(organiser)
    url = reverse("manage-player", args=[eleventh.pk, ana.pk])
    page = client.get(url).content.decode()
    data = form_data(page, "Save")
    assert data["detachments"] == "Ordo Xenos, Alien Hunters\nWar Horde"
    entries = AuditEntry.objects.count()
    assert client.post(url, data).status_code == 302
    assert _detachments(ana) == names
    assert AuditEntry.objects.count() == entries
    # One per line (Windows line breaks, blank lines and a semicolon too) as the page posts it.
    data["detachments"] = "da big hunt\r\n\r\nDread Mob; Green Tide"
    assert client.post(url, data).status_code == 302
    assert _detachments(ana) == ["Da Big Hunt", "Dread Mob", "Green Tide"]
    data = form_data(client.get(url).content.decode(), "Save")
    data["detachments"] = "A\nB\nC\nD\nE"
    page = client.post(url, data).content.decode()
    assert "At most 4 detachments" in page
    assert _detachments(ana) == ["Da Big Hunt", "Dread Mob", "Green Tide"]


def test_judges_read_the_detachments_on_the_player_page(client, eleventh, organiser):
    from django.contrib.auth import get_user_model

    from tournament.services.events.staff import staff_add

    judge = get_user_model().objects.create_user("judge", password="pw")
    staff_add(event=eleventh, user=organiser, username="judge", role="judge")
    ana = _player(eleventh, organiser, faction="Orks", detachments=["War Horde", "Dread Mob"])
    client.force_login(judge)
    page = client.get(reverse("manage-player", args=[eleventh.pk, ana.pk])).content.decode()
    assert '<dd class="detachments">War Horde, Dread Mob</dd>' in page


def test_the_players_page_shows_their_detachments(client, eleventh, organiser):
    ana = _player(eleventh, organiser, faction="Orks", detachments=["War Horde"])
    page = client.get(reverse("player-home", args=[ana.private_key])).content.decode()
    assert '<span class="detachments">(War Horde)</span>' in page


# -- the CSV import ----------------------------------------------------------------------------
def test_the_csv_import_takes_a_detachments_column(event, organiser):
    raw = (
        "name,faction,detachments\n"
        'Ana,Orks,"war horde\nDread Mob"\n'
        "Bo,Orks,Da Big Hunt; Green Tide\n"
    )
    added = import_players(event=event, user=organiser, raw=raw)
    assert [p.detachments for p in Player.objects.filter(pk__in=[p.pk for p in added])] == [
        ["War Horde", "Dread Mob"],
        ["Da Big Hunt", "Green Tide"],
    ]
    with pytest.raises(Invalid) as refused:
        import_players(event=event, user=organiser, raw="name,detachments\nCy,A;B;C;D;E\n")
    assert "detachments: at most 4 detachments" in str(refused.value.messages)


# -- filled from the list, mismatch, use the list's, undo ---------------------------------------
def test_empty_detachments_are_filled_from_the_list_and_undone_alone(eleventh, organiser):
    ana = _player(eleventh, organiser, faction="Orks", disposition="take-and-hold")
    army_list_submit(player=ana, text=ORKS, by_player=True)
    assert _detachments(ana) == ["War Horde"]
    entry = AuditEntry.objects.get(action="army_list_recorded")
    assert (entry.before, entry.after) == ({"detachments": []}, {"detachments": ["War Horde"]})
    assert audit_describe([entry])[entry.pk] == "Ana: Detachments: none → War Horde"
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    ana = Player.objects.get(pk=ana.pk)
    assert ana.detachments == []
    # Only the logged field came back: the list and the rest are as they were.
    assert (ana.faction, ana.disposition) == ("Orks", "take-and-hold")
    assert ana.army_list == ORKS.strip()


def test_an_eleventh_edition_list_with_two_detachments_fills_both(eleventh, organiser):
    ana = _player(eleventh, organiser, faction="")
    army_list_submit(player=ana, text=CUSTODES, by_player=True)
    ana = Player.objects.get(pk=ana.pk)
    assert ana.faction == "Adeptus Custodes"
    assert ana.detachments == ["Might of the Moritoi", "Auric Champions"]
    assert recorded_mismatch(ana) == []


def test_an_eighth_edition_list_records_its_detachments(event, organiser):
    event_update(event=event, user=organiser, changes={"mission_pack": "eighth"})
    ana = _player(event, organiser, faction="Space Marines")
    army_list_submit(player=ana, text=ULTRAMARINES_8TH, by_player=True)
    assert _detachments(ana) == ["Battalion Detachment", "Patrol Detachment"]


def test_differing_detachments_are_a_mismatch_the_staff_settle(client, eleventh, organiser):
    ana = _player(
        eleventh,
        organiser,
        faction="Adeptus Custodes",
        disposition="purge-the-foe",
        detachments=["Shield Host"],
    )
    army_list_submit(player=ana, text=CUSTODES, by_player=True)
    assert _detachments(ana) == ["Shield Host"]
    assert not AuditEntry.objects.filter(action="army_list_recorded").exists()
    wanted = [
        {
            "field": "detachments",
            "recorded": "Shield Host",
            "list": "Might of the Moritoi, Auric Champions",
        }
    ]
    ana = Player.objects.get(pk=ana.pk)
    assert recorded_mismatch(ana) == wanted
    body = client.get(
        f"/api/events/{eleventh.pk}/players/{ana.pk}/list/",
        HTTP_AUTHORIZATION=f"Key {ana.private_key}",
    ).json()
    assert body["recorded_mismatch"] == wanted

    client.force_login(organiser)
    page = client.get(reverse("manage-lists", args=[eleventh.pk])).content.decode()
    assert (
        "Detachments recorded: Shield Host; the list says Might of the Moritoi, Auric Champions."
        in page
    )
    data = form_data(page, "Use the list's detachments for Ana")
    url = reverse("manage-list-recorded", args=[eleventh.pk, ana.pk])
    assert client.post(url, data).status_code == 302
    assert _detachments(ana) == ["Might of the Moritoi", "Auric Champions"]
    entry = AuditEntry.objects.get(action="army_list_recorded")
    assert (entry.before, entry.after) == (
        {"detachments": ["Shield Host"]},
        {"detachments": ["Might of the Moritoi", "Auric Champions"]},
    )
    assert recorded_mismatch(Player.objects.get(pk=ana.pk)) == []
    # Posting it again changes nothing more.
    client.post(url, data)
    assert AuditEntry.objects.filter(action="army_list_recorded").count() == 1
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert _detachments(ana) == ["Shield Host"]


def test_the_same_names_in_another_order_or_case_are_no_mismatch(eleventh, organiser):
    ana = _player(
        eleventh,
        organiser,
        faction="Adeptus Custodes",
        disposition="purge-the-foe",
        detachments=["auric champions"],
    )
    player_update(
        player=ana,
        user=organiser,
        changes={"detachments": ["Auric Champions", "Might of the Moritoi"]},
    )
    army_list_submit(player=ana, text=CUSTODES, by_player=True)
    ana = Player.objects.get(pk=ana.pk)
    assert [m["field"] for m in recorded_mismatch(ana)] == []
    list_recorded_use(player=ana, user=organiser, field="detachments")
    assert _detachments(ana) == ["Auric Champions", "Might of the Moritoi"]
    assert not AuditEntry.objects.filter(action="army_list_recorded").exists()


def test_use_the_lists_detachments_needs_a_list_that_names_them(eleventh, organiser):
    ana = _player(eleventh, organiser, faction="Orks", detachments=["War Horde"])
    army_list_submit(
        player=ana, text="Orks\nStrike Force (2000 Points)\n\nBoyz (85 Points)", by_player=True
    )
    with pytest.raises(Conflict) as refused:
        list_recorded_use(player=ana, user=organiser, field="detachments")
    assert refused.value.codes == {"detachments": ["not_in_list"]}


def test_an_undo_of_detachments_changed_again_later_is_refused(api, eleventh, organiser):
    ana = _player(eleventh, organiser, faction="Orks")
    army_list_submit(player=ana, text=ORKS, by_player=True)
    entry = AuditEntry.objects.get(action="army_list_recorded")
    api.patch(_url(ana), {"detachments": ["Dread Mob"]}, format="json")
    with pytest.raises(Conflict) as refused:
        audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert refused.value.codes == {"entry": ["superseded"]}
    # The later change undone first, then this one.
    later = AuditEntry.objects.get(action="player_update")
    audit_undo(entry_id=later.pk, user=organiser, confirm=True)
    assert _detachments(ana) == ["War Horde"]
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert _detachments(ana) == []


def test_a_forged_entry_cannot_write_bad_detachments(eleventh, organiser):
    ana = _player(eleventh, organiser, faction="Orks")
    army_list_submit(player=ana, text=ORKS, by_player=True)
    entry = AuditEntry.objects.get(action="army_list_recorded")
    entry.before = {"detachments": ["A", "a"]}
    entry.save()
    with pytest.raises(Conflict) as refused:
        audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert refused.value.codes == {"entry": ["not_undoable"]}
    assert _detachments(ana) == ["War Horde"]


def test_a_deleted_player_comes_back_with_their_detachments(event, organiser):
    ana = _player(event, organiser, faction="Orks", detachments=["War Horde"])
    player_delete(player=ana, user=organiser)
    entry = AuditEntry.objects.get(action="player_delete")
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert _detachments(ana) == ["War Horde"]


# -- the event document ------------------------------------------------------------------------
def test_detachments_travel_with_the_event_and_are_optional_in_a_file(eleventh, organiser):
    _player(eleventh, organiser, faction="Orks", detachments=["War Horde", "Dread Mob"])
    _player(eleventh, organiser, name="Bo", faction="Orks")
    document = export(eleventh)
    rows = {p["name"]: p for p in document["players"]}
    assert rows["Ana"]["detachments"] == ["War Horde", "Dread Mob"]
    assert rows["Bo"]["detachments"] == []
    eleventh.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    copy = report.event
    assert copy.players.get(name="Ana").detachments == ["War Horde", "Dread Mob"]
    # A player with none keeps no row for it.
    assert not ArmyList.objects.filter(player__event=copy, player__name="Bo").exists()
    assert without_stamp(export(copy)) == without_stamp(document)

    # A file written before the field: no detachments.
    older = json.loads(json.dumps(document))
    for row in older["players"]:
        del row["detachments"]
    older["event"]["name"] = "Older"
    older["sha256"] = checksum(older)
    copy = event_import(raw=json.dumps(older).encode(), user=organiser).event
    assert copy.players.get(name="Ana").detachments == []


@pytest.mark.parametrize(
    "value", ["War Horde", "AB", None, {"A": 1}, ["A", "a"], ["x" * 101], [1], ["A"] * 5, [" A"]]
)
def test_a_file_with_bad_detachments_is_refused_whole(eleventh, organiser, value):
    _player(eleventh, organiser, faction="Orks")
    document = export(eleventh)
    document["players"][0]["detachments"] = value
    document["event"]["name"] = "Forged"
    document["sha256"] = checksum(document)
    with pytest.raises(Invalid) as refused:
        event_import(raw=json.dumps(document).encode(), user=organiser)
    assert refused.value.codes == {"file": ["invalid_file"]}
    # Named by the player (a JSON null by its place in the file, as every key's is).
    assert ".detachments: must" in refused.value.messages["file"][0]
    assert not Event.objects.filter(name="Forged").exists()


def test_an_entry_cannot_undo_another_events_players_detachments(eleventh, organiser):
    from tournament.services.audit.log import audit_record
    from tournament.services.events.events import event_create

    other = event_create(user=organiser, name="Other GT", rounds=3, seed=1)
    theirs = _player(other, organiser, name="Bo", faction="Orks", detachments=["Dread Mob"])
    entry = audit_record(
        event=eleventh,
        action="army_list_recorded",
        target=f"player:{theirs.pk}",
        user=organiser,
        before={"detachments": ["Pwned"]},
        after={"detachments": ["Dread Mob"]},
    )
    with pytest.raises(Conflict) as refused:
        audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert refused.value.codes == {"entry": ["gone"]}
    assert _detachments(theirs) == ["Dread Mob"]


def test_the_apps_one_line_of_several_detachments_is_stored_as_each(eleventh, organiser):
    text = (Path(__file__).parent / "corpus" / "app_11th_necrons_two_detachments.txt").read_text(
        encoding="utf-8"
    )
    ana = _player(eleventh, organiser, faction="")
    army_list_submit(player=ana, text=text, by_player=True)
    ana = Player.objects.get(pk=ana.pk)
    assert ana.faction == "Necrons"
    assert ana.detachments == ["Awakened Dynasty", "Hypercrypt Legion"]
    assert ana.disposition == "take-and-hold"  # its "Force Dispositions:" line
