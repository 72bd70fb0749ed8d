"""What the Maelstrom of War and the Eternal War / Only War pages share: the phases both games
have, the players' columns, the round-by-round score, the log and what most of its entries
say. Each page adds its own (tracker.views.maelstrom, tracker.views.eternal)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracker.engine.classic import MAX_ROUNDS, MIN_ROUNDS

PHASE_NAMES = {
    "setup": "Before the battle",
    "turn": "The turn",
    "game_length": "Does the battle go on?",
    "end_of_game": "End of the battle",
    "over": "Game over",
}


def shared_log_text(data: dict[str, Any], entry: dict[str, Any]) -> str | None:
    """What a bonus or a game length roll says in the log; None for another entry."""
    kind = entry["kind"]
    if kind == "bonus":
        label = data["texts"]["bonuses"].get(entry["name"], entry["name"])
        roll = f" (D3: {entry['roll']})" if entry.get("roll") else ""
        return f"{label}: {'yes' if entry['value'] else 'no'}{roll}"
    if kind == "game_length":
        verdict = "the battle goes on" if entry["goes_on"] else "the battle ends"
        return f"game length roll {entry['roll']} (needs {entry['need']}+): {verdict}"
    return None


def classic_sides(
    data: dict[str, Any],
    viewer: str,
    actors: tuple[str, ...],
    more: Callable[[str], dict[str, Any]],
) -> list[dict[str, Any]]:
    """Each player's column: who, whether it is the viewer's, whose turn, whether this phone
    has its controls, and what `more` adds for the side."""
    turn = data["state"]["turn"]
    return [
        {
            "key": key,
            "name": name,
            "on": key == viewer,
            "turn": key == turn,
            "mine": key in actors,
            **more(key),
        }
        for key, name in data["players"].items()
    ]


def classic_context(
    data: dict[str, Any],
    viewer: str,
    sides: list[dict[str, Any]],
    *,
    phase_names: dict[str, str],
    log_text: Callable[[dict[str, Any], dict[str, Any]], str],
    fixed_rounds: int = 0,
) -> dict[str, Any]:
    """The template keys both pages have. The score shows five to seven rounds as the game
    goes on, or `fixed_rounds` when the mission sets them."""
    state, score = data["state"], data["score"]
    shown = fixed_rounds or min(max(state["round"], MIN_ROUNDS), MAX_ROUNDS)
    return {
        "data": data,
        "state": state,
        "viewer": viewer,
        "viewer_side": next(s for s in sides if s["key"] == viewer),
        "sides": sides,
        "turn_name": data["players"].get(state["turn"] or "", ""),
        "phase_name": phase_names[state["phase"]],
        "rounds": [
            {"round": r + 1, "vp": [score[s["key"]]["by_round"][r] for s in sides]}
            for r in range(shown)
        ],
        "log": [
            {
                "round": e["round"],
                "who": data["players"].get(e["side"], "Game"),
                "text": log_text(data, e),
            }
            for e in reversed(state["log"])
        ],
        "game_lengths": state["game_length"],
    }
