"""What the older packs' tracked games share as services (Maelstrom of War, Eternal War and
Only War): making one from a pack's mission with the seed and label a standalone game may be
given, the players' names and sides (an event game's player A plays player_1), most of the
view, and how an early end reads as a result."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from types import ModuleType
from typing import Any

from django.utils.translation import gettext

from common.errors import Invalid
from tracker.engine.classic import PLAYERS
from tracker.engine.errors import Refusal
from tracker.models import TrackedGame
from tracker.services.base import result_summary

MISSION_CODE_MAX = 40
PLAYER_1, PLAYER_2 = PLAYERS
State = dict[str, Any]


def classic_refusal(err: Refusal) -> Invalid:
    """An engine's refusal as a 400 on its field (else on `action`), in the reader's language."""
    return Invalid(err.field or "action", err.code, err.message)


def classic_seed(seed: Any) -> str:
    """A whole number or a short text (default: a random one, never shown)."""
    if (seed is not None and not isinstance(seed, (str, int))) or isinstance(seed, bool):
        raise Invalid("seed", "invalid", gettext("seed: a whole number or a short text"))
    if isinstance(seed, str) and "\x00" in seed:
        raise Invalid("seed", "invalid", gettext("seed: may not hold a NUL character"))
    seed = secrets.token_hex(16) if seed is None or seed == "" else str(seed)
    if len(seed) > 64:
        raise Invalid("seed", "invalid", gettext("seed: at most 64 characters"))
    return seed


def classic_code(mission_code: Any) -> str | None:
    """A label to show (a generator code), at most 40 characters; None when not given."""
    code = mission_code.strip() if isinstance(mission_code, str) else mission_code
    if code is not None and (not isinstance(code, str) or len(code) > MISSION_CODE_MAX):
        raise Invalid(
            "mission_code", "invalid", gettext("mission_code: a text of at most 40 characters")
        )
    if code is not None and "\x00" in code:
        raise Invalid(
            "mission_code", "invalid", gettext("mission_code: may not hold a NUL character")
        )
    return code or None


def classic_names(tracked: TrackedGame) -> dict[str, str]:
    """The names a player reads: an event game's players (A is player_1), else Player 1/2."""
    game = tracked.game
    if game is not None:
        return {PLAYER_1: game.player_a.name, PLAYER_2: game.player_b.name}
    return {p: f"Player {n}" for n, p in enumerate(PLAYERS, 1)}


def classic_side_of(tracked: TrackedGame, player) -> str | None:
    """The side an event game's player plays: player A is player_1, player B player_2."""
    game = tracked.game
    if player is None or game is None:
        return None
    return PLAYER_1 if player.pk == game.player_a_id else PLAYER_2


def classic_outcome(winner: str | None) -> str:
    """A result's `outcome` for the winning side (None: a draw)."""
    return {PLAYER_1: "a_wins", PLAYER_2: "b_wins"}.get(winner, "draw")


def classic_create(
    engine: ModuleType,
    *,
    pack_key: str,
    mission_key: str,
    seed: str | int | None = None,
    mission_code: str | None = None,
    game=None,
) -> TrackedGame:
    """A game of `mission_key` in `pack_key` on `engine` (tracker.engine.maelstrom or
    .eternal): standalone, or an event's `game` (its player A plays player_1). `seed` fixes
    every die (default: a random one, never shown); `mission_code` is a label to show (a
    generator code), default the mission key."""
    seed = classic_seed(seed)
    code = classic_code(mission_code)
    try:
        state = engine.new_game(seed, pack_key=pack_key, mission_key=mission_key)
    except Refusal as err:
        raise classic_refusal(err) from err
    args = {"seed": seed, "pack_key": pack_key, "mission_key": mission_key}
    return TrackedGame.objects.create(
        game=game,
        pack_key=pack_key,
        mission_code=code or state["mission"],
        initial_args=args,
        state=state,
    )


def classic_view(
    engine: ModuleType,
    *,
    tracked: TrackedGame,
    side: str | None,
    options: Callable[[State, str | None], Any],
    texts: Callable[[State], dict[str, Any]],
    verdict: Callable[[State], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """What one player (or a spectator, side None) sees of a game on `engine`, never the
    seed: the engine's view, options and score, the words of `texts`, and `verdict`'s keys
    after the score."""
    if side not in (None, *PLAYERS):
        raise Invalid("side", "bad_side", gettext("side: must be player_1, player_2 or empty"))
    state = tracked.state
    return {
        "engine": engine.ENGINE,
        "token": None if tracked.game_id else tracked.token,
        "game": tracked.game_id,
        "pack": state["pack"],
        "mission": state["mission"],
        "mission_name": state["mission_name"],
        "mission_code": tracked.mission_code,
        "side": side,
        "players": classic_names(tracked),
        "finished": tracked.finished,
        "clock": engine.clock_of(state),
        "phase_actions": engine.phase_actions(state),
        "options": options(state, side),
        "state": engine.view(state, side),
        "score": engine.score_sheet(state),
        **(verdict(state) if verdict is not None else {}),
        "final": engine.final_score(state) if state["phase"] == "over" else None,
        "texts": texts(state),
        "result": result_summary(tracked),
    }
