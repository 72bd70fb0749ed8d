"""The pairing ritual's endpoints against every role: each captain acts only for their own
team, organisers and judges for either, everyone else is refused (401/403) and changes
nothing (ritual rows and audit log read before and after)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.cross.roles.conftest import FORGED_KEY
from tests.teams.ritual.conftest import make_team
from tournament.services.events.events import event_create
from tournament.services.events.staff import staff_add

pytestmark = pytest.mark.django_db

ROLES = (
    "anonymous",
    "captain_a",
    "captain_b",
    "member_a",
    "captain_of_other_match",
    "forged_key",
    "other_organiser",
    "judge",
    "organiser",
)
READERS = {"captain_a", "captain_b", "judge", "organiser"}
ACT_FOR_A = {"captain_a", "judge", "organiser"}


@pytest.fixture
def ritual_scn(organiser, other_organiser, db):
    from django.contrib.auth import get_user_model

    from teams.services.rounds import team_round_create

    get_user_model().objects.create_user("judy", password="pw")
    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    staff_add(event=event, user=organiser, username="judy", role="judge")
    for name in ("Alpha", "Beta", "Gamma", "Delta"):
        make_team(event, organiser, name, size=3)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=1)
    match, other = list(team_round.matches.order_by("number"))[:2]
    member_a = match.team_a.members.exclude(player=match.team_a.captain).first().player
    keys = {
        "captain_a": match.team_a.captain.private_key,
        "captain_b": match.team_b.captain.private_key,
        "member_a": member_a.private_key,
        "captain_of_other_match": other.team_a.captain.private_key,
        "forged_key": FORGED_KEY,
    }
    users = {
        "organiser": organiser,
        "other_organiser": other_organiser,
        "judge": get_user_model().objects.get(username="judy"),
    }
    return match, keys, users


def _client(keys, users, role) -> APIClient:
    client = APIClient()
    if role in users:
        client.force_authenticate(users[role])
    if role in keys:
        client.credentials(HTTP_AUTHORIZATION=f"Key {keys[role]}")
    return client


def _rows() -> tuple:
    from teams.models.ritual import TeamMatchRitual
    from tournament.models import AuditEntry, Game

    return (
        list(TeamMatchRitual.objects.values()),
        AuditEntry.objects.count(),
        Game.objects.count(),
    )


@pytest.mark.parametrize("role", ROLES)
def test_ritual_read_matrix(ritual_scn, role):
    match, keys, users = ritual_scn
    response = _client(keys, users, role).get(f"/api/team-matches/{match.pk}/ritual/")
    if role in READERS:
        assert response.status_code == 200, response.content
        assert response.json()["you"] == {"captain_a": "a", "captain_b": "b"}.get(role, "organiser")
    else:
        assert response.status_code in (401, 403), (response.status_code, response.content)


@pytest.mark.parametrize("role", ROLES)
def test_ritual_act_for_team_a_matrix(ritual_scn, role):
    match, keys, users = ritual_scn
    defender = match.team_a.members.first().player_id
    before = _rows()
    response = _client(keys, users, role).post(
        f"/api/team-matches/{match.pk}/ritual/",
        {"side": "a", "step": "defender", "player": defender},
        format="json",
    )
    if role in ACT_FOR_A:
        assert response.status_code == 200, response.content
        assert response.json()["committed"] == {"a": True, "b": False}
        assert _rows() != before
    else:
        assert response.status_code in (401, 403), (response.status_code, response.content)
        assert _rows() == before


@pytest.mark.parametrize("role", ROLES)
def test_ritual_reset_matrix(ritual_scn, role):
    from teams.services.ritual import ritual_act

    match, keys, users = ritual_scn
    defender = match.team_a.members.first().player_id
    ritual_act(
        match_id=match.pk,
        data={"side": "a", "step": "defender", "player": defender},
        user=users["organiser"],
    )
    before = _rows()
    response = _client(keys, users, role).delete(f"/api/team-matches/{match.pk}/ritual/")
    if role == "organiser":
        assert response.status_code == 204, response.content
        assert _rows() != before
    else:
        assert response.status_code in (401, 403), (response.status_code, response.content)
        assert _rows() == before
