"""An event with game clocks: the results CSV and the workbook carry each player's time used
and whether they ran out; an event without clocks keeps its columns."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from clocks.services.clocks import clock_move
from tournament.models import Result

pytestmark = pytest.mark.django_db


def _play(game, *, used_a: int, used_b: int, timed_out: str = ""):
    from tournament.services.results.results import result_confirm, result_enter

    clock_move(game_id=game.pk, action="start", version=0, player=game.player_a)
    result, _ = result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, player=game.player_a)
    # The times as the clock gave them (set here: the test does not wait 90 minutes).
    Result.objects.filter(pk=result.pk).update(
        time_used_a=used_a, time_used_b=used_b, timed_out=timed_out
    )
    result_confirm(game_id=game.pk, player=game.player_b)


def test_the_results_csv_has_the_clock_columns(clock_game, clock_event, anon):
    _play(clock_game, used_a=5400, used_b=4000, timed_out="a")
    answer = anon.get(f"/api/events/{clock_event.pk}/results.csv")
    rows = list(csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig"))))
    row = next(r for r in rows if r["player"] == clock_game.player_a.name)
    assert (row["time_used_for"], row["time_used_against"], row["timed_out"]) == (
        "5400",
        "4000",
        "yes",
    )
    theirs = next(r for r in rows if r["player"] == clock_game.player_b.name)
    assert (theirs["time_used_for"], theirs["timed_out"]) == ("4000", "no")
    unplayed = next(r for r in rows if r["player"] not in (row["player"], theirs["player"]))
    assert (unplayed["time_used_for"], unplayed["timed_out"]) == ("", "")
    json_rows = anon.get(f"/api/events/{clock_event.pk}/results/").json()
    assert {r["timed_out"] for r in json_rows} == {"yes", "no", ""}


def test_the_workbook_has_the_clock_columns(clock_game, clock_event, anon):
    _play(clock_game, used_a=100, used_b=200)
    answer = anon.get(f"/api/events/{clock_event.pk}/event.xlsx")
    assert answer.status_code == 200
    sheet = load_workbook(io.BytesIO(answer.content))["Results"]
    header = [c.value for c in sheet[1]]
    assert header[-3:] == ["time_used_for", "time_used_against", "timed_out"]


def test_an_event_without_clocks_has_no_clock_columns(event, anon):
    answer = anon.get(f"/api/events/{event.pk}/results.csv")
    assert "time_used_for" not in answer.content.decode()
