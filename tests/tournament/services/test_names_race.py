"""The same name in two cases, taken at the same moment by sign-up and by the organiser: one
gets it, the other is refused naming them (PostgreSQL: real concurrent transactions)."""

import pytest

from tests.threads import run_at_once
from tournament.models import Player
from tournament.services.events.events import event_update
from tournament.services.players.players import player_register
from tournament.services.players.registration import registration_submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_one_name_in_two_cases_at_once_is_taken_once(event, organiser):
    event_update(event=event, user=organiser, changes={"registration_open": True})
    outcomes = run_at_once(
        [
            lambda: registration_submit(event=event, name="ZOË ÁRTEMIS", faction="Orks"),
            lambda: player_register(event=event, user=organiser, name="zoë ártemis"),
            lambda: registration_submit(event=event, name="Zoë Ártemis", faction="Orks"),
        ]
    )
    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused", "refused"]
    winner = Player.objects.get(event=event)
    for kind, value in outcomes:
        if kind == "refused":
            assert value.codes == {"name": ["duplicate"]}
            assert winner.name in str(value)
