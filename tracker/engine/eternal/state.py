"""A new Eternal War or Only War game as a JSON-able dict: the mission's scoring copied in,
so `apply` never looks anything up (a stored state plus its action log is the whole game)."""

from __future__ import annotations

from typing import Any

from missions.classic.primaries import primary_scoring
from missions.pack.errors import MissionError
from tracker.engine.errors import refuse
from tracker.engine.eternal.rules import ENGINE, PLAYERS, SETUP

STATE_VERSION = 1
State = dict[str, Any]


def new_game(seed: str | int, *, pack_key: str, mission_key: str) -> State:
    """The state before the battle of `mission_key` in `pack_key` ("eighth", "seventh" or
    "only_war"). Raises `Refusal` naming `pack` or `mission` when unknown."""
    try:
        spec = primary_scoring(pack_key, mission_key)
    except MissionError as err:
        refuse(err.code, err.template, field=err.field, params=err.params, where="")
    rules = spec.to_dict()
    rolled_later = spec.markers_dice or spec.superior_inferior or spec.relic_of
    values = None if rolled_later else list(spec.values())
    return {
        "engine": ENGINE,
        "version": STATE_VERSION,
        "pack": pack_key,
        "mission": spec.key,
        "mission_name": spec.name,
        "seed": str(seed),
        "rng_uses": 0,
        "seq": 0,
        "rules": rules,
        "players": list(PLAYERS),
        # Each end-of-game marker's VP (None until rolled), its label, and who holds it.
        "markers": values,
        "marker_labels": None if values is None else labels(values),
        "held": None if values is None else [None] * len(values),
        "rolls": {},
        "power": dict.fromkeys(PLAYERS),
        "assigned_by": None,  # Only War: who assigned the deployment zones
        "relic": None,  # 8th edition The Relic: {"how", "winner"}
        "first_turn": None,
        "round": 0,
        "phase": SETUP,
        "turn": None,
        "game_length": [],
        "ended": None,
        "sides": {p: _side(rules) for p in PLAYERS},
        "log": [],
    }


def _side(rules: dict[str, Any]) -> dict[str, Any]:
    return {
        "kills": [],  # {"round", "turn", "count"}: entries, corrections negative
        "per_turn": [],  # {"round", "turn", "vp"}: markers held at the end of a turn
        "bonuses": dict.fromkeys(rules["bonuses"], False),
        "warlord": None,  # Slay and Secure: the D3 rolled once the enemy Warlord is slain
    }


def labels(values: list[int], named: dict[int, str] | None = None) -> list[str]:
    named = named or {}
    return [f"Marker {i}{named.get(i, '')}: {vp} VP" for i, vp in enumerate(values, 1)]
