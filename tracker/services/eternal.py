"""Eternal War (8th and 7th edition) and Only War tracked games: start, view and the finished
game as a result, Eternal War's entry in `tracker.services.editions` (the rest is shared with
Maelstrom of War: `tracker.services.classic`)."""

from __future__ import annotations

from typing import Any

from missions.classic.primaries import BONUS_NAMES, KILL_NAMES, PACK_NAMES, primaries
from missions.pack.registry import get_pack
from missions.services.missions import is_classic, maelstrom_mission_of
from tracker.engine import eternal
from tracker.models import TrackedGame
from tracker.services.classic import (
    PLAYER_1,
    PLAYER_2,
    classic_create,
    classic_outcome,
    classic_view,
)

ETERNAL_PACKS = tuple(PACK_NAMES)  # eighth, seventh, only_war


def eternal_create(
    *,
    pack_key: str,
    mission_key: str,
    seed: str | int | None = None,
    mission_code: str | None = None,
    game=None,
) -> TrackedGame:
    """An Eternal War game of `mission_key` in `pack_key` ("eighth", "seventh"), or an Only
    War game ("only_war"): standalone, or an event's `game` (see `classic_create`)."""
    return classic_create(
        eternal,
        pack_key=pack_key,
        mission_key=mission_key,
        seed=seed,
        mission_code=mission_code,
        game=game,
    )


def eternal_plays(mission) -> bool:
    """An older pack's mission without Tactical Objectives: Eternal War or Only War."""
    return is_classic(mission.pack.key) and maelstrom_mission_of(mission) is None


def eternal_open(mission, *, game=None) -> TrackedGame:
    """A game on a generated Eternal War or Only War mission, labelled with its code."""
    return eternal_create(
        pack_key=mission.pack.key,
        mission_key=mission.mission.key,
        mission_code=mission.code,
        game=game,
    )


def is_eternal_mission(pack_key: str, mission_key: object) -> bool:
    """An Eternal War or Only War mission's key (else a Maelstrom of War one, or unknown)."""
    return any(m.key == mission_key for m in primaries(pack_key))


def eternal_result_data(state: dict[str, Any]) -> dict[str, Any]:
    """A finished game as `result_enter` data (player_1 is player A) by the pack's scoring
    rules: 8th and 7th edition `primary` (the mission's VP) and `secondary` (Slay the Warlord,
    First Blood, Linebreaker); Only War `primary` alone, both Power Levels, and on equal VP
    the Underdog's win; The Relic (8th) VP 0 and its own winner; an early end its winner."""
    sheet = eternal.score_sheet(state)
    rules = state["rules"]
    data: dict[str, Any] = {}
    for side, letter in ((PLAYER_1, "a"), (PLAYER_2, "b")):
        mine = sheet[side]
        data[f"vp_{letter}"] = mine["total"]
        if rules["by_outcome"]:
            continue  # The Relic: no VP parts at all
        data[f"primary_{letter}"] = mine["primary"]
        if not rules["underdog"]:
            data[f"secondary_{letter}"] = mine["bonuses"]
            data[f"tactical_{letter}"] = 0
    if rules["underdog"] and state["assigned_by"] is not None:
        data["power_a"], data["power_b"] = state["power"][PLAYER_1], state["power"][PLAYER_2]
    won = eternal.winner(state)
    ended = state["ended"]
    if ended:
        data["outcome"], data["ended"] = classic_outcome(ended["winner"]), ended["how"]
    elif won is not None and (rules["by_outcome"] or won["why"] == "underdog"):
        data["outcome"] = classic_outcome(won["side"])
    return data


def _texts(state: dict[str, Any]) -> dict[str, Any]:
    rules = state["rules"]
    bonuses = {b: BONUS_NAMES[b] for b in rules["bonuses"]}
    if rules["warlord_d3"]:
        bonuses = {"slay_the_warlord": "Enemy Warlord slain (D3 VP)"}
    mission = get_pack(state["pack"]).mission(state["mission"])
    return {
        "primary": mission.primary,
        "special_rules": [r.to_dict() for r in mission.special_rules],
        "pack_name": PACK_NAMES[state["pack"]],
        "table": "Only War" if rules["underdog"] else "Eternal War",
        "bonuses": bonuses,
        "kills": KILL_NAMES.get(rules["kills"], ""),
    }


def _options(state: dict[str, Any], side: str | None) -> dict[str, Any]:
    return eternal.options(state)  # the same for either player: nothing is hidden


def _verdict(state: dict[str, Any]) -> dict[str, Any]:
    return {"underdog": eternal.underdog(state), "winner": eternal.winner(state)}


def eternal_view(*, tracked: TrackedGame, side: str | None) -> dict[str, Any]:
    """What a player or a spectator sees (everything but the tracker's seed)."""
    return classic_view(
        eternal, tracked=tracked, side=side, options=_options, texts=_texts, verdict=_verdict
    )


def eternal_packs() -> list[dict[str, Any]]:
    """The packs and missions a game can be started on (for /tracker/new/)."""
    return [
        {
            "key": key,
            "name": name,
            "missions": [{"key": m.key, "name": m.name} for m in primaries(key)],
        }
        for key, name in PACK_NAMES.items()
    ]
