from django.db import migrations, models


def _due(event, Round) -> str:
    latest = Round.objects.filter(event_id=event.pk).order_by("-number").first()
    if latest is None:
        return "registration"
    if latest.number >= event.planned_rounds and latest.status == "complete":
        return "finished"
    return "running"


def keep_statuses_set_by_hand(apps, schema_editor):
    """An event whose stored status is not the one its rounds give was set by its organiser:
    it stays as set (status_auto off); the others follow their rounds from now on."""
    Event = apps.get_model("tournament", "Event")
    Round = apps.get_model("tournament", "Round")
    manual = [e.pk for e in Event.objects.all() if e.status != _due(e, Round)]
    Event.objects.filter(pk__in=manual).update(status_auto=False)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0015_player_name_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="status_auto",
            field=models.BooleanField(default=True),
        ),
        migrations.AlterField(
            model_name="event",
            name="status",
            field=models.CharField(
                choices=[
                    ("registration", "Not started"),
                    ("running", "Running"),
                    ("finished", "Finished"),
                ],
                default="registration",
                max_length=20,
            ),
        ),
        migrations.RunPython(keep_statuses_set_by_hand, migrations.RunPython.noop),
    ]
