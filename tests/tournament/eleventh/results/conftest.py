"""An 11th-edition event mid-round: eight players, round 1 paired.

The round is paired before the event's pack becomes `eleventh` (set in the database), so these
tests of results do not depend on how an 11th-edition round is paired (dispositions)."""

from __future__ import annotations

import pytest

from tests.conftest import add_players


@pytest.fixture
def eleventh(organiser):
    from tournament.services.events.events import event_create

    return event_create(user=organiser, name="Eleventh GT", rounds=3, seed=1)


@pytest.fixture
def paired11(eleventh, organiser):
    from tournament.models import Event
    from tournament.services.rounds.rounds import round_create

    add_players(eleventh, organiser, 8)
    round_ = round_create(event_id=eleventh.pk, user=organiser, seed=7)
    Event.objects.filter(pk=eleventh.pk).update(mission_pack="eleventh")
    eleventh.refresh_from_db()
    return round_


@pytest.fixture
def game11(paired11):
    return paired11.games.filter(player_b__isnull=False).order_by("table_number").first()


def rounds(*pairs):
    """Five battle rounds from (primary, secondary) pairs."""
    return [{"primary": p, "secondary": s} for p, s in pairs]
