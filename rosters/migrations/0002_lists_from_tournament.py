"""Army lists and their settings move out of the tournament app's players and events
(tournament 0025 then drops the old columns). Reversible: going back copies them home."""

from django.db import migrations

PUBLICATION_DEFAULT = "opponents"


def forward(apps, schema_editor):
    Player = apps.get_model("tournament", "Player")
    Event = apps.get_model("tournament", "Event")
    ArmyList = apps.get_model("rosters", "ArmyList")
    ListSettings = apps.get_model("rosters", "ListSettings")
    alias = schema_editor.connection.alias
    players = (
        Player.objects.using(alias)
        .exclude(army_list="", list_status="", list_comment="", list_updated_at=None)
        .values_list("pk", "army_list", "list_status", "list_comment", "list_updated_at")
        .order_by("pk")
    )
    ArmyList.objects.using(alias).bulk_create(
        (
            ArmyList(player_id=pk, text=text, status=status, comment=comment, updated_at=at)
            for pk, text, status, comment, at in players.iterator(chunk_size=1000)
        ),
        batch_size=500,
    )
    events = (
        Event.objects.using(alias)
        .exclude(list_deadline=None, list_publication=PUBLICATION_DEFAULT)
        .values_list("pk", "list_deadline", "list_publication")
    )
    ListSettings.objects.using(alias).bulk_create(
        ListSettings(event_id=pk, deadline=deadline, publication=publication)
        for pk, deadline, publication in events
    )


def backward(apps, schema_editor):
    Player = apps.get_model("tournament", "Player")
    Event = apps.get_model("tournament", "Event")
    ArmyList = apps.get_model("rosters", "ArmyList")
    ListSettings = apps.get_model("rosters", "ListSettings")
    alias = schema_editor.connection.alias
    for row in ArmyList.objects.using(alias).iterator(chunk_size=1000):
        Player.objects.using(alias).filter(pk=row.player_id).update(
            army_list=row.text,
            list_status=row.status,
            list_comment=row.comment,
            list_updated_at=row.updated_at,
        )
    for row in ListSettings.objects.using(alias).iterator():
        Event.objects.using(alias).filter(pk=row.event_id).update(
            list_deadline=row.deadline, list_publication=row.publication
        )


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0001_initial"),
        ("tournament", "0024_result_outcome_ended_power"),
    ]

    operations = [migrations.RunPython(forward, backward)]
