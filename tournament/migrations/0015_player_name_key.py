"""Players' names become unique per event after Unicode case folding and NFKC normalisation
(tournament/engine/names.py): a stored `name_key` with a unique constraint replaces the
constraint on the raw name.

Existing rows get their key. A name holding what the new rules refuse (text-direction
controls, control characters) or drop (invisible format characters) is neutralised; a name
left with nothing visible becomes "Player <id>". Where two players of one event now share a
key ("Zoë Ártemis" and "ZOË ÁRTEMIS"), the earlier entry keeps its name and each later one
gets " (2)", " (3)", ...: visible to the organiser, who can rename them; nothing is lost.
Each rename is printed.
"""

from django.db import migrations, models

from tournament.models.names import fill_name_keys


def forwards(apps, schema_editor):
    for line in fill_name_keys(apps.get_model("tournament", "Player"), "Player"):
        print(f"\n  renamed {line}", end="")


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0014_imported_history_and_names"),
    ]

    operations = [
        # The old constraint goes first and the new one comes last: renames in between may
        # run in any order.
        migrations.RemoveConstraint(
            model_name="player",
            name="player_unique_name_per_event",
        ),
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=400),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("event", "name_key"), name="player_unique_name_key_per_event"
            ),
        ),
    ]
