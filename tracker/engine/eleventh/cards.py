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

from tracker.engine.eleventh.rules import FIXED, MODES, REDRAW, REPLACE, ROUNDS, TIMINGS
from tracker.engine.errors import require


def _window(w: Any, where: str) -> dict[str, Any]:
    require(isinstance(w, dict), "bad_card", f"{where}: a window is an object", field="cards")
    rounds = w.get("rounds")
    require(
        isinstance(rounds, list)
        and rounds
        and all(type(r) is int and 1 <= r <= ROUNDS for r in rounds),
        "bad_card",
        f"{where}: rounds must be battle rounds 1..{ROUNDS}",
        field="cards",
    )
    top = w.get("max")
    require(
        w.get("timing") in TIMINGS and (top is None or (type(top) is int and top > 0)),
        "bad_card",
        f"{where}: timing one of {', '.join(TIMINGS)}; max a positive whole number or null",
        field="cards",
    )
    group = w.get("group")
    require(
        group is None or (isinstance(group, str) and group),
        "bad_card",
        f"{where}: group is a tag or null",
        field="cards",
    )
    return {"timing": w["timing"], "rounds": sorted(set(rounds)), "max": top, "group": group}


def check_secondary(card: Any) -> dict[str, Any]:
    require(
        isinstance(card, dict) and isinstance(card.get("key"), str) and card["key"],
        "bad_card",
        "cards: each secondary needs a key",
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
        f"{key}: needs Tactical windows (and Fixed ones if Fixed-capable)",
        field="cards",
    )
    drawn = card.get("when_drawn")
    if drawn is not None:
        require(
            isinstance(drawn, dict) and drawn.get("op") in (REDRAW, REPLACE),
            "bad_card",
            f"{key}: when_drawn op is redraw or replace",
            field="cards",
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
        "primary: needs a key",
        field="primary",
    )
    windows = [_window(w, card["key"]) for w in card.get("windows") or []]
    require(windows, "bad_primary", f"{card['key']}: a primary needs windows", field="primary")
    return {"key": card["key"], "name": str(card.get("name") or card["key"]), "windows": windows}
