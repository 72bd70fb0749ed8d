"""The play-offs through the API: a 64-player Swiss cut to a top 8, the LVO's 5-12
qualifier, and a double-elimination top 8; knockout games entered like any game and never
counted in the Swiss standings."""

from __future__ import annotations

import pytest

from tests.playoffs.conftest import swiss_event, swiss_round
from tournament.models import Round

pytestmark = pytest.mark.django_db


def base(event) -> str:
    return f"/api/events/{event.pk}/playoffs/"


def standings(api, event) -> list:
    rows = api.get(f"/api/events/{event.pk}/standings/").json()
    return rows["rows"] if isinstance(rows, dict) else rows


def swiss_order(api, event) -> list[int]:
    return [r["player"] for r in standings(api, event)]


def play_round(api, event, pick=lambda m: "a", vp=(80, 60)) -> dict:
    """Pair the next knockout round and enter each game's result through the results API:
    `pick(match)` says which side wins."""
    response = api.post(base(event) + "advance/", format="json")
    assert response.status_code == 201, response.content
    assert response.json()["stage"] == "playoff"
    bracket = api.get(base(event)).json()
    number = response.json()["number"]
    for match in bracket["matches"]:
        game = match["game"]
        if game and game["round"] == number:
            win, lose = vp
            scores = (
                {"vp_a": win, "vp_b": lose} if pick(match) == "a" else {"vp_a": lose, "vp_b": win}
            )
            answer = api.post(f"/api/games/{game['id']}/result/", scores, format="json")
            assert answer.status_code in (200, 201), answer.content
    return api.get(base(event)).json()


def play_out(api, event, pick=lambda m: "a") -> dict:
    bracket = api.get(base(event)).json()
    while not bracket["complete"]:
        bracket = play_round(api, event, pick)
    return bracket


def test_top8_cut_of_a_64_player_swiss(api, organiser):
    event = swiss_event(organiser, played=5)
    refused = api.post(base(event), {"format": "single", "size": 8}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error_codes"]["playoffs"] == ["swiss_incomplete"]
    swiss_round(event, organiser, 6)
    order = swiss_order(api, event)
    made = api.post(base(event), {"format": "single", "size": 8}, format="json")
    assert made.status_code == 201, made.content
    bracket = made.json()
    assert [s["player"] for s in bracket["seeds"]] == order[:8]
    first = [(m["a"]["seed"], m["b"]["seed"]) for m in bracket["matches"] if m["round"] == 1]
    assert first == [(1, 8), (4, 5), (2, 7), (3, 6)]
    before = standings(api, event)

    # Quarter-finals: the lower seeds win two of them; the standings do not move.
    upsets = {"W1-2", "W1-4"}
    bracket = play_round(api, event, lambda m: "b" if m["id"] in upsets else "a")
    assert Round.objects.get(event=event, number=7).stage == "playoff"
    after = standings(api, event)
    assert [(r["player"], r["mp"], r["wins"]) for r in after] == [
        (r["player"], r["mp"], r["wins"]) for r in before
    ]
    # No Swiss round after the cut.
    swiss = api.post(f"/api/events/{event.pk}/rounds/", {}, format="json")
    assert swiss.status_code == 409
    assert swiss.json()["error_codes"]["round"] == ["playoffs_started"]
    # Pairing again before the semi-finals' results: refused, naming the players.
    assert api.post(base(event) + "advance/", format="json").status_code == 201
    waiting = api.post(base(event) + "advance/", format="json")
    assert waiting.status_code == 409
    assert waiting.json()["error_codes"]["playoffs"] == ["results_missing"]
    # The semi-finals still lack results: enter them (seed 1 and seed 6 win).
    bracket = api.get(base(event)).json()
    semis = [m for m in bracket["matches"] if m["label"] == "Semi-final"]
    assert sorted((m["a"]["seed"], m["b"]["seed"]) for m in semis) == [(1, 5), (2, 6)]
    for m in semis:
        scores = {"vp_a": 90, "vp_b": 50} if m["a"]["seed"] == 1 else {"vp_a": 50, "vp_b": 90}
        api.post(f"/api/games/{m['game']['id']}/result/", scores, format="json")
    bracket = play_round(api, event)
    assert bracket["complete"]
    assert bracket["champion"]["player"] == order[0]
    placings = api.get(base(event) + "placings/").json()
    assert placings["complete"]
    assert placings["champion"] == order[0]
    places = [p["player"] for p in placings["placings"]]
    # Champion, finalist (seed 6), semi-finalists by seed (2, 5), quarter-finalists by seed.
    seeds = [order[s - 1] for s in (1, 6, 2, 5, 3, 4, 7, 8)]
    assert places[:8] == seeds
    assert places[8:] == [p for p in order if p not in seeds]
    assert [p["decided_by"] for p in placings["placings"]][7:9] == ["playoffs", "swiss"]
    # final_place on the standings rows, the Swiss ranking unchanged.
    rows = standings(api, event)
    assert [r["player"] for r in rows] == order
    final = {r["player"]: r["final_place"] for r in rows}
    assert final[order[5]] == 2
    assert final[order[8]] == 9
    csv = api.get(f"/api/events/{event.pk}/standings.csv").content.decode("utf-8-sig")
    header, first = (line.replace('"', "") for line in csv.splitlines()[:2])
    # The final place leads, and the rows come in its order (the champion first).
    assert header.startswith("final_place,rank,")
    assert first.startswith("1,1,")
    finished = api.post(base(event) + "advance/", format="json")
    assert finished.json()["error_codes"]["playoffs"] == ["finished"]


def test_lvo_qualifier_five_to_twelve(api, swiss64):
    event = swiss64
    order = swiss_order(api, event)
    body = {"format": "single", "size": 8, "qualifier": [5, 12]}
    assert api.post(base(event), body, format="json").status_code == 201
    bracket = play_round(api, event, lambda m: "b" if m["id"] == "Q-1" else "a")  # 12 beats 5
    played = [m for m in bracket["matches"] if m["game"]]
    assert sorted((m["a"]["seed"], m["b"]["seed"]) for m in played) == [
        (5, 12),
        (6, 11),
        (7, 10),
        (8, 9),
    ]
    bracket = play_round(api, event)
    quarter = sorted(
        (m["a"]["seed"], m["b"]["seed"])
        for m in bracket["matches"]
        if m["stage"] == "W" and m["round"] == 2
    )
    assert quarter == [(1, 8), (2, 7), (3, 6), (4, 12)]
    bracket = play_out(api, event)
    assert bracket["champion"]["player"] == order[0]
    places = [p["player"] for p in api.get(base(event) + "placings/").json()["placings"]]
    assert places[:12] == [order[s - 1] for s in (1, 2, 3, 4, 6, 7, 8, 12, 5, 9, 10, 11)]
    assert Round.objects.filter(event=event, stage="playoff").count() == 4


def test_double_elimination_top8_with_reset(api, swiss64):
    event = swiss64
    order = swiss_order(api, event)
    body = {"format": "double", "size": 8, "grand_final_reset": True}
    assert api.post(base(event), body, format="json").status_code == 201

    # The losers' bracket winner (seed 2, after losing the winners' final) wins twice.
    def pick(match):
        seeds = (match["a"]["seed"], match["b"]["seed"])
        if match["stage"] == "GF":
            return "a" if seeds[0] == 2 else "b"
        if match["id"] == "W3-1":
            return "a" if seeds[0] == 1 else "b"
        return "a" if seeds[0] < seeds[1] else "b"

    bracket = play_out(api, event, pick)
    assert bracket["champion"]["player"] == order[1]
    labels = [m["label"] for m in bracket["matches"] if m["game"]]
    assert labels.count("Grand final reset") == 1
    places = [p["player"] for p in api.get(base(event) + "placings/").json()["placings"]]
    assert places[:2] == [order[1], order[0]]
    assert sorted(places[:8]) == sorted(order[:8])
    # Seven knockout rounds, numbered after the six Swiss ones.
    numbers = list(
        Round.objects.filter(event=event, stage="playoff").values_list("number", flat=True)
    )
    assert numbers == list(range(7, 14))


def test_seeding_is_adjusted_before_play_logged_and_undone(api, swiss64):
    event = swiss64
    order = swiss_order(api, event)
    api.post(base(event), {"format": "single", "size": 4}, format="json")
    swapped = [order[1], order[0], *order[2:4]]
    bad = api.patch(base(event), {"seeds": [order[0], order[0], order[2], order[3]]}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error_codes"]["seeds"] == ["duplicate"]
    done = api.patch(base(event), {"seeds": swapped}, format="json")
    assert done.status_code == 200
    assert [s["player"] for s in done.json()["seeds"]] == swapped
    entry = api.get(f"/api/events/{event.pk}/audit/").json()
    entry = (entry["results"] if isinstance(entry, dict) else entry)[0]
    assert entry["action"] == "playoff_seeding"
    assert "Player" in entry["description"]
    assert str(order[0]) not in entry["description"].split()
    undo = api.post(f"/api/events/{event.pk}/audit/{entry['id']}/undo/", {}, format="json")
    assert undo.status_code == 200, undo.content
    assert [s["player"] for s in api.get(base(event)).json()["seeds"]] == order[:4]
    play_round(api, event)
    late = api.patch(base(event), {"seeds": swapped}, format="json")
    assert late.status_code == 409


def test_a_patch_without_seeds_changes_nothing(api, swiss64):
    event = swiss64
    order = swiss_order(api, event)
    api.post(base(event), {"format": "single", "size": 4}, format="json")

    def log():
        entries = api.get(f"/api/events/{event.pk}/audit/").json()
        return entries["results"] if isinstance(entries, dict) else entries

    logged = log()
    same = api.patch(base(event), {}, format="json")
    assert same.status_code == 200
    assert [s["player"] for s in same.json()["seeds"]] == order[:4]
    assert log() == logged


def test_organiser_decides_a_knockout_game_drawn_on_vp(api, swiss64):
    event = swiss64
    order = swiss_order(api, event)
    body = {"format": "single", "size": 2, "knockout_tiebreak": "organiser"}
    made = api.post(base(event), body, format="json").json()
    assert made["knockout_tiebreak_text"].startswith("On equal VP, the organiser")
    bracket = play_round(api, event, vp=(70, 70))
    assert not bracket["complete"]
    game = bracket["matches"][0]["game"]["id"]
    decided = api.post(base(event) + "decide/", {"game": game, "winner": order[1]}, format="json")
    assert decided.status_code == 200, decided.content
    assert decided.json()["champion"]["player"] == order[1]


def test_bad_bodies_change_nothing(api, swiss64, anon):
    event = swiss64
    for body, field in (
        ({"format": "single", "size": 65}, "size"),
        ({"format": "swiss", "size": 8}, "format"),
        ({"format": "single", "size": 8, "qualifier": [5, 11]}, "qualifier"),
        ({"format": "single", "size": 8, "knockout_tiebreak": "dice"}, "knockout_tiebreak"),
        ({"format": "single", "size": 8, "seeds": [1]}, "seeds"),
    ):
        response = api.post(base(event), body, format="json")
        assert response.status_code == 400, (body, response.content)
        assert field in response.json()["error_codes"], response.json()
    assert api.get(base(event)).status_code == 404
    assert anon.post(base(event), {"format": "single", "size": 8}, format="json").status_code in (
        401,
        403,
    )


def test_a_knockout_round_is_undone_from_the_log_like_any_round(api, organiser):
    event = swiss_event(organiser, players=8, rounds=1)
    api.post(base(event), {"format": "single", "size": 4}, format="json")
    assert api.post(base(event) + "advance/", format="json").status_code == 201
    entries = api.get(f"/api/events/{event.pk}/audit/").json()
    entry = (entries["results"] if isinstance(entries, dict) else entries)[0]
    assert entry["action"] == "round_create"
    undo = api.post(f"/api/events/{event.pk}/audit/{entry['id']}/undo/", {}, format="json")
    assert undo.status_code == 200, undo.content
    bracket = api.get(base(event)).json()
    assert not bracket["started"]
    assert all(m["game"] is None for m in bracket["matches"])
    assert not Round.objects.filter(event=event, stage="playoff").exists()
    # Before the first knockout round again: the cut can be taken back.
    assert api.delete(base(event)).status_code == 204
    assert api.get(base(event)).status_code == 404
