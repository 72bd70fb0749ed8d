"""11th-edition results through the API: caps, the record stored with each version and
returned, corrections and settling keep it, Battle Ready claims flagged, other packs refuse it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.eleventh.results.conftest import rounds
from tests.tracker.web.conftest import key_client
from tournament.models import Result

pytestmark = pytest.mark.django_db

R_A = rounds((10, 5), (8, 7), (15, 15), (0, 3), (7, 10))  # 40 + 40
R_B = rounds((5, 5), (5, 5), (5, 5), (5, 5), (5, 5))  # 25 + 25
OVER = {"primary": 16, "secondary": 0}
FULL = {
    "rounds_a": R_A,
    "rounds_b": R_B,
    "battle_ready_a": 10,
    "attacker": "b",
    "first_turn": "a",
    "secondaries_a": "tactical",
    "secondaries_b": "fixed",
}


def post(client, game, body):
    return client.post(f"/api/games/{game.pk}/result/", body, format="json")


def test_the_record_is_stored_and_returned(api, game11):
    response = post(api, game11, FULL)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["vp_a"], body["vp_b"], body["primary_a"], body["secondary_b"]) == (90, 50, 40, 25)
    for field, value in FULL.items():
        assert body[field] == value
    result = Result.objects.get(game=game11, is_current=True)
    assert (result.rounds_a, result.attacker, result.secondaries_b) == (R_A, "b", "fixed")
    listed = api.get(f"/api/games/{game11.pk}/result/").json()
    assert listed[-1]["rounds_b"] == R_B
    game = api.get(f"/api/games/{game11.pk}/").json()
    assert game["result"]["first_turn"] == "a"


def test_the_same_record_again_makes_no_new_version(api, game11):
    assert post(api, game11, FULL).status_code == 201
    assert post(api, game11, FULL).status_code == 200
    assert Result.objects.filter(game=game11).count() == 1


def test_a_correction_keeps_the_earlier_version_and_its_record(api, game11):
    post(api, game11, FULL)
    changed = {**FULL, "first_turn": "b", "secondaries_b": "tactical"}
    response = post(api, game11, changed)
    assert response.status_code == 201
    old, new = Result.objects.filter(game=game11).order_by("version")
    assert (old.first_turn, old.is_current, new.first_turn, new.is_current) == (
        "a",
        False,
        "b",
        True,
    )
    assert new.rounds_a == R_A


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"primary_a": 46, "vp_b": 0}, "primary_a"),
        ({"secondary_a": 46, "vp_b": 0}, "secondary_a"),
        ({"vp_a": 101, "vp_b": 0}, "vp_a"),
        ({"battle_ready_b": 5, "vp_a": 0, "primary_b": 1}, "battle_ready_b"),
        (
            {**FULL, "rounds_a": [*R_A[:2], {"primary": 16, "secondary": 0}, *R_A[3:]]},
            "rounds_a[2].primary",
        ),
        ({**FULL, "primary_a": 41}, "rounds_a"),
        ({**FULL, "attacker": "c"}, "attacker"),
        ({**FULL, "secondaries_a": "both"}, "secondaries_a"),
    ],
)
def test_a_refusal_names_the_field_and_changes_nothing(api, game11, body, field):
    response = post(api, game11, body)
    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert not Result.objects.filter(game=game11).exists()


def test_other_packs_refuse_the_record(api, event, players, organiser):
    from tournament.services.rounds.rounds import round_create

    game = round_create(event_id=event.pk, user=organiser, seed=7).games.first()
    for field in Result.RECORD:
        response = post(api, game, {"vp_a": 50, "vp_b": 40, field: FULL[field]})
        assert response.status_code == 400
        assert response.json()["error_codes"][field] == ["not_in_pack"]
    assert not Result.objects.filter(game=game).exists()


def test_a_battle_ready_claim_by_an_unregistered_player_is_flagged_not_refused(
    org_client, eleventh, game11
):
    a = game11.player_a
    assert not a.battle_ready
    response = post(key_client(a), game11, FULL)
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "pending"
    page = org_client.get(reverse("manage-results", args=[eleventh.pk])).content.decode()
    row = page.split(f'<tr id="game-{game11.pk}"')[1].split("</tr>", maxsplit=1)[0]
    assert f"{a.name} has the Battle Ready bonus (10 VP) but is not registered" in row


def test_a_player_total_agrees_with_the_breakdown_entered_before(game11):
    a, b = game11.player_a, game11.player_b
    assert post(key_client(a), game11, FULL).status_code == 201
    # The opponent types the totals only: nothing differs, so the entry is confirmed.
    response = post(key_client(b), game11, {"vp_a": 90, "vp_b": 50})
    assert response.json()["status"] == "confirmed"
    assert response.json()["rounds_a"] == R_A


def test_settling_a_dispute_keeps_the_accepted_claim_record(organiser, game11):
    a, b = game11.player_a, game11.player_b
    post(key_client(a), game11, FULL)
    post(key_client(b), game11, {**FULL, "first_turn": "b"})
    claim = Result.objects.get(game=game11, is_current=True)
    assert claim.status == "disputed"
    from tournament.services.results.results import result_settle

    settled = result_settle(game_id=game11.pk, version=1, user=organiser)
    assert (settled.first_turn, settled.rounds_b, settled.status) == ("a", R_B, "confirmed")
