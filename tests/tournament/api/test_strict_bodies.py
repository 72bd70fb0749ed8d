"""Every JSON write operation, enumerated from the schema so a new one is covered at once:
a body nested a thousand deep, a key sent twice, or a field the operation does not take is a
400 naming the rule (and the field), never a 500 and never silently dropped."""

from __future__ import annotations

import json
import re

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.conftest import add_players
from tests.teams.ritual.conftest import make_team

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch", "delete")


def _write_operations() -> list[tuple[str, str]]:
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    return sorted(
        (method, path)
        for path, operations in paths.items()
        for method in operations
        if method in WRITES and path.startswith("/api/")
    )


OPERATIONS = _write_operations()
TEAM_PATH = re.compile(r"/(teams|team-\w+|ritual-setting)/")


@pytest.fixture
def world(organiser, event):
    from django.contrib.auth import get_user_model

    from floor.services.calls import judge_call_open
    from rosters.services.patrols.patrols import patrol_create
    from series.services.series import series_create
    from teams.services.rounds import team_round_create
    from tournament.services.events.events import event_create
    from tournament.services.events.staff import staff_add
    from tournament.services.live.announcements import announcement_post
    from tournament.services.players.penalties import penalty_give
    from tournament.services.rounds.rounds import round_create
    from tracker.services.trackers import tracker_create

    judge = get_user_model().objects.create_user("judy", password="pw")
    staff_add(event=event, user=organiser, username="judy", role="judge")
    add_players(event, organiser, 4)
    round_ = round_create(event_id=event.pk, user=organiser, seed=1)
    game = round_.games.order_by("pk").first()
    announcement = announcement_post(event=event, user=organiser, text="Lunch at noon")
    penalty = penalty_give(
        event=event,
        user=organiser,
        player_id=game.player_a_id,
        kind="warning",
        round_number=1,
        reason="Slow play",
    )
    call, _ = judge_call_open(game_id=game.pk, user=organiser)
    patrol = patrol_create(
        event=event, user=organiser, data={"name": "P", "units": [{"name": "U", "models": 1}]}
    )
    series = series_create(user=organiser, fields={"name": "League", "placing_points": ["3"]})
    team_event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    for name in ("Alpha", "Beta", "Gamma", "Delta"):
        make_team(team_event, organiser, name, size=3)
    match = team_round_create(event_id=team_event.pk, user=organiser, seed=1).matches.first()
    ids = {
        "event_id": event.pk,
        "player_id": game.player_a_id,
        "number": 1,
        "announcement_id": announcement.pk,
        "entry_id": event.audit.order_by("-pk").first().pk,
        "user_id": judge.pk,
        "game_id": game.pk,
        "token": tracker_create().token,
        "patrol_id": patrol.pk,
        "series_id": series.pk,
        "penalty_id": penalty.pk,
        "call_id": call.pk,
        "person_id": game.player_a.person_link.person_id,
    }
    team_ids = {
        "event_id": team_event.pk,
        "team_id": match.team_a_id,
        "match_id": match.pk,
    }
    return {"ids": ids, "team_ids": team_ids, "player": game.player_a}


def _url(world, path: str) -> str:
    ids = {**world["ids"], **(world["team_ids"] if TEAM_PATH.search(path) else {})}
    if "team-matches" in path:
        ids.update(world["team_ids"])
    return re.sub(r"\{(\w+)\}", lambda m: str(ids[m.group(1)]), path)


def _client(world, organiser, path: str) -> APIClient:
    client = APIClient()
    # The player themselves (their consent to publication, issue 36, is theirs alone to give).
    if path.endswith(("/withdraw/", "/sportsmanship/", "/check-in/", "/consent/")):
        client.credentials(HTTP_AUTHORIZATION=f"Key {world['player'].private_key}")
    else:
        client.force_authenticate(organiser)
    return client


# Bodies that are documents, not fields: the import service reads the export document's
# sections (docs/export-format.md) and refuses one it does not know by name, after checking the
# file's format and checksum (tests/exchange/test_refusals.py).
DOCUMENTS = {"/api/events/import/"}


# An action's fields are the engine's: send a valid first action, so the extra field is the
# only thing wrong with it.
FIRST_ACTION = {"type": "roll_off", "round": 0, "phase": "roles"}


def _valid_body(world, path: str) -> dict:
    return FIRST_ACTION if path.endswith(("/actions/", "/tracker/")) and "{" in path else {}


def _send(client, method: str, url: str, raw: str):
    return getattr(client, method)(url, raw, content_type="application/json")


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_unknown_field_is_refused_naming_it(world, organiser, method, path):
    if path in DOCUMENTS:
        pytest.skip("a document: the import service names an unknown section")
    body = {**_valid_body(world, path), "tiebreak_typo": ["vp"]}
    response = _send(_client(world, organiser, path), method, _url(world, path), json.dumps(body))
    assert response.status_code == 400, (response.status_code, response.content)
    assert response.json()["error_codes"]["tiebreak_typo"] == ["unknown_field"]


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_deep_nesting_is_refused(world, organiser, method, path):
    raw = '{"a": ' + "[" * 1000 + "]" * 1000 + "}"
    response = _send(_client(world, organiser, path), method, _url(world, path), raw)
    assert response.status_code == 400, (response.status_code, response.content)
    assert response.json()["error_codes"] == {"detail": ["too_deep"]}
    anonymous = _send(APIClient(), method, _url(world, path), raw)
    assert anonymous.status_code < 500


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_repeated_key_is_refused_naming_it(world, organiser, method, path):
    raw = '{"name": "A", "name": "B"}'
    response = _send(_client(world, organiser, path), method, _url(world, path), raw)
    assert response.status_code == 400, (response.status_code, response.content)
    assert response.json()["error_codes"] == {"name": ["duplicate_key"]}
