"""Team names become unique per event after Unicode case folding and NFKC normalisation, as
players' names do (tournament/migrations/0014_player_name_key.py says how existing rows are
keyed: unsafe names neutralised, and where two teams of an event now share a key the earlier
keeps its name and later ones get " (2)", " (3)", ...; each rename is printed)."""

from django.db import migrations, models

from tournament.models.names import fill_name_keys


def forwards(apps, schema_editor):
    for line in fill_name_keys(apps.get_model("teams", "Team"), "Team"):
        print(f"\n  renamed {line}", end="")


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0002_ritual"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="team",
            name="team_unique_name_per_event",
        ),
        migrations.AddField(
            model_name="team",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=400),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.UniqueConstraint(
                fields=("event", "name_key"), name="team_unique_name_key_per_event"
            ),
        ),
    ]
