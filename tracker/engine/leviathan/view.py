"""What one side (or a spectator) may see: no seed, no deck order, no unrevealed choices."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import require
from tracker.engine.leviathan.rules import (
    COMMAND,
    CORE_STRATAGEMS,
    END_OF_BATTLE,
    NEW_ORDERS_CP,
    NEW_ORDERS_CP_VOX_STATIC,
    SIDES,
    TURN_PHASES,
    VOX_STATIC,
)

State = dict[str, Any]


def view(state: State, side: str | None) -> State:
    """A copy of `state` safe to send to `side` ("attacker", "defender", or None for a
    spectator). Hidden: the seed and random counter (they predict draws), every deck's order
    (only its size), and the other side's secondary selection and gambit until both revealed,
    and its gambit hand and random discard."""
    require(
        side is None or side in SIDES,
        "bad_side",
        gettext_noop("attacker, defender or None"),
        field="side",
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


def options(
    state: State, translate: Callable[[str], str] = gettext_noop
) -> dict[str, dict[str, Any]]:
    """What each side may score or spend right now, so a page offers only those: the primary
    VP still open at this moment (and when the card scores, in `translate`'s language), each
    card's VP for one entry (cards that do not score now are left out), New Orders and its
    cost, the CP pool, and the cards of the opponent that wait for this side to pick an
    objective."""
    from tracker.engine.leviathan.cp import extra_available, stratagem_costs  # noqa: PLC0415 - view stays light
    from tracker.engine.leviathan.deck import draws_cards, needs_draw  # noqa: PLC0415
    from tracker.engine.leviathan.gambits import attempting_gambit  # noqa: PLC0415
    from tracker.engine.leviathan.scoring import primary_budget, secondary_budget  # noqa: PLC0415
    from tracker.engine.leviathan.timing import describe_words  # noqa: PLC0415

    live = state["roles"] is not None and (
        state["phase"] in TURN_PHASES or state["phase"] == END_OF_BATTLE
    )
    vox = VOX_STATIC in state["mission_rules"]
    cost = NEW_ORDERS_CP_VOX_STATIC if vox else NEW_ORDERS_CP
    primary = state.get("primary")
    out: dict[str, dict[str, Any]] = {}
    for s in SIDES:
        side = state["sides"][s]
        cp = side.get("cp", side["cp_gained"] - side["cp_spent"])
        mine: dict[str, Any] = {
            "cp": cp,
            "primary": None,
            "cards": {},
            "new_orders": False,
            "new_orders_cp": cost,
            "picks": [],
            "extra_cp": False,
            # The core Stratagems with this game's costs, for the page's CP spending.
            "stratagems": [
                {"key": k, "name": CORE_STRATAGEMS[k][0], "cp": c}
                for k, c in stratagem_costs(state).items()
            ],
        }
        out[s] = mine
        if primary is not None:
            mine["primary"] = {"name": primary["name"], "left": 0, "now": False}
            mine["primary"]["when"] = describe_words(primary["lines"]).render(translate)
        if not live:
            continue
        if primary is not None and not attempting_gambit(state, s):
            left, lines = primary_budget(state, s)
            mine["primary"].update(left=left, now=bool(lines))
        for key in [*side["fixed"], *side["active"]]:
            if state["round"] == 1 and state["cards"][key]["redraw_in_first_round"]:
                continue
            if side.get("objectives", {}).get(key, "") is None:
                continue
            top, lines = secondary_budget(state, s, key)
            if top and lines:
                mine["cards"][key] = top
        mine["new_orders"] = (
            state["phase"] == COMMAND
            and state["turn"] == s
            and draws_cards(state, s)
            and (side["turn"]["drew"] or not needs_draw(state, s))
            and not side["new_orders_used"]
            and side["turn"]["intel"] != "pending"
            and cp >= cost
            and bool(side["active"])
        )
        theirs = state["sides"][SIDES[1 - SIDES.index(s)]].get("objectives", {})
        mine["picks"] = [k for k, v in theirs.items() if v is None]
        mine["extra_cp"] = state["phase"] in TURN_PHASES and extra_available(state, s)
    return out
