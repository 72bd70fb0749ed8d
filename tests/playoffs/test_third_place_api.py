"""The third-place match through the API: chosen when the single-elimination cut is made,
played beside the final, and deciding 3rd and 4th in the placings and the standings'
`final_place` (instead of the seed rule)."""

from __future__ import annotations

import pytest

from tests.playoffs.conftest import swiss_event
from tests.playoffs.test_api import base, play_round, swiss_order

pytestmark = pytest.mark.django_db


def test_third_place_match_decides_third(api, organiser):
    event = swiss_event(organiser, players=16, rounds=4)
    order = swiss_order(api, event)
    refused = api.post(
        base(event), {"format": "double", "size": 8, "third_place": True}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["error_codes"]["third_place"] == ["invalid"]
    made = api.post(
        base(event), {"format": "single", "size": 8, "third_place": True}, format="json"
    )
    assert made.status_code == 201, made.content
    assert made.json()["third_place"] is True
    third = [m for m in made.json()["matches"] if m["stage"] == "3P"]
    assert [(m["label"], m["a"], m["b"]) for m in third] == [("Third-place match", None, None)]

    play_round(api, event)  # quarter-finals: chalk
    play_round(api, event)  # semi-finals: chalk, so seeds 3 and 4 drop to the 3rd-place match
    # The final and the third-place match in one round; seed 4 (the first semi's loser,
    # side a) beats seed 3 for 3rd; the final goes to seed 1.
    bracket = play_round(api, event, lambda m: "a")
    last = [m for m in bracket["matches"] if m["round"] == 3]
    assert sorted(m["label"] for m in last) == ["Final", "Third-place match"]
    match = next(m for m in last if m["stage"] == "3P")
    assert (match["a"]["seed"], match["b"]["seed"]) == (4, 3)
    assert bracket["complete"]
    assert bracket["champion"]["player"] == order[0]

    placings = api.get(base(event) + "placings/").json()["placings"]
    assert [p["player"] for p in placings[:4]] == [order[0], order[1], order[3], order[2]]
    assert [p["player"] for p in placings[4:]] == order[4:]
    rows = api.get(f"/api/events/{event.pk}/standings/").json()
    rows = rows["rows"] if isinstance(rows, dict) else rows
    final_place = {r["player"]: r["final_place"] for r in rows}
    assert (final_place[order[3]], final_place[order[2]]) == (3, 4)
