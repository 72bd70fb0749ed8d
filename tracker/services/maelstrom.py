"""Maelstrom of War tracked games (8th and 7th edition packs): start, view and the finished
game as a result, Maelstrom's entry in `tracker.services.editions` (the rest is shared with
Eternal War: `tracker.services.classic`)."""

from __future__ import annotations

from typing import Any

from missions.classic import tactical
from missions.services.missions import is_classic, maelstrom_mission_of
from tracker.engine import maelstrom
from tracker.models import TrackedGame
from tracker.services.classic import (
    PLAYER_1,
    PLAYER_2,
    classic_create,
    classic_outcome,
    classic_view,
)

MAELSTROM_PACKS = tactical.PACK_KEYS  # eighth, seventh (Only War has no Tactical Objectives)


def maelstrom_create(
    *,
    pack_key: str,
    mission_key: str,
    seed: str | int | None = None,
    mission_code: str | None = None,
    game=None,
) -> TrackedGame:
    """A Maelstrom game of `mission_key` (card_key of the printed name) in `pack_key`
    ("eighth" or "seventh"): standalone, or an event's `game` (see `classic_create`)."""
    return classic_create(
        maelstrom,
        pack_key=pack_key,
        mission_key=mission_key,
        seed=seed,
        mission_code=mission_code,
        game=game,
    )


def maelstrom_plays(mission) -> bool:
    """An older pack's mission with Tactical Objectives to generate."""
    return is_classic(mission.pack.key) and maelstrom_mission_of(mission) is not None


def maelstrom_open(mission, *, game=None) -> TrackedGame:
    """A game on a generated Maelstrom of War mission, labelled with its code."""
    rules = maelstrom_mission_of(mission)
    return maelstrom_create(
        pack_key=mission.pack.key, mission_key=rules.key, mission_code=mission.code, game=game
    )


def _texts(state: dict[str, Any]) -> dict[str, Any]:
    mission = tactical.mission(state["pack"], state["mission"])
    return {
        "mission": mission.to_dict(),
        "pack_name": tactical.PACK_NAMES[state["pack"]],
        "bonuses": dict(tactical.BONUSES),
    }


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
    return classic_view(
        maelstrom, tracked=tracked, side=side, options=maelstrom.options, texts=_texts
    )


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
