"""Maelstrom of War tracked games (8th and 7th edition packs): start, act and view.

`tracker.services.trackers` dispatches here on the stored state's engine, so the API endpoints and
the token link work for both kinds of game; the Leviathan path is untouched.
"""

from __future__ import annotations

from typing import Any

from common.errors import Invalid
from missions.classic import tactical
from tracker.engine import maelstrom
from tracker.models import TrackedGame
from tracker.services.classic import (
    classic_code,
    classic_names,
    classic_outcome,
    classic_refusal,
    classic_seed,
    classic_side_of,
)

PLAYER_1, PLAYER_2 = maelstrom.PLAYERS
_refusal = classic_refusal


def maelstrom_create(
    *,
    pack_key: str,
    mission_key: str,
    seed: str | int | None = None,
    mission_code: str | None = None,
    game=None,
) -> TrackedGame:
    """A Maelstrom game of `mission_key` (card_key of the printed name) in `pack_key`
    ("eighth" or "seventh"): standalone, or an event's `game` (its player A plays player_1).
    `seed` fixes every die (default: a random one, never shown); `mission_code` is a label
    to show (a generator code), default the mission key."""
    seed = classic_seed(seed)
    code = classic_code(mission_code)
    try:
        state = maelstrom.new_game(seed, pack_key=pack_key, mission_key=mission_key)
    except maelstrom.Refusal as err:
        raise _refusal(err) from err
    args = {"seed": seed, "pack_key": pack_key, "mission_key": mission_key}
    return TrackedGame.objects.create(
        game=game,
        pack_key=pack_key,
        mission_code=code or state["mission"],
        initial_args=args,
        state=state,
    )


def maelstrom_apply(state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """One action on a stored Maelstrom state (a refusal becomes a 400 naming the field)."""
    try:
        return maelstrom.apply(state, action)
    except maelstrom.Refusal as err:
        raise _refusal(err) from err


def _texts(state: dict[str, Any]) -> dict[str, Any]:
    mission = tactical.mission(state["pack"], state["mission"])
    return {
        "mission": mission.to_dict(),
        "pack_name": tactical.PACK_NAMES[state["pack"]],
        "bonuses": dict(tactical.BONUSES),
    }


# Kept under their Maelstrom names for the callers that use them.
maelstrom_names = classic_names
maelstrom_side_of = classic_side_of


def maelstrom_result_data(state: dict[str, Any]) -> dict[str, Any]:
    """A finished game's score as `result_enter` data by the classic packs' scoring rules
    (player_1 is the game's player A): `secondary` is Slay the Warlord, First Blood and
    Linebreaker; `tactical` everything the Tactical Objectives scored (objectives, Tactical
    Priority, Steal the Loot, Mission Priorities); a Maelstrom mission has no other primary."""
    sheet = maelstrom.score_sheet(state)
    data: dict[str, int] = {}
    for side, letter in ((PLAYER_1, "a"), (PLAYER_2, "b")):
        mine = sheet[side]
        tactical_vp = mine["objectives"] + mine["priority"] + sum(mine["end"].values())
        # Tactical Priority's -1VP per discard can take a player below 0 on the tracker; a
        # result holds no negative VP, so such a deficit counts as 0 (our choice: the seed
        # does not say whether VP can go below 0).
        tactical_vp = max(0, tactical_vp)
        data[f"primary_{letter}"] = 0
        data[f"secondary_{letter}"] = mine["bonuses"]
        data[f"tactical_{letter}"] = tactical_vp
        data[f"vp_{letter}"] = mine["bonuses"] + tactical_vp
    ended = state.get("ended")
    if ended:  # a concession or a tabled side: the opponent's victory whatever the VP
        data["outcome"] = classic_outcome(ended["winner"])
        data["ended"] = ended["how"]
    return data


def maelstrom_view(*, tracked: TrackedGame, side: str | None) -> dict[str, Any]:
    """What one player (or a spectator, side None) may see: never the seed, and in a secret
    mission never the other player's objectives until achieved."""
    if side not in (None, *maelstrom.PLAYERS):
        raise Invalid("side", "bad_side", "side: must be player_1, player_2 or empty")
    state = tracked.state
    return {
        "engine": maelstrom.ENGINE,
        "token": None if tracked.game_id else tracked.token,
        "game": tracked.game_id,
        "pack": state["pack"],
        "mission": state["mission"],
        "mission_name": state["mission_name"],
        "mission_code": tracked.mission_code,
        "side": side,
        "players": maelstrom_names(tracked),
        "finished": tracked.finished,
        "clock": maelstrom.clock_of(state),
        "phase_actions": maelstrom.phase_actions(state),
        "options": maelstrom.options(state, side),
        "state": maelstrom.view(state, side),
        "score": maelstrom.score_sheet(state),
        "final": maelstrom.final_score(state) if state["phase"] == "over" else None,
        "texts": _texts(state),
    }


def maelstrom_packs() -> list[dict[str, Any]]:
    """The packs and missions a Maelstrom game can be started on (for /tracker/new/)."""
    return [
        {
            "key": key,
            "name": tactical.PACK_NAMES[key],
            "missions": [
                {"key": m.key, "name": m.name, "d6": m.d6} for m in tactical.missions(key)
            ],
        }
        for key in tactical.PACK_KEYS
    ]
