"""Event staff get a role: organiser or judge.

The plain staff M2M becomes a M2M through EventStaff without losing anyone: the new table is
made, every existing staff row is copied into it as an organiser (added when the event was
created), and only then is the old link table dropped while the field is switched to the new
model. Going back keeps the organisers; judges lose their access rather than become organisers.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def copy_staff_to_roles(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    EventStaff = apps.get_model("tournament", "EventStaff")
    links = Event.staff.through.objects.select_related("event").order_by("pk")
    EventStaff.objects.bulk_create(
        EventStaff(
            event_id=link.event_id,
            user_id=link.user_id,
            role="organiser",
            added_at=link.event.created_at,
        )
        for link in links
    )


def copy_organisers_back(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    EventStaff = apps.get_model("tournament", "EventStaff")
    rows = EventStaff.objects.filter(role="organiser").order_by("pk")
    Event.staff.through.objects.bulk_create(
        Event.staff.through(event_id=row.event_id, user_id=row.user_id) for row in rows
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0005_clock_announcements"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="EventStaff",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "role",
                    models.CharField(
                        choices=[("organiser", "Organiser"), ("judge", "Judge")], max_length=20
                    ),
                ),
                ("added_at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "added_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="staff_roles",
                        to="tournament.event",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="staff_roles",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "event staff member",
                "verbose_name_plural": "event staff",
                "ordering": ["added_at", "id"],
                "constraints": [
                    models.UniqueConstraint(fields=("event", "user"), name="eventstaff_one_role"),
                    models.CheckConstraint(
                        condition=models.Q(("role__in", ["organiser", "judge"])),
                        name="eventstaff_role_known",
                    ),
                ],
            },
        ),
        migrations.RunPython(copy_staff_to_roles, copy_organisers_back),
        migrations.SeparateDatabaseAndState(
            # The old link table goes only after its rows were copied above.
            database_operations=[migrations.RemoveField(model_name="event", name="staff")],
            state_operations=[
                migrations.AlterField(
                    model_name="event",
                    name="staff",
                    field=models.ManyToManyField(
                        blank=True,
                        related_name="staffed_events",
                        through="tournament.EventStaff",
                        through_fields=("event", "user"),
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
    ]
