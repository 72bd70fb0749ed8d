"""The 11th-edition tracker page's pieces, built only from what `tracker_view` lets the
viewer see (so the page cannot show what the view hides), and its forms read back into an
engine action. The page works with forms alone; static/js/maelstrom.js follows the other
phone (it polls `?poll=1` for the game's `seq`)."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from tracker.engine.eleventh.scoring import command_primary_unscored
from tracker.views.forms import read_form

PHASE_NAMES = {
    "roles": "Attacker and Defender",
    "secondaries": "Secondaries: Fixed or Tactical, in secret",
    "first_turn": "Who goes first",
    "command": "Command phase",
    "movement": "Movement phase",
    "shooting": "Shooting phase",
    "charge": "Charge phase",
    "fight": "Fight phase",
    "end_of_turn": "End of turn: score, then discard",
    "end_of_battle": "End of the battle",
    "over": "Game over",
}
INT_FIELDS = ("round", "seq", "vp", "cp")
TEXT_FIELDS = ("type", "phase", "side", "card", "mode", "attacker", "first", "to", "reason")


def action_from_form(post: QueryDict) -> dict[str, Any]:
    """The action a page form posts: numbers as ints, ticked cards as a list, `value` as a
    boolean. Blank fields are left out."""
    action = read_form(post, TEXT_FIELDS, INT_FIELDS)
    if post.get("type") in ("choose_secondaries", "discard"):
        action["cards"] = post.getlist("cards")
    if "value" in post:
        action["value"] = post["value"] == "1"
    return action


def leaving_unscored(state: dict[str, Any], action: dict[str, Any], post: QueryDict):
    """The prompt to show instead of moving on, when an `advance` would leave the Command
    phase with the side's primary window open and unscored and the form did not say
    `leave_unscored`: {"primary", "to", "seq"...} for the template; None to go ahead. A form
    built from an older state goes ahead (the engine refuses it as stale)."""
    side = action.get("side")
    if (
        action.get("type") != "advance"
        or post.get("leave_unscored") == "1"
        or side not in state["sides"]
        or action.get("seq") != state["seq"]
        or not command_primary_unscored(state, side)
    ):
        return None
    return {"primary": state["sides"][side]["primary"]["name"], "action": action}


def _card(data: dict[str, Any], key: str, mode: str | None = None) -> dict[str, Any]:
    words = data["texts"]["secondaries"][key]
    lines = words["fixed"] if mode == "fixed" else words["tactical"]
    return {"key": key, "name": words["name"], "summary": words["summary"], "lines": lines}


def _side(data: dict[str, Any], key: str, viewer: str, actors: tuple[str, ...]) -> dict[str, Any]:
    state = data["state"]
    mine = state["sides"][key]
    opts = data["options"][key]
    score = data["score"][key]
    primary_id = mine["primary"]["key"]
    selection = mine["selection"]
    return {
        "key": key,
        "name": data["players"][key],
        "on": key == viewer,
        "turn": key == state["turn"],
        "acts": key in actors,
        "disposition": mine["disposition"],
        "primary": data["texts"]["primaries"][primary_id],
        "mode": mine["mode"],
        "chosen": selection is not None,
        # The viewer's own choice before the reveal; the other's shows only "chosen".
        "choice": (
            {
                "mode": selection["mode"],
                "cards": [data["texts"]["secondaries"][k]["name"] for k in selection["cards"]],
            }
            if isinstance(selection, dict)
            else None
        ),
        "fixed": [_card(data, k, "fixed") for k in mine["fixed"]],
        "hand": [_card(data, k) for k in mine["active"]],
        "achieved": [_card(data, k) for k in mine["achieved"]],
        "discarded": len(mine["discarded"]),
        "deck_size": mine["deck_size"],
        "cp": mine["cp"],
        "swap_used": mine["swap_used"],
        "battle_ready": mine["battle_ready"],
        "options": opts,
        "scorable": [
            {**_card(data, k, "fixed" if k in mine["fixed"] else None), "top": top}
            for k, top in opts["cards"].items()
        ],
        "replaceable": [_card(data, k) for k in opts["replace"]],
        "discarded_this_turn": mine["turn"]["discarded"],
        "total": score["total"],
        "primary_vp": score["primary"],
        "secondary_vp": score["secondary"],
        "ready_vp": score["battle_ready"],
        "lost": score["lost"],
    }


def page_context(data: dict[str, Any], viewer: str, actors: tuple[str, ...]) -> dict[str, Any]:
    """Everything the template shows, from the view `data` seen by `viewer`, with controls
    only for the sides in `actors` (an event game's player acts for their own side only)."""
    state = data["state"]
    sides = [_side(data, key, viewer, actors) for key in ("a", "b")]
    me = next(s for s in sides if s["key"] == viewer)
    turn = state["turn"]
    rounds = [
        {"round": r + 1, "vp": [data["score"][s["key"]]["rounds"][r] for s in sides]}
        for r in range(5)
    ]
    fixed_cards = [
        {"key": k, "name": c["name"], "summary": c["summary"], "lines": c["fixed"]}
        for k, c in data["texts"]["secondaries"].items()
        if c["fixed_capable"]
    ]
    return {
        "data": data,
        "state": state,
        "viewer": viewer,
        "me": me,
        "sides": sides,
        "acting": turn if turn in actors and turn == viewer else None,
        "turn_name": data["players"].get(turn or "", ""),
        "phase_name": PHASE_NAMES[state["phase"]],
        "rounds": rounds,
        "fixed_cards": fixed_cards,
        "later_phases": _later_phases(state["phase"]),
    }


def _later_phases(phase: str) -> list[dict[str, str]]:
    order = ["command", "movement", "shooting", "charge", "fight", "end_of_turn"]
    if phase not in order:
        return []
    later = order[order.index(phase) + 1 :]
    return [{"key": p, "name": PHASE_NAMES[p].split(":")[0]} for p in later]
