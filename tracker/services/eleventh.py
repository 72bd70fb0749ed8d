"""11th-edition tracked games: start, view, sides and the finished game as a result
(standalone or an event's game), the 11th edition's entry in `tracker.services.editions`.
Side "a" is the game's player A (the first disposition), side "b" player B; Attacker and
Defender are recorded, not sides.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.utils.translation import gettext

from common.errors import Conflict, Invalid
from missions.eleventh.matrix import (
    DISPOSITION_NAMES,
    UnknownDisposition,
    check_disposition,
    primary_for,
)
from missions.services.missions import mission_lookup
from tracker.engine import eleventh
from tracker.engine.eleventh.pack_cards import primary_card, secondary_cards, texts
from tracker.models import TrackedGame
from tracker.services.base import Store, result_summary

PACK_KEY = "eleventh"
SIDES = eleventh.SIDES
MISSION_CODE_MAX = 40


def _disposition(field: str, value: Any) -> str:
    if not isinstance(value, str):
        raise Invalid(
            field,
            "unknown_disposition",
            gettext("%(field)s: a disposition id, as text") % {"field": field},
        )
    try:
        return check_disposition(value)
    except UnknownDisposition as exc:
        raise Invalid(
            field,
            "unknown_disposition",
            f"{field}: {value!r} is not a Force Disposition; one of "
            + ", ".join(DISPOSITION_NAMES),
        ) from exc


def eleventh_create(*, a: Any, b: Any, mission_code: str | None = None, game=None) -> TrackedGame:
    """A game between dispositions `a` (player A) and `b` (player B): each plays their own
    primary, the cell of the matrix. `mission_code` labels it (a generator code)."""
    a, b = _disposition("a", a), _disposition("b", b)
    if mission_code is not None and (
        not isinstance(mission_code, str) or len(mission_code) > MISSION_CODE_MAX
    ):
        raise Invalid("mission", "invalid", gettext("mission: a code of at most 40 characters"))
    args = {"seed": secrets.token_hex(16), "dispositions": [a, b]}
    state = eleventh.new_game(
        args["seed"],
        primaries={"a": primary_card(primary_for(a, b)), "b": primary_card(primary_for(b, a))},
        secondaries=secondary_cards(),
        dispositions=(a, b),
    )
    return TrackedGame.objects.create(
        game=game,
        pack_key=PACK_KEY,
        mission_code=mission_code or f"{a} v {b}"[:MISSION_CODE_MAX],
        initial_args=args,
        state=state,
    )


def eleventh_start(
    *, mission_code: Any = None, dispositions=None, mission_key=None, seed=None
) -> TrackedGame:
    """A standalone game: two dispositions chosen (player A's, player B's), or the matchup a
    generator code (`mission_code`) stands for. `mission_key` and `seed` are not read."""
    code = mission_code
    if code not in (None, ""):
        if not isinstance(code, str) or "\x00" in code:
            raise Invalid("mission", "unknown_mission", gettext("mission: a matchup code, as text"))
        matchup = mission_lookup(code=code.strip())
        if not hasattr(matchup, "primary_a"):
            raise Invalid(
                "mission",
                "not_eleventh",
                gettext("mission: %(strip)s is not an 11th-edition matchup code")
                % {"strip": code.strip()},
            )
        return eleventh_create(a=matchup.a, b=matchup.b, mission_code=matchup.code)
    a, b = dispositions if dispositions is not None else (None, None)
    return eleventh_create(a=a, b=b)


def eleventh_open(mission, *, game) -> TrackedGame:
    """An event game's tracked game, from the dispositions the game was made with (the round
    has no `mission` to ask)."""
    a, b = game.disposition_a, game.disposition_b
    if not (a and b):
        missing = [p.name for p, d in ((game.player_a, a), (game.player_b, b)) if not d]
        raise Conflict(
            "game",
            "no_disposition",
            gettext(
                "%(join)s recorded no Force Disposition for this game, so "
                "their primaries are unknown: enter the score on the result "
                "form."
            )
            % {"join": " and ".join(missing)},
        )
    return eleventh_create(a=a, b=b, game=game)


def eleventh_seat_players(tracked: TrackedGame, store: Store) -> None:
    """Registered Battle Ready players and roles already decided at the table are entered
    (either side may still change them)."""
    game = tracked.game
    for s, player in (("a", game.player_a), ("b", game.player_b)):
        if player.battle_ready:
            store(
                tracked,
                {"type": "battle_ready", "round": 0, "phase": "roles", "side": s, "value": True},
            )
    if game.attacker_id is not None:
        attacker = "a" if game.attacker_id == game.player_a_id else "b"
        store(tracked, {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": attacker})


def eleventh_record_attacker(
    tracked: TrackedGame, before: dict[str, Any], state: dict[str, Any], store: Store
) -> None:
    """The attacker the game now knows goes to the event game's row."""
    game = tracked.game
    if state["attacker"] is not None and game.attacker_id is None:
        game.attacker_id = getattr(game, f"player_{state['attacker']}_id")
        game.save(update_fields=["attacker"])


def eleventh_names(tracked: TrackedGame) -> dict[str, str]:
    game = tracked.game
    if game is not None:
        return {"a": game.player_a.name, "b": game.player_b.name}
    return {"a": "Player A", "b": "Player B"}


def eleventh_side_of(tracked: TrackedGame, player) -> str | None:
    game = tracked.game
    if player is None or game is None:
        return None
    return "a" if player.pk == game.player_a_id else "b"


def eleventh_result_data(state: dict[str, Any]) -> dict[str, Any]:
    """A finished game's score as `result_enter` data: each side's capped primary, secondary,
    Battle Ready and total, the five-round breakdown, who attacked, who went first and each
    side's Fixed or Tactical choice."""
    final = eleventh.final_score(state)
    data: dict[str, Any] = {}
    for s in SIDES:
        mine = final[s]
        for part in ("primary", "secondary", "battle_ready"):
            data[f"{part}_{s}"] = mine[part]
        data[f"vp_{s}"] = mine["total"]
        # The result's game record (missions/scoring/eleventh.py).
        data[f"rounds_{s}"] = mine["rounds"]
        data[f"secondaries_{s}"] = mine["mode"]
    data["attacker"] = final["attacker"]
    data["first_turn"] = final["first_turn"]
    return data


def _mission_label(code: str, state: dict) -> str:
    """How the page names the game: the dispositions' names where the code is only their ids
    ("take-and-hold v purge-the-foe", the default label), else the code as given."""
    ids = [state["sides"][s]["disposition"] for s in SIDES]
    if code == f"{ids[0]} v {ids[1]}"[:MISSION_CODE_MAX]:
        return " v ".join(DISPOSITION_NAMES.get(i, i) for i in ids)
    return code


def eleventh_view(*, tracked: TrackedGame, side: str | None) -> dict[str, Any]:
    """What one side (or a spectator, side None) may see: never the seed, the deck order or
    the other side's unrevealed choice; plus the live score, legal actions and card words."""
    if side not in (None, *SIDES):
        raise Invalid("side", "bad_side", gettext("side: must be a, b or empty"))
    state = tracked.state
    over = state["phase"] == "over"
    return {
        "engine": eleventh.ENGINE,
        "token": None if tracked.game_id else tracked.token,
        "game": tracked.game_id,
        "pack": PACK_KEY,
        "mission_code": tracked.mission_code,
        "mission_label": _mission_label(tracked.mission_code, state),
        "dispositions": [state["sides"][s]["disposition"] for s in SIDES],
        "primaries": {s: state["sides"][s]["primary"]["name"] for s in SIDES},
        "side": side,
        "players": eleventh_names(tracked),
        "finished": tracked.finished,
        "clock": eleventh.clock_of(state),
        "phase_actions": eleventh.phase_actions(state),
        "options": eleventh.options(state, gettext),
        "state": eleventh.view(state, side),
        "score": eleventh.score_sheet(state),
        "final": eleventh.final_score(state) if over else None,
        "texts": texts(),
        "result": result_summary(tracked),
    }
