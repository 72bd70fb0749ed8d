"""Sign-ups and withdrawals committing at the same moment never give out more places than the
event has. Under PostgreSQL's READ COMMITTED two transactions would each count the places
free before the other's insert unless the decisions queue on the event's row."""

import pytest

from tests.threads import run_at_once
from tournament.models import Player
from tournament.services.events.events import event_update
from tournament.services.players.registration import (
    registration_position,
    registration_submit,
    registration_withdraw,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_two_sign_ups_for_the_last_place_never_both_get_it(event, organiser):
    event_update(event=event, user=organiser, changes={"registration_open": True, "places": 3})
    registration_submit(event=event, name="Early Bird", faction="Orks")
    registration_submit(event=event, name="Second Bird", faction="Orks")

    outcomes = run_at_once(
        [
            (lambda i=i: registration_submit(event=event, name=f"Racer {i}", faction="Necrons"))
            for i in range(2)
        ]
    )

    statuses = sorted(value.status for _, value in outcomes)
    assert statuses == ["approved", "waiting"]
    assert Player.objects.filter(status="approved").count() == 3


def test_a_crowd_of_sign_ups_fills_the_places_and_queues_the_rest(event, organiser):
    event_update(event=event, user=organiser, changes={"registration_open": True, "places": 4})

    outcomes = run_at_once(
        [
            (lambda i=i: registration_submit(event=event, name=f"Racer {i}", faction="Orks"))
            for i in range(12)
        ]
    )

    assert [o[0] for o in outcomes] == ["ok"] * 12
    assert Player.objects.filter(status="approved").count() == 4
    waiting = Player.objects.filter(status="waiting").order_by("pk")
    assert [registration_position(player=p) for p in waiting] == list(range(1, 9))


def test_withdrawals_at_once_move_up_each_waiting_player_once(event, organiser):
    event_update(event=event, user=organiser, changes={"registration_open": True, "places": 3})
    holders = [
        registration_submit(event=event, name=f"Holder {i}", faction="Orks") for i in range(3)
    ]
    waiting = [
        registration_submit(event=event, name=f"Waiter {i}", faction="Orks") for i in range(4)
    ]

    outcomes = run_at_once([(lambda p=p: registration_withdraw(player=p)) for p in holders])

    assert [o[0] for o in outcomes] == ["ok"] * 3
    statuses = [Player.objects.get(pk=p.pk).status for p in waiting]
    assert statuses == ["approved", "approved", "approved", "waiting"]
