"""Random Eternal War and Only War games driven by hypothesis, to the end: scores never pass
the mission's maxima, every refused action leaves the state as it was, and replaying the
log rebuilds the same state."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missions.classic.primaries import MISSIONS
from tests.tracker.eternal.player import PLAYERS, next_action
from tracker.engine import eternal
from tracker.engine.errors import Refusal

KEYS = [(m.pack_key, m.key) for m in MISSIONS]
GARBAGE = (None, [], {}, 1.5, True, "", "x", -3, 0, 1, 7, 99, [None], "player_1", "tabled")
FIELDS = ("side", "first", "count", "held", "marker", "holder", "how", "winner", "name", "roll")


def frozen(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def wrong(state: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    act = {"type": rnd.choice(sorted(eternal.ACTIONS)), **eternal.clock_of(state)}
    del act["turn"]
    for field in rnd.sample(FIELDS, 3):
        act[field] = rnd.choice(GARBAGE + PLAYERS)
    return act


def check_maxima(state: dict[str, Any]) -> None:
    """Nothing scores past what the mission allows: the end markers' VP shared out at most
    once, per-turn markers at most their number each turn, the Warlord's D3 at most 3, each
    bonus point at most 1, and kills never below 0."""
    rules = state["rules"]
    sheet = eternal.score_sheet(state)
    most_markers = sum(state["markers"] or [])
    assert sum(sheet[p]["markers"] for p in PLAYERS) <= most_markers
    if state["markers"] is not None and not rules["marker_values"]:
        if rules["superior_inferior"]:
            assert sorted(state["markers"]) == [1, 2, 2, 2, 2, 4]
        elif rules["markers_dice"]:
            assert 3 <= len(state["markers"]) <= 5
        else:
            assert len(state["markers"]) == (1 if rules["relic_of"] else rules["markers"])
    turns = sum(1 for _ in state["sides"][PLAYERS[0]]["per_turn"])
    assert sum(sheet[p]["per_turn"] for p in PLAYERS) <= rules["per_turn_markers"] * turns
    for p in PLAYERS:
        assert 0 <= sheet[p]["warlord"] <= 3
        assert sheet[p]["warlord"] == 0 or rules["warlord_d3"]
        assert 0 <= sheet[p]["bonuses"] <= len(rules["bonuses"])
        assert sheet[p]["kills"] >= 0
        assert sheet[p]["kills"] == 0 or rules["kills"]
        assert sheet[p]["total"] == sheet[p]["primary"] + sheet[p]["bonuses"]
        assert sum(sheet[p]["by_round"]) == sheet[p]["kills"] + sheet[p]["per_turn"]
        if rules["by_outcome"]:
            assert sheet[p]["total"] == 0
    fixed = rules["battle_rounds"]
    assert state["round"] <= (fixed or 7)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KEYS), st.integers(0, 10**9), st.integers(0, 10**9))
def test_random_games_keep_to_the_maxima_and_replay(key, seed, script):
    pack, mission = key
    initial = eternal.new_game(seed, pack_key=pack, mission_key=mission)
    state, log = initial, []
    rnd = random.Random(script)
    for _ in range(400):
        if state["phase"] == "over":
            break
        if rnd.random() < 0.2:
            act = wrong(state, rnd)
            before = frozen(state)
            try:
                new = eternal.apply(state, act)
            except Refusal:
                assert frozen(state) == before
                continue
        else:
            act = next_action(state, eternal.options(state), rnd)
            try:
                new = eternal.apply(state, act)
            except Refusal:
                refused = act["type"]
            else:
                refused = None
            # Only a sudden death the rules do not allow yet may be refused.
            assert refused in (None, "end_early")
            if refused:
                continue
        log.append(act)
        state = new
        check_maxima(state)
    assert state["phase"] == "over"
    assert frozen(eternal.replay(initial, log)) == frozen(state)
    found = eternal.winner(state)
    assert found is not None
    assert found["side"] in (*PLAYERS, None)
    assert (found["side"] is None) == (found["kind"] == "draw")
    assert "seed" not in eternal.view(state, None)
