"""The status_auto migration keeps every status an organiser set by hand: an event whose stored
status is not the one its rounds give stays as set (status_auto off); the rest follow."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.helpers import migrate_to

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0015_player_name_key")]
AFTER = [("tournament", "0016_event_status_auto")]


def test_statuses_set_by_hand_stay_and_the_others_follow():
    try:
        apps = migrate_to(BEFORE)
        Event = apps.get_model("tournament", "Event")
        Round = apps.get_model("tournament", "Round")
        rows = {
            "fresh": ("registration", []),
            "opened by hand": ("running", []),
            "playing": ("running", ["complete", "paired"]),
            "over": ("finished", ["complete", "complete"]),
            "closed early": ("finished", ["complete"]),
        }
        for name, (status, rounds) in rows.items():
            event = Event.objects.create(name=name, status=status, planned_rounds=2)
            for number, state in enumerate(rounds, start=1):
                Round.objects.create(event=event, number=number, status=state)

        apps = migrate_to(AFTER)
        Event = apps.get_model("tournament", "Event")
        assert dict(Event.objects.values_list("name", "status_auto")) == {
            "fresh": True,
            "opened by hand": False,
            "playing": True,
            "over": True,
            "closed early": False,
        }
    finally:
        migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())
