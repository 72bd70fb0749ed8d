"""A team event cut to a team bracket through the API: 16 teams (the teams app's default
size, 5) after a 4-round team Swiss cut to a top 4; each knockout match a team match whose
players are paired and results entered through the API, to a champion; a drawn match decided
by the team tie rule; the knockout rounds never count in the team standings."""

from __future__ import annotations

import pytest

from teams.models.teams import Team
from tests.playoffs.team_events import team_swiss
from tournament.models import Round

pytestmark = pytest.mark.django_db


def base(event) -> str:
    return f"/api/events/{event.pk}/playoffs/"


def team_rows(api, event) -> list:
    return api.get(f"/api/events/{event.pk}/team-standings/").json()["rows"]


def play_team_round(api, event, vp_for) -> dict:
    """Pair the next knockout round, each match's players through the pairings API, and every
    game's result: `vp_for(match, index)` gives (vp_a, vp_b)."""
    paired = api.post(base(event) + "advance/", format="json")
    assert paired.status_code == 201, paired.content
    assert paired.json()["stage"] == "playoff"
    number = paired.json()["number"]
    bracket = api.get(base(event)).json()
    for m in bracket["matches"]:
        tm = m["team_match"]
        if not tm or tm["round"] != number:
            continue
        assert m["game"] is None
        a = Team.objects.get(pk=m["a"]["team"]).members.order_by("player__name")
        b = Team.objects.get(pk=m["b"]["team"]).members.order_by("player__name")
        body = {
            "pairs": [
                {"player_a": x.player_id, "player_b": y.player_id}
                for x, y in zip(a, b, strict=True)
            ]
        }
        done = api.post(
            f"/api/events/{event.pk}/team-matches/{tm['id']}/pairings/", body, format="json"
        )
        assert done.status_code == 201, done.content
        for i, g in enumerate(done.json()["games"]):
            vp_a, vp_b = vp_for(m, i)
            answer = api.post(
                f"/api/games/{g['game']}/result/", {"vp_a": vp_a, "vp_b": vp_b}, format="json"
            )
            assert answer.status_code in (200, 201), answer.content
    return api.get(base(event)).json()


def test_sixteen_teams_top_four_to_a_champion(api, organiser):
    event = team_swiss(organiser)
    assert event.team_size == 5
    before = team_rows(api, event)
    order = [r["team"] for r in before]
    made = api.post(
        base(event),
        {"format": "single", "size": 4, "knockout_tiebreak": "game_points", "third_place": True},
        format="json",
    )
    assert made.status_code == 201, made.content
    bracket = made.json()
    assert bracket["entrants"] == "teams"
    assert [s["team"] for s in bracket["seeds"]] == order[:4]
    assert all(s["player"] is None for s in bracket["seeds"])
    assert "game points" in bracket["knockout_tiebreak_text"]
    semis = [(m["a"]["name"], m["b"]["name"]) for m in bracket["matches"] if m["round"] == 1]
    names = {r["team"]: r["name"] for r in before}
    assert semis == [(names[order[0]], names[order[3]]), (names[order[1]], names[order[2]])]

    # Semi-finals: seed 4 beats seed 1 outright; seeds 2 and 3 draw within the margin (seed 2
    # wins two games by 6 VP, seed 3 three: 49-51 on the WTC table, within 10), and seed 3
    # has more game points, so game_points sends seed 3 through.
    def semis_vp(m, i):
        if m["a"]["seed"] == 1:
            return (40, 80)
        return (66, 60) if i < 2 else (60, 66)

    bracket = play_team_round(api, event, semis_vp)
    upper, lower = (m for m in bracket["matches"] if m["round"] == 1)
    assert upper["winner"]["team"] == order[3]
    assert lower["team_match"]["drawn"] is True
    assert lower["team_match"]["score_a"] < lower["team_match"]["score_b"]
    assert lower["winner"]["team"] == order[2]
    assert Round.objects.get(event=event, number=5).stage == "playoff"
    # The knockout round never counts in the team standings (the rows gain only their
    # final place, null until the bracket is finished).
    after = team_rows(api, event)
    assert all(r.pop("final_place") is None for r in after)
    assert after == before
    # No Swiss team round after the cut.
    refused = api.post(f"/api/events/{event.pk}/team-rounds/", {}, format="json")
    assert refused.status_code == 409

    # Final and third-place match in one round; the final's side a wins.
    bracket = play_team_round(api, event, lambda m, i: (80, 40))
    labels = {m["label"] for m in bracket["matches"] if m["round"] == 2}
    assert labels == {"Final", "Third-place match"}
    assert bracket["complete"]
    assert bracket["champion"]["team"] == order[3]
    assert bracket["champion"]["name"] == names[order[3]]

    placings = api.get(base(event) + "placings/").json()
    assert placings["complete"]
    assert placings["champion"] == order[3]
    top = [p["team"] for p in placings["placings"][:4]]
    # The third-place match: seed 1 (side a) beat seed 2.
    assert top == [order[3], order[2], order[0], order[1]]
    assert [p["team"] for p in placings["placings"][4:]] == order[4:]
    assert {p["decided_by"] for p in placings["placings"][:4]} == {"playoffs"}
    assert all(p["player"] is None for p in placings["placings"])
    finals = {r["team"]: r["final_place"] for r in team_rows(api, event)}
    assert [t for t, _ in sorted(finals.items(), key=lambda x: x[1])] == [
        p["team"] for p in placings["placings"]
    ]
    assert api.post(base(event) + "advance/", format="json").json()["error_codes"] == {
        "playoffs": ["finished"]
    }


def test_team_tie_rules_and_the_organiser_s_decision(api, organiser):
    event = team_swiss(organiser, teams=4, rounds=2)
    event.planned_rounds = 3
    event.save(update_fields=["planned_rounds"])
    early = api.post(base(event), {"format": "single", "size": 2}, format="json")
    assert early.status_code == 409
    assert early.json()["error_codes"]["playoffs"] == ["swiss_incomplete"]
    assert "2 of the 3 planned team rounds" in early.json()["playoffs"][0]
    event.planned_rounds = 2
    event.save(update_fields=["planned_rounds"])
    wrong = api.post(
        base(event), {"format": "single", "size": 2, "knockout_tiebreak": "bogus"}, format="json"
    )
    assert wrong.status_code == 400
    made = api.post(
        base(event),
        {"format": "single", "size": 2, "knockout_tiebreak": "organiser"},
        format="json",
    )
    assert made.status_code == 201, made.content
    assert "organiser decides which team" in made.json()["knockout_tiebreak_text"]
    # Every game drawn: the match is drawn and waits for the organiser.
    bracket = play_team_round(api, event, lambda m, i: (60, 60))
    final = bracket["matches"][0]
    assert final["winner"] is None
    assert final["team_match"]["complete"]
    waiting = api.post(base(event) + "advance/", format="json")
    assert waiting.status_code == 409
    assert final["a"]["name"] in waiting.json()["playoffs"][0]
    wrong = api.post(
        base(event) + "decide/",
        {"match": final["team_match"]["id"], "winner": 999999},
        format="json",
    )
    assert wrong.status_code == 400
    assert final["b"]["name"] in wrong.json()["winner"][0]
    decided = api.post(
        base(event) + "decide/",
        {"match": final["team_match"]["id"], "winner": final["b"]["team"]},
        format="json",
    )
    assert decided.status_code == 200, decided.content
    assert decided.json()["champion"]["team"] == final["b"]["team"]
    log = api.get(f"/api/events/{event.pk}/audit/").json()
    entries = log["results"] if isinstance(log, dict) else log
    assert any(e["action"] == "playoff_decide" for e in entries)


def test_team_seeds_adjusted_and_a_knockout_team_round_undone_from_the_log(api, organiser):
    event = team_swiss(organiser, teams=4, rounds=2)
    order = [r["team"] for r in team_rows(api, event)]
    api.post(base(event), {"format": "single", "size": 4}, format="json")
    stranger = api.patch(base(event), {"seeds": [order[0], order[1], order[2], 0]}, format="json")
    assert stranger.status_code == 400
    assert stranger.json()["error_codes"]["seeds"] == ["unknown_team"]
    swapped = [order[1], order[0], *order[2:4]]
    done = api.patch(base(event), {"seeds": swapped}, format="json")
    assert [s["team"] for s in done.json()["seeds"]] == swapped
    assert api.post(base(event) + "advance/", format="json").status_code == 201
    assert api.delete(base(event)).status_code == 409
    entries = api.get(f"/api/events/{event.pk}/audit/").json()
    entry = (entries["results"] if isinstance(entries, dict) else entries)[0]
    assert entry["action"] == "team_round_create"
    undo = api.post(f"/api/events/{event.pk}/audit/{entry['id']}/undo/", {}, format="json")
    assert undo.status_code == 200, undo.content
    bracket = api.get(base(event)).json()
    assert not bracket["started"]
    assert all(m["team_match"] is None for m in bracket["matches"])
    assert not Round.objects.filter(event=event, stage="playoff").exists()
    assert api.delete(base(event)).status_code == 204
