"""A file's audit entries are history, not instructions: a forged entry undone through the
API or the page changes nothing outside the imported event (issue 20, section 3)."""

from __future__ import annotations

import hashlib
import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from exchange.services.export import event_export_document
from tests.conftest import add_players
from tournament.models import AuditEntry, Event, Game, Player, Result, Round
from tournament.services.events.events import event_create

pytestmark = pytest.mark.django_db

CHOSEN_KEY = "attacker-chosen-key-0123456789"


@pytest.fixture
def victim(other_organiser):
    """Another organiser's hidden event, with players (one with a faction the public lists)."""
    event = event_create(user=other_organiser, name="Secret GT", rounds=3, seed=2, hidden=True)
    add_players(event, other_organiser, 4)
    return event


@pytest.fixture
def own(organiser):
    event = event_create(user=organiser, name="Test GT", rounds=3, seed=1)
    add_players(event, organiser, 4)
    return event


def _entry(key: str, action: str, target: str, before, after) -> dict:
    return {
        "key": key,
        "action": action,
        "target": target,
        "actor_user": "org",
        "actor_player": None,
        "before": before,
        "after": after,
        "created_at": "2026-11-23T10:00:00+00:00",
        "undone_at": None,
        "undone_by": None,
    }


def _forgeries(victim: Event) -> list[tuple[str, str, object, object]]:
    """(action, target, before, after) as the issue's report and its variants build them."""
    player = victim.players.order_by("id").first()
    stolen = {"id": player.pk, "event_id": victim.pk, "private_key": CHOSEN_KEY}
    return [
        ("event_update", "event:", {"id": victim.pk, "hidden": False, "name": "Pwned GT"}, {}),
        # `after` that matches the imported event, so a check of `after` alone would pass.
        (
            "event_update",
            "event:",
            {"id": victim.pk, "hidden": False, "name": "Pwned GT"},
            {"name": "Test GT"},
        ),
        ("player_update", "player:p-1", stolen, {}),
        ("player_update", "player:p-1", stolen, {"name": "Player 001"}),
        ("player_update", "player:p-1", {"faction": {"a": [1]}}, {"faction": "Orks"}),
        ("army_list_submit", "player:p-1", {"event_id": victim.pk}, {}),
        (
            "player_delete",
            "player:~1",
            {"id": "~1", "name": "Ghost", "private_key": CHOSEN_KEY},
            None,
        ),
        ("round_create", "round:~2", None, {"number": 1}),
        ("event_update", "event:", {"bye_vp": "lots"}, {"bye_vp": 20}),
    ]


def _others(copy_id: int) -> dict:
    """Every row outside the imported event, as values."""
    return {
        "events": list(Event.objects.exclude(pk=copy_id).order_by("pk").values()),
        "players": list(Player.objects.exclude(event_id=copy_id).order_by("pk").values()),
        "rounds": list(Round.objects.exclude(event_id=copy_id).order_by("pk").values()),
        "games": list(Game.objects.exclude(round__event_id=copy_id).order_by("pk").values()),
        "results": list(
            Result.objects.exclude(game__round__event_id=copy_id).order_by("pk").values()
        ),
        "audit": list(AuditEntry.objects.exclude(event_id=copy_id).order_by("pk").values()),
    }


def _forged_document(own: Event, forged: tuple) -> dict:
    document = event_export_document(event=own)
    action, target, before, after = forged
    document["audit"].append(_entry("e-forged", action, target, before, after))
    # Resealed exactly as docs/export-format.md says a checksum is computed.
    body = {k: v for k, v in document.items() if k != "sha256"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    document["sha256"] = hashlib.sha256(canonical.encode()).hexdigest()
    return document


@pytest.mark.parametrize("index", range(9))
def test_a_forged_entry_undone_by_api_or_page_changes_no_other_event(own, victim, organiser, index):
    forged = _forgeries(victim)[index]
    document = _forged_document(own, forged)
    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post("/api/events/import/", document, format="json")
    assert answer.status_code == 201, answer.content
    copy_id = answer.json()["id"]
    before = _others(copy_id)
    entry = AuditEntry.objects.filter(event_id=copy_id).order_by("-id").first()
    assert entry.action == forged[0]

    preview = api.get(f"/api/events/{copy_id}/audit/{entry.pk}/undo/")
    assert preview.status_code == 200
    assert preview.json()["can_undo"] is False
    assert preview.json()["reason"]
    undone = api.post(
        f"/api/events/{copy_id}/audit/{entry.pk}/undo/", {"confirm": True}, format="json"
    )
    assert undone.status_code == 409, undone.content
    assert undone.json()["error_codes"]["entry"] == ["imported"]

    page = Client()
    page.force_login(organiser)
    # The history still reads, on the page and the API, and says why it cannot be undone.
    log = page.get(f"/manage/events/{copy_id}/audit/")
    assert log.status_code == 200
    assert "they are its history and cannot be undone here" in log.content.decode()
    assert "Undo…" not in log.content.decode()
    listed = api.get(f"/api/events/{copy_id}/audit/")
    assert listed.status_code == 200
    assert all(row["can_undo"] is False for row in listed.json())
    answer = page.post(f"/manage/events/{copy_id}/audit/{entry.pk}/undo/", {"confirm": "1"})
    assert answer.status_code == 302

    assert _others(copy_id) == before
    entry.refresh_from_db()
    assert entry.undone_at is None
    assert not Player.objects.filter(private_key=CHOSEN_KEY).exists()
    assert Event.objects.get(pk=victim.pk).name == "Secret GT"
    assert Event.objects.get(pk=victim.pk).hidden is True
    for path in ("/factions/", "/api/factions/"):
        assert Client().get(path).status_code == 200, path
