"""Tracked games as a service: create, find, act and view, each in one transaction.

The deck engine (`tracker.engine.leviathan`) is pure; this module persists its state and action
log, decides who may act, and turns a finished event game into that game's result.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction

from common.errors import Conflict, Forbidden, Invalid, NotFound
from missions.pack.registry import get_pack
from missions.services.missions import (
    is_classic,
    maelstrom_mission_of,
    mission_generate,
    mission_lookup,
    round_mission,
)
from tournament.models import Game, Player
from tournament.services.results.results import result_enter
from tournament.services.rounds.games import game_authorise, game_lock, game_require_known
from tracker.engine import eleventh, eternal, maelstrom
from tracker.engine import leviathan as tracker
from tracker.models import TrackedAction, TrackedGame
from tracker.services.eleventh import (
    eleventh_apply,
    eleventh_create,
    eleventh_of_event_game,
    eleventh_result_data,
    eleventh_side_of,
    eleventh_view,
)
from tracker.services.eternal import (
    eternal_apply,
    eternal_create,
    eternal_result_data,
    eternal_view,
    is_eternal_mission,
)
from tracker.services.maelstrom import (
    maelstrom_apply,
    maelstrom_create,
    maelstrom_names,
    maelstrom_result_data,
    maelstrom_side_of,
    maelstrom_view,
)

STANDALONE_PLAYERS = ("player_1", "player_2")
ELEVENTH = "eleventh"  # the 11th-edition engine (tracker.engine.eleventh)
OWN_PACKS = ("leviathan", ELEVENTH)
MAELSTROM_PACKS = ("eighth", "seventh")  # Maelstrom engine, or Eternal War (tracker.engine.eternal)
ONLY_WAR = "only_war"  # the Eternal War / Only War engine (tracker.engine.eternal)
EVENT_PLAYERS = ("player_a", "player_b")  # labels for game.player_a / game.player_b
SIDES = ("attacker", "defender")


def _new_tracked(mission, *, game: Game | None = None) -> TrackedGame:
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


def tracker_create(
    *,
    mission_code: str | None = None,
    pack_key: str = "leviathan",
    mission_key: str | None = None,
    seed: str | int | None = None,
    dispositions: tuple[Any, Any] | None = None,
) -> TrackedGame:
    """A standalone tracked game. Leviathan: on a mission code (generated or pool), or a
    fresh mission. A Maelstrom pack ("eighth", "seventh"): on `mission_key`, with an optional
    `seed` and `mission_code` label (see `maelstrom_create`). 11th edition ("eleventh"): on
    two `dispositions` (player A's, player B's) or a matchup code (`mission_code`)."""
    # Checked before any use: a list is unhashable and a NUL cannot be stored (500s before).
    if not isinstance(pack_key, str) or pack_key not in (*MAELSTROM_PACKS, ONLY_WAR, *OWN_PACKS):
        raise Invalid(
            "pack", "unknown_pack", "pack: leviathan, eleventh, eighth, seventh or only_war"
        )
    if pack_key == ELEVENTH:
        return _eleventh_standalone(mission_code, dispositions)
    label = "mission_code" if pack_key in (*MAELSTROM_PACKS, ONLY_WAR) else "mission"
    for field, value in (("mission", mission_key), (label, mission_code), ("seed", seed)):
        if isinstance(value, str) and "\x00" in value:
            raise Invalid(field, "invalid", f"{field}: may not hold a NUL character")
    if pack_key in (*MAELSTROM_PACKS, ONLY_WAR):
        if not mission_key:
            raise Invalid("mission", "required", "mission: name the mission (its key)")
        if pack_key == ONLY_WAR or is_eternal_mission(pack_key, mission_key):
            return eternal_create(
                pack_key=pack_key, mission_key=mission_key, seed=seed, mission_code=mission_code
            )
        return maelstrom_create(
            pack_key=pack_key, mission_key=mission_key, seed=seed, mission_code=mission_code
        )
    if mission_code is not None and not isinstance(mission_code, str):
        raise Invalid("mission", "unknown_mission", "mission: a mission code, as text")
    if mission_code:
        mission = mission_lookup(code=mission_code.strip())
    else:
        mission = mission_generate(pack_key=pack_key)
    if is_classic(mission.pack.key):
        return _classic_standalone(mission)
    return _new_tracked(mission)


def _eleventh_standalone(code: Any, dispositions: tuple[Any, Any] | None) -> TrackedGame:
    """Two dispositions chosen, or the matchup a generator code stands for."""
    if code not in (None, ""):
        if not isinstance(code, str) or "\x00" in code:
            raise Invalid("mission", "unknown_mission", "mission: a matchup code, as text")
        matchup = mission_lookup(code=code.strip())
        if not hasattr(matchup, "primary_a"):
            raise Invalid(
                "mission",
                "not_eleventh",
                f"mission: {code.strip()} is not an 11th-edition matchup code",
            )
        return eleventh_create(a=matchup.a, b=matchup.b, mission_code=matchup.code)
    a, b = dispositions if dispositions is not None else (None, None)
    return eleventh_create(a=a, b=b)


def _classic_standalone(mission) -> TrackedGame:
    """An older pack's code, labelled with it: a Maelstrom of War mission on the Maelstrom
    tracker, an Eternal War or Only War mission on the simple score tracker."""
    return _classic_tracked(mission, game=None)


def _classic_tracked(mission, *, game: Game | None) -> TrackedGame:
    rules = maelstrom_mission_of(mission)
    if rules is None:
        return eternal_create(
            pack_key=mission.pack.key,
            mission_key=mission.mission.key,
            mission_code=mission.code,
            game=game,
        )
    return maelstrom_create(
        pack_key=mission.pack.key, mission_key=rules.key, mission_code=mission.code, game=game
    )


def tracker_get(*, token: str) -> TrackedGame:
    """A standalone game by its link token; event games are not reachable by token."""
    tracked = TrackedGame.objects.filter(token=token, game__isnull=True).first()
    if tracked is None:
        raise NotFound("token", "not_found", "No tracked game has this link.")
    return tracked


def tracker_of_game_require_known(*, game_id: int, user=None) -> None:
    """404 unless the asker may know the game exists (see `game_require_known`): checked
    before a signed-out visitor without a key is asked for one."""
    game_require_known(game_id=game_id, user=user)


def tracker_authorise(game: Game, *, user=None, player: Player | None = None) -> None:
    """The game's two players (by key) or the event's organisers."""
    game_authorise(game, user=user, player=player)


def tracker_of_game(*, game_id: int, user=None, player: Player | None = None) -> TrackedGame:
    """The event game's tracked game, made on first use. One per game even when two phones
    ask at once: the game row is locked and the one-to-one column is unique."""
    try:
        with transaction.atomic():
            game = game_lock(game_id=game_id)
            tracker_authorise(game, user=user, player=player)
            existing = TrackedGame.objects.filter(game=game).first()
            if existing is not None:
                return existing
            if game.is_bye:
                raise Conflict("game", "bye", "A bye has no battle to track.")
            if game.round.event.mission_pack == ELEVENTH:
                return _new_eleventh_tracked(game)
            mission = _round_mission(game)
            if is_classic(mission.pack.key):
                return _classic_tracked(mission, game=game)
            tracked = _new_tracked(mission, game=game)
            if game.attacker_id is not None:  # roles already decided at the table
                label = EVENT_PLAYERS[0 if game.attacker_id == game.player_a_id else 1]
                _store(
                    tracked,
                    {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": label},
                    actor="system",
                )
                _battle_ready_from_registration(tracked)
            return tracked
    except IntegrityError:  # lost a race the lock did not cover: the winner's row stands
        return TrackedGame.objects.get(game_id=game_id)


def _new_eleventh_tracked(game: Game) -> TrackedGame:
    """An 11th-edition event game: roles already decided at the table and registered Battle
    Ready players are entered for them (either side may still change them)."""
    tracked = eleventh_of_event_game(game)
    for s, player in (("a", game.player_a), ("b", game.player_b)):
        if player.battle_ready:
            _store(
                tracked,
                {"type": "battle_ready", "round": 0, "phase": "roles", "side": s, "value": True},
                actor="system",
            )
    if game.attacker_id is not None:
        attacker = "a" if game.attacker_id == game.player_a_id else "b"
        _store(
            tracked,
            {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": attacker},
            actor="system",
        )
    return tracked


def _round_mission(game: Game):
    """The round's mission: a pool letter, or a generator code the organiser chose."""
    pack_key = game.round.event.mission_pack or "leviathan"
    code = game.round.mission_code
    if is_classic(pack_key):
        if not code:
            raise Conflict("game", "no_mission", "This round has no mission yet.")
        return round_mission(pack_key, code)
    if not code:
        return mission_generate(pack_key=pack_key)
    if len(code) <= 2:
        return round_mission(pack_key, code)
    return mission_lookup(code=code)


def _refusal(err: tracker.Refusal) -> Invalid:
    field = err.field
    if not field:
        head = str(err).split(":", 1)[0]
        field = head if head.isidentifier() else "action"
    return Invalid(field, err.code, str(err))


def _mission_of(tracked: TrackedGame):
    code = tracked.mission_code
    if len(code) <= 2:  # a Tournament Companion pool letter
        return round_mission(tracked.pack_key, code)
    return mission_lookup(code=code)


def _upgrade(tracked: TrackedGame) -> None:
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


class _ReadKeys(dict):
    """An action that notes which of its keys the engine looked at."""

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        self.read: set[str] = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)


def _store(
    tracked: TrackedGame, action: dict[str, Any], *, actor: str, strict: bool = False
) -> dict[str, Any]:
    # Each action type reads its own fields; with `strict`, a key the engine never looked
    # at (a typo, a field of another action) is refused rather than silently dropped.
    watched = _ReadKeys(action) if strict else action
    if maelstrom.is_maelstrom(tracked.state):
        new = maelstrom_apply(tracked.state, watched)
    elif eternal.is_eternal(tracked.state):
        new = eternal_apply(tracked.state, watched)
    elif eleventh.is_eleventh(tracked.state):
        new = eleventh_apply(tracked.state, watched)
    else:
        _upgrade(tracked)
        try:
            new = tracker.apply(tracked.state, watched)
        except tracker.Refusal as err:
            raise _refusal(err) from err
    if strict:
        # `seq` is the service's check, `side` also picks the view the caller gets back.
        unread = [key for key in action if key not in watched.read and key not in ("seq", "side")]
        if unread:
            kind = action.get("type")
            raise Invalid(unread[0], "unknown_field", f"{unread[0]}: not a field of {kind}")
    TrackedAction.objects.create(tracked=tracked, seq=new["seq"], actor=actor, action=action)
    tracked.state = new
    tracked.finished = new["phase"] == "over"
    tracked.save(update_fields=["state", "finished", "updated_at"])
    return new


def _actor(user, player: Player | None) -> str:
    if player is not None:
        return f"player:{player.pk}"
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}"
    return "link"


def tracker_act(
    *, tracked_id: int, action: Any, user=None, player: Player | None = None, strict: bool = False
) -> TrackedGame:
    """Apply one action under a row lock and log it; a refusal changes nothing.

    Callers have already checked access (token, key or organiser). An action carrying a
    `seq` that is not the game's current one was built from an old view (a second phone)
    and is refused with `stale_action` (409). `strict` (the API) refuses keys the action does
    not take (`unknown_field`); the pages' forms send a fixed set of fields for every action."""
    if not isinstance(action, dict):
        raise Invalid("action", "bad_action", "action: must be a JSON object")
    with transaction.atomic():
        tracked = TrackedGame.objects.select_for_update().filter(pk=tracked_id).first()
        if tracked is None:
            raise NotFound("token", "not_found", "No such tracked game.")
        if "seq" in action and action["seq"] != tracked.seq:
            if not _only_hidden_choices_since(tracked, action):
                raise Conflict(
                    "seq",
                    "stale_action",
                    f"seq: the game has moved on to action {tracked.seq}; reload and try again",
                )
            # Built before the other side's hidden choice, which changed nothing this side
            # may do: applied as if sent now (the log then replays).
            action = {**action, "seq": tracked.seq}
        had_roles = tracked.state.get("roles") is not None
        state = _store(tracked, action, actor=_actor(user, player), strict=strict)
        if tracked.game_id is not None and _is_classic_state(state):
            if state["phase"] == "over":
                _enter_result(tracked, _classic_result_data(state), user=user, player=player)
        elif tracked.game_id is not None and eleventh.is_eleventh(state):
            if state["attacker"] is not None and tracked.game.attacker_id is None:
                game = tracked.game
                game.attacker_id = getattr(game, f"player_{state['attacker']}_id")
                game.save(update_fields=["attacker"])
            if state["phase"] == "over":
                _enter_result(tracked, eleventh_result_data(state), user=user, player=player)
        elif tracked.game_id is not None:
            if not had_roles and state["roles"] is not None:
                _record_attacker(tracked, state)
            if state["phase"] == "over":
                _enter_result(tracked, result_data(state), user=user, player=player)
        return tracked


# Choices each side makes face down, revealed once both have chosen.
SECRET_CHOICES = ("select_secondaries", "choose_gambit", "choose_secondaries")


def _only_hidden_choices_since(tracked: TrackedGame, action: dict[str, Any]) -> bool:
    """True when every action since the one `action` was built on is the other side's secret
    choice, still unrevealed: two phones choosing at the same moment, in either order. A
    reveal moves the phase on, so a choice that revealed makes any older view stale."""
    seen, side = action["seq"], action.get("side")
    sides = tracker_sides(tracked)
    if type(seen) is not int or seen > tracked.seq or side not in sides:
        return False
    if _is_classic_state(tracked.state):  # nothing is chosen face down in these games
        return False
    since = list(
        TrackedAction.objects.filter(tracked=tracked, seq__gt=seen).values_list("action", flat=True)
    )
    state = tracked.state
    return all(
        done.get("type") in SECRET_CHOICES
        and done.get("side") in sides
        and done.get("side") != side
        and (done.get("round"), done.get("phase")) == (state["round"], state["phase"])
        for done in since
    )


def _record_attacker(tracked: TrackedGame, state: dict[str, Any]) -> None:
    game = tracked.game
    game.attacker_id = (
        game.player_a_id if state["roles"]["attacker"] == EVENT_PLAYERS[0] else game.player_b_id
    )
    game.save(update_fields=["attacker"])
    _battle_ready_from_registration(tracked)


def _battle_ready_from_registration(tracked: TrackedGame) -> None:
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
            _store(tracked, action, actor="system")


def result_data(state: dict[str, Any]) -> dict[str, int]:
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


def _enter_result(tracked: TrackedGame, data, *, user, player: Player | None) -> None:
    result, _ = result_enter(
        game_id=tracked.game_id,
        data=data,
        user=user,
        player=player,
        source="tracker",
    )
    tracked.result = result
    tracked.save(update_fields=["result"])


def player_side(tracked: TrackedGame, player: Player | None) -> str | None:
    """The side a player of an event game plays: in Leviathan once roles are decided; in a
    Maelstrom game player A is player_1, player B player_2."""
    if _is_classic_state(tracked.state):
        return maelstrom_side_of(tracked, player)
    if eleventh.is_eleventh(tracked.state):
        return eleventh_side_of(tracked, player)
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


def _result_summary(tracked: TrackedGame) -> dict[str, Any] | None:
    result = tracked.result
    if result is None:
        return None
    return {
        "id": result.pk,
        "status": result.status,
        "source": result.source,
        "vp_a": result.vp_a,
        "vp_b": result.vp_b,
    }


def tracker_view(*, tracked: TrackedGame, side: str | None) -> dict[str, Any]:
    """What one side (or a spectator, side None) may see: never the seed, the deck order or
    the other side's unrevealed choices. Plus the live score, legal action types and texts."""
    if maelstrom.is_maelstrom(tracked.state):
        return {**maelstrom_view(tracked=tracked, side=side), "result": _result_summary(tracked)}
    if eleventh.is_eleventh(tracked.state):
        return {**eleventh_view(tracked=tracked, side=side), "result": _result_summary(tracked)}
    if eternal.is_eternal(tracked.state):
        return {**eternal_view(tracked=tracked, side=side), "result": _result_summary(tracked)}
    if side not in (None, *SIDES):
        raise Invalid("side", "bad_side", "side: must be attacker, defender or empty")
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
        "options": tracker.options(state),
        "state": tracker.view(state, side),
        "score": tracker.score_sheet(state),
        "final": final,
        "result": _result_summary(tracked),
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


def tracker_sides(tracked: TrackedGame) -> tuple[str, ...]:
    """The sides of a tracked game: Attacker and Defender, Maelstrom's player_1/player_2, or
    an 11th-edition game's a and b (player A and player B)."""
    if eleventh.is_eleventh(tracked.state):
        return eleventh.SIDES
    return maelstrom.PLAYERS if _is_classic_state(tracked.state) else SIDES


def _classic_result_data(state: dict[str, Any]) -> dict[str, Any]:
    if maelstrom.is_maelstrom(state):
        return maelstrom_result_data(state)
    return eternal_result_data(state)


def _is_classic_state(state: dict[str, Any]) -> bool:
    """An older pack's game (Maelstrom of War, Eternal War, Only War): sides player_1 and
    player_2, player A playing player_1 in an event game."""
    return maelstrom.is_maelstrom(state) or eternal.is_eternal(state)


def tracker_game_act(
    *, game_id: int, action: Any, user=None, player: Player | None = None, strict: bool = False
) -> TrackedGame:
    """An event game's action: each player acts only for their own side (an action naming
    the other side is refused, 403); the event's organisers act for both."""
    tracked = tracker_of_game(game_id=game_id, user=user, player=player)
    mine = player_side(tracked, player)
    acting = action.get("side") if isinstance(action, dict) else None
    foreign = acting in tracker_sides(tracked) and acting != mine
    if player is not None and mine is not None and foreign:
        if _is_classic_state(tracked.state):
            message = f"side: you play {maelstrom_names(tracked)[mine]}'s side; act for it only"
        elif eleventh.is_eleventh(tracked.state):
            message = f"side: you play {player.name}'s side; act for it only"
        else:
            message = f"side: you play the {mine}; act for it only"
        raise Forbidden("side", "not_your_side", message)
    if player is not None and tracker_sides(tracked) == SIDES:  # Leviathan
        _require_roll_off_winner(tracked, action, player)
    if player is not None and eleventh.is_eleventh(tracked.state):
        _require_eleventh_roll_off_winner(tracked, action, player)
    return tracker_act(
        tracked_id=tracked.pk, action=action, user=user, player=player, strict=strict
    )


def _require_eleventh_roll_off_winner(tracked: TrackedGame, action: Any, player: Player) -> None:
    """After the roll-off for roles only its winner says who attacks (before it the players
    may simply agree, from either phone); organisers choose for the winner."""
    if not isinstance(action, dict) or action.get("type") != "assign_roles":
        return
    roll = (tracked.state.get("roll_offs") or {}).get("roles")
    if roll is None or roll["winner"] == eleventh_side_of(tracked, player):
        return
    game = tracked.game
    winner = game.player_a if roll["winner"] == "a" else game.player_b
    raise Forbidden(
        "attacker",
        "not_roll_off_winner",
        f"attacker: {winner.name} won the roll-off and chooses who attacks",
    )


def _require_roll_off_winner(tracked: TrackedGame, action: Any, player: Player) -> None:
    """After the roll-off for roles only its winner says who attacks (before it the two
    players may simply agree, from either phone); organisers choose for the winner."""
    if not isinstance(action, dict) or action.get("type") != "assign_roles":
        return
    roll = (tracked.state.get("roll_offs") or {}).get("roles")
    if roll is None:
        return
    game = tracked.game
    label = EVENT_PLAYERS[0] if player.pk == game.player_a_id else EVENT_PLAYERS[1]
    if roll["winner"] != label:
        winner = game.player_a if roll["winner"] == EVENT_PLAYERS[0] else game.player_b
        raise Forbidden(
            "attacker",
            "not_roll_off_winner",
            f"attacker: {winner.name} won the roll-off and chooses who attacks",
        )
