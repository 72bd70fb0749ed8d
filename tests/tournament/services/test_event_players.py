"""What the pairing engine reads of the players: every field it uses, in the usual order."""

import pytest

from tournament.engine import PlayerEntry
from tournament.models import Player
from tournament.services.rounds.records import event_players

pytestmark = pytest.mark.django_db


def test_event_players_reads_every_engine_field_in_name_order(event):
    Player.objects.bulk_create(
        [
            Player(event=event, name="Zed", faction="Orks", club="Hive", fixed_table=4),
            Player(event=event, name="Ann", faction="Tau", dropped=True),
            Player(event=event, name="Bo", faction="Orks", club="Hive", first_round=3),
        ]
    )
    zed, ann, bo = Player.objects.filter(event=event).order_by("id")
    assert event_players(event) == [
        PlayerEntry(ann.pk, "Ann", "", True, None, 1),
        PlayerEntry(bo.pk, "Bo", "Hive", False, None, 3),
        PlayerEntry(zed.pk, "Zed", "Hive", False, 4, 1),
    ]
