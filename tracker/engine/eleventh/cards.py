"""Card facts as the engine keeps them inside a game's state (plain JSON).

A secondary: {"key", "name", "fixed_capable", "windows": {"fixed": [...], "tactical": [...]},
"when_drawn": None or {"op": "redraw" | "replace", "rounds": [..] or None,
"while_active": [card keys]}}. A primary: {"key", "name", "windows": [...]}. A window:
{"timing": one of rules.TIMINGS, "rounds": [1..5], "max": VP one scoring may give at that
moment (int) or None when only the caps bound it, "group": None or a tag: of the windows
open at one moment that share a tag only the best pays}.

`check_secondary` and `check_primary` refuse malformed facts before a game is made, so the
engine never meets them; `from_pack` (tracker.engine.eleventh.pack_cards) builds them from the
pack's data.
"""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.eleventh.rules import FIXED, MODES, REDRAW, REPLACE, ROUNDS, TIMINGS
from tracker.engine.errors import require


def _window(w: Any, where: str) -> dict[str, Any]:
    require(
        isinstance(w, dict),
        "bad_card",
        gettext_noop("a window is an object"),
        field="cards",
        where=where,
    )
    rounds = w.get("rounds")
    require(
        isinstance(rounds, list)
        and rounds
        and all(type(r) is int and 1 <= r <= ROUNDS for r in rounds),
        "bad_card",
        gettext_noop("rounds must be battle rounds 1..%(rounds)s"),
        field="cards",
        params={"rounds": ROUNDS},
        where=where,
    )
    top = w.get("max")
    require(
        w.get("timing") in TIMINGS and (top is None or (type(top) is int and top > 0)),
        "bad_card",
        gettext_noop("timing one of %(choices)s; max a positive whole number or null"),
        field="cards",
        params={"choices": ", ".join(TIMINGS)},
        where=where,
    )
    group = w.get("group")
    require(
        group is None or (isinstance(group, str) and group),
        "bad_card",
        gettext_noop("group is a tag or null"),
        field="cards",
        where=where,
    )
    return {"timing": w["timing"], "rounds": sorted(set(rounds)), "max": top, "group": group}


def check_secondary(card: Any) -> dict[str, Any]:
    require(
        isinstance(card, dict) and isinstance(card.get("key"), str) and card["key"],
        "bad_card",
        gettext_noop("each secondary needs a key"),
        field="cards",
    )
    key = card["key"]
    windows = card.get("windows") or {}
    out = {
        "key": key,
        "name": str(card.get("name") or key),
        "fixed_capable": bool(card.get("fixed_capable")),
        "windows": {m: [_window(w, key) for w in windows.get(m, [])] for m in MODES},
        "when_drawn": None,
    }
    require(
        out["windows"]["tactical"] and (out["windows"][FIXED] or not out["fixed_capable"]),
        "bad_card",
        gettext_noop("needs Tactical windows (and Fixed ones if Fixed-capable)"),
        field="cards",
        where=key,
    )
    drawn = card.get("when_drawn")
    if drawn is not None:
        require(
            isinstance(drawn, dict) and drawn.get("op") in (REDRAW, REPLACE),
            "bad_card",
            gettext_noop("when_drawn op is redraw or replace"),
            field="cards",
            where=key,
        )
        out["when_drawn"] = {
            "op": drawn["op"],
            "rounds": list(drawn["rounds"]) if drawn.get("rounds") else None,
            "while_active": list(drawn.get("while_active") or []),
        }
    return out


def check_primary(card: Any) -> dict[str, Any]:
    require(
        isinstance(card, dict) and isinstance(card.get("key"), str) and card["key"],
        "bad_primary",
        gettext_noop("needs a key"),
        field="primary",
    )
    windows = [_window(w, card["key"]) for w in card.get("windows") or []]
    require(
        windows,
        "bad_primary",
        gettext_noop("a primary needs windows"),
        field="primary",
        where=card["key"],
    )
    return {"key": card["key"], "name": str(card.get("name") or card["key"]), "windows": windows}
