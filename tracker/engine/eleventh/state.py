"""A new 11th-edition game as a JSON-able dict, and the seeded randomness inside it.

The state carries every card fact the rules need (each side's own primary, the secondary
deck), so `apply` never looks anything up: a stored state plus its action log is the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from common.errors import gettext_noop
from tracker.engine.eleventh.cards import check_primary, check_secondary
from tracker.engine.eleventh.rules import CAPS, CP_RULES, ENGINE, FIXED_CARDS, ROLES, ROUNDS, SIDES
from tracker.engine.errors import require

STATE_VERSION = 1
State = dict[str, Any]


def new_game(
    seed: str | int,
    *,
    primaries: Mapping[str, Any],
    secondaries: Sequence[Any],
    dispositions: Sequence[str | None] = (None, None),
) -> State:
    """The state before Attacker and Defender are known. `primaries` maps side "a" and "b"
    to each player's own primary (see `cards`); `secondaries` is the deck (each player
    shuffles their own copy); `dispositions` are labels for the page."""
    require(
        isinstance(primaries, Mapping) and set(primaries) == set(SIDES),
        "bad_primary",
        gettext_noop("give side a's and side b's primary"),
        field="primary",
        where="primaries",
    )
    cards = [check_secondary(c) for c in secondaries]
    keys = [c["key"] for c in cards]
    require(
        len(set(keys)) == len(keys), "bad_card", gettext_noop("keys must be unique"), field="cards"
    )
    require(
        sum(c["fixed_capable"] for c in cards) >= FIXED_CARDS,
        "bad_card",
        gettext_noop("the deck needs at least %(count)s Fixed-capable cards"),
        field="cards",
        params={"count": FIXED_CARDS},
    )
    return {
        "engine": ENGINE,
        "version": STATE_VERSION,
        "seed": str(seed),
        "rng_uses": 0,
        "seq": 0,
        "cards": {c["key"]: c for c in cards},
        "caps": dict(CAPS),
        "cp_rules": dict(CP_RULES),
        "rounds": ROUNDS,
        "attacker": None,
        "roll_offs": {},
        "first_turn": None,
        "round": 0,
        "phase": ROLES,
        "turn": None,
        "revealed": False,
        "sides": {
            s: _side(check_primary(primaries[s]), disposition, keys)
            for s, disposition in zip(SIDES, dispositions, strict=True)
        },
    }


def _side(primary: dict[str, Any], disposition: str | None, keys: list[str]) -> dict[str, Any]:
    return {
        "disposition": disposition,
        "primary": primary,
        "selection": None,  # {"mode", "cards"}: secret until both sides have chosen
        "mode": None,  # set at the reveal
        "fixed": [],
        "deck": list(keys),  # top is index 0; shuffled at the reveal (Tactical)
        "active": [],
        "achieved": [],
        "discarded": [],
        "swap_used": False,
        "battle_ready": False,
        "cp": CP_RULES["at_start"],
        "cp_extra_rounds": [],  # battle rounds in which the one extra CP was gained
        "cp_log": [],  # {"round", "delta", "reason"} in order, for the page
        "turn": fresh_turn(),
        "scores": [],  # {"round", "phase", "turn", "category", "card", "raw", "vp"}
    }


def fresh_turn() -> dict[str, Any]:
    """Per-turn bookkeeping: this Command phase's draw, and this turn's discard."""
    return {"drew": False, "drawn": [], "discarded": False}


def rng(state: State) -> random.Random:
    """A fresh generator for the next random step; a replay reproduces it from seed and count."""
    uses = state["rng_uses"]
    state["rng_uses"] = uses + 1
    return random.Random(f"{state['seed']}:{uses}")


def roll_off(state: State) -> dict[str, Any]:
    """Both roll a D6, ties roll again; `winner` is the side that rolled higher."""
    gen = rng(state)
    rolls = []
    while True:
        a, b = gen.randint(1, 6), gen.randint(1, 6)
        rolls.append([a, b])
        if a != b:
            return {"rolls": rolls, "winner": SIDES[0] if a > b else SIDES[1]}
