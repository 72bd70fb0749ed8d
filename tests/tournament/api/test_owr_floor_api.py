"""The event setting `owr_floor` and the `owr_floor` metric through the API.

The 18-player, 3-round event of tests/tournament/engine/test_owr_floor.py goes in through the API
with its own pairings; the standings must give the floor's values and the order it makes.
"""

import pytest

from tests.tournament.engine.test_owr_floor import EIGHTEEN


def _enter(api, event_id, ids):
    for rnd in (1, 2, 3):
        games = [g for g in EIGHTEEN if g[0] == rnd]
        pairings = [{"player_a": ids[a], "player_b": ids[b]} for _, a, b, _, _ in games]
        made = api.post(f"/api/events/{event_id}/rounds/", {"pairings": pairings}, format="json")
        assert made.status_code == 201, made.json()
        vps = {(ids[a], ids[b]): (x, y) for _, a, b, x, y in games}
        for game in made.json()["games"]:
            x, y = vps[game["player_a"], game["player_b"]]
            body = {"vp_a": x, "vp_b": y}
            assert (
                api.post(f"/api/games/{game['id']}/result/", body, format="json").status_code == 201
            )


@pytest.mark.django_db
def test_standings_follow_the_floor(api):
    event = api.post(
        "/api/events/",
        {"name": "Floor RTT", "rounds": 3, "tiebreaks": ["owr_floor", "vp"]},
        format="json",
    ).json()
    assert event["owr_floor"] == "0.33"  # as Best Coast Pairings floors it
    ids = {}
    for n in range(1, 19):
        made = api.post(
            f"/api/events/{event['id']}/players/", {"name": f"Player {n:02d}"}, format="json"
        )
        ids[n] = made.json()["id"]
    _enter(api, event["id"], ids)
    rows = api.get(f"/api/events/{event['id']}/standings/").json()
    number = {v: k for k, v in ids.items()}
    by_number = {number[r["player"]]: r for r in rows}
    assert by_number[13]["owr_floor"] == 0.3878  # 349/900, see the engine test
    assert by_number[13]["owr"] == 0.2778  # 5/18 without the floor
    assert by_number[13]["display"]["owr_floor"] == "38.8%"
    assert by_number[13]["tiebreak_values"][0] == 0.3878
    order = [number[r["player"]] for r in rows]
    assert order == sorted(
        order,
        key=lambda p: (-by_number[p]["mp"], -by_number[p]["owr_floor"], -by_number[p]["vp"]),
    )
    # A floor of 1/2: 13's opponents (rates 0, 1/2, 1/3) all count 1/2.
    changed = api.patch(f"/api/events/{event['id']}/", {"owr_floor": "2/4"}, format="json")
    assert changed.status_code == 200, changed.json()
    assert changed.json()["owr_floor"] == "1/2"
    rows = api.get(f"/api/events/{event['id']}/standings/").json()
    assert {number[r["player"]]: r for r in rows}[13]["owr_floor"] == 0.5


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["", "abc", "4/3", "-1/3", "1/0", 0.33, "1/1001"])
def test_bad_floors_are_refused_naming_the_field(api, event, value):
    response = api.patch(f"/api/events/{event.pk}/", {"owr_floor": value}, format="json")
    assert response.status_code == 400
    assert "owr_floor" in str(response.json())
    event.refresh_from_db()
    assert event.owr_floor == "0.33"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("value", "stored"), [("0.33", "0.33"), ("0.330", "0.33"), (".5", "0.5"), ("2/6", "1/3")]
)
def test_a_floor_reads_back_as_written_in_its_simplest_form(api, event, value, stored):
    # A decimal stays a decimal (BCP's "0.33" is not shown as "33/100"); a fraction is reduced.
    response = api.patch(f"/api/events/{event.pk}/", {"owr_floor": value}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["owr_floor"] == stored
