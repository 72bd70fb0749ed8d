"""`make run`'s demo holds an 11th-edition event beside the Leviathan one: players with their
dispositions, round 1 played with every game's record, round 2 paired."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from stats.services.dispositions import disposition_stats_event
from tournament.management.commands.load_demo import DEMO_11_NAME
from tournament.models import Event, Result, Round

pytestmark = pytest.mark.django_db


def test_the_demo_has_an_eleventh_edition_event_played_and_paired(client):
    call_command("load_demo")
    call_command("load_demo")
    event = Event.objects.get(name=DEMO_11_NAME)
    assert event.mission_pack == "eleventh"
    assert event.players.count() == 16
    assert not event.players.filter(disposition="").exists()
    assert list(Round.objects.filter(event=event).values_list("number", "status")) == [
        (1, "complete"),
        (2, "paired"),
    ]
    results = Result.objects.filter(game__round__event=event, game__player_b__isnull=False)
    assert results.count() == 8
    for result in results:
        assert result.status == "confirmed"
        assert len(result.rounds_a) == len(result.rounds_b) == 5
        assert result.primary_a == sum(r["primary"] for r in result.rounds_a) <= 45
        assert result.first_turn in ("a", "b")
        assert result.secondaries_b in ("fixed", "tactical")
    assert all(
        g.disposition_a and g.disposition_b
        for g in event.rounds.get(number=2).games.exclude(player_b=None)
    )
    stats = disposition_stats_event(event=event)
    assert stats["games"] == 8
    assert stats["first_turn"]["games"] == 8
    page = client.get(f"/events/{event.pk}/factions/").content.decode()
    assert "Force Dispositions" in page
