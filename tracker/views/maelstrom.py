"""The Maelstrom tracker page's pieces, built only from what `tracker_view` lets a player see
(so the page cannot show what the view hides), and the page's form fields read back into an
engine action."""

from __future__ import annotations

import re
from typing import Any

from django.http import QueryDict

from tracker.engine.maelstrom import PLAYERS

PHASE_NAMES = {
    "setup": "Before the battle",
    "start_of_turn": "Start of turn: generate",
    "orders": "Start of turn: New Orders",
    "turn": "The turn",
    "end_of_turn": "End of turn: achieve and discard",
    "game_length": "Does the battle go on?",
    "end_of_game": "End of the battle",
    "over": "Game over",
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


def read_form(post: QueryDict, texts: tuple[str, ...], ints: tuple[str, ...]) -> dict[str, Any]:
    """The named text and number fields of a posted form (the older packs' tracker pages):
    blank ones left out, numbers as ints (anything else kept, for the engine to refuse)."""
    action: dict[str, Any] = {}
    for field in texts:
        if post.get(field):
            action[field] = post[field]
    for field in ints:
        raw = post.get(field, "").strip()
        if raw:
            action[field] = int(raw) if raw.lstrip("-").isdigit() else raw
    return action


def error_text(error: Exception, players: dict[str, str]) -> str:
    """A refusal as a player reads it: their names, not side keys, and no field prefix."""
    messages = getattr(error, "messages", None)  # a ServiceError: its first message
    text = next(iter(messages.values()))[0] if messages else str(error)
    head, sep, rest = text.partition(": ")
    if sep and head.isidentifier():
        text = rest[:1].upper() + rest[1:]
    for key, name in players.items():
        # Only the key standing as a word ("a's turn", "objective of b"), never the letter
        # inside other words nor the article ("roll a D6").
        text = re.sub(rf"(?<![\w']){re.escape(key)}(?='s\b|\s*$|[.,;:)])", name, text)
    return text


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
    if kind == "bonus":
        label = data["texts"]["bonuses"][entry["name"]]
        return f"{label}: {'yes' if entry['value'] else 'no'}"
    if kind == "game_length":
        verdict = "the battle goes on" if entry["goes_on"] else "the battle ends"
        return f"game length roll {entry['roll']} (needs {entry['need']}+): {verdict}"
    if kind == "table_spent":
        return "has generated all 36 objectives: none left"
    return kind


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
    sides = []
    for key, name in data["players"].items():
        mine = state["sides"][key]
        opts = options[key]
        hidden = isinstance(mine["active"], int)
        achievable = {(a["owner"], a["number"]) for a in opts["achieve"]}
        cards = [] if hidden else [_card(data, n, key) for n in mine["active"]]
        bonus = None
        if not hidden and mine["bonus"] is not None:
            bonus = _card(data, mine["bonus"], key)
        sides.append(
            {
                "key": key,
                "name": name,
                "on": key == viewer,
                "turn": key == turn,
                "total": data["score"][key]["total"],
                # Slay the Warlord, First Blood, Linebreaker and the end-of-game bonuses.
                "bonus_vp": data["score"][key]["bonuses"] + sum(data["score"][key]["end"].values()),
                "hidden": hidden,
                "active": cards,
                "active_count": mine["active"] if hidden else len(mine["active"]),
                "bonus": bonus,
                "achieved": [
                    {**_card(data, e["number"], e["owner"]), **e} for e in mine["achieved"]
                ],
                "discarded_count": (mine["discarded"] if hidden else len(mine["discarded"])),
                "discarded": [] if hidden else [_card(data, n, key) for n in mine["discarded"]],
                "priority": mine["priority"],
                "bonuses": [
                    {"key": b, "label": label, "value": mine["bonuses"][b]}
                    for b, label in data["texts"]["bonuses"].items()
                ],
                "options": opts,
                "achievable": achievable,
                "mine": key in actors,
            }
        )
    viewer_side = next(s for s in sides if s["key"] == viewer)
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
    score = data["score"]
    rounds = [
        {"round": r + 1, "vp": [score[s["key"]]["by_round"][r] for s in sides]}
        for r in range(max(state["round"], 5))
        if r < 7
    ]
    log = [
        {
            "round": e["round"],
            "who": data["players"].get(e["side"], "Game"),
            "text": _log_text(data, e),
        }
        for e in reversed(state["log"])
    ]
    return {
        "data": data,
        "state": state,
        "viewer": viewer,
        "viewer_side": viewer_side,
        "sides": sides,
        "acting": acting,
        "acting_name": data["players"].get(acting or "", ""),
        "turn_name": data["players"].get(turn or "", ""),
        "phase_name": PHASE_NAMES[state["phase"]],
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
        "rounds": rounds,
        "running": [{**t, "who": data["players"][t["turn"]]} for t in score["running"]],
        "log": log,
        "mission": data["texts"]["mission"],
        "markers": range(7),
        "game_lengths": state["game_length"],
    }
