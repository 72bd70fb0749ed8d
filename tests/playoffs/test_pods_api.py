"""Pods through the API: a 32-player event split into 4 pods by the standings after round 2
plays rounds 3-5 inside them (nobody paired across pods, through the ordinary pairing API),
then cuts across the pods into a bracket; the organiser's and random pods; adjustments logged
and undone; bad input refused with nothing changed."""

from __future__ import annotations

import pytest

from playoffs.models import PodSplit
from tests.playoffs.conftest import swiss_event, swiss_round
from tournament.models import Game

pytestmark = pytest.mark.django_db


def pods_url(event) -> str:
    return f"/api/events/{event.pk}/pods/"


def latest_entry(api, event) -> dict:
    entries = api.get(f"/api/events/{event.pk}/audit/").json()
    return (entries["results"] if isinstance(entries, dict) else entries)[0]


def pod_of(view: dict) -> dict[int, int]:
    return {p["player"]: pod["number"] for pod in view["pods"] for p in pod["players"]}


def test_32_players_in_4_pods_play_3_rounds_inside_them_then_cut_across(api, organiser):
    event = swiss_event(organiser, players=32, rounds=5, played=2)
    made = api.post(
        pods_url(event), {"method": "standings", "count": 4, "last_round": 5}, format="json"
    )
    assert made.status_code == 201, made.content
    view = made.json()
    assert [len(p["players"]) for p in view["pods"]] == [8, 8, 8, 8]
    assert (view["first_round"], view["last_round"], view["after_round"]) == (3, 5, 2)
    # Pod 1 is the top band of the standings after round 2.
    rows = api.get(f"/api/events/{event.pk}/standings/").json()
    assert {p["player"] for p in view["pods"][0]["players"]} == {r["player"] for r in rows[:8]}
    pods = pod_of(view)
    for number in (3, 4, 5):
        swiss_round(event, organiser, number)
        games = Game.objects.filter(round__event=event, round__number=number)
        assert games.count() == 16
        assert all(pods[g.player_a_id] == pods[g.player_b_id] for g in games)
        assert len({g.table_number for g in games}) == 16
    # Standings per pod: each pod's players in their Swiss order, places 1..8.
    view = api.get(pods_url(event)).json()
    assert view["started"] is True
    for pod in view["pods"]:
        assert [p["place"] for p in pod["players"]] == list(range(1, 9))
        ranks = [p["rank"] for p in pod["players"]]
        assert ranks == sorted(ranks)
    # The cut across pods: the top 2 of each pod, pod winners first.
    cut = api.post(
        pods_url(event) + "cut/",
        {"cut": "per_pod", "per_pod": 2, "format": "single"},
        format="json",
    )
    assert cut.status_code == 201, cut.content
    seeds = [s["player"] for s in cut.json()["seeds"]]
    winners = {pod["players"][0]["player"] for pod in view["pods"]}
    seconds = {pod["players"][1]["player"] for pod in view["pods"]}
    assert set(seeds[:4]) == winners
    assert set(seeds[4:]) == seconds
    overall = [r["player"] for r in api.get(f"/api/events/{event.pk}/standings/").json()]
    assert seeds[:4] == sorted(seeds[:4], key=overall.index)
    # The bracket runs as any cut: its first knockout round pairs pod winners v seconds.
    advanced = api.post(f"/api/events/{event.pk}/playoffs/advance/", format="json")
    assert advanced.status_code == 201, advanced.content
    again = api.post(pods_url(event) + "cut/", {"cut": "overall", "size": 8}, format="json")
    assert again.status_code == 409


def test_cut_refused_while_the_swiss_is_unfinished_and_bad_cut_bodies(api, organiser):
    event = swiss_event(organiser, players=16, rounds=3, played=1)
    api.post(pods_url(event), {"method": "standings", "count": 2, "last_round": 3}, format="json")
    swiss_round(event, organiser, 2)
    early = api.post(pods_url(event) + "cut/", {"cut": "per_pod", "per_pod": 2}, format="json")
    assert early.status_code == 409
    assert early.json()["error_codes"]["playoffs"] == ["swiss_incomplete"]
    both = api.post(
        pods_url(event) + "cut/", {"cut": "per_pod", "per_pod": 2, "size": 4}, format="json"
    )
    assert both.status_code == 400
    assert "per_pod" in both.json()["error_codes"]
    many = api.post(
        pods_url(event) + "cut/", {"cut": "per_pod", "per_pod": 9, "force": True}, format="json"
    )
    assert many.status_code == 400
    assert many.json()["error_codes"]["per_pod"] == ["too_few_players"]
    forced = api.post(
        pods_url(event) + "cut/", {"cut": "overall", "size": 4, "force": True}, format="json"
    )
    assert forced.status_code == 201, forced.content


def test_organiser_pods_adjusted_logged_and_undone(api, organiser):
    event = swiss_event(organiser, players=12, rounds=4, played=1)
    ids = sorted(event.players.values_list("pk", flat=True))
    pods = [ids[:6], ids[6:]]
    missing = api.post(
        pods_url(event),
        {"method": "organiser", "pods": [ids[:6], ids[6:11]], "last_round": 3},
        format="json",
    )
    assert missing.status_code == 400
    assert missing.json()["error_codes"]["pods"] == ["missing_player"]
    assert "Player" in missing.json()["pods"][0]
    assert not PodSplit.objects.filter(event=event).exists()
    made = api.post(
        pods_url(event), {"method": "organiser", "pods": pods, "last_round": 3}, format="json"
    )
    assert made.status_code == 201, made.content
    assert made.json()["first_round"] == 2
    # Saved unchanged: nothing logged.
    same = api.patch(pods_url(event), {"pods": pods, "last_round": 3}, format="json")
    assert same.status_code == 200
    assert latest_entry(api, event)["action"] == "pods_create"
    moved = [[*ids[:5], ids[6]], [ids[5], *ids[7:]]]
    done = api.patch(pods_url(event), {"pods": moved}, format="json")
    assert done.status_code == 200
    assert pod_of(done.json())[ids[6]] == 1
    entry = latest_entry(api, event)
    assert entry["action"] == "pods_adjust"
    assert "Pod 1" in entry["description"]
    assert str(ids[6]) not in entry["description"].split()
    undo = api.post(f"/api/events/{event.pk}/audit/{entry['id']}/undo/", {}, format="json")
    assert undo.status_code == 200, undo.content
    assert PodSplit.objects.get(event=event).pods == pods
    twice = api.patch(pods_url(event), {"pods": [ids[:7], ids[6:]]}, format="json")
    assert twice.status_code == 400
    assert twice.json()["error_codes"]["pods"] == ["duplicate"]
    unknown = api.patch(pods_url(event), {"pods": pods, "colour": "red"}, format="json")
    assert unknown.status_code == 400
    assert "unknown_field" in str(unknown.json())
    # Round 2 pairs inside the pods; then they cannot be taken back.
    swiss_round(event, organiser, 2)
    pods_now = pod_of(api.get(pods_url(event)).json())
    games = Game.objects.filter(round__event=event, round__number=2)
    assert all(pods_now[g.player_a_id] == pods_now[g.player_b_id] for g in games)
    gone = api.delete(pods_url(event))
    assert gone.status_code == 409
    assert gone.json()["error_codes"]["pods"] == ["pods_started"]
    short = api.patch(pods_url(event), {"last_round": 1}, format="json")
    assert short.status_code == 400
    # Round 4 is after the pods: the whole field again, across pods.
    swiss_round(event, organiser, 3)
    swiss_round(event, organiser, 4)
    games = Game.objects.filter(round__event=event, round__number=4)
    assert games.count() == 6


def test_random_pods_spread_clubs_and_late_entry_refused_until_placed(api, organiser):
    event = swiss_event(organiser, players=20, rounds=3, played=0)
    made = api.post(
        pods_url(event), {"method": "random", "count": 4, "seed": 7, "last_round": 2}, format="json"
    )
    assert made.status_code == 201, made.content
    view = made.json()
    assert view["seed"] == 7
    clubs = dict(event.players.values_list("pk", "club"))
    for pod in view["pods"]:
        # 5 clubs of 4 dealt round 4 pods of 5: no club twice in a pod beyond ceil(4/4)=1 + 1.
        members = [clubs[p["player"]] for p in pod["players"]]
        assert max(members.count(c) for c in members) <= 2
    late = api.post(f"/api/events/{event.pk}/players/", {"name": "Late Comer"}, format="json")
    assert late.status_code == 201, late.content
    refused = api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error_codes"]["round"] == ["players_without_group"]
    assert "Late Comer" in refused.json()["round"][0]
    pods = [[p["player"] for p in pod["players"]] for pod in view["pods"]]
    pods[0].append(late.json()["id"])
    assert api.patch(pods_url(event), {"pods": pods}, format="json").status_code == 200
    paired = api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json")
    assert paired.status_code == 201, paired.content


def test_pods_bad_input_and_hidden_event(api, organiser, client):
    event = swiss_event(organiser, players=8, rounds=3, played=1)
    cases = [
        ({"method": "standings", "count": 5, "last_round": 3}, "count", "too_many"),
        ({"method": "standings", "count": 2, "last_round": 9}, "last_round", "beyond_planned"),
        (
            {"method": "standings", "count": 2, "first_round": 1, "last_round": 3},
            "first_round",
            "already_paired",
        ),
        (
            {"method": "standings", "count": 2, "after_round": 4, "last_round": 3},
            "after_round",
            "range",
        ),
        (
            {"method": "random", "count": 2, "last_round": 3, "pods": [[1], [2]]},
            "pods",
            "not_taken",
        ),
    ]
    for body, field, code in cases:
        response = api.post(pods_url(event), body, format="json")
        assert response.status_code == 400, (body, response.content)
        assert response.json()["error_codes"][field] == [code], body
    assert not PodSplit.objects.filter(event=event).exists()
    assert api.get(pods_url(event)).status_code == 404


def test_forming_and_taking_back_pods_are_undone_from_the_log(api, organiser):
    event = swiss_event(organiser, players=8, rounds=3, played=1)
    api.post(pods_url(event), {"method": "standings", "count": 2, "last_round": 2}, format="json")
    entry = latest_entry(api, event)
    assert entry["action"] == "pods_create"
    assert "standings after round 1" in entry["description"]
    undo = api.post(f"/api/events/{event.pk}/audit/{entry['id']}/undo/", {}, format="json")
    assert undo.status_code == 200, undo.content
    assert not PodSplit.objects.filter(event=event).exists()
    api.post(pods_url(event), {"method": "random", "count": 2, "last_round": 3}, format="json")
    drawn = PodSplit.objects.get(event=event)
    assert api.delete(pods_url(event)).status_code == 204
    entry = latest_entry(api, event)
    assert entry["action"] == "pods_delete"
    undo = api.post(f"/api/events/{event.pk}/audit/{entry['id']}/undo/", {}, format="json")
    assert undo.status_code == 200, undo.content
    back = PodSplit.objects.get(event=event)
    assert (back.pods, back.seed, back.last_round) == (drawn.pods, drawn.seed, 3)
    # Once a pod round is paired, forming them is no longer undone.
    swiss_round(event, organiser, 2)
    create = next(
        e
        for e in api.get(f"/api/events/{event.pk}/audit/").json()
        if e["action"] == "pods_create" and not e.get("undone_at")
    )
    refused = api.post(f"/api/events/{event.pk}/audit/{create['id']}/undo/", {}, format="json")
    assert refused.status_code == 409
