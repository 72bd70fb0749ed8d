"""A new Maelstrom game as a JSON-able dict, and the seeded dice that live inside it.

The state copies the pack's D66 table and the mission's rules, so `apply` never looks
anything up: a stored state plus its action log is the whole game.
"""

from __future__ import annotations

import random
from typing import Any

from missions.classic import tactical
from missions.pack.errors import MissionError
from tracker.engine.classic import rng
from tracker.engine.errors import refuse
from tracker.engine.maelstrom.rules import ENGINE, PLAYERS, SETUP

STATE_VERSION = 1
State = dict[str, Any]


def new_game(seed: str | int, *, pack_key: str, mission_key: str) -> State:
    """The state before the first turn of Maelstrom mission `mission_key` of `pack_key`
    ("eighth" or "seventh"). Raises `Refusal` naming `pack` or `mission` when unknown."""
    try:
        mission = tactical.mission(pack_key, mission_key)
    except MissionError as err:
        refuse(err.code, err.template, field=err.field, params=err.params, where="")
    rules = mission.to_dict()
    del rules["facts"]  # for people, not for the rules: the page reads them from the data
    return {
        "engine": ENGINE,
        "version": STATE_VERSION,
        "pack": pack_key,
        "mission": mission.key,
        "mission_name": mission.name,
        "seed": str(seed),
        "rng_uses": 0,
        "seq": 0,
        "rules": rules,
        "objectives": {str(o.number): o.to_dict() for o in tactical.table(pack_key)},
        "categories": list(tactical.categories(pack_key)),
        "players": list(PLAYERS),
        "first_turn": None,
        "round": 0,
        "phase": SETUP,
        "turn": None,
        "game_length": [],
        "sides": {p: _side() for p in PLAYERS},
        "log": [],
    }


def _side() -> dict[str, Any]:
    return {
        "generated": [],  # every number this player generated, in order: never again
        "active": [],
        "bonus": None,  # Priority Orders Received's bonus objective (not counted as active)
        "bonus_of": None,  # the objective that gave the bonus (66, 8th edition)
        "markers": {},  # str(number) -> the objective marker a D6 gave it (44, 8th)
        "achieved": [],  # {"number", "owner", "round", "turn", "outcome", "vp", "roll"}
        "discarded": [],
        "taken": [],  # own Secure Objectives the opponent achieved (Spoils of War)
        "priority": None,  # Tactical Priority: the nominated type
        "bonuses": {"first_blood": False, "slay_the_warlord": False, "linebreaker": False},
        "scores": [],  # VP entries {"round", "turn", "kind", "number", "vp"}
        "turn": fresh_turn(),
    }


def fresh_turn() -> dict[str, Any]:
    """What a player did in their current turn (reset when their turn starts)."""
    return {
        "generated": False,
        "new_orders": False,
        "comms_uplink": False,
        "discarded": False,
        "drawn": [],
    }


__all__ = ["rng"]


def roll_d66(gen: random.Random) -> tuple[int, list[int]]:
    """Two D6 read as tens and units: 11..66, and the two dice."""
    tens, units = gen.randint(1, 6), gen.randint(1, 6)
    return tens * 10 + units, [tens, units]
