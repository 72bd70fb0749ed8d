"""Maelstrom of War tracked games (8th and 7th edition packs): start, act and view.

`tracker.services` dispatches here on the stored state's engine, so the API endpoints and
the token link work for both kinds of game; the Leviathan path is untouched.
"""

from __future__ import annotations

import secrets
from typing import Any

from missions.classic import tactical
from tournament.errors import Invalid
from tracker import maelstrom
from tracker.models import TrackedGame

MISSION_CODE_MAX = 40
PLAYER_1, PLAYER_2 = maelstrom.PLAYERS


def _refusal(err: maelstrom.Refusal) -> Invalid:
    return Invalid(err.field or "action", err.code, str(err))


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
    if (seed is not None and not isinstance(seed, (str, int))) or isinstance(seed, bool):
        raise Invalid("seed", "invalid", "seed: a whole number or a short text")
    if isinstance(seed, str) and "\x00" in seed:
        raise Invalid("seed", "invalid", "seed: may not hold a NUL character")
    seed = secrets.token_hex(16) if seed is None or seed == "" else str(seed)
    if len(seed) > 64:
        raise Invalid("seed", "invalid", "seed: at most 64 characters")
    code = (mission_code or "").strip() if isinstance(mission_code, str) else mission_code
    if code is not None and (not isinstance(code, str) or len(code) > MISSION_CODE_MAX):
        raise Invalid("mission_code", "invalid", "mission_code: a text of at most 40 characters")
    if code is not None and "\x00" in code:
        raise Invalid("mission_code", "invalid", "mission_code: may not hold a NUL character")
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


def maelstrom_names(tracked: TrackedGame) -> dict[str, str]:
    """The names a player reads: an event game's players (A is player_1), else Player 1/2."""
    game = tracked.game
    if game is not None:
        return {PLAYER_1: game.player_a.name, PLAYER_2: game.player_b.name}
    return {p: f"Player {n}" for n, p in enumerate(maelstrom.PLAYERS, 1)}


def maelstrom_side_of(tracked: TrackedGame, player) -> str | None:
    """The side an event game's player plays: player A is player_1, player B player_2."""
    game = tracked.game
    if player is None or game is None:
        return None
    return PLAYER_1 if player.pk == game.player_a_id else PLAYER_2


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
        data["outcome"] = "a_wins" if ended["winner"] == PLAYER_1 else "b_wins"
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
