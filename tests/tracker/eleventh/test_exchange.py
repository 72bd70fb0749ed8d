"""A tracked 11th-edition event game survives export and import: same state, same log, and
the imported game carries on from where it was."""

from __future__ import annotations

import json

import pytest

from tests.tracker.eleventh.player import next_action
from tests.tracker.eleventh.test_event_games import _url, xi_game  # noqa: F401 - fixture
from tests.tracker.web.conftest import key_client

pytestmark = pytest.mark.django_db


def test_a_half_played_game_is_exported_imported_and_carries_on(xi_game):  # noqa: F811
    from exchange.services.export import event_export_document
    from exchange.services.importing.write import event_import
    from tracker.models import TrackedGame
    from tracker.services.trackers import tracker_act

    phones = {"a": key_client(xi_game.player_a), "b": key_client(xi_game.player_b)}
    for _ in range(40):  # into round 2
        views = {s: phones[s].get(_url(xi_game)).json() for s in "ab"}
        action = next_action(views)
        response = phones[action.get("side", "a")].post(_url(xi_game), action, format="json")
        assert response.status_code == 200, response.content
    before = TrackedGame.objects.get(game=xi_game)
    document = event_export_document(event=xi_game.round.event)
    [exported] = document["tracked_games"]
    assert exported["pack_key"] == "eleventh"
    event = xi_game.round.event
    event.rounds.all().delete()
    event.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    after = TrackedGame.objects.get(game__round__event=report.event)
    assert after.state == before.state
    assert after.initial_args == before.initial_args
    assert after.actions.count() == before.seq
    clock = after.state
    action = {"type": "battle_ready", "round": clock["round"], "phase": clock["phase"]}
    tracked = tracker_act(tracked_id=after.pk, action={**action, "side": "a", "value": True})
    assert tracked.state["sides"]["a"]["battle_ready"] is True
