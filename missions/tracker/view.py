"""What one side (or a spectator) may see: no seed, no deck order, no unrevealed choices."""

from __future__ import annotations

import copy
from typing import Any

from missions.tracker.errors import require
from missions.tracker.rules import SIDES

State = dict[str, Any]


def view(state: State, side: str | None) -> State:
    """A copy of `state` safe to send to `side` ("attacker", "defender", or None for a
    spectator). Hidden: the seed and random counter (they predict draws), every deck's order
    (only its size), and the other side's secondary selection and gambit until both revealed,
    and its gambit hand and random discard."""
    require(
        side is None or side in SIDES, "bad_side", "side: attacker, defender or None", field="side"
    )
    out = copy.deepcopy(state)
    del out["seed"], out["rng_uses"]
    for s in SIDES:
        mine = out["sides"][s]
        mine["deck_size"] = len(mine.pop("deck"))
        mine["gambit_deck_size"] = len(mine.pop("gambit_deck"))
        if s == side:
            continue
        if not state["revealed"]["secondaries"]:
            mine["selection"] = "hidden" if mine["selection"] else None
        mine["gambit_hand"] = len(mine["gambit_hand"])
        mine["gambit_discarded"] = len(mine["gambit_discarded"])
        if not state["revealed"]["gambits"]:
            mine["gambit"] = "hidden" if mine["gambit"] else None
    return out
