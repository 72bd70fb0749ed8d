"""The event document carries the clock setting and each result's clock times as optional
keys: exported, imported back the same; a file without them reads as no clocks."""

from __future__ import annotations

import json

import pytest

from clocks.services.clocks import clock_move
from exchange.services.importing.write import event_import
from tests.exchange.helpers import export, without_stamp
from tournament.models import Result

pytestmark = pytest.mark.django_db


def test_clock_times_and_minutes_travel_with_the_event(clock_game, clock_event):
    from tournament.services.results.results import result_enter

    clock_move(game_id=clock_game.pk, action="start", version=0, player=clock_game.player_a)
    result, _ = result_enter(
        game_id=clock_game.pk, data={"vp_a": 70, "vp_b": 50}, player=clock_game.player_a
    )
    Result.objects.filter(pk=result.pk).update(time_used_a=3000, time_used_b=5400, timed_out="b")
    document = export(clock_event)
    assert document["event"]["game_clock_minutes"] == 90
    rows = [r for rnd in document["rounds"] for g in rnd["games"] for r in g["results"]]
    assert [(r["time_used_a"], r["time_used_b"], r["timed_out"]) for r in rows] == [
        (3000, 5400, "b")
    ]
    clock_event.rounds.all().delete()
    clock_event.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    copy = Result.objects.get(game__round__event=report.event)
    assert (copy.time_used_a, copy.time_used_b, copy.timed_out) == (3000, 5400, "b")
    assert report.event.game_clock_minutes == 90
    assert without_stamp(export(report.event)) == without_stamp(document)


def test_a_result_without_a_clock_writes_no_clock_keys(event, organiser):
    from tests.conftest import add_players
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    players = add_players(event, organiser, 2)
    game = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    ).games.get()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    document = export(event)
    assert document["event"]["game_clock_minutes"] is None
    (row,) = [r for rnd in document["rounds"] for g in rnd["games"] for r in g["results"]]
    assert "time_used_a" not in row and "timed_out" not in row
