"""A new game as a JSON-able dict, and the seeded randomness that lives inside it.

The state carries every card fact the rules need (copied from the pack), so `apply` never
looks anything up: a stored state plus its action log is the whole game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import refuse, require
from tracker.engine.leviathan.rules import (
    CP_RULES,
    DEFAULT_CAPS,
    DEFAULT_GAMBIT_VP,
    FIXED,
    NO_GAMBIT,
    ROLES,
    SIDES,
    TACTICAL,
)

STATE_VERSION = 1
State = dict[str, Any]


def new_game(
    seed: str | int,
    *,
    mission_rules: Sequence[str] = (),
    players: Sequence[str] = ("player_1", "player_2"),
    pack: Any = None,
    primary: Any = None,
    nml_objectives: Sequence[str] = (),
) -> State:
    """The state before Attacker and Defender are known.

    `pack` is a `missions.pack.pack.Pack` (default: Leviathan) or any object with
    `.secondaries` and `.gambits` sequences of `Card` (optionally `.caps`, `.mission_rules`).
    `players` are opaque labels (e.g. user ids) used only to say who becomes the Attacker.
    `primary` is the mission's primary `Card` (or its key in `pack.primaries`): every primary
    entry is checked against its lines. Without one, primary VP cannot be entered.
    `nml_objectives` are the ids of the mission's No Man's Land markers (A Tempting Target
    picks one); empty when players place the markers themselves.
    """
    if pack is None:
        from missions.pack.registry import get_pack  # noqa: PLC0415 - tests may pass a fixture

        pack = get_pack("leviathan")
    require(
        len(players) == 2 and len(set(players)) == 2 and all(isinstance(p, str) for p in players),
        "bad_players",
        gettext_noop("need two different labels"),
        field="players",
    )
    _check_mission_rules(pack, mission_rules)
    cards = {c.key: _secondary(c) for c in pack.secondaries}
    gambits = {c.key: _gambit(c) for c in pack.gambits}
    require(
        len(cards) == len(pack.secondaries),
        "bad_pack",
        gettext_noop("keys must be unique"),
        where="secondaries",
    )
    require(
        NO_GAMBIT in gambits,
        "bad_pack",
        gettext_noop("the deck must hold %(card)s"),
        params={"card": repr(NO_GAMBIT)},
        where="gambits",
    )
    require(
        not isinstance(nml_objectives, str)
        and all(isinstance(m, str) and m for m in nml_objectives),
        "bad_objectives",
        gettext_noop("give a list of objective marker ids"),
        field="nml_objectives",
    )
    return {
        "version": STATE_VERSION,
        "seed": str(seed),
        "rng_uses": 0,
        "seq": 0,
        "mission_rules": list(mission_rules),
        "cards": cards,
        "gambit_cards": gambits,
        "caps": _caps(pack),
        "cp_rules": dict(CP_RULES),
        "primary": _primary(pack, primary, len(nml_objectives)),
        "nml_objectives": list(nml_objectives),
        "players": list(players),
        "roles": None,
        "roll_offs": {},
        "first_turn": None,
        "round": 0,
        "phase": ROLES,
        "turn": None,
        "revealed": {"secondaries": False, "gambits": False},
        "sides": {side: _side(list(cards), list(gambits)) for side in SIDES},
    }


def _check_mission_rules(pack: Any, mission_rules: Sequence[str]) -> None:
    if isinstance(mission_rules, str):
        refuse(
            "bad_mission_rules",
            gettext_noop("give a list of card keys, not one string"),
            field="mission_rules",
        )
    known = {c.key for c in getattr(pack, "mission_rules", ())}
    for key in mission_rules:
        if known and key not in known:
            refuse(
                "unknown_mission_rule",
                gettext_noop("%(key)s is not a mission rule card of this pack"),
                field="mission_rules",
                params={"key": repr(key)},
            )


def _line(line: Any) -> dict[str, Any]:
    return {
        "condition": line.condition,
        "vp": int(line.vp),
        "cap": line.cap,
        "timing": str(line.timing),
        "rounds": list(line.rounds),
        "turn_order": line.turn_order,
    }


def _primary(pack: Any, primary: Any, nml_count: int = 0) -> dict[str, Any] | None:
    if primary is None:
        return None
    if isinstance(primary, str):
        found = [c for c in getattr(pack, "primaries", ()) if c.key == primary]
        require(
            found,
            "unknown_primary",
            gettext_noop("no primary %(primary)s"),
            field="primary",
            params={"primary": repr(primary)},
        )
        primary = found[0]
    lines = [_line(line) for line in primary.scoring]
    require(lines, "bad_primary", gettext_noop("the card has no scoring lines"), field="primary")
    turn_cap = getattr(primary, "turn_cap", None)
    if nml_count:  # the map's No Man's Land markers are known: caps per marker follow them
        scaled = []
        for line, source in zip(lines, primary.scoring, strict=True):
            per_nml = getattr(source, "per_nml", None)
            if per_nml is not None:
                line["cap"] = line["vp"] * max(nml_count - per_nml, 0)
                scaled.append(line["cap"])
        if scaled and turn_cap is not None:
            # e.g. Deploy Servo-skulls: each skull scores its best band, one per marker.
            turn_cap = min(turn_cap, max(scaled))
    return {
        "key": primary.key,
        "name": primary.name,
        "turn_cap": turn_cap,
        "lines": lines,
    }


def _secondary(card: Any) -> dict[str, Any]:
    scoring = tuple(getattr(card, "scoring", ()))
    return {
        "name": card.name,
        "fixed_capable": bool(card.fixed_capable),
        "redraw_in_first_round": bool(card.redraw_in_first_round),
        "when_drawn": _text(getattr(card, "when_drawn", None)),
        "max_vp_fixed": getattr(card, "max_vp_fixed", None),
        "max_vp_tactical": getattr(card, "max_vp_tactical", None),
        "entry_max_fixed": getattr(card, "entry_max_fixed", None),
        # Empty for a card without scoring lines: then only the per-entry maxima apply.
        "lines": {
            mode: [_line(x) for x in scoring if str(x.mode) in (mode, "both")]
            for mode in (FIXED, TACTICAL)
        },
    }


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _gambit(card: Any) -> dict[str, Any]:
    top = getattr(card, "max_vp_tactical", None)
    return {"name": card.name, "max_vp": DEFAULT_GAMBIT_VP if top is None else top}


def _caps(pack: Any) -> dict[str, int]:
    caps = getattr(pack, "caps", None)
    if caps is None:
        return dict(DEFAULT_CAPS)
    return {name: int(getattr(caps, name)) for name in DEFAULT_CAPS}


def _side(secondaries: list[str], gambits: list[str]) -> dict[str, Any]:
    return {
        "mode": None,
        "selection": None,  # {"mode", "cards"}: secret until both sides have chosen
        "deck": secondaries,  # top of the deck is index 0
        "active": [],
        "discarded": [],
        "set_aside": [],  # cards out of this battle (a Fixed player's unused cards)
        "fixed": [],
        "gambit_deck": gambits,
        "gambit_hand": [],
        "gambit_discarded": [],
        "gambit": None,  # chosen gambit key (secret until both have chosen)
        "gambit_scored": False,
        "battle_ready": False,
        "cp": CP_RULES["at_start"],  # the pool now: gained minus spent
        "cp_gained": 0,  # from Command phases and other sources
        "cp_spent": 0,
        "cp_extra_rounds": [],  # battle rounds in which the one extra CP was gained
        "cp_log": [],  # {"round", "delta", "reason"} in order, for the page
        "objectives": {},  # card key -> the objective marker it refers to (A Tempting Target)
        "new_orders_used": False,
        "turn": fresh_turn(),
        "scores": [],  # raw entries: {"round", "category", "vp", "card"}
    }


def fresh_turn() -> dict[str, Any]:
    """Per-turn bookkeeping: what this side drew this Command phase and used this turn."""
    return {"drew": False, "drawn": [], "set_aside": [], "intel": None, "discarded": False}


def rng(state: State) -> random.Random:
    """A fresh generator for the next random step; replays reproduce it from seed and count."""
    uses = state["rng_uses"]
    state["rng_uses"] = uses + 1
    return random.Random(f"{state['seed']}:{uses}")


def roll_off(state: State) -> dict[str, Any]:
    """Both roll a D6, ties roll again. `winner` is 0 or 1 (first or second roller)."""
    gen = rng(state)
    rolls = []
    while True:
        first, second = gen.randint(1, 6), gen.randint(1, 6)
        rolls.append([first, second])
        if first != second:
            return {"rolls": rolls, "winner": 0 if first > second else 1}
