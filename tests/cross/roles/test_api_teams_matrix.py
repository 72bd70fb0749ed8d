"""The team endpoints against every role: organisers write, judges read what staff read,
everyone else is refused (401/403) and changes nothing (every row read before and after)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from tests.cross.roles.conftest import FORGED_KEY, ROLES, snapshot

pytestmark = pytest.mark.django_db

ORG = frozenset({"organiser"})
STAFF = frozenset({"organiser", "judge"})


@dataclass
class TeamScenario:
    event: object
    organiser: object
    other_organiser: object
    judge: object
    lions: object
    bears: object
    owls: object
    match: object
    players: dict


@pytest.fixture
def tscn(organiser, other_organiser, judge):
    from teams.services.matches import team_match_pair_players
    from teams.services.rounds import team_round_create
    from teams.services.teams import team_create, team_member_add, team_update
    from tournament.services.events.events import event_create
    from tournament.services.events.staff import staff_add

    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    staff_add(event=event, user=organiser, username="judy", role="judge")
    players = {}
    teams = {}
    for name in ("Lions", "Bears"):
        team = team_create(event=event, user=organiser, name=name)
        for i, faction in enumerate(("Orks", "Necrons", "Aeldari"), start=1):
            players[f"{name}{i}"] = team_member_add(
                team=team, user=organiser, name=f"{name} {i}", faction=faction
            )
        teams[name] = team
    owls = team_create(event=event, user=organiser, name="Owls")
    team_update(team=owls, user=organiser, changes={"dropped": True})
    match = team_round_create(event_id=event.pk, user=organiser, seed=1).matches.get()
    a = [players[f"{match.team_a.name}{i}"] for i in (1, 2, 3)]
    b = [players[f"{match.team_b.name}{i}"] for i in (1, 2, 3)]
    team_match_pair_players(match=match, pairs=list(zip(a, b, strict=True)), user=organiser)
    return TeamScenario(
        event,
        organiser,
        other_organiser,
        judge,
        teams["Lions"],
        teams["Bears"],
        owls,
        match,
        players,
    )


def _client(s: TeamScenario, role: str) -> APIClient:
    client = APIClient()
    user = {"organiser": s.organiser, "other_organiser": s.other_organiser, "judge": s.judge}
    if role in user:
        client.force_authenticate(user[role])
    key = {
        "player_of_game": s.players["Lions1"].private_key,
        "player_of_other_game": s.players["Lions2"].private_key,
        "forged_key": FORGED_KEY,
    }.get(role)
    if key:
        client.credentials(HTTP_AUTHORIZATION=f"Key {key}")
    return client


def _unpaired(s: TeamScenario) -> None:
    from teams.services.matches import team_match_unpair

    team_match_unpair(match=s.match, user=s.organiser)


def _pairs(s: TeamScenario) -> dict:
    a = [s.players[f"{s.match.team_a.name}{i}"].pk for i in (1, 2, 3)]
    b = [s.players[f"{s.match.team_b.name}{i}"].pk for i in (3, 2, 1)]
    return {"pairs": [{"player_a": x, "player_b": y} for x, y in zip(a, b, strict=True)]}


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    url: Callable
    body: Callable = lambda s: {}
    setup: Callable | None = None


ENDPOINTS = [
    Endpoint(
        "team create",
        "post",
        lambda s: f"/api/events/{s.event.pk}/teams/",
        lambda s: {"name": "Wolves"},
    ),
    Endpoint(
        "team update",
        "patch",
        lambda s: f"/api/events/{s.event.pk}/teams/{s.lions.pk}/",
        lambda s: {"name": "Big Cats"},
    ),
    Endpoint("team delete", "delete", lambda s: f"/api/events/{s.event.pk}/teams/{s.owls.pk}/"),
    Endpoint(
        "member add",
        "post",
        lambda s: f"/api/events/{s.event.pk}/teams/{s.owls.pk}/members/",
        lambda s: {"name": "Owl One", "faction": "Orks"},
    ),
    Endpoint(
        "teams import",
        "post",
        lambda s: f"/api/events/{s.event.pk}/teams/import/",
        lambda s: {"csv": "Wolves,Wolf One,Orks\n"},
    ),
    Endpoint(
        "team scoring",
        "patch",
        lambda s: f"/api/events/{s.event.pk}/team-scoring/",
        lambda s: {"draw_margin": 4},
    ),
    Endpoint(
        "team round",
        "post",
        lambda s: f"/api/events/{s.event.pk}/team-rounds/",
        lambda s: {"force": True},
    ),
    Endpoint(
        "match players pair",
        "post",
        lambda s: f"/api/events/{s.event.pk}/team-matches/{s.match.pk}/pairings/",
        _pairs,
        _unpaired,
    ),
    Endpoint(
        "match players unpair",
        "delete",
        lambda s: f"/api/events/{s.event.pk}/team-matches/{s.match.pk}/pairings/",
    ),
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.name)
def test_team_write_matrix(tscn, endpoint, role):
    if endpoint.setup:
        endpoint.setup(tscn)
    before = snapshot()
    call = getattr(_client(tscn, role), endpoint.method)
    response = call(endpoint.url(tscn), endpoint.body(tscn), format="json")
    if role in ORG:
        assert 200 <= response.status_code < 300, response.content
        assert snapshot() != before
    else:
        assert response.status_code in (401, 403), (response.status_code, response.content)
        assert snapshot() == before
    if role == "judge":
        codes = [c for items in response.json()["error_codes"].values() for c in items]
        assert codes == ["not_organiser"], response.content


GUARDED_READS = [
    lambda s: f"/api/events/{s.event.pk}/team-standings/?provisional=1",
    lambda s: f"/api/events/{s.event.pk}/team-rounds/1/?provisional=1",
    lambda s: f"/api/events/{s.event.pk}/team-matches/{s.match.pk}/?provisional=1",
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("url", GUARDED_READS)
def test_provisional_team_reads_are_staff_only(tscn, url, role):
    response = _client(tscn, role).get(url(tscn))
    if role in STAFF:
        assert response.status_code == 200, response.content
    else:
        assert response.status_code in (401, 403), response.content


@pytest.mark.parametrize("role", ROLES)
def test_team_keys_are_read_by_staff_only(tscn, role):
    response = _client(tscn, role).get(f"/api/events/{tscn.event.pk}/teams/")
    if role == "forged_key":
        assert response.status_code == 401
        return
    assert response.status_code == 200
    lions = next(t for t in response.json() if t["name"] == "Lions")
    keys = {m.get("private_key") for m in lions["members"]}
    if role in STAFF:
        assert lions["captain_key"] == tscn.players["Lions1"].private_key
        assert None not in keys
    else:
        assert "captain_key" not in lions
        assert keys == {None}


@pytest.mark.parametrize("role", ROLES)
def test_public_team_reads(tscn, role):
    client = _client(tscn, role)
    for url in (
        f"/api/events/{tscn.event.pk}/team-standings/",
        f"/api/events/{tscn.event.pk}/team-rounds/",
        f"/api/events/{tscn.event.pk}/team-rounds/1/",
        f"/api/events/{tscn.event.pk}/team-matches/{tscn.match.pk}/",
        f"/api/events/{tscn.event.pk}/team-scoring/",
    ):
        assert client.get(url).status_code == (401 if role == "forged_key" else 200), url


def test_the_player_of_a_match_game_enters_and_the_opponent_confirms(tscn):
    game = tscn.match.match_games.first().game
    mine = APIClient()
    mine.credentials(HTTP_AUTHORIZATION=f"Key {game.player_a.private_key}")
    theirs = APIClient()
    theirs.credentials(HTTP_AUTHORIZATION=f"Key {game.player_b.private_key}")
    url = f"/api/games/{game.pk}/result/"
    assert mine.post(url, {"vp_a": 70, "vp_b": 30}, format="json").status_code == 201
    view = f"/api/events/{tscn.event.pk}/team-matches/{tscn.match.pk}/"
    assert APIClient().get(view).json()["games"][0]["status"] in ("pending", "missing")
    assert theirs.post(f"{url}confirm/", {}, format="json").status_code == 200
    # A difference of 40 is in the 36-40 band of the WTC table: 17-3.
    games = APIClient().get(view).json()["games"]
    assert any(g["status"] == "confirmed" and g["points_a"] == 17 for g in games)
