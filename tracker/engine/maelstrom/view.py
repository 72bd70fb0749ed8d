"""What one player (or a spectator) may see, and what each may do now. Never the seed; in a
secret mission (Cloak and Shadows) never the other player's unachieved objectives."""

from __future__ import annotations

import copy
from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import require
from tracker.engine.maelstrom.engine import (
    achievable,
    needs_markers,
    orders_open,
    plan_for,
    protected,
    swappable,
)
from tracker.engine.maelstrom.rules import END_OF_TURN, ORDERS, PLAYERS, START_OF_TURN, TURN, other

State = dict[str, Any]
# Log entries that name an objective the opponent must not see in a secret mission.
SECRET_KINDS = ("generated", "bonus_generated", "marker", "discarded", "table_spent")


def _hidden_from(state: State, viewer: str | None) -> set[str]:
    if not state["rules"]["secret"]:
        return set()
    return {p for p in PLAYERS if p != viewer}


def view(state: State, side: str | None) -> State:
    """A copy of `state` safe to send to `side` ("player_1", "player_2" or None)."""
    require(
        side is None or side in PLAYERS,
        "bad_side",
        gettext_noop("player_1, player_2 or none"),
        field="side",
    )
    out = copy.deepcopy(state)
    del out["seed"], out["rng_uses"]
    hidden = _hidden_from(state, side)
    for s in hidden:
        mine = out["sides"][s]
        # Counts only: what is achieved is public, what is held or thrown away is not.
        mine["active"] = len(mine["active"])
        mine["generated"] = len(mine["generated"])
        mine["discarded"] = len(mine["discarded"])
        mine["bonus"] = mine["bonus"] is not None
        mine["bonus_of"] = None
        mine["turn"]["drawn"] = len(mine["turn"]["drawn"])
        # A Tactical Priority penalty names what was discarded: keep the VP, not the number.
        mine["scores"] = [
            {**e, "number": None} if e["kind"] == "priority" and e["vp"] < 0 else e
            for e in mine["scores"]
        ]
        shown = {str(e["number"]) for e in mine["achieved"]}
        mine["markers"] = {k: v for k, v in mine["markers"].items() if k in shown}
    out["log"] = [_entry(e, hidden) for e in out["log"]]
    return out


def _entry(entry: dict[str, Any], hidden: set[str]) -> dict[str, Any]:
    if entry["side"] not in hidden or entry["kind"] not in SECRET_KINDS:
        return entry
    return {k: v for k, v in entry.items() if k in ("round", "turn", "side", "kind", "forced")}


def options(state: State, viewer: str | None = None) -> dict[str, dict[str, Any]]:
    """Per side, what it may do now (for the page): the generation plan at the start of its
    turn, the objectives it may achieve (its own and, in Spoils of War, the opponent's Secure
    Objective X) and discard, and the stratagems on offer. A secret mission's other side
    gets nothing but `secret`."""
    hidden = _hidden_from(state, viewer)
    out: dict[str, dict[str, Any]] = {}
    for side in PLAYERS:
        mine = state["sides"][side]
        opts: dict[str, Any] = {
            "plan": None,
            "needs_markers": False,
            "achieve": [],
            "discard": [],
            "new_orders": False,
            "swappable": [],  # what New Orders may discard (not a protected Secure Objective)
            "comms_uplink": False,
            "secret": side in hidden,
        }
        out[side] = opts
        if side in hidden:
            continue
        own_turn = state["turn"] == side
        if state["phase"] == START_OF_TURN and own_turn:
            opts["plan"] = plan_for(state, side)
            opts["needs_markers"] = needs_markers(state)
        if state["phase"] == ORDERS and own_turn:
            # Seed 000's New Orders: only right after generating, at the start of the turn.
            opts["new_orders"] = orders_open(state, side)
            opts["swappable"] = swappable(state, side) if opts["new_orders"] else []
        if state["phase"] in (ORDERS, TURN) and own_turn:
            rules = state["rules"]
            opts["comms_uplink"] = (
                rules["comms_uplink"]
                and not mine["turn"]["comms_uplink"]
                and len(mine["active"]) < rules["generation"]["cap"]
            )
        if state["phase"] == END_OF_TURN:
            candidates = [(side, n) for n in mine["active"]]
            if mine["bonus"] is not None:
                candidates.append((side, mine["bonus"]))
            if state["rules"]["shared_secure"]:  # never with secret objectives
                theirs = other(side)
                candidates += [(theirs, n) for n in state["sides"][theirs]["active"]]
            for owner, number in candidates:
                if achievable(state, side, owner, number) is None:
                    opts["achieve"].append({"owner": owner, "number": number})
            if own_turn and not mine["turn"]["discarded"]:
                opts["discard"] = [n for n in mine["active"] if not protected(state, n)]
    return out
