"""The organiser's Combat Patrols (entered, changed, deleted: logged and undoable), the Combat
Patrol battle size (10th edition only) and lists checked against an event's patrols."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.errors import Conflict, Invalid
from rosters.models.patrols import CombatPatrol
from rosters.services.checking import roster_check_event
from rosters.services.patrols.patrols import (
    patrol_create,
    patrol_delete,
    patrol_specs,
    patrol_update,
)
from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_create, event_update

LISTS = Path(__file__).parent / "lists"
NECRONS = {
    "name": "Necrons Combat Patrol",
    "faction": "Necrons",
    "units": [
        {"name": "Overlord", "models": 1},
        {"name": "Royal Warden", "models": 1},
        {"name": "Necron Warriors", "models": 10},
        {"name": "Skorpekh Destroyers", "models": 3},
        {"name": "Canoptek Scarab Swarms", "models": 3},
    ],
    "enhancements": ["Vengeful Resolve", "Dynastic Heirloom"],
}


@pytest.fixture
def patrol_event(organiser):
    return event_create(
        user=organiser, name="Patrol Clash", rounds=3, seed=1, battle_size="combat_patrol"
    )


def last_entry(event) -> AuditEntry:
    return AuditEntry.objects.filter(event=event).order_by("-pk").first()


def test_combat_patrol_is_a_10th_edition_battle_size(organiser, patrol_event):
    assert patrol_event.points_limit == 0  # fixed contents, no points
    with pytest.raises(Invalid) as error:
        event_update(event=patrol_event, user=organiser, changes={"mission_pack": "eleventh"})
    assert error.value.codes == {"battle_size": ["combat_patrol_10th_only"]}
    with pytest.raises(Invalid):
        event_create(
            user=organiser,
            name="Old Patrol",
            rounds=3,
            battle_size="combat_patrol",
            mission_pack="eighth",
        )


def test_enter_change_delete_each_logged_and_undone(organiser, patrol_event):
    patrol = patrol_create(event=patrol_event, user=organiser, data=NECRONS)
    entry = last_entry(patrol_event)
    assert entry.action == "patrol_create"
    assert audit_describe([entry])[entry.pk].startswith(
        "Combat Patrol Necrons Combat Patrol entered: Overlord (1)"
    )
    units = [
        *NECRONS["units"][:2],
        {"name": "Necron Warriors", "models": 20},
        *NECRONS["units"][3:],
    ]
    patrol_update(patrol=patrol, user=organiser, changes={"units": units})
    change = last_entry(patrol_event)
    assert "Necron Warriors (10)" in audit_describe([change])[change.pk]
    # Saved unchanged: nothing logged.
    patrol_update(patrol=patrol, user=organiser, changes={"units": units, "name": patrol.name})
    assert last_entry(patrol_event).pk == change.pk
    audit_undo(entry_id=change.pk, user=organiser)
    patrol.refresh_from_db()
    assert patrol.units == NECRONS["units"]
    patrol_delete(patrol=patrol, user=organiser)
    assert not CombatPatrol.objects.exists()
    audit_undo(entry_id=last_entry(patrol_event).pk, user=organiser)
    back = CombatPatrol.objects.get()
    assert (back.name, back.units, back.enhancements) == (
        NECRONS["name"],
        NECRONS["units"],
        NECRONS["enhancements"],
    )
    with pytest.raises(Conflict):  # the row that entry created is gone (restored anew)
        audit_undo(entry_id=entry.pk, user=organiser)
    assert CombatPatrol.objects.count() == 1


def test_bad_input_is_refused_by_field_and_changes_nothing(organiser, patrol_event):
    bad = [
        ({**NECRONS, "units": []}, "units", "invalid"),
        ({**NECRONS, "units": [{"name": "Overlord", "models": 0}]}, "units", "range"),
        ({**NECRONS, "units": [{"name": "Overlord", "models": "1"}]}, "units", "invalid"),
        ({**NECRONS, "enhancements": ["A", "B", "C"]}, "enhancements", "too_many"),
        ({**NECRONS, "enhancements": ["A", "a"]}, "enhancements", "duplicate"),
        ({**NECRONS, "name": " "}, "name", "blank"),
        ({**NECRONS, "points": 500}, "points", "unknown_field"),
        ({"units": NECRONS["units"]}, "name", "required"),
    ]
    for data, field, code in bad:
        with pytest.raises(Invalid) as error:
            patrol_create(event=patrol_event, user=organiser, data=data)
        assert error.value.codes == {field: [code]}
    assert not CombatPatrol.objects.exists()
    patrol_create(event=patrol_event, user=organiser, data=NECRONS)
    with pytest.raises(Conflict):
        patrol_create(
            event=patrol_event, user=organiser, data={**NECRONS, "name": "necrons combat patrol"}
        )


def test_undo_of_a_superseded_change_is_refused(organiser, patrol_event):
    patrol = patrol_create(event=patrol_event, user=organiser, data=NECRONS)
    patrol_update(patrol=patrol, user=organiser, changes={"name": "Tomb Patrol"})
    first = last_entry(patrol_event)
    patrol_update(patrol=patrol, user=organiser, changes={"name": "Tomb Patrol II"})
    with pytest.raises(Conflict):
        audit_undo(entry_id=first.pk, user=organiser)


def test_lists_are_checked_against_the_event_patrols(organiser, patrol_event):
    text = (LISTS / "gw_app_10th_combat_patrol_necrons.txt").read_text()
    assert [p.code for p in roster_check_event(event=patrol_event, text=text).problems] == [
        "patrol-not-entered"
    ]
    patrol_create(event=patrol_event, user=organiser, data=NECRONS)
    assert patrol_specs(event=patrol_event)[0].units[2].models == 10
    check = roster_check_event(event=patrol_event, text=text)
    assert check.passes
    assert check.problems == ()
    patrol = CombatPatrol.objects.get()
    patrol_update(patrol=patrol, user=organiser, changes={"enhancements": ["Dynastic Heirloom"]})
    check = roster_check_event(event=patrol_event, text=text)
    assert [p.code for p in check.problems] == ["patrol-enhancement-unknown"]
