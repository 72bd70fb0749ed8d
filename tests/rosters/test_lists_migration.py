"""The move of army lists out of the tournament app loses nothing: every list, its status,
comment and time, and every event's deadline and publication arrive in the rosters app's rows,
and going back puts them where they were (SQLite and PostgreSQL alike)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0024_result_outcome_ended_power"), ("rosters", None)]
AFTER = [("tournament", "0025_lists_move_to_rosters")]
UTC = datetime.UTC
DEADLINE = datetime.datetime(2026, 11, 27, 23, 0, 30, tzinfo=UTC)
SENT = datetime.datetime(2026, 11, 20, 9, 15, tzinfo=UTC)

# name -> (army_list, list_status, list_comment, list_updated_at)
PLAYERS = {
    "Ann": ("++ Strike Force ++\nWarboss\n\n  3 Boyz", "checked", "", SENT),
    "Bo": ("Farseer", "needs_fix", "Points?\nCount again.", SENT),
    "Cy": ("Boyz", "submitted", "", None),
    "Di": ("", "", "", None),  # no list at all: no row needed
    "Ed": ("", "", "A note kept without a list", None),
}
# name -> (list_deadline, list_publication)
EVENTS = {
    "Open GT": (DEADLINE, "everyone"),
    "Quiet RTT": (None, "nobody"),
    "Plain": (None, "opponents"),  # the defaults: no row needed
    "Locked": (DEADLINE, "opponents"),
}


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    # An app taken back to nothing (None) has no state of its own to read.
    return executor.loader.project_state([t for t in target if t[1] is not None]).apps


def _seed(apps) -> None:
    Event = apps.get_model("tournament", "Event")
    Player = apps.get_model("tournament", "Player")
    for name, (deadline, publication) in EVENTS.items():
        event = Event.objects.create(
            name=name, planned_rounds=3, list_deadline=deadline, list_publication=publication
        )
        if name != "Open GT":
            continue
        for i, (player, (text, status, comment, at)) in enumerate(PLAYERS.items()):
            Player.objects.create(
                event=event,
                name=player,
                name_key=player.lower(),
                private_key=f"key-{i}",
                army_list=text,
                list_status=status,
                list_comment=comment,
                list_updated_at=at,
            )


def _old_values(apps) -> tuple[dict, dict]:
    Event = apps.get_model("tournament", "Event")
    Player = apps.get_model("tournament", "Player")
    players = {
        p.name: (p.army_list, p.list_status, p.list_comment, p.list_updated_at)
        for p in Player.objects.all()
    }
    events = {e.name: (e.list_deadline, e.list_publication) for e in Event.objects.all()}
    return players, events


def test_lists_and_settings_move_without_loss_and_back():
    try:
        apps = _migrate(BEFORE)
        _seed(apps)

        apps = _migrate(AFTER)
        Player = apps.get_model("tournament", "Player")
        Event = apps.get_model("tournament", "Event")
        ArmyList = apps.get_model("rosters", "ArmyList")
        ListSettings = apps.get_model("rosters", "ListSettings")
        assert not any(f.name == "army_list" for f in Player._meta.get_fields())
        assert not any(f.name == "list_deadline" for f in Event._meta.get_fields())
        rows = {r.player.name: r for r in ArmyList.objects.select_related("player")}
        assert set(rows) == {"Ann", "Bo", "Cy", "Ed"}
        for name, (text, status, comment, at) in PLAYERS.items():
            row = rows.get(name)
            got = (row.text, row.status, row.comment, row.updated_at) if row else ("", "", "", None)
            assert got == (text, status, comment, at), name
        settings = {s.event.name: s for s in ListSettings.objects.select_related("event")}
        assert set(settings) == {"Open GT", "Quiet RTT", "Locked"}
        for name, (deadline, publication) in EVENTS.items():
            row = settings.get(name)
            got = (row.deadline, row.publication) if row else (None, "opponents")
            assert got == (deadline, publication), name

        apps = _migrate(BEFORE)
        players, events = _old_values(apps)
        assert players == PLAYERS
        assert events == EVENTS
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
