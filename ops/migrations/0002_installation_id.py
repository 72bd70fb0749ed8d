"""Give the database its installation id: new databases and existing ones alike."""

import uuid

from django.db import migrations


def create_id(apps, schema_editor):
    Installation = apps.get_model("ops", "Installation")
    if not Installation.objects.using(schema_editor.connection.alias).exists():
        Installation.objects.using(schema_editor.connection.alias).create(id=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [("ops", "0001_installation")]

    operations = [migrations.RunPython(create_id, migrations.RunPython.noop)]
