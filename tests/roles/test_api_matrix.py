"""Every write endpoint of the API against every role: allowed roles succeed, the others get
401 or 403 and change nothing (every row of every table read before and after)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from tests.roles.conftest import ROLES, key_of, snapshot, user_of

pytestmark = pytest.mark.django_db

ORG = frozenset({"organiser"})
ANY_ORGANISER = frozenset({"organiser", "other_organiser"})
PLAYER_OR_ORG = frozenset({"organiser", "player_of_game"})


def _pending_by_a(scn):
    from tournament.services.results import result_enter

    result_enter(game_id=scn.game.pk, data={"vp_a": 61, "vp_b": 40}, player=scn.players["A"])


def _unplayed(scn):
    from tournament.services.players import player_register

    scn.extra["unplayed"] = player_register(event=scn.event, user=scn.organiser, name="Late F")


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    url: Callable
    body: Callable = lambda scn: {}
    allowed: frozenset = ORG
    game_player: str = "A"  # whose key "player_of_game" holds
    setup: Callable | None = None


ENDPOINTS = [
    Endpoint(
        "event create",
        "post",
        lambda s: "/api/events/",
        lambda s: {"name": "New GT", "rounds": 3},
        ANY_ORGANISER,
    ),
    Endpoint(
        "event update",
        "patch",
        lambda s: f"/api/events/{s.event.pk}/",
        lambda s: {"name": "Renamed", "hidden": True},
    ),
    Endpoint(
        "event archive",
        "patch",
        lambda s: f"/api/events/{s.event.pk}/",
        lambda s: {"archived": True},
    ),
    Endpoint(
        "event delete",
        "delete",
        lambda s: f"/api/events/{s.event.pk}/",
        lambda s: {"confirm": "Home GT"},
    ),
    Endpoint(
        "player delete",
        "delete",
        lambda s: f"/api/events/{s.event.pk}/players/{s.extra['unplayed'].pk}/",
        setup=_unplayed,
    ),
    Endpoint(
        "player register",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/",
        lambda s: {"name": "Newcomer", "faction": "Tau"},
    ),
    Endpoint(
        "player update",
        "patch",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['B'].pk}/",
        lambda s: {"dropped": True},
    ),
    Endpoint(
        "round create (forced)",
        "post",
        lambda s: f"/api/events/{s.event.pk}/rounds/",
        lambda s: {"force": True, "seed": 3},
    ),
    Endpoint(
        "round mission",
        "patch",
        lambda s: f"/api/events/{s.event.pk}/rounds/1/",
        lambda s: {"mission": "C"},
    ),
    Endpoint("round delete", "delete", lambda s: f"/api/events/{s.event.pk}/rounds/1/"),
    Endpoint(
        "round swap",
        "post",
        lambda s: f"/api/events/{s.event.pk}/rounds/1/swap/",
        lambda s: {"player_x": s.players["B"].pk, "player_y": s.players["C"].pk},
    ),
    Endpoint(
        "round repair",
        "post",
        lambda s: f"/api/events/{s.event.pk}/rounds/1/repair/",
        lambda s: {"seed": 4},
    ),
    Endpoint(
        "audit undo",
        "post",
        lambda s: f"/api/events/{s.event.pk}/audit/{s.event.audit.first().pk}/undo/",
    ),
    Endpoint(
        "result enter",
        "post",
        lambda s: f"/api/games/{s.game.pk}/result/",
        lambda s: {"vp_a": 70, "vp_b": 50},
        PLAYER_OR_ORG,
    ),
    Endpoint(
        "result confirm",
        "post",
        lambda s: f"/api/games/{s.game.pk}/result/confirm/",
        allowed=PLAYER_OR_ORG,
        game_player="B",
        setup=_pending_by_a,
    ),
    Endpoint(
        "game tracker action",
        "post",
        lambda s: f"/api/games/{s.game.pk}/tracker/",
        lambda s: {"type": "roll_off", "round": 0, "phase": "roles"},
        PLAYER_OR_ORG,
    ),
]


def _client(scn, role: str, game_player: str) -> APIClient:
    client = APIClient()
    user = user_of(scn, role)
    if user is not None:
        client.force_authenticate(user)
    key = key_of(scn, role, game_player)
    if key is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Key {key}")
    return client


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.name)
def test_api_write_matrix(scn, endpoint, role):
    if endpoint.setup:
        endpoint.setup(scn)
    client = _client(scn, role, endpoint.game_player)
    before = snapshot()
    call = getattr(client, endpoint.method)
    response = call(endpoint.url(scn), endpoint.body(scn), format="json")
    if role in endpoint.allowed:
        assert 200 <= response.status_code < 300, response.content
        assert snapshot() != before
    else:
        assert response.status_code in (401, 403), (response.status_code, response.content)
        assert snapshot() == before


def test_the_entering_player_cannot_confirm_their_own_entry(scn):
    _pending_by_a(scn)
    client = _client(scn, "player_of_game", "A")
    before = snapshot()
    response = client.post(f"/api/games/{scn.game.pk}/result/confirm/", {}, format="json")
    assert response.status_code == 403
    assert response.json()["error_codes"] == {"result": ["own_entry"]}
    assert snapshot() == before


def test_a_player_of_another_event_cannot_touch_this_events_game(scn):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {scn.players['E'].private_key}")
    before = snapshot()
    for url in (f"/api/games/{scn.game.pk}/result/", f"/api/games/{scn.game.pk}/result/confirm/"):
        assert client.post(url, {"vp_a": 1, "vp_b": 0}, format="json").status_code == 403
    assert snapshot() == before


def test_session_writes_need_a_csrf_token(scn):
    client = APIClient(enforce_csrf_checks=True)
    client.login(username="org", password="pw")
    before = snapshot()
    response = client.patch(f"/api/events/{scn.event.pk}/", {"name": "X"}, format="json")
    assert response.status_code == 403
    assert snapshot() == before
