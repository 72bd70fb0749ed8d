"""The round trip is exact on a 200-player, five-round event made through the services."""

from __future__ import annotations

import json
import time

import pytest

from exchange.services.importing.write import event_import
from tests.exchange.helpers import export, observable, without_stamp
from tournament.models import Game
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register
from tournament.services.results.results import result_confirm, result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db

FACTIONS = ("Orks", "Necrons", "Aeldari", "Tyranids", "Adepta Sororitas")


def _build(user):
    event = event_create(user=user, name="Big GT", rounds=5, seed=1, bye_vp=20)
    for i in range(200):
        player_register(
            event=event,
            user=user,
            name=f"Player {i:03d}",
            faction=FACTIONS[i % 5],
            club=f"C{i % 9}",
        )
    for number in range(1, 6):
        round_ = round_create(event_id=event.pk, user=user, seed=number)
        games = Game.objects.filter(round=round_, player_b__isnull=False).select_related(
            "player_a", "player_b"
        )
        for n, game in enumerate(games):
            data = {"vp_a": 40 + (n * 7 + number) % 50, "vp_b": 30 + (n * 11) % 60}
            if n % 3:
                result_enter(game_id=game.pk, data=data, user=user)
            else:
                # Entered by a player and confirmed by the opponent: who did what is kept.
                result_enter(game_id=game.pk, data=data, player=game.player_a)
                result_confirm(game_id=game.pk, player=game.player_b)
    return event


def test_two_hundred_players_five_rounds_round_trip(organiser):
    # Undo previews of all ~900 entries take seconds; the random-event test compares them.
    event = _build(organiser)
    seen = observable(event, as_of=[2, 5], undo=False)
    started = time.monotonic()
    document = export(event)
    raw = json.dumps(document)
    event.rounds.all().delete()
    event.delete()
    copy = event_import(raw=raw, as_admin=True, link_accounts=True).event
    elapsed = time.monotonic() - started
    assert observable(copy, as_of=[2, 5], undo=False) == seen
    assert without_stamp(export(copy)) == without_stamp(document)
    assert len(document["players"]) == 200
    assert sum(len(r["games"]) for r in document["rounds"]) == 500
    assert elapsed < 20, f"export and import took {elapsed:.1f} s"
