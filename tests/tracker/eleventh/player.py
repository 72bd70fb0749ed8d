"""A scripted pair of players for 11th-edition games driven through views (API or pages):
given each side's view, the next action either side would send, to play a game to the end."""

from __future__ import annotations

from typing import Any

FIXED_PICK = ["assassination", "engage-on-all-fronts"]
CHOICES = {"a": {"mode": "fixed", "cards": FIXED_PICK}, "b": {"mode": "tactical"}}


def next_action(views: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The next action (with "side" when one side sends it), or None once the game is over.
    Player A plays Fixed, player B Tactical; B goes first; both score what they can."""
    clock = views["a"]["clock"]
    base = {"round": clock["round"], "phase": clock["phase"], "seq": clock["seq"]}
    if clock["phase"] == "over":
        return None
    return _pre_battle(views, base) or _scoring(views, base) or _moving_on(views, base)


def _pre_battle(views, base) -> dict[str, Any] | None:
    phase = base["phase"]
    if phase == "roles":
        return {**base, "type": "assign_roles", "attacker": "a"}
    if phase == "first_turn":
        return {**base, "type": "set_first_turn", "first": "b"}
    if phase != "secondaries":
        return None
    waiting = [s for s in CHOICES if views[s]["state"]["sides"][s]["selection"] is None]
    return {**base, "type": "choose_secondaries", "side": waiting[0], **CHOICES[waiting[0]]}


def _scoring(views, base) -> dict[str, Any] | None:
    """Each side scores what is open to it now (the active player first)."""
    turn = views["a"]["clock"]["turn"]
    order = [turn, "b" if turn == "a" else "a"] if turn else ["a", "b"]
    for s in order:
        opts = views[s]["options"][s]
        if opts["draw"]:
            return {**base, "type": "draw", "side": s}
        primary = opts["primary"]
        if opts["primary_now"] and primary["left"] > 0 and opts["room"]["primary"] > 0:
            return {**base, "type": "score_primary", "side": s, "vp": min(primary["left"], 4)}
        if opts["cards"] and opts["room"]["secondary"] > 0:
            card, top = sorted(opts["cards"].items())[0]
            return {**base, "type": "score_secondary", "side": s, "card": card, "vp": min(top, 5)}
    return None


def _moving_on(views, base) -> dict[str, Any]:
    if base["phase"] == "end_of_battle":
        return {**base, "type": "finish"}
    turn = views["a"]["clock"]["turn"]
    mine = views[turn]["options"][turn]
    own = views[turn]["state"]["sides"][turn]
    if base["phase"] == "end_of_turn" and mine["discard"] and not own["turn"]["discarded"]:
        return {**base, "type": "discard", "side": turn, "cards": own["active"][:1]}
    to = {"to": "end_of_turn"} if base["phase"] != "end_of_turn" else {}
    return {**base, "type": "advance", "side": turn, **to}
