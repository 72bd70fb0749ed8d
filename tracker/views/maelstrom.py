"""The Maelstrom tracker page's pieces, built only from what `tracker_view` lets a player see
(so the page cannot show what the view hides), and the page's form fields read back into an
engine action (the rest is shared with Eternal War: tracker.views.classic)."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from tracker.engine.maelstrom import PLAYERS
from tracker.views.classic import PHASE_NAMES as SHARED_PHASES
from tracker.views.classic import classic_context, classic_sides, shared_log_text
from tracker.views.forms import read_form

PHASE_NAMES = {
    **SHARED_PHASES,
    "start_of_turn": "Start of turn: generate",
    "orders": "Start of turn: New Orders",
    "end_of_turn": "End of turn: achieve and discard",
}
INT_FIELDS = ("round", "seq", "number", "outcome", "roll", "markers")
TEXT_FIELDS = ("type", "phase", "side", "owner", "first", "category", "name", "how")


def action_from_form(post: QueryDict) -> dict[str, Any]:
    """The action a page form posts: numbers as ints, ticked discards as a list, `value` as a
    boolean. Blank fields are left out (an empty D3 roll means: roll it for me)."""
    action = read_form(post, TEXT_FIELDS, INT_FIELDS)
    if "discard" in post:
        action["discard"] = [int(x) if x.isdigit() else x for x in post.getlist("discard")]
    elif post.get("type") == "generate":
        action["discard"] = []
    if "value" in post:
        action["value"] = post["value"] == "1"
    return action


def _card(data: dict[str, Any], number: int, owner: str) -> dict[str, Any]:
    obj = data["state"]["objectives"][str(number)]
    marker = data["state"]["sides"][owner]["markers"].get(str(number))
    return {
        "number": number,
        "owner": owner,
        "dice": any("D3" in o["vp"] for o in obj["outcomes"]),
        "name": obj["name"],
        "category": obj["category"],
        "vp": obj["vp"],
        "summary": obj["summary"],
        "marker": marker,
        "outcomes": [
            {"index": i, "label": f"{o['vp']} VP: {o['condition']}", "dice": "D3" in o["vp"]}
            for i, o in enumerate(obj["outcomes"])
        ],
    }


def _log_text(data: dict[str, Any], entry: dict[str, Any]) -> str:  # noqa: PLR0911
    names = data["players"]
    objectives = data["state"]["objectives"]
    kind = entry["kind"]
    number = entry.get("number")
    what = f"{number} {objectives[str(number)]['name']}" if number else "an objective (secret)"
    if kind == "generated":
        rolls = entry.get("rolls")
        tries = f" (rolled {', '.join(f'{a}{b}' for a, b in rolls)})" if rolls else ""
        return f"generated {what}{tries}"
    if kind == "bonus_generated":
        return f"generated {what} as the Warlord's bonus objective"
    if kind == "marker":
        return f"rolled marker {entry['marker']} for {what}" if number else "rolled a marker"
    if kind == "discarded":
        return ("had to discard " if entry.get("forced") else "discarded ") + what
    if kind == "achieved":
        owner = entry["owner"]
        theirs = "" if owner == entry["side"] else f" (from {names[owner]})"
        roll = f", D3 rolled {entry['roll']}" if entry.get("roll") else ""
        return f"achieved {what}{theirs}: {entry['vp']} VP{roll}"
    if kind == "priority":
        return f"named {entry['category']} as Tactical Priority"
    if kind == "table_spent":
        return "has generated all 36 objectives: none left"
    return shared_log_text(data, entry) or kind


def _cp_factor(data: dict[str, Any]) -> int:
    """Stratagem costs double from a round in some missions (8th edition Deadlock)."""
    start = data["texts"]["mission"]["double_cp_from_round"]
    return 2 if start is not None and data["state"]["round"] >= start else 1


def page_context(
    data: dict[str, Any], viewer: str, actors: tuple[str, ...] = PLAYERS
) -> dict[str, Any]:
    """Everything the template shows, from the view `data` seen by `viewer`, with controls
    only for the sides in `actors` (an event game's player acts for their own side only)."""
    state = data["state"]
    options = data["options"]
    turn = state["turn"]
    secret = state["rules"]["secret"]

    def more(key: str) -> dict[str, Any]:
        mine = state["sides"][key]
        opts = options[key]
        hidden = isinstance(mine["active"], int)
        bonus = None
        if not hidden and mine["bonus"] is not None:
            bonus = _card(data, mine["bonus"], key)
        return {
            "total": data["score"][key]["total"],
            # Slay the Warlord, First Blood, Linebreaker and the end-of-game bonuses.
            "bonus_vp": data["score"][key]["bonuses"] + sum(data["score"][key]["end"].values()),
            "hidden": hidden,
            "active": [] if hidden else [_card(data, n, key) for n in mine["active"]],
            "active_count": mine["active"] if hidden else len(mine["active"]),
            "bonus": bonus,
            "achieved": [{**_card(data, e["number"], e["owner"]), **e} for e in mine["achieved"]],
            "discarded_count": (mine["discarded"] if hidden else len(mine["discarded"])),
            "discarded": [] if hidden else [_card(data, n, key) for n in mine["discarded"]],
            "priority": mine["priority"],
            "bonuses": [
                {"key": b, "label": label, "value": mine["bonuses"][b]}
                for b, label in data["texts"]["bonuses"].items()
            ],
            "options": opts,
            "achievable": {(a["owner"], a["number"]) for a in opts["achieve"]},
        }

    sides = classic_sides(data, viewer, actors, more)
    # A secret mission's controls are for the player whose page it is; otherwise either
    # phone may drive the turn for whoever's turn it is (in an event game: only its own).
    acting = turn if turn in actors and (not secret or turn == viewer) else None
    to_achieve = []
    if state["phase"] == "end_of_turn":
        for side in sides:
            if (secret and side["key"] != viewer) or side["key"] not in actors:
                continue
            for pick in side["options"]["achieve"]:
                owner = pick["owner"]
                card = _card(data, pick["number"], owner)
                to_achieve.append({**card, "achiever": side["key"], "achiever_name": side["name"]})
    return {
        **classic_context(data, viewer, sides, phase_names=PHASE_NAMES, log_text=_log_text),
        "acting": acting,
        "acting_name": data["players"].get(acting or "", ""),
        "plan": options[acting]["plan"] if acting else None,
        "needs_markers": options[acting]["needs_markers"] if acting else False,
        "acting_active": (
            [_card(data, n, acting) for n in state["sides"][acting]["active"]] if acting else []
        ),
        "new_orders": options[acting]["new_orders"] if acting else False,
        "cp_factor": _cp_factor(data),
        "swappable": (
            [_card(data, n, acting) for n in options[acting]["swappable"]] if acting else []
        ),
        "comms_uplink": options[acting]["comms_uplink"] if acting else False,
        "discardable": (
            [_card(data, n, acting) for n in options[acting]["discard"]] if acting else []
        ),
        "to_achieve": to_achieve,
        "running": [{**t, "who": data["players"][t["turn"]]} for t in data["score"]["running"]],
        "mission": data["texts"]["mission"],
        "markers": range(7),
    }
