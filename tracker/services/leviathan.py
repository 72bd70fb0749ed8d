"""Leviathan tracked games (10th edition card packs): start, view, sides and the finished game
as a result. The sides are the Attacker and the Defender; the players are labelled in the
state (an event game's player_a and player_b, a standalone game's player_1 and player_2)."""

from __future__ import annotations

import secrets
from typing import Any

from django.utils.translation import gettext

from common.errors import Invalid, NotFound
from missions.pack.registry import get_pack
from missions.services.missions import is_classic, mission_lookup, round_mission
from tournament.models import Game, Player
from tracker.engine import leviathan as tracker
from tracker.models import TrackedGame
from tracker.services.base import Store, result_summary

STANDALONE_PLAYERS = ("player_1", "player_2")
EVENT_PLAYERS = ("player_a", "player_b")  # labels for game.player_a / game.player_b
SIDES = tracker.SIDES


def leviathan_plays(mission) -> bool:
    """A card pack's mission (the older packs' are played on their own editions)."""
    return not is_classic(mission.pack.key)


def leviathan_open(mission, *, game: Game | None = None) -> TrackedGame:
    """A game on `mission`: standalone, or an event's `game`."""
    args = {
        "seed": secrets.token_hex(16),
        "mission_rules": list(mission.rule_keys),
        "players": list(EVENT_PLAYERS if game is not None else STANDALONE_PLAYERS),
        "primary": mission.primary.key,
        "nml_objectives": [m.id for m in mission.plan.markers if not m.home],
    }
    state = tracker.new_game(
        args["seed"],
        mission_rules=args["mission_rules"],
        players=args["players"],
        pack=mission.pack,
        primary=args["primary"],
        nml_objectives=args["nml_objectives"],
    )
    return TrackedGame.objects.create(
        game=game,
        pack_key=mission.pack.key,
        mission_code=mission.code,
        initial_args=args,
        state=state,
    )


def leviathan_seat_players(tracked: TrackedGame, store: Store) -> None:
    """Roles already decided at the table are entered, then registered Battle Ready players."""
    game = tracked.game
    if game.attacker_id is not None:
        label = EVENT_PLAYERS[0 if game.attacker_id == game.player_a_id else 1]
        store(tracked, {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": label})
        _battle_ready_from_registration(tracked, store)


def _mission_of(tracked: TrackedGame):
    code = tracked.mission_code
    if len(code) <= 2:  # a Tournament Companion pool letter
        return round_mission(tracked.pack_key, code)
    return mission_lookup(code=code)


def leviathan_upgrade(tracked: TrackedGame) -> None:
    """A game stored before the tracker knew its primary learns it from its mission, in its
    state and in `initial_args` (so the log still replays); its CP pool starts from what it
    recorded. Nothing else in the stored game changes."""
    if "primary" in tracked.state:
        return
    mission = _mission_of(tracked)
    fresh = tracker.new_game(
        "upgrade",
        pack=mission.pack,
        primary=mission.primary.key,
        nml_objectives=[m.id for m in mission.plan.markers if not m.home],
    )
    for key in ("primary", "nml_objectives", "cp_rules"):
        tracked.state[key] = fresh[key]
    tracked.initial_args.update(
        primary=fresh["primary"]["key"], nml_objectives=fresh["nml_objectives"]
    )
    tracked.save(update_fields=["state", "initial_args", "updated_at"])


def leviathan_record_attacker(
    tracked: TrackedGame, before: dict[str, Any], state: dict[str, Any], store: Store
) -> None:
    """Roles just decided: the event game learns its attacker, and registered Battle Ready
    players get the bonus."""
    if before.get("roles") is not None or state["roles"] is None:
        return
    game = tracked.game
    game.attacker_id = (
        game.player_a_id if state["roles"]["attacker"] == EVENT_PLAYERS[0] else game.player_b_id
    )
    game.save(update_fields=["attacker"])
    _battle_ready_from_registration(tracked, store)


def _battle_ready_from_registration(tracked: TrackedGame, store: Store) -> None:
    """Once sides are known, a player registered as Battle Ready gets the bonus without
    anyone having to tick it (either side may still change it on the page)."""
    game = tracked.game
    attacker = game.attacker
    defender = game.player_b if game.attacker_id == game.player_a_id else game.player_a
    for side, player in (("attacker", attacker), ("defender", defender)):
        if player.battle_ready:
            clock = tracker.clock_of(tracked.state)
            action = {
                "type": "battle_ready",
                "round": clock["round"],
                "phase": clock["phase"],
                "side": side,
                "value": True,
            }
            store(tracked, action)


def leviathan_result_data(state: dict[str, Any]) -> dict[str, int]:
    """The tracker's capped final score as `result_enter` data (a = player_a)."""
    final = tracker.final_score(state)
    data: dict[str, int] = {}
    for side in SIDES:
        letter = "a" if state["roles"][side] == EVENT_PLAYERS[0] else "b"
        totals = final[side]
        for part in ("primary", "secondary", "gambit", "battle_ready"):
            data[f"{part}_{letter}"] = totals[part]
        data[f"vp_{letter}"] = totals["total"]
    return data


def leviathan_side_of(tracked: TrackedGame, player: Player | None) -> str | None:
    """The role an event game's player plays, once roles are decided."""
    roles = tracked.state.get("roles")
    if player is None or tracked.game is None or roles is None:
        return None
    label = EVENT_PLAYERS[0] if player.pk == tracked.game.player_a_id else EVENT_PLAYERS[1]
    return next(side for side in SIDES if roles[side] == label)


def _card_texts(pack_key: str, state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    pack = get_pack(pack_key)
    texts = {}
    for card in (*pack.secondaries, *pack.gambits, *pack.mission_rules):
        texts[card.key] = {"name": card.name, "summary": card.summary}
    for key, card in state["cards"].items():
        texts.setdefault(key, {"name": card["name"], "summary": ""})
        texts[key]["fixed_capable"] = card["fixed_capable"]
    return texts


def leviathan_view(*, tracked: TrackedGame, side: str | None) -> dict[str, Any]:
    """What one side (or a spectator, side None) may see: never the seed, the deck order or
    the other side's unrevealed choices. Plus the live score, legal action types and texts."""
    if side not in (None, *SIDES):
        raise Invalid("side", "bad_side", gettext("side: must be attacker, defender or empty"))
    state = tracked.state
    game = tracked.game
    if game is not None:
        names = {EVENT_PLAYERS[0]: game.player_a.name, EVENT_PLAYERS[1]: game.player_b.name}
    else:
        names = {label: f"Player {n}" for n, label in enumerate(STANDALONE_PLAYERS, 1)}
    final = tracker.final_score(state) if state["phase"] == "over" else None
    return {
        "token": None if game is not None else tracked.token,
        "game": tracked.game_id,
        "mission_code": tracked.mission_code,
        "mission_name": _mission_name(tracked),
        "side": side,
        "players": names,
        "finished": tracked.finished,
        "clock": tracker.clock_of(state),
        "phase_actions": tracker.phase_actions(state),
        "options": tracker.options(state, gettext),
        "state": tracker.view(state, side),
        "score": tracker.score_sheet(state),
        "final": final,
        "result": result_summary(tracked),
        "texts": _card_texts(tracked.pack_key, state),
        "objectives": list(state.get("nml_objectives") or []),
    }


def _mission_name(tracked: TrackedGame) -> str:
    """The header's words: "Mission A: Take and Hold" (a pool letter), or the primary's name
    for a generated code; the code alone if the mission cannot be found any more."""
    try:
        mission = _mission_of(tracked)
    except (Invalid, NotFound):
        return f"Mission {tracked.mission_code}"
    if getattr(mission, "pool_code", None):
        return f"Mission {mission.pool_code}: {mission.primary.name}"
    return mission.primary.name
