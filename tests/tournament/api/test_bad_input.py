"""Bad input through the API: a clear JSON error naming the field and the rule, nothing changed."""

import pytest

from tests.conftest import add_players
from tournament.models import AuditEntry, Event, Round

pytestmark = pytest.mark.django_db

TOO_BIG = 2**63  # one past the largest seed a round can store


@pytest.mark.parametrize("seed", [TOO_BIG, 2**80, -1])
def test_pairing_seed_out_of_range_is_refused(api, event, organiser, seed):
    add_players(event, organiser, 4)
    logged = AuditEntry.objects.count()
    response = api.post(
        f"/api/events/{event.pk}/rounds/", {"seed": seed, "force": True}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["error_codes"] == {"seed": ["out_of_range"]}
    assert "seed" in response.json()
    assert not Round.objects.filter(event=event).exists()
    assert AuditEntry.objects.count() == logged


def test_largest_seed_pairs(api, event, organiser):
    add_players(event, organiser, 4)
    response = api.post(
        f"/api/events/{event.pk}/rounds/", {"seed": TOO_BIG - 1, "force": True}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["seed"] == TOO_BIG - 1


@pytest.mark.parametrize("seed", [TOO_BIG, -5])
def test_repair_seed_out_of_range_is_refused_and_keeps_the_round(api, event, organiser, seed):
    add_players(event, organiser, 4)
    first = api.post(f"/api/events/{event.pk}/rounds/", {"seed": 7}, format="json").json()
    response = api.post(
        f"/api/events/{event.pk}/rounds/1/repair/", {"seed": seed, "force": True}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["error_codes"] == {"seed": ["out_of_range"]}
    kept = api.get(f"/api/events/{event.pk}/rounds/1/").json()
    assert kept["seed"] == 7
    assert [g["id"] for g in kept["games"]] == [g["id"] for g in first["games"]]


@pytest.mark.parametrize("seed", [TOO_BIG, -1])
def test_services_refuse_out_of_range_seeds(event, organiser, seed):
    from common.errors import Invalid
    from tournament.services.rounds.rounds import round_create
    from tournament.services.rounds.swaps import round_repair

    add_players(event, organiser, 4)
    with pytest.raises(Invalid) as refused:
        round_create(event_id=event.pk, user=organiser, seed=seed, force=True)
    assert refused.value.codes == {"seed": ["out_of_range"]}
    round_create(event_id=event.pk, user=organiser, seed=3)
    with pytest.raises(Invalid) as refused:
        round_repair(event_id=event.pk, user=organiser, seed=seed)
    assert refused.value.codes == {"seed": ["out_of_range"]}
    assert Round.objects.get(event=event, number=1).seed == 3


def test_non_organiser_creating_an_event_is_forbidden(db):
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    player = get_user_model().objects.create_user("kim", password="pw")
    client = APIClient()
    client.force_authenticate(player)
    response = client.post("/api/events/", {"name": "My GT", "rounds": 3}, format="json")
    assert response.status_code == 403, response.content
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error_codes"] == {"user": ["not_organiser"]}
    assert not Event.objects.exists()


@pytest.mark.parametrize("name", ["", "   "])
def test_blank_event_name_is_refused(api, name):
    response = api.post("/api/events/", {"name": name, "rounds": 3}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()["error_codes"]
    assert not Event.objects.exists()


def test_unknown_objects_answer_404_with_error_codes(anon, event):
    missing_event = anon.get("/api/events/9999/")
    assert missing_event.status_code == 404
    assert missing_event.json()["error_codes"] == {"detail": ["not_found"]}
    missing_mission = anon.get("/api/missions/NOPE-1/")
    assert missing_mission.status_code == 404
    assert list(missing_mission.json()["error_codes"]) == ["code"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "X", "rounds": "3"}, "rounds"),
        ({"name": "X", "rounds": 3, "hidden": 1}, "hidden"),
        ({"name": 5, "rounds": 3}, "name"),
        ({"name": "X", "rounds": 3.5}, "rounds"),
        ({"name": "X\x00", "rounds": 3}, "name"),
    ],
)
def test_json_types_are_strict(api, body, field):
    response = api.post("/api/events/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["error_codes"]
    assert not Event.objects.exists()


def test_form_posts_still_parse(api, event, players):
    entry = event.audit.get(action="event_create")
    response = api.post(f"/api/events/{event.pk}/audit/{entry.pk}/undo/", {"confirm": "true"})
    assert response.status_code in (200, 409)
    assert "confirm" not in response.json().get("error_codes", {})
