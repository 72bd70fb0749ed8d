"""What one side (or a spectator) may see: no seed, no deck order, and before the reveal
not the other side's Fixed or Tactical choice (nor whether its cards were picked)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from common.errors import gettext_noop
from tracker.engine.eleventh.rules import (
    COMMAND,
    END_OF_BATTLE,
    END_OF_TURN,
    SIDES,
    TACTICAL,
    TURN_PHASES,
)
from tracker.engine.errors import require

State = dict[str, Any]


def view(state: State, side: str | None) -> State:
    """A copy of `state` safe to send to `side` ("a", "b", or None for a spectator)."""
    require(side is None or side in SIDES, "bad_side", gettext_noop("a, b or none"), field="side")
    out = copy.deepcopy(state)
    del out["seed"], out["rng_uses"]
    for s in SIDES:
        mine = out["sides"][s]
        mine["deck_size"] = len(mine.pop("deck"))
        if s != side and not state["revealed"]:
            mine["selection"] = "hidden" if mine["selection"] else None
    return out


def options(
    state: State, translate: Callable[[str], str] = gettext_noop
) -> dict[str, dict[str, Any]]:
    """What each side may do right now, so a page offers only that: the primary VP open at
    this moment (and when it scores, in `translate`'s language), each card's VP for one entry,
    drawing, the swap, discards and extra CP."""
    from tracker.engine.eleventh.cp import extra_available  # noqa: PLC0415 - the view stays light
    from tracker.engine.eleventh.hand import must_draw  # noqa: PLC0415
    from tracker.engine.eleventh.scoring import primary_budget, room, secondary_budget  # noqa: PLC0415
    from tracker.engine.eleventh.timing import describe_words  # noqa: PLC0415

    live = state["phase"] in TURN_PHASES or state["phase"] == END_OF_BATTLE
    out: dict[str, dict[str, Any]] = {}
    for s in SIDES:
        side = state["sides"][s]
        primary = side["primary"]
        mine: dict[str, Any] = {
            "cp": side["cp"],
            "primary": {
                "name": primary["name"],
                "when": describe_words(primary["windows"]).render(translate),
                "left": 0,
            },
            "primary_now": False,
            "cards": {},
            "draw": False,
            "swap": False,
            "replace": [],
            "discard": False,
            "extra_cp": False,
            "room": {c: room(state, s, c) for c in ("primary", "secondary")},
        }
        out[s] = mine
        if not live:
            continue
        left, windows = primary_budget(state, s)
        mine["primary"]["left"] = left
        mine["primary_now"] = bool(windows)
        for key in [*side["fixed"], *side["active"]]:
            top, windows = secondary_budget(state, s, key)
            if top and windows:
                mine["cards"][key] = top
        own_command = state["phase"] == COMMAND and state["turn"] == s and side["mode"] == TACTICAL
        mine["draw"] = must_draw(state, s)
        mine["swap"] = (
            own_command
            and not mine["draw"]
            and not side["swap_used"]
            and side["cp"] >= state["cp_rules"]["swap"]
            and bool(side["active"])
            and bool(side["deck"])
        )
        if own_command:
            mine["replace"] = [
                k
                for k in side["turn"]["drawn"]
                if (state["cards"][k]["when_drawn"] or {}).get("op") == "replace"
            ]
        mine["discard"] = (
            state["phase"] == END_OF_TURN
            and state["turn"] == s
            and side["mode"] == TACTICAL
            and bool(side["active"])
        )
        mine["extra_cp"] = state["phase"] in TURN_PHASES and extra_available(state, s)
    return out
