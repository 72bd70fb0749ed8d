"""The 11th-edition pack's cards in the engine's shape (see `tracker.engine.eleventh.cards`).

Reads `missions.eleventh.primaries` and `missions.eleventh.secondaries` (the pack's data) and
keeps only what the rules need: when each line can score, the most it gives at one scoring
(None where only the caps bound it) and its best-of tag; each card's When Drawn redraw or
optional replacement. Choices made on the card (the guard of Burden of Trust, the target of
A Tempting Target, Beacon's unit) are the players' to note: the page shows the card's words.
"""

from __future__ import annotations

from typing import Any

from missions.eleventh import primaries as prim
from missions.eleventh import secondaries as sec
from tracker.engine.eleventh.rules import (
    BATTLE_END,
    EITHER_TURN,
    OPPONENT_TURN_OR_LAST,
    REDRAW,
    REPLACE,
    ROUNDS,
    YOUR_COMMAND,
    YOUR_TURN,
)

_PRIMARY_TIMING = {
    prim.Moment.END_OF_YOUR_COMMAND_PHASE: YOUR_COMMAND,
    prim.Moment.END_OF_YOUR_TURN: YOUR_TURN,
    prim.Moment.END_OF_EITHER_TURN: EITHER_TURN,
    prim.Moment.END_OF_BATTLE: BATTLE_END,
}
_SECONDARY_TIMING = {
    sec.Timing.END_OF_YOUR_TURN: YOUR_TURN,
    # "or the end of round 5 if that comes first": the engine's timing says the same.
    sec.Timing.END_OF_OPPONENT_TURN: OPPONENT_TURN_OR_LAST,
    sec.Timing.END_OF_EITHER_TURN: EITHER_TURN,
}
_DRAW_OP = {sec.DrawEffect.REDRAW: REDRAW, sec.DrawEffect.MAY_REPLACE: REPLACE}


def primary_card(primary_id: str) -> dict[str, Any]:
    card = prim.PRIMARY_BY_ID[primary_id]
    windows = []
    for w in card.windows:
        rounds = [ROUNDS] if w.moment is prim.Moment.END_OF_BATTLE else list(w.rounds)
        windows.append(
            {
                "timing": _PRIMARY_TIMING[w.moment],
                "rounds": rounds,
                "max": w.max_vp,
                "group": w.best_of,
            }
        )
    return {"key": card.id, "name": card.name, "windows": windows}


def _award(a: Any) -> dict[str, Any]:
    return {
        "timing": _SECONDARY_TIMING[a.timing],
        "rounds": list(a.rounds),
        "max": a.max_vp,
        "group": a.best_of,
    }


def _when_drawn(card: Any) -> dict[str, Any] | None:
    for effect in card.when_drawn:
        op = _DRAW_OP.get(effect.effect)
        if op is None:
            continue
        rounds = list(effect.rounds)
        return {
            "op": op,
            "rounds": None if rounds == list(range(1, ROUNDS + 1)) else rounds,
            "while_active": list(effect.while_active),
        }
    return None


def secondary_cards() -> list[dict[str, Any]]:
    return [
        {
            "key": c.id,
            "name": c.name,
            "fixed_capable": c.fixed_capable,
            "windows": {
                "fixed": [_award(a) for a in c.fixed],
                "tactical": [_award(a) for a in c.tactical],
            },
            "when_drawn": _when_drawn(c),
        }
        for c in sec.SECONDARIES
    ]


def texts() -> dict[str, Any]:
    """Words for the page: each card's summary, its lines and When Drawn, in our words."""
    out: dict[str, Any] = {"secondaries": {}, "primaries": {}}
    for c in sec.SECONDARIES:
        out["secondaries"][c.id] = {
            "name": c.name,
            "summary": c.summary,
            "fixed_capable": c.fixed_capable,
            "fixed": [a.describe() for a in c.fixed],
            "tactical": [a.describe() for a in c.tactical],
            "when_drawn": [w.summary for w in c.when_drawn],
        }
    for p in prim.PRIMARIES:
        out["primaries"][p.id] = {
            "name": p.name,
            "summary": p.summary,
            "windows": [w.describe() for w in p.windows],
        }
    return out
