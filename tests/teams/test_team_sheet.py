"""The team results CSV (issue 25): one row per team, read back and checked against the team
standings and each round's matches."""

import csv
import io
import random

import pytest
from rest_framework.test import APIClient

from teams.services.sheets import team_sheet_columns

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    return client


def test_team_sheet_rows_match_the_team_standings(api):
    rng = random.Random(5)
    event = api.post(
        "/api/events/",
        {"name": "Team Zoë", "rounds": 2, "kind": "team", "team_size": 3},
        format="json",
    ).json()["id"]
    for t in range(5):
        team = api.post(f"/api/events/{event}/teams/", {"name": f"Team {t}"}, format="json")
        for i, faction in enumerate(("Orks", "Necrons", "Aeldari")):
            api.post(
                f"/api/events/{event}/teams/{team.json()['id']}/members/",
                {"name": f"T{t} P{i}", "faction": faction},
                format="json",
            )
    teams = {t["id"]: t for t in api.get(f"/api/events/{event}/teams/").json()}
    for number in (1, 2):
        paired = api.post(f"/api/events/{event}/team-rounds/", {"seed": number}, format="json")
        assert paired.status_code == 201, paired.json()
        for m in paired.json()["matches"]:
            if m["team_b"] is None:
                continue
            a, b = teams[m["team_a"]["id"]]["members"], teams[m["team_b"]["id"]]["members"]
            body = {
                "pairs": [
                    {"player_a": x["id"], "player_b": y["id"]} for x, y in zip(a, b, strict=True)
                ]
            }
            done = api.post(
                f"/api/events/{event}/team-matches/{m['id']}/pairings/", body, format="json"
            )
            for g in done.json()["games"]:
                scores = {"vp_a": rng.randint(20, 100), "vp_b": rng.randint(20, 100)}
                api.post(f"/api/games/{g['game']}/result/", scores, format="json")
    response = api.get(f"/api/events/{event}/teams.csv")
    assert response.status_code == 200
    assert response["Content-Disposition"] == "attachment; filename*=utf-8''team-zo%C3%AB-teams.csv"
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert list(rows[0]) == team_sheet_columns(2)
    standings = api.get(f"/api/events/{event}/team-standings/").json()["rows"]
    assert [int(r["team_id"]) for r in rows] == [s["team"] for s in standings]
    by_name = {r["team"]: r for r in rows}
    for row, s in zip(rows, standings, strict=True):
        assert (int(row["wins"]), int(row["losses"]), int(row["game_points"])) == (
            s["wins"],
            s["losses"],
            s["game_points"],
        )
        assert row["members"] == "; ".join(m["name"] for m in teams[s["team"]]["members"])
        for n in (1, 2):
            if row[f"round_{n}_result"] == "BYE":
                continue
            other = by_name[row[f"round_{n}_opponent"]]
            assert other[f"round_{n}_opponent"] == row["team"]
            assert other[f"round_{n}_score"] == row[f"round_{n}_score_against"]
            mirror = {"W": "L", "L": "W", "D": "D"}[row[f"round_{n}_result"]]
            assert other[f"round_{n}_result"] == mirror
    assert sum(r[f"round_{n}_result"] == "BYE" for r in rows for n in (1, 2)) == 2
