"""Seeded randomness: the same seed and log give the same game; states survive JSON."""

from __future__ import annotations

import json
from types import SimpleNamespace

from missions.pack.types import Card, CardKind
from tests.tracker.leviathan.helpers import act, choose, end_turn, start
from tracker.engine.leviathan import new_game, replay


def scripted(seed: str) -> tuple[dict, list[dict]]:
    state = new_game(seed, mission_rules=["secret_intel"])
    log: list[dict] = []

    def do(kind: str, side: str | None = None, **fields: object) -> None:
        nonlocal state
        action = {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
        if side:
            action["side"] = side
        state = act(state, kind, side, **fields)
        log.append(action)

    do("roll_off")
    do("assign_roles", attacker="player_2")
    do("select_secondaries", "attacker", **choose("tactical"))
    do("select_secondaries", "defender", **choose("fixed", ["cleanse", "assassination"]))
    do("roll_off")
    first = state["turn"]
    if state["sides"][first]["mode"] == "tactical":
        do("draw", first)
        do("intel_draw", first)
        do("intel_discard", first, card=state["sides"][first]["active"][-1])
    do("advance", first, to="end_of_turn")
    do("advance", first)
    return state, log


def test_same_seed_same_game_and_replay_matches() -> None:
    one, log = scripted("det")
    two, _ = scripted("det")
    assert one == two
    assert replay(new_game("det", mission_rules=["secret_intel"]), log) == one


def test_other_seeds_shuffle_differently() -> None:
    decks = {tuple(start(str(n))["sides"]["attacker"]["deck"]) for n in range(5)}
    assert len(decks) == 5


def test_state_survives_json_mid_game() -> None:
    state = act(start("j"), "draw", "attacker")
    stored = json.loads(json.dumps(state))
    assert end_turn(stored) == end_turn(state)


def test_engine_takes_any_deck_as_data() -> None:
    """A tiny fixture pack: four cards, one unusable in round 1, Fixed-capable pair."""

    def sec(name: str, **kw: bool) -> Card:
        return Card(name=name, kind=CardKind.SECONDARY, summary="-", **kw)

    gambits = [
        Card(name=n, kind=CardKind.GAMBIT, summary="-")
        for n in ("Proceed as Planned", "Risky Plan A", "Risky Plan B")
    ]
    deck = [
        sec("Alpha", fixed_capable=True),
        sec("Beta", fixed_capable=True),
        sec("Gamma"),
        sec("Delta"),
        sec("Late", redraw_in_first_round=True),
    ]
    pack = SimpleNamespace(secondaries=deck, gambits=gambits)
    state = new_game(9, pack=pack)
    state = act(state, "assign_roles", attacker="player_1")
    state = act(state, "select_secondaries", "attacker", **choose("tactical", ["gamma", "delta"]))
    state = act(state, "select_secondaries", "defender", **choose("fixed", ["alpha", "beta"]))
    state = act(state, "set_first_turn", first="attacker")
    state = act(state, "draw", "attacker")
    assert "late" not in state["sides"]["attacker"]["active"]
    assert len(state["sides"]["attacker"]["active"]) == 2
    assert state["caps"]["secondary"] == 40  # defaults when the pack gives none
    while state["phase"] != "gambits":
        state = end_turn(state)
    hand = state["sides"]["attacker"]["gambit_hand"]
    assert len(hand) == 2  # a 3-card gambit deck: one discarded, Proceed as Planned back
    assert "proceed_as_planned" in hand
