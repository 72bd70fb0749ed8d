"""What a player (or a spectator) may see: everything but the seed (nothing is secret in
these missions), and what each may do now."""

from __future__ import annotations

import copy
from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import require
from tracker.engine.eternal.engine import rolls_in_setup
from tracker.engine.eternal.rules import BATTLE_START, END_OF_GAME, PLAYERS, SETUP, TURN

State = dict[str, Any]


def view(state: State, side: str | None) -> State:
    require(
        side is None or side in PLAYERS,
        "bad_side",
        gettext_noop("player_1, player_2 or none"),
        field="side",
    )
    out = copy.deepcopy(state)
    del out["seed"], out["rng_uses"]
    return out


def options(state: State) -> dict[str, Any]:
    """What the page offers now: the marker roll, Power Levels, who goes first, destroyed
    units, the end of the turn, the markers held at the end, the Relic."""
    rules, phase = state["rules"], state["phase"]
    return {
        "roll_markers": state["markers"] is None
        and (
            (phase == SETUP and rolls_in_setup(state))
            or (phase == BATTLE_START and bool(rules["relic_of"]))
        ),
        "power_levels": phase == SETUP and rules["underdog"],
        "first_turn": phase == SETUP,
        "kills": bool(rules["kills"]) and phase in (TURN, END_OF_GAME),
        "held_each_turn": rules["per_turn_markers"] if phase == TURN else 0,
        "hold": phase == END_OF_GAME and bool(state["held"]),
        "relic": phase == END_OF_GAME and rules["by_outcome"] and not state["ended"],
        "bonuses": list(rules["bonuses"]) + (["slay_the_warlord"] if rules["warlord_d3"] else []),
    }
