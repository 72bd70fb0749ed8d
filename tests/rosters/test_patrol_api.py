"""The Combat Patrol API: organisers enter, change and delete patrols; anyone who sees the
event reads them; bad input is refused by field, nothing changed."""

from __future__ import annotations

import pytest

from rosters.models.patrols import CombatPatrol
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db

PATROL = {
    "name": "Orks Combat Patrol",
    "faction": "Orks",
    "units": [{"name": "Warboss", "models": 1}, {"name": "Boyz", "models": 10}],
    "enhancements": ["Follow Me Ladz", "Headwoppa's Killchoppa"],
}


def test_enter_read_change_delete(api, anon, event):
    url = f"/api/events/{event.pk}/patrols/"
    made = api.post(url, PATROL, format="json")
    assert made.status_code == 201, made.json()
    body = made.json()
    assert {k: body[k] for k in PATROL} == PATROL
    assert anon.get(url).json() == [body]
    one = f"{url}{body['id']}/"
    changed = api.patch(one, {"units": [{"name": "Boyz", "models": 20}]}, format="json")
    assert changed.status_code == 200
    assert changed.json()["units"] == [{"name": "Boyz", "models": 20}]
    # The same body again changes nothing and logs nothing.
    logged = AuditEntry.objects.count()
    again = api.patch(one, {"units": changed.json()["units"]}, format="json")
    assert again.status_code == 200
    assert AuditEntry.objects.count() == logged
    assert api.delete(one).status_code == 204
    assert not CombatPatrol.objects.exists()
    assert api.get(one).status_code == 404


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({**PATROL, "points": 500}, "points", "unknown_field"),
        ({**PATROL, "units": [{"name": "Boyz", "models": 0}]}, "units", None),
        ({**PATROL, "units": [{"name": "Boyz", "models": "10"}]}, "units", None),
        ({**PATROL, "units": []}, "units", "invalid"),
        ({**PATROL, "enhancements": ["A", "B", "C"]}, "enhancements", None),
        ({**PATROL, "name": ""}, "name", None),
    ],
)
def test_bad_input_names_the_field(api, event, body, field, code):
    answer = api.post(f"/api/events/{event.pk}/patrols/", body, format="json")
    assert answer.status_code == 400
    text = str(answer.json())
    assert field in text
    if code:
        assert code in text
    assert not CombatPatrol.objects.exists()


def test_only_organisers_write(anon, event, other_organiser):
    from rest_framework.test import APIClient

    url = f"/api/events/{event.pk}/patrols/"
    assert anon.post(url, PATROL, format="json").status_code in (401, 403)
    rival = APIClient()
    rival.force_authenticate(other_organiser)
    assert rival.post(url, PATROL, format="json").status_code == 403
    assert not CombatPatrol.objects.exists()


def test_the_event_takes_the_combat_patrol_battle_size(api, event):
    answer = api.patch(f"/api/events/{event.pk}/", {"battle_size": "combat_patrol"}, format="json")
    assert answer.status_code == 200, answer.json()
    assert (answer.json()["battle_size"], answer.json()["points_limit"]) == ("combat_patrol", 0)
    refused = api.patch(f"/api/events/{event.pk}/", {"mission_pack": "eighth"}, format="json")
    assert refused.status_code == 400
    assert "combat_patrol_10th_only" in str(refused.json())
