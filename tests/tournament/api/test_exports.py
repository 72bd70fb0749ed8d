"""CSV and JSON downloads: standings with every metric, results from each side, pairings."""

from __future__ import annotations

import csv
import io

import pytest

from tests.conftest import add_players
from tournament.models import Player
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def _rows(response) -> list[dict]:
    body = response.content
    assert body.startswith(b"\xef\xbb\xbf")  # the byte order mark Excel needs
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


@pytest.fixture
def played(event, organiser):
    """5 players (one bye a round): round 1 confirmed, round 2 with one player's entry pending."""
    people = add_players(event, organiser, 5)
    Player.objects.filter(pk=people[0].pk).update(name="=HYPERLINK(1)", faction="Necrons")
    first = round_create(event_id=event.pk, user=organiser, seed=1)
    for game in first.games.filter(player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    second = round_create(event_id=event.pk, user=organiser, seed=2)
    game = second.games.filter(player_b__isnull=False).first()
    result_enter(game_id=game.pk, data={"vp_a": 30, "vp_b": 90}, player=game.player_a)
    return first, second, game


def test_standings_csv_has_every_metric_and_matches_the_json(anon, event, played):
    response = anon.get(f"/api/events/{event.pk}/standings.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="test-gt-standings.csv"'
    rows = _rows(response)
    header = list(rows[0])
    assert header[:4] == ["rank", "tied", "player", "faction"]
    assert header[-8:] == [
        "owr",
        "owr_floor",
        "sos",
        "sosos",
        "vp",
        "opp_vp",
        "sos_vp",
        "vp_diff",
    ]
    json_rows = anon.get(f"/api/events/{event.pk}/standings/").json()
    assert [r["player"] for r in rows] == [
        ("'" + r["name"]) if r["name"].startswith("=") else r["name"] for r in json_rows
    ]
    for got, want in zip(rows, json_rows, strict=True):
        assert got["rank"] == str(want["rank"])
        assert got["record"] == want["record"]
        assert got["owr"] == str(want["owr"])
        assert got["vp"] == str(want["vp"])
    # The pending entry of round 2 counts for nobody in public.
    assert sum(int(r["wins"]) + int(r["draws"]) + int(r["losses"]) for r in rows) == 4 + 1 + 1


def test_standings_csv_as_of_a_round_and_provisional(api, anon, event, played):
    response = anon.get(f"/api/events/{event.pk}/standings.csv?round=1")
    assert response["Content-Disposition"].endswith('standings-round-1.csv"')
    assert sum(int(r["played"]) for r in _rows(response)) == 4 + 1  # a bye is played
    refused = anon.get(f"/api/events/{event.pk}/standings.csv?provisional=1")
    assert refused.status_code == 403
    assert refused.json()["error_codes"] == {"provisional": ["not_staff"]}
    mine = api.get(f"/api/events/{event.pk}/standings.csv?provisional=1")
    assert mine["Content-Disposition"].endswith('standings-provisional.csv"')
    assert sum(int(r["played"]) for r in _rows(mine)) == 5 + 1 + 2
    bad = anon.get(f"/api/events/{event.pk}/standings.csv?round=9")
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"round": ["range"]}


def test_results_public_hide_unconfirmed_vp(anon, api, event, played):
    _, _, pending = played
    rows = anon.get(f"/api/events/{event.pk}/results/").json()
    assert len(rows) == 2 * (4 + 1)  # 2 rounds: 2 games seen from both sides, and a bye
    by_round = [r for r in rows if r["round"] == 2 and r["player"] == pending.player_a.name]
    assert by_round == [
        {
            "round": 2,
            "table": pending.table_number,
            "player": pending.player_a.name,
            "faction": pending.player_a.faction,
            "club": pending.player_a.club,
            "opponent": pending.player_b.name,
            "opponent_faction": pending.player_b.faction,
            "opponent_club": pending.player_b.club,
            "vp_for": None,
            "vp_against": None,
            "outcome": "",
            "status": "unconfirmed",
            "penalties": "",
        }
    ]
    byes = [r for r in rows if r["status"] == "bye"]
    assert [(r["opponent"], r["vp_for"], r["outcome"]) for r in byes] == [("Bye", 60, "bye")] * 2
    first = [r for r in rows if r["round"] == 1 and r["status"] == "confirmed"]
    assert sorted(r["outcome"] for r in first) == ["loss", "loss", "win", "win"]
    mine = api.get(f"/api/events/{event.pk}/results/?provisional=1").json()
    seen = [r for r in mine if r["round"] == 2 and r["player"] == pending.player_a.name]
    assert (seen[0]["vp_for"], seen[0]["vp_against"], seen[0]["outcome"]) == (30, 90, "loss")
    assert seen[0]["status"] == "pending"
    assert anon.get(f"/api/events/{event.pk}/results/?provisional=1").status_code == 403


def test_results_csv_guards_formulas_and_names_the_file(anon, event, played):
    response = anon.get(f"/api/events/{event.pk}/results.csv")
    assert response["Content-Disposition"] == 'attachment; filename="test-gt-results.csv"'
    rows = _rows(response)
    assert len(rows) == 10
    names = {r["player"] for r in rows} | {r["opponent"] for r in rows}
    assert "'=HYPERLINK(1)" in names
    assert "=HYPERLINK(1)" not in names


def test_pairings_csv(anon, event, played):
    first, _, _ = played
    response = anon.get(f"/api/events/{event.pk}/rounds/1/pairings.csv")
    assert response["Content-Disposition"] == 'attachment; filename="test-gt-round-1-pairings.csv"'
    rows = _rows(response)
    games = list(first.games.order_by("table_number"))
    assert len(rows) == len(games) == 3
    bye = [r for r in rows if r["player_b"] == "Bye"]
    assert len(bye) == 1
    assert bye[0]["table"] == ""
    missing = anon.get(f"/api/events/{event.pk}/rounds/7/pairings.csv")
    assert missing.status_code == 404
    assert missing.json()["error_codes"] == {"round": ["not_found"]}


def test_hidden_event_downloads_are_not_found(anon, event, played):
    event.hidden = True
    event.save()
    for path in ("standings.csv", "results/", "results.csv", "rounds/1/pairings.csv"):
        assert anon.get(f"/api/events/{event.pk}/{path}").status_code == 404


def test_h2h_column_only_when_the_event_ranks_by_it(anon, event, played):
    header = list(_rows(anon.get(f"/api/events/{event.pk}/standings.csv"))[0])
    assert "h2h" not in header
    event.tiebreaks = ["h2h", "sos"]
    event.save()
    rows = _rows(anon.get(f"/api/events/{event.pk}/standings.csv"))
    assert list(rows[0])[-9:] == [
        "owr",
        "owr_floor",
        "sos",
        "sosos",
        "vp",
        "opp_vp",
        "sos_vp",
        "vp_diff",
        "h2h",
    ]
    json_rows = anon.get(f"/api/events/{event.pk}/standings/").json()
    assert [r["sos"] for r in rows] == [str(r["sos"]) for r in json_rows]


def test_a_csv_client_gets_a_refusal_as_csv(anon, event, played):
    response = anon.get(
        f"/api/events/{event.pk}/standings.csv?provisional=1", HTTP_ACCEPT="text/csv"
    )
    assert response.status_code == 403
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert _rows(response) == [
        {
            "field": "provisional",
            "message": "Only this event's organisers and judges may see provisional results.",
        }
    ]
    ok = anon.get(f"/api/events/{event.pk}/standings.csv", HTTP_ACCEPT="text/csv")
    assert ok.status_code == 200
