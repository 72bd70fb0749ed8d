"""A Combat Patrol event travels whole: its battle size, its patrols (an optional
`combat_patrols` section) and the log of their changes; a bad patrol in a file is refused by
its place; an export of the import is the same document."""

from __future__ import annotations

import json

import pytest

from exchange.services.importing.write import event_import
from rosters.models.patrols import CombatPatrol
from rosters.services.patrols.patrols import patrol_create, patrol_delete, patrol_update
from tests.exchange.helpers import export, imported, observable, without_stamp
from tests.exchange.test_refusals import _refused, _resealed
from tournament.services.events.events import event_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def patrol_event(organiser):
    event = event_create(
        user=organiser, name="Patrol Clash", rounds=3, seed=3, battle_size="combat_patrol"
    )
    orks = patrol_create(
        event=event,
        user=organiser,
        data={
            "name": "Orks Combat Patrol",
            "faction": "Orks",
            "units": [{"name": "Warboss", "models": 1}, {"name": "Boyz", "models": 10}],
            "enhancements": ["Follow Me Ladz", "Headwoppa's Killchoppa"],
        },
    )
    patrol_update(patrol=orks, user=organiser, changes={"faction": "Orks (Goff)"})
    gone = patrol_create(
        event=event, user=organiser, data={"name": "Spare", "units": [{"name": "X", "models": 1}]}
    )
    patrol_delete(patrol=gone, user=organiser)
    return event


def test_a_patrol_event_imported_elsewhere_is_the_same_event(patrol_event):
    before = observable(patrol_event)
    document = export(patrol_event)
    assert document["event"]["battle_size"] == "combat_patrol"
    assert [p["name"] for p in document["combat_patrols"]] == ["Orks Combat Patrol"]
    assert document["combat_patrols"][0]["key"] == "cp-1"
    patrol_event.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    assert observable(report.event) == imported(before)
    patrol = CombatPatrol.objects.get(event=report.event)
    assert patrol.units == [{"name": "Warboss", "models": 1}, {"name": "Boyz", "models": 10}]
    assert without_stamp(export(report.event)) == without_stamp(document)


def test_an_event_without_patrols_has_no_section(organiser):
    event = event_create(user=organiser, name="Strike GT", rounds=3, seed=1)
    assert "combat_patrols" not in export(event)


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda p: p.update(units=[]), "combat_patrols[0].units"),
        (lambda p: p.update(key=""), "combat_patrols[0].key"),
        (lambda p: p.pop("enhancements"), "combat_patrols[0].enhancements"),
        (lambda p: p.update(points=500), "combat_patrols[0].points"),
    ],
)
def test_a_bad_patrol_is_refused_by_its_place(patrol_event, change, place):
    document = export(patrol_event)
    change(document["combat_patrols"][0])
    message = _refused(_resealed(document), "invalid_file")
    assert place in message
