"""POST/GET/DELETE /api/events/{id}/penalties/ (issue 35)."""

from __future__ import annotations

import csv
import io

import pytest

from tournament.models import AuditEntry, Game, Penalty
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(event, organiser, players):
    round_create(event_id=event.pk, user=organiser, seed=1)
    games = list(Game.objects.filter(round__event=event).order_by("table_number"))
    for g in games:
        result_enter(game_id=g.pk, data={"vp_a": 80, "vp_b": 20}, user=organiser)
    return games[0]


def url(event):
    return f"/api/events/{event.pk}/penalties/"


def test_staff_record_a_vp_penalty_and_the_standings_count_it(api, anon, event, game):
    before = {r["player"]: r for r in api.get(f"/api/events/{event.pk}/standings/").json()}
    body = {
        "player": game.player_a_id,
        "kind": "vp_penalty",
        "round": 1,
        "vp": 15,
        "reason": "Late list",
    }
    answer = api.post(url(event), body, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["reason"] == "Late list"
    assert answer.json()["vp"] == 15
    rows = {r["player"]: r for r in api.get(f"/api/events/{event.pk}/standings/").json()}
    assert rows[game.player_a_id]["vp"] == before[game.player_a_id]["vp"] - 15
    public = anon.get(url(event)).json()
    assert public == [
        {
            "id": answer.json()["id"],
            "player": game.player_a_id,
            "player_name": game.player_a.name,
            "kind": "vp_penalty",
            "round": 1,
        }
    ]  # kind, round and player only (the contract): never the reason, nor the VP's amount
    staff_row = api.get(url(event)).json()[0]
    assert (staff_row["reason"], staff_row["vp"]) == ("Late list", 15)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "card"}, "kind"),
        ({"round": "1"}, "round"),
        ({"round": 7}, "round"),
        ({"vp": 0, "kind": "vp_penalty"}, "vp"),
        ({"reason": ""}, "reason"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_bodies_are_400_naming_the_field(api, event, game, body, field):
    full = {"player": game.player_a_id, "kind": "warning", "round": 1, "reason": "r", **body}
    answer = api.post(url(event), full, format="json")
    assert answer.status_code == 400
    assert field in answer.json()
    assert not Penalty.objects.exists()


def test_the_public_may_not_record_or_delete(anon, api, event, game):
    body = {"player": game.player_a_id, "kind": "warning", "round": 1, "reason": "r"}
    assert anon.post(url(event), body, format="json").status_code in (401, 403)
    made = api.post(url(event), body, format="json").json()
    assert anon.delete(f"{url(event)}{made['id']}/").status_code in (401, 403)
    assert api.delete(f"{url(event)}{made['id']}/").status_code == 204
    assert not Penalty.objects.exists()
    assert AuditEntry.objects.filter(action="penalty_remove").exists()


def test_a_hidden_events_penalties_are_for_staff_only(api, anon, event, game):
    api.patch(f"/api/events/{event.pk}/", {"hidden": True}, format="json")
    assert anon.get(url(event)).status_code == 404
    anon.credentials(HTTP_AUTHORIZATION=f"Key {game.player_a.private_key}")
    assert anon.get(url(event)).status_code == 404
    assert api.get(url(event)).status_code == 200


def test_the_results_csv_and_api_show_penalties_in_a_column(api, anon, event, game):
    api.post(
        url(event),
        {"player": game.player_a_id, "kind": "vp_penalty", "round": 1, "vp": 10, "reason": "Late"},
        format="json",
    )
    api.post(
        url(event),
        {"player": game.player_a_id, "kind": "yellow_card", "round": 1, "reason": "Slow"},
        format="json",
    )
    rows = anon.get(f"/api/events/{event.pk}/results/").json()
    mine = next(r for r in rows if r["player"] == game.player_a.name)
    assert mine["penalties"] == "VP penalty −10 VP; Yellow card"
    assert mine["vp_for"] == 80  # as entered
    theirs = next(r for r in rows if r["player"] == game.player_b.name)
    assert theirs["penalties"] == ""
    csv_text = anon.get(f"/api/events/{event.pk}/results.csv").content.decode("utf-8-sig")
    header, *lines = list(csv.reader(io.StringIO(csv_text)))
    assert header[-1] == "penalties"
    assert any(line[-1] == "VP penalty −10 VP; Yellow card" for line in lines)
    assert "Late" not in csv_text
