"""Every write endpoint of the API against every role: allowed roles succeed, the others get
401 or 403 and change nothing (every row of every table read before and after). The guarded
reads (audit log, undo preview, staff, provisional standings, private keys, the event's
export) likewise."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from tests.cross.roles.conftest import (
    ROLES,
    key_of,
    open_phone_check_in,
    open_signup,
    snapshot,
    unrelease_round,
    user_of,
)

pytestmark = pytest.mark.django_db

ORG = frozenset({"organiser"})
STAFF = frozenset({"organiser", "judge"})
ANY_ORGANISER = frozenset({"organiser", "other_organiser"})
PLAYER_OR_STAFF = frozenset({"organiser", "judge", "player_of_game"})


def _announced(scn):
    from tournament.services.live.announcements import announcement_post

    announcement_post(event=scn.event, user=scn.organiser, text="Lunch at 13:00")


def _announcement_url(scn) -> str:
    announcement = scn.event.announcements.first()
    return f"/api/events/{scn.event.pk}/announcements/{announcement.pk}/"


PLAYER_OR_ORG = frozenset({"organiser", "player_of_game"})
# Sign-up is public: every role may, except a request with a forged key (refused as such).
ANYONE = frozenset(ROLES) - {"forged_key"}


def _clocked(scn):
    from tournament.services.events.events import event_update

    event_update(event=scn.event, user=scn.organiser, changes={"game_clock_minutes": 90})


def _pending_by_a(scn):
    from tournament.services.results.results import result_enter

    result_enter(game_id=scn.game.pk, data={"vp_a": 61, "vp_b": 40}, player=scn.players["A"])


def _confirmed(scn):
    from tournament.services.results.results import result_enter

    result_enter(game_id=scn.game.pk, data={"vp_a": 61, "vp_b": 40}, user=scn.organiser)


def _list_sent_by_a(scn):
    from rosters.services.armylists import army_list_submit

    army_list_submit(player=scn.players["A"], text="Warboss", by_player=True)


def _necrons_list_by_a(scn):
    # Its checks find problems, and it states Necrons where A's entry records Orks.
    from pathlib import Path

    from rosters.services.armylists import army_list_submit

    text = (Path(__file__).parents[2] / "rosters" / "lists" / "gw_app_10th_necrons.txt").read_text()
    army_list_submit(player=scn.players["A"], text=text, by_player=True)


def _first_problem(scn) -> dict:
    from rosters.services.rules import army_list_rules

    code = army_list_rules(player=scn.players["A"]).problems[0].code
    return {"code": code, "comment": "Agreed at the desk"}


def _unplayed(scn):
    from tournament.services.players.players import player_register

    scn.extra["unplayed"] = player_register(event=scn.event, user=scn.organiser, name="Late F")


OLD_CSV = "round,table,player_a,faction_a,vp_a,player_b,faction_b,vp_b\n1,1,Ann,Orks,60,Bo,,40\n"
OLD_PAIRINGS = [
    {
        "round": 1,
        "player1": {"name": "Ann"},
        "player2": {"name": "Bo"},
        "player1Game": {"points": 60},
        "player2Game": {"points": 40},
    }
]


def _document(scn) -> dict:
    from exchange.services.export import event_export_document

    return event_export_document(event=scn.event)


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
        "sign up",
        "post",
        lambda s: f"/api/events/{s.event.pk}/signup/",
        lambda s: {"name": "Walk In", "faction": "Orks"},
        ANYONE,
        setup=open_signup,
    ),
    Endpoint(
        "sign-up approve",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['S'].pk}/approve/",
        setup=open_signup,
    ),
    Endpoint(
        "sign-up reject",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['S'].pk}/reject/",
        setup=open_signup,
    ),
    Endpoint(
        "phone check-in",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['A'].pk}/check-in/",
        allowed=frozenset({"player_of_game"}),
        setup=open_phone_check_in,
    ),
    Endpoint(
        "sign-up withdraw",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['S'].pk}/withdraw/",
        allowed=frozenset({"player_of_game"}),
        game_player="S",
        setup=open_signup,
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
        "round release",
        "post",
        lambda s: f"/api/events/{s.event.pk}/rounds/1/release/",
        setup=unrelease_round,
    ),
    Endpoint(
        "round clock",
        "post",
        lambda s: f"/api/events/{s.event.pk}/rounds/1/clock/",
        lambda s: {"action": "start", "minutes": 150},
        STAFF,  # judges run the clock
    ),
    Endpoint(
        "announcement post",
        "post",
        lambda s: f"/api/events/{s.event.pk}/announcements/",
        lambda s: {"text": "Round 2 starts at 14:00"},
        STAFF,
    ),
    Endpoint("announcement delete", "delete", _announcement_url, allowed=STAFF, setup=_announced),
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
        PLAYER_OR_STAFF,
    ),
    Endpoint(
        "result confirm",
        "post",
        lambda s: f"/api/games/{s.game.pk}/result/confirm/",
        allowed=PLAYER_OR_STAFF,
        game_player="B",
        setup=_pending_by_a,
    ),
    Endpoint(
        "game tracker action",
        "post",
        lambda s: f"/api/games/{s.game.pk}/tracker/",
        lambda s: {"type": "roll_off", "round": 0, "phase": "roles"},
        PLAYER_OR_STAFF,
    ),
    Endpoint(
        "game clock move",
        "post",
        lambda s: f"/api/games/{s.game.pk}/clock/",
        lambda s: {"action": "start", "version": 0, "side": "a"},
        PLAYER_OR_STAFF,  # player A's key starts their own side
        setup=_clocked,
    ),
    Endpoint(
        "painting score",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['B'].pk}/painting/",
        lambda s: {"score": 15},
        STAFF,  # judges score painting
    ),
    Endpoint(
        "sportsmanship vote",
        "post",
        lambda s: f"/api/games/{s.game.pk}/sportsmanship/",
        lambda s: {"favourite": True},
        frozenset({"player_of_game"}),  # players only, with their key
        setup=_confirmed,
    ),
    Endpoint(
        "staff add",
        "post",
        lambda s: f"/api/events/{s.event.pk}/staff/",
        lambda s: {"username": "newbie", "role": "judge"},
    ),
    Endpoint(
        "staff role",
        "patch",
        lambda s: f"/api/events/{s.event.pk}/staff/{s.judge.pk}/",
        lambda s: {"role": "organiser"},
    ),
    Endpoint("staff remove", "delete", lambda s: f"/api/events/{s.event.pk}/staff/{s.judge.pk}/"),
    Endpoint("event import", "post", lambda s: "/api/events/import/", _document, ANY_ORGANISER),
    Endpoint(
        "old event import (BCP)",
        "post",
        lambda s: "/api/events/import/bcp/",
        lambda s: {"name": "Old GT", "file": OLD_PAIRINGS},
        ANY_ORGANISER,
    ),
    Endpoint(
        "old event import (CSV)",
        "post",
        lambda s: "/api/events/import/rounds-csv/",
        lambda s: {"name": "Old GT", "file": OLD_CSV},
        ANY_ORGANISER,
    ),
    Endpoint(
        "army list submit",
        "put",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['A'].pk}/list/",
        lambda s: {"army_list": "Strike Force (2000 Points)\nWarboss"},
        PLAYER_OR_ORG,
    ),
    Endpoint(
        "army list review",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['A'].pk}/list/review/",
        lambda s: {"status": "needs_fix", "comment": "Warboss needs wargear"},
        STAFF,
        setup=_list_sent_by_a,
    ),
    Endpoint(
        "army list overrule",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['A'].pk}/list/overrule/",
        _first_problem,
        STAFF,
        setup=_necrons_list_by_a,
    ),
    Endpoint(
        "army list recorded from the list",
        "post",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['A'].pk}/list/recorded/",
        lambda s: {"field": "faction"},
        ORG,
        setup=_necrons_list_by_a,
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
    if role == "judge" and role not in endpoint.allowed and "organiser" in endpoint.allowed:
        # A judge is told plainly that this is the organisers' to do.
        codes = [c for items in response.json()["error_codes"].values() for c in items]
        assert codes == ["not_organiser"], response.content


@dataclass(frozen=True)
class Read:
    name: str
    url: Callable
    allowed: frozenset


READS = [
    Read("audit log", lambda s: f"/api/events/{s.event.pk}/audit/", STAFF),
    Read(
        "undo preview",
        lambda s: f"/api/events/{s.event.pk}/audit/{s.event.audit.first().pk}/undo/",
        ORG,
    ),
    Read("staff list", lambda s: f"/api/events/{s.event.pk}/staff/", ORG),
    Read("event export", lambda s: f"/api/events/{s.event.pk}/export/", ORG),
    # The open feed's webhook deliveries (issue 37): its organisers only.
    Read("feed deliveries", lambda s: f"/api/events/{s.event.pk}/feed/deliveries/", ORG),
    # Before any deadline a list is its player's and the staff's only.
    Read(
        "army list before publication",
        lambda s: f"/api/events/{s.event.pk}/players/{s.players['A'].pk}/list/",
        PLAYER_OR_STAFF,
    ),
    Read(
        "provisional standings",
        lambda s: f"/api/events/{s.event.pk}/standings/?provisional=1",
        STAFF,
    ),
    Read(
        "provisional standings csv",
        lambda s: f"/api/events/{s.event.pk}/standings.csv?provisional=1",
        STAFF,
    ),
    Read(
        "provisional results", lambda s: f"/api/events/{s.event.pk}/results/?provisional=1", STAFF
    ),
    Read(
        "provisional results csv",
        lambda s: f"/api/events/{s.event.pk}/results.csv?provisional=1",
        STAFF,
    ),
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("read", READS, ids=lambda r: r.name)
def test_api_guarded_read_matrix(scn, read, role):
    response = _client(scn, role, "A").get(read.url(scn))
    if role in read.allowed:
        assert response.status_code == 200, response.content
    else:
        assert response.status_code in (401, 403), (response.status_code, response.content)


@pytest.mark.parametrize("role", ROLES)
def test_private_keys_are_read_by_staff_only(scn, role):
    response = _client(scn, role, "A").get(f"/api/events/{scn.event.pk}/players/")
    if role == "forged_key":
        assert response.status_code == 401
        return
    assert response.status_code == 200
    keys = {row["name"]: row.get("private_key") for row in response.json()}
    if role in STAFF:
        assert keys == {p.name: p.private_key for p in scn.event.players.all()}
    else:
        assert set(keys.values()) == {None}


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
    # Each with the body it takes (confirm takes none: a body there is refused as such).
    for url, body in (
        (f"/api/games/{scn.game.pk}/result/", {"vp_a": 1, "vp_b": 0}),
        (f"/api/games/{scn.game.pk}/result/confirm/", {}),
    ):
        assert client.post(url, body, format="json").status_code == 403
    assert snapshot() == before


def test_session_writes_need_a_csrf_token(scn):
    client = APIClient(enforce_csrf_checks=True)
    client.login(username="org", password="pw")
    before = snapshot()
    response = client.patch(f"/api/events/{scn.event.pk}/", {"name": "X"}, format="json")
    assert response.status_code == 403
    assert snapshot() == before


READS_OF_A_HIDDEN_EVENT = {
    # role -> status: a hidden event exists only for its organisers and its own players.
    "anonymous": 404,
    "player_of_game": 200,
    "player_of_other_game": 200,
    "forged_key": 401,
    "other_organiser": 404,
    "judge": 200,
    "organiser": 200,
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    "path",
    [
        "announcements/",
        "rounds/1/",
        "standings.csv",
        "results/",
        "results.csv",
        "rounds/1/pairings.csv",
        "factions/",
    ],
)
def test_day_of_the_event_reads_of_a_hidden_event(scn, role, path):
    from tournament.services.events.events import event_update

    _announced(scn)
    event_update(event=scn.event, user=scn.organiser, changes={"hidden": True})
    response = _client(scn, role, "A").get(f"/api/events/{scn.event.pk}/{path}")
    assert response.status_code == READS_OF_A_HIDDEN_EVENT[role], response.content
    if response.status_code == 200 and path == "announcements/":
        assert [a["text"] for a in response.json()] == ["Lunch at 13:00"]
    if response.status_code == 200 and path == "rounds/1/":
        assert response.json()["clock"]["state"] == "not_started"


@pytest.mark.parametrize("role", ROLES)
def test_instance_factions_are_public(scn, role):
    response = _client(scn, role, "A").get("/api/factions/")
    # A forged key is refused as such everywhere (401); anyone else reads the public figures.
    assert response.status_code == (401 if role == "forged_key" else 200), response.content
