"""Faction statistics over the API: per event and over a date range of public events."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.conftest import add_players
from tournament.models import Player
from tournament.services.events.events import event_create
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def _play(event, organiser, factions, scores):
    """Players 1..n with these factions; round 1 paired by the engine and each game scored
    from `scores` in table order (None: the entry is left pending)."""
    people = add_players(event, organiser, len(factions))
    for person, faction in zip(people, factions, strict=True):
        Player.objects.filter(pk=person.pk).update(faction=faction)
    first = round_create(event_id=event.pk, user=organiser, seed=1)
    games = list(first.games.filter(player_b__isnull=False).order_by("table_number"))
    for game, score in zip(games, scores, strict=True):
        if score is None:
            result_enter(game_id=game.pk, data={"vp_a": 99, "vp_b": 0}, player=game.player_a)
        else:
            result_enter(game_id=game.pk, data={"vp_a": score[0], "vp_b": score[1]}, user=organiser)
    return games


def test_event_factions_count_confirmed_results_only(anon, event, organiser):
    games = _play(event, organiser, ["Orks", "Orks", "Necrons", "Necrons"], [(60, 40), None])
    body = anon.get(f"/api/events/{event.pk}/factions/").json()
    assert (body["events"], body["players"], body["games"]) == (1, 4, 1)
    assert any("Mirror matches" in rule for rule in body["rules"])
    rows = {r["faction"]: r for r in body["factions"]}
    counted = games[0]
    winner = counted.player_a.faction
    loser = counted.player_b.faction
    total = rows[winner]["wins"] + rows[winner]["draws"] + rows[winner]["losses"]
    if winner == loser:
        assert rows[winner]["mirrors"] == 1
        assert total == 0
        assert rows[winner]["win_rate"] is None
    else:
        assert (rows[winner]["wins"], rows[winner]["games"]) == (1, 1)
        assert rows[winner]["win_rate"] == 1.0
        assert rows[winner]["display"]["win_rate"] == "100.0%"
        assert rows[loser]["losses"] == 1
        assert rows[loser]["vp_for_mean"] == 40.0
    assert rows[winner]["vp_for_mean"] == 60.0
    (best,) = rows[winner]["best"]
    assert (best["rank"], best["field"], best["event_name"]) == (1, 4, "Test GT")
    assert best["name"] == counted.player_a.name


def test_range_takes_public_events_starting_in_it(anon, organiser):
    spring = event_create(user=organiser, name="Spring", rounds=3, seed=1)
    autumn = event_create(user=organiser, name="Autumn", rounds=3, seed=2)
    secret = event_create(user=organiser, name="Secret", rounds=3, seed=3)
    for ev, day in ((spring, dt.date(2026, 4, 1)), (autumn, dt.date(2026, 10, 1))):
        ev.start_date = day
        ev.save()
    secret.start_date = dt.date(2026, 4, 2)
    secret.hidden = True
    secret.save()
    _play(spring, organiser, ["Orks", "Aeldari"], [(50, 50)])
    _play(autumn, organiser, ["Orks", "Aeldari"], [(80, 10)])
    _play(secret, organiser, ["Orks", "Aeldari"], [(80, 10)])
    body = anon.get("/api/factions/?from=2026-01-01&to=2026-06-30").json()
    assert (body["events"], body["players"], body["games"]) == (1, 2, 1)
    rows = {r["faction"]: r for r in body["factions"]}
    assert (rows["Orks"]["draws"], rows["Aeldari"]["draws"]) == (1, 1)
    everything = anon.get("/api/factions/").json()
    assert everything["events"] == 2
    assert sum(r["games"] for r in everything["factions"]) == 4
    assert everything["factions"][0]["best"][0]["rank"] == 1


@pytest.mark.parametrize(
    ("query", "errors"),
    [
        ("from=yesterday", {"from": ["invalid"]}),
        ("to=2026-13-01", {"to": ["invalid"]}),
        ("from=2026-05-01&to=2026-04-01", {"to": ["before_start"]}),
        ("to=", {"to": ["invalid"]}),
    ],
)
def test_range_refuses_bad_dates(anon, query, errors):
    response = anon.get(f"/api/factions/?{query}")
    assert response.status_code == 400
    assert response.json()["error_codes"] == errors


def test_event_factions_refresh_with_the_revision(anon, event, organiser):
    games = _play(event, organiser, ["Orks", "Necrons"], [None])
    assert anon.get(f"/api/events/{event.pk}/factions/").json()["games"] == 0
    result_enter(game_id=games[0].pk, data={"vp_a": 20, "vp_b": 30}, user=organiser)
    assert anon.get(f"/api/events/{event.pk}/factions/").json()["games"] == 1


def test_typed_factions_count_under_the_list_spelling(anon, event, organiser):
    _play(event, organiser, ["orks ", "ORKS", "", "Squats"], [None, None])
    rows = {
        r["label"]: r["players"]
        for r in anon.get(f"/api/events/{event.pk}/factions/").json()["factions"]
    }
    assert rows == {"Orks": 2, "No faction given": 1, "Squats": 1}
