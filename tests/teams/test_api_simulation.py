"""A simulated 16-team event (teams of 5) over 5 rounds, entirely through the API: teams and
players entered, team rounds paired, each match's players paired, every result entered by a
player and confirmed by the opponent (or entered by the organiser), and the team standings
checked against a computation written here independently of the engines."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

FACTIONS = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines", "Drukhari"]
TEAMS, SIZE, ROUNDS = 16, 5, 5


def wtc_points(diff: int) -> int:
    """The winner's points by the WTC 20-0 table: 0-5 gives 10, each 5 more one more, 51+ 20."""
    return 10 if diff == 0 else 10 + min(10, (diff - 1) // 5)


@pytest.fixture
def api(organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    return client


def _key_client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {key}")
    return client


def test_sixteen_teams_five_rounds(api):
    rng = random.Random(16)
    response = api.post(
        "/api/events/",
        {"name": "Team Champs", "rounds": ROUNDS, "kind": "team", "team_size": SIZE},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert (response.json()["kind"], response.json()["team_size"]) == ("team", SIZE)
    event = response.json()["id"]
    keys = {}
    for t in range(TEAMS):
        team = api.post(f"/api/events/{event}/teams/", {"name": f"Team {t:02d}"}, format="json")
        assert team.status_code == 201, team.content
        for i, faction in enumerate(rng.sample(FACTIONS, SIZE)):
            member = api.post(
                f"/api/events/{event}/teams/{team.json()['id']}/members/",
                {"name": f"T{t:02d} P{i}", "faction": faction},
                format="json",
            )
            assert member.status_code == 201, member.content
            keys[member.json()["id"]] = member.json()["private_key"]
    teams = api.get(f"/api/events/{event}/teams/").json()
    assert len(teams) == TEAMS
    assert all(t["full"] and t["captain_key"] for t in teams)

    met = set()
    # Independent tallies: team -> [doubled mp, game points, vp]
    tally = defaultdict(lambda: [0, 0, 0])
    for number in range(1, ROUNDS + 1):
        paired = api.post(f"/api/events/{event}/team-rounds/", {"seed": number}, format="json")
        assert paired.status_code == 201, paired.content
        matches = paired.json()["matches"]
        assert len(matches) == TEAMS // 2
        seen = [m["team_a"]["id"] for m in matches] + [m["team_b"]["id"] for m in matches]
        assert sorted(seen) == sorted(t["id"] for t in teams)
        for m in matches:
            pair = frozenset((m["team_a"]["id"], m["team_b"]["id"]))
            assert pair not in met, "a rematch"
            met.add(pair)
            a_players = next(t for t in teams if t["id"] == m["team_a"]["id"])["members"]
            b_players = next(t for t in teams if t["id"] == m["team_b"]["id"])["members"]
            b_order = rng.sample(b_players, SIZE)
            body = {
                "pairs": [
                    {"player_a": a["id"], "player_b": b["id"]}
                    for a, b in zip(a_players, b_order, strict=True)
                ]
            }
            done = api.post(
                f"/api/events/{event}/team-matches/{m['id']}/pairings/", body, format="json"
            )
            assert done.status_code == 201, done.content
            games = done.json()["games"]
            assert [g["table"] for g in games] == list(range(m["tables"][0], m["tables"][1] + 1))
            score_a = score_b = vp_a_sum = vp_b_sum = 0
            for i, g in enumerate(games):
                vp_a, vp_b = rng.randint(20, 100), rng.randint(20, 100)
                scores = {"vp_a": vp_a, "vp_b": vp_b}
                url = f"/api/games/{g['game']}/result/"
                if i % 2:
                    assert api.post(url, scores, format="json").status_code in (200, 201)
                else:
                    entered = _key_client(keys[g["player_a"]["id"]]).post(
                        url, scores, format="json"
                    )
                    assert entered.status_code in (200, 201), entered.content
                    confirmed = _key_client(keys[g["player_b"]["id"]]).post(
                        f"{url}confirm/", {}, format="json"
                    )
                    assert confirmed.status_code == 200, confirmed.content
                diff = abs(vp_a - vp_b)
                win = wtc_points(diff)
                got_a = 10 if vp_a == vp_b else (win if vp_a > vp_b else 20 - win)
                score_a += got_a
                score_b += 20 - got_a
                vp_a_sum += vp_a
                vp_b_sum += vp_b
            a, b = m["team_a"]["id"], m["team_b"]["id"]
            if score_a - score_b > 10:
                tally[a][0] += 2
            elif score_b - score_a > 10:
                tally[b][0] += 2
            else:
                tally[a][0] += 1
                tally[b][0] += 1
            tally[a][1] += score_a
            tally[b][1] += score_b
            tally[a][2] += vp_a_sum
            tally[b][2] += vp_b_sum
            view = api.get(f"/api/events/{event}/team-matches/{m['id']}/").json()
            assert view["complete"]
            assert (view["score_a"], view["score_b"]) == (score_a, score_b)

    standings = api.get(f"/api/events/{event}/team-standings/").json()
    assert standings["unfinished_matches"] == []
    keyed = {tid: tuple(v) for tid, v in tally.items()}
    order = sorted(keyed, key=lambda t: keyed[t], reverse=True)
    expected_rank = {}
    for i, tid in enumerate(order):
        same = i and keyed[order[i - 1]] == keyed[tid]
        expected_rank[tid] = expected_rank[order[i - 1]] if same else i + 1
    rows = standings["rows"]
    assert len(rows) == TEAMS
    for row in rows:
        s2, gp, vp = keyed[row["team"]]
        assert row["mp"] * 2 == s2
        assert row["game_points"] == gp
        assert row["vp"] == vp
        assert row["rank"] == expected_rank[row["team"]]
        assert row["played"] == ROUNDS
    # Individual standings of the same event stand beside the team standings.
    individual = api.get(f"/api/events/{event}/standings/").json()
    assert len(individual) == TEAMS * SIZE
    assert all(r["played"] == ROUNDS for r in individual)
    # No sixth round: all planned rounds are paired.
    more = api.post(f"/api/events/{event}/team-rounds/", {}, format="json")
    assert more.status_code == 409
    assert more.json()["error_codes"] == {"team_round": ["all_rounds_paired"]}
