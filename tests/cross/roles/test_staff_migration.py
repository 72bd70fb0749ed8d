"""Migration 0007 keeps every existing staff member: each becomes an organiser of the same
event, and going back keeps the organisers (judges lose access rather than gain it)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.helpers import migrate_to

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0004_eventchange")]
AFTER = [("tournament", "0007_staff_roles")]


def test_existing_staff_become_organisers_and_back():
    try:
        apps = migrate_to(BEFORE)
        User = apps.get_model("auth", "User")
        Event = apps.get_model("tournament", "Event")
        ann, bob, cid = (User.objects.create(username=n) for n in ("ann", "bob", "cid"))
        first = Event.objects.create(name="First GT")
        second = Event.objects.create(name="Second GT")
        first.staff.add(ann, bob)
        second.staff.add(bob)

        apps = migrate_to(AFTER)
        EventStaff = apps.get_model("tournament", "EventStaff")
        rows = {
            (r.event.name, r.user.username, r.role, r.added_at == r.event.created_at)
            for r in EventStaff.objects.select_related("event", "user")
        }
        assert rows == {
            ("First GT", "ann", "organiser", True),
            ("First GT", "bob", "organiser", True),
            ("Second GT", "bob", "organiser", True),
        }
        EventStaff.objects.create(event_id=second.pk, user_id=cid.pk, role="judge")

        apps = migrate_to(BEFORE)
        Event = apps.get_model("tournament", "Event")
        links = {
            (e.name, u)
            for e in Event.objects.all()
            for u in e.staff.values_list("username", flat=True)
        }
        assert links == {("First GT", "ann"), ("First GT", "bob"), ("Second GT", "bob")}
    finally:
        migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())
