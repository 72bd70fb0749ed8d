"""The migrations that add `name_key` key every existing player and team; names that now clash
in an event (or hold what the new rules refuse) are renamed visibly, the earlier entry keeping
its name, and the unique constraint holds afterwards."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from tests.helpers import migrate_to

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0014_imported_history_and_names"), ("teams", "0002_ritual")]
AFTER = [("tournament", "0015_player_name_key"), ("teams", "0003_team_name_key")]


def test_existing_names_are_keyed_and_clashes_renamed(capsys):
    try:
        apps = migrate_to(BEFORE)
        Event = apps.get_model("tournament", "Event")
        Player = apps.get_model("tournament", "Player")
        Team = apps.get_model("teams", "Team")
        first, second = Event.objects.create(name="First"), Event.objects.create(name="Second")
        made = [
            (first, "Zoë Ártemis"),
            (first, "ZOË ÁRTEMIS"),
            (first, "evil\u202egpj.exe"),
            (first, "\u200b"),
            (second, "zoë ártemis"),
        ]
        ids = [
            Player.objects.create(event=e, name=n, private_key=f"k{i}").pk
            for i, (e, n) in enumerate(made)
        ]
        Team.objects.create(event=first, name="Søren's Ørks")
        Team.objects.create(event=first, name="SØREN'S ØRKS")

        apps = migrate_to(AFTER)
        Player = apps.get_model("tournament", "Player")
        Team = apps.get_model("teams", "Team")
        rows = {p.pk: (p.name, p.name_key) for p in Player.objects.all()}
        assert rows == {
            ids[0]: ("Zoë Ártemis", "zoë ártemis"),
            ids[1]: ("ZOË ÁRTEMIS (2)", "zoë ártemis (2)"),
            ids[2]: ("evilgpj.exe", "evilgpj.exe"),
            ids[3]: (f"Player {ids[3]}", f"player {ids[3]}"),
            # Another event: the same name is free there.
            ids[4]: ("zoë ártemis", "zoë ártemis"),
        }
        assert sorted(Team.objects.values_list("name", flat=True)) == [
            "SØREN'S ØRKS (2)",
            "Søren's Ørks",
        ]
        assert "ZOË ÁRTEMIS (2)" in capsys.readouterr().out
        with pytest.raises(IntegrityError), transaction.atomic():
            Player.objects.create(
                event_id=first.pk, name="zoë ártemis", name_key="zoë ártemis", private_key="k9"
            )
    finally:
        migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())
