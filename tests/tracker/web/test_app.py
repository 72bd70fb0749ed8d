"""The tracker as its own app: the tables and stored games it had inside `missions` survive,
and its engine stays free of Django."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.db import connection

from tracker.models import TrackedAction, TrackedGame
from tracker.services.trackers import tracker_act, tracker_create

ENGINE = Path(__file__).resolve().parents[3] / "tracker" / "engine"


@pytest.mark.django_db
def test_models_keep_their_tables_and_migration_history():
    assert TrackedGame._meta.db_table == "missions_trackedgame"
    assert TrackedAction._meta.db_table == "missions_trackedaction"
    assert TrackedGame._meta.app_label == "missions"  # migrations stay where they were
    tables = connection.introspection.table_names()
    assert {"missions_trackedgame", "missions_trackedaction"} <= set(tables)


def test_engine_is_pure_python():
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] in ("django", "rest_framework") for n in names), path
            assert not any(
                n.startswith(("tracker.services.trackers", "tracker.models")) for n in names
            )


@pytest.mark.django_db
def test_a_game_stored_before_the_move_plays_on():
    """Stored as the old code wrote it (no primary, no CP pool), written straight to the
    old table: it loads, learns its primary from its mission and scores by the cards."""
    tracked = tracker_create(mission_code="LEV-A")
    old = dict(tracked.state)
    for key in ("primary", "nml_objectives", "cp_rules"):
        old.pop(key)
    for side in old["sides"].values():
        for key in ("cp", "cp_extra_rounds", "cp_log", "objectives"):
            side.pop(key)
    args = {k: v for k, v in tracked.initial_args.items() if k in ("seed", "mission_rules")}
    args["players"] = tracked.initial_args["players"]
    TrackedGame.objects.filter(pk=tracked.pk).update(state=old, initial_args=args)
    tracked = TrackedGame.objects.get(pk=tracked.pk)
    assert "primary" not in tracked.state

    def send(kind, **fields):
        nonlocal tracked
        state = tracked.state
        action = {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
        tracked = tracker_act(tracked_id=tracked.pk, action=action)

    send("assign_roles", attacker="player_1")
    decoys = ["area_denial", "capture_enemy_outpost"]
    send("select_secondaries", side="attacker", mode="tactical", cards=decoys)
    send("select_secondaries", side="defender", mode="tactical", cards=decoys)
    send("set_first_turn", first="attacker")
    stored = TrackedGame.objects.get(pk=tracked.pk)
    assert stored.state["primary"]["key"] == "take_and_hold"
    assert stored.initial_args["primary"] == "take_and_hold"
    assert stored.state["sides"]["attacker"]["cp"] == 1
    assert stored.actions.count() == 4
