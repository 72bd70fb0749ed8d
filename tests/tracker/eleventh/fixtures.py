"""Small fixture cards in the engine's card shape (tracker.engine.eleventh.cards), and helpers that
drive a game to a given moment. The real pack is tested in test_pack_cards."""

from __future__ import annotations

from typing import Any

from tracker.engine.eleventh import apply, new_game

ALL = [1, 2, 3, 4, 5]
LATER = [2, 3, 4, 5]


def window(
    timing: str, top: int | None, rounds: list[int] = ALL, group: str | None = None
) -> dict[str, Any]:
    return {"timing": timing, "rounds": list(rounds), "max": top, "group": group}


def card(key, *, fixed=None, tactical, when_drawn=None) -> dict[str, Any]:
    return {
        "key": key,
        "name": key.replace("_", " ").title(),
        "fixed_capable": fixed is not None,
        "windows": {"fixed": fixed or [], "tactical": tactical},
        "when_drawn": when_drawn,
    }


SECONDARIES = [
    # Fixed-capable: per-kill Fixed tracks without a printed top, Tactical 5s.
    card("kills", fixed=[window("either_turn", None)], tactical=[window("either_turn", 5)]),
    card(
        "big_game",
        fixed=[window("either_turn", None)],
        tactical=[window("either_turn", 5)],
        when_drawn={"op": "replace"},
    ),
    card("hordes", fixed=[window("either_turn", 8)], tactical=[window("either_turn", 5)]),
    card("quarters", fixed=[window("your_turn", 4)], tactical=[window("your_turn", 5)]),
    # Tactical only.
    card("forward", tactical=[window("your_turn", 5)], when_drawn={"op": "redraw", "rounds": [1]}),
    card(
        "stronghold",
        tactical=[window("opponent_turn_or_last", 5, LATER)],
        when_drawn={"op": "redraw", "rounds": [1]},
    ),
    card(
        "plunder",
        tactical=[window("your_turn", 5)],
        when_drawn={"op": "redraw", "while_active": ["cleanse"]},
    ),
    card(
        "cleanse",
        tactical=[window("your_turn", 5)],
        when_drawn={"op": "redraw", "while_active": ["plunder"]},
    ),
    card("might", tactical=[window("your_turn", 2), window("opponent_turn", 5)]),
    card("nomans", tactical=[window("your_turn", 5)]),
    card("prisoners", tactical=[window("either_turn", 5)]),
    card("beacon", tactical=[window("opponent_turn_or_last", 5)]),
    card("centre", tactical=[window("your_turn", 3, group="c"), window("your_turn", 5, group="c")]),
]

PRIMARY_A = {
    "key": "hold_fast",
    "name": "Hold Fast",
    "windows": [
        window("your_turn", 3),
        window("your_command", 10, [2, 3, 4]),
        window("your_turn", 10, [5]),
        window("battle_end", 5, [5]),
    ],
}
PRIMARY_B = {
    "key": "kill_more",
    "name": "Kill More",
    "windows": [window("your_turn", None), window("either_turn", 5)],
}


def fresh(seed: str | int = 1) -> dict[str, Any]:
    return new_game(
        seed,
        primaries={"a": PRIMARY_A, "b": PRIMARY_B},
        secondaries=SECONDARIES,
        dispositions=("take-and-hold", "purge-the-foe"),
    )


def act(state: dict[str, Any], kind: str, side: str | None = None, **fields) -> dict[str, Any]:
    body = {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
    if side is not None:
        body["side"] = side
    return apply(state, body)


def started(
    seed: str | int = 1, *, a="tactical", b="tactical", first="a", a_cards=(), b_cards=()
) -> dict[str, Any]:
    """A game at the start of round 1's first Command phase."""
    state = act(fresh(seed), "assign_roles", attacker="a")
    state = act(state, "choose_secondaries", "a", mode=a, cards=list(a_cards))
    state = act(state, "choose_secondaries", "b", mode=b, cards=list(b_cards))
    return act(state, "set_first_turn", first=first)


def to_phase(state: dict[str, Any], phase: str) -> dict[str, Any]:
    """Move the current turn on to `phase` (drawing first if the side must)."""
    s = state["turn"]
    if state["phase"] == "command" and phase != "command":
        mine = state["sides"][s]
        if mine["mode"] == "tactical" and not mine["turn"]["drew"] and mine["deck"]:
            state = act(state, "draw", s)
    if state["phase"] != phase:
        state = act(state, "advance", s, to=phase)
    return state


def next_turn(state: dict[str, Any]) -> dict[str, Any]:
    """End the current turn (through end_of_turn)."""
    state = to_phase(state, "end_of_turn")
    return act(state, "advance", state["turn"])
