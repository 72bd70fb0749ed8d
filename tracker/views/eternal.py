"""The Eternal War / Only War tracker page's pieces, built only from what `tracker_view`
gives a player, and its forms read back into an engine action (the rest is shared with
Maelstrom of War: tracker.views.classic)."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from tracker.engine.eternal import PLAYERS
from tracker.views.classic import PHASE_NAMES as SHARED_PHASES
from tracker.views.classic import classic_context, classic_sides, shared_log_text
from tracker.views.forms import read_form

PHASE_NAMES = {**SHARED_PHASES, "battle_start": "Start of the first battle round"}
TEXT_FIELDS = ("type", "phase", "side", "first", "name", "how", "holder", "winner", "assigned_by")
INT_FIELDS = ("round", "seq", "roll", "count", "marker", "superior", "inferior")
INT_FIELDS += ("power_1", "power_2")
KINDS = {
    "crushing": "crushing victory",
    "major": "major victory",
    "minor": "minor victory",
    "win": "win",
}
HELD_MAX = 6


def action_from_form(post: QueryDict) -> dict[str, Any]:
    """The action a page form posts. Domination's markers come as `held_1`..`held_4` ("" for
    nobody); `value` is a boolean; a blank roll means: roll it for me."""
    action = read_form(post, TEXT_FIELDS, INT_FIELDS)
    if "held_1" in post:
        held = []
        for n in range(1, HELD_MAX + 1):
            if f"held_{n}" not in post:
                break
            held.append(post[f"held_{n}"] or None)
        action["held"] = held
    if "value" in post:
        action["value"] = post["value"] == "1"
    return action


def _log_text(data: dict[str, Any], entry: dict[str, Any]) -> str:  # noqa: PLR0911
    names, kind = data["players"], entry["kind"]
    if kind == "markers":
        if "d3" in entry:
            return f"rolled D3 {entry['d3']}: {entry['d3'] + 2} objective markers"
        if "superior" in entry:
            return f"Superior marker {entry['superior']}, Inferior marker {entry['inferior']}"
        return f"marker {entry['relic']} stays; the others are removed"
    if kind == "power_levels":
        p = entry["power"]
        return (
            f"Power Levels {p[PLAYERS[0]]} and {p[PLAYERS[1]]}; "
            f"{names[entry['assigned_by']]} assigned the deployment zones"
        )
    if kind == "first_turn":
        return "takes the first turn"
    if kind == "kills":
        return f"{entry['count']:+d} {data['texts']['kills'].lower()} (now {entry['total']})"
    if kind == "held":
        held = ", ".join(names.get(h, "nobody") if h else "nobody" for h in entry["held"])
        return f"markers held at the end of the turn: {held}"
    if kind == "hold":
        return f"holds marker {entry['marker']} at the end"
    if kind == "relic":
        return {"carried": "carries the Relic", "closest": "is closest to the Relic"}.get(
            entry["how"], "both equally close to the Relic"
        )
    if kind == "end_early":
        return "conceded" if entry["how"] == "concession" else "has no models left"
    return shared_log_text(data, entry) or kind


def _verdict(data: dict[str, Any]) -> str:
    won = data["winner"]
    if won is None:
        return ""
    if won["side"] is None:
        return "A draw."
    name = data["players"][won["side"]]
    why = {
        "concession": " (the opponent conceded)",
        "tabled": " (the opponent has no models left)",
        "underdog": " (equal VP: the Underdog wins)",
        "relic": "",
        "vp": "",
    }[won["why"]]
    return f"{name}: {KINDS[won['kind']]}{why}."


def page_context(
    data: dict[str, Any], viewer: str, actors: tuple[str, ...] = PLAYERS
) -> dict[str, Any]:
    """Everything the template shows, from the view `data` seen by `viewer`, with controls
    only for the sides in `actors` (an event game's player acts for their own side only)."""
    state, score, options = data["state"], data["score"], data["options"]
    turn = state["turn"]

    def more(key: str) -> dict[str, Any]:
        mine = state["sides"][key]
        bonuses = [
            {"key": b, "label": label, "value": bool(mine["bonuses"].get(b) or mine["warlord"])}
            for b, label in data["texts"]["bonuses"].items()
        ]
        return {"score": score[key], "bonuses": bonuses, "power": state["power"][key]}

    sides = classic_sides(data, viewer, actors, more)
    markers = []
    for n, label in enumerate(state["marker_labels"] or [], 1):
        holder = (state["held"] or [None] * n)[n - 1]
        markers.append({"number": n, "label": label, "holder": holder})
    return {
        **classic_context(
            data,
            viewer,
            sides,
            phase_names=PHASE_NAMES,
            log_text=_log_text,
            fixed_rounds=state["rules"]["battle_rounds"],  # 0: variable, five to seven rounds
        ),
        "mine": [s for s in sides if s["mine"]],
        "acting": turn if turn in actors else None,
        "options": options,
        "held_each_turn": range(1, options["held_each_turn"] + 1),
        "markers": markers,
        "verdict": _verdict(data),
    }
