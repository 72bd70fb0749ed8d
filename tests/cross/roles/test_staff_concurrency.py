"""Two organisers removing each other at the same moment: one wins, the other is refused,
and the event keeps an organiser (SQLite and PostgreSQL)."""

import pytest

from tests.threads import run_at_once
from tournament.models import EventStaff
from tournament.services.events.events import event_create
from tournament.services.events.staff import staff_add, staff_remove

pytestmark = pytest.mark.django_db(transaction=True)


def test_organisers_removing_each_other_at_once_leave_one(organiser, other_organiser):
    event = event_create(user=organiser, name="Shared GT", rounds=3, seed=1)
    staff_add(event=event, user=organiser, username="rival", role="organiser")
    outcomes = run_at_once(
        [
            lambda: staff_remove(event=event, user=organiser, member_id=other_organiser.pk),
            lambda: staff_remove(event=event, user=other_organiser, member_id=organiser.pk),
        ]
    )
    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    refused = next(value for kind, value in outcomes if kind == "refused")
    # Refused either as no longer an organiser or as the last one: never both removed.
    assert refused.codes in ({"event": ["not_organiser"]}, {"user": ["last_organiser"]})
    assert EventStaff.objects.filter(event=event, role="organiser").count() == 1
