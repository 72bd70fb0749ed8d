"""The tracker's editions as services, one per ruleset (`tracker.engine.rulesets`): which
missions each plays, how a game of it opens, is shown and acted for, and what its finished
game enters as a result. `tracker.services.trackers` goes through here and never asks which
edition a game is; each hook lives in its edition's module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from common.errors import Conflict, Invalid
from missions.services.missions import (
    is_classic,
    mission_generate,
    mission_lookup,
    round_mission,
)
from tournament.models import Game, Player
from tracker.engine.errors import Refusal
from tracker.engine.rulesets import RULESETS, Ruleset, ruleset_of
from tracker.models import TrackedGame
from tracker.services import eleventh, eternal, leviathan, maelstrom
from tracker.services.base import Store, refusal
from tracker.services.classic import PLAYERS, classic_refusal, classic_side_of


def _nothing(*_args: Any) -> None:
    return None


@dataclass(frozen=True)
class Edition:
    ruleset: Ruleset
    # Whether a mission (a round's, or a code's) is played on this edition.
    plays: Callable[[Any], bool]
    # A new tracked game on a mission: (mission, *, game=None).
    open: Callable[..., TrackedGame]
    # What one side (None: a spectator) may see, the result it entered included.
    view: Callable[..., dict[str, Any]]
    side_of: Callable[[TrackedGame, Player | None], str | None]
    result_data: Callable[[dict[str, Any]], dict[str, Any]]
    refusal: Callable[[Refusal], Invalid]
    # An event game's player A and player B as the state's roll-offs name them.
    players: tuple[str, str]
    # Refused when an event game's player acts for the other side ({side}, {name}: theirs).
    not_your_side: str
    # Events on these packs play every game on this edition, opened from the game itself.
    event_packs: tuple[str, ...] = ()
    # A game stored by an older version is brought up to date before it acts.
    upgrade: Callable[[TrackedGame], None] = _nothing
    # An event game just opened: what the table and the registrations already say.
    seat_players: Callable[[TrackedGame, Store], None] = _nothing
    # After an event game's action (tracked, state before, state after, store): the
    # attacker it decided goes to the game's row.
    record_attacker: Callable[[TrackedGame, dict, dict, Store], None] = _nothing


PLAYER_SIDE = "side: you play {name}'s side; act for it only"

EDITIONS: dict[str, Edition] = {
    "leviathan": Edition(
        ruleset=RULESETS["leviathan"],
        plays=leviathan.leviathan_plays,
        open=leviathan.leviathan_open,
        view=leviathan.leviathan_view,
        side_of=leviathan.leviathan_side_of,
        result_data=leviathan.leviathan_result_data,
        refusal=refusal,
        players=leviathan.EVENT_PLAYERS,
        not_your_side="side: you play the {side}; act for it only",
        upgrade=leviathan.leviathan_upgrade,
        seat_players=leviathan.leviathan_seat_players,
        record_attacker=leviathan.leviathan_record_attacker,
    ),
    "eleventh": Edition(
        ruleset=RULESETS["eleventh"],
        plays=lambda mission: False,  # its events open each game from its dispositions
        open=eleventh.eleventh_open,
        view=eleventh.eleventh_view,
        side_of=eleventh.eleventh_side_of,
        result_data=eleventh.eleventh_result_data,
        refusal=refusal,
        players=eleventh.SIDES,
        not_your_side=PLAYER_SIDE,
        event_packs=(eleventh.PACK_KEY,),
        seat_players=eleventh.eleventh_seat_players,
        record_attacker=eleventh.eleventh_record_attacker,
    ),
    "maelstrom": Edition(
        ruleset=RULESETS["maelstrom"],
        plays=maelstrom.maelstrom_plays,
        open=maelstrom.maelstrom_open,
        view=maelstrom.maelstrom_view,
        side_of=classic_side_of,
        result_data=maelstrom.maelstrom_result_data,
        refusal=classic_refusal,
        players=PLAYERS,
        not_your_side=PLAYER_SIDE,
    ),
    "eternal": Edition(
        ruleset=RULESETS["eternal"],
        plays=eternal.eternal_plays,
        open=eternal.eternal_open,
        view=eternal.eternal_view,
        side_of=classic_side_of,
        result_data=eternal.eternal_result_data,
        refusal=classic_refusal,
        players=PLAYERS,
        not_your_side=PLAYER_SIDE,
    ),
}


def edition_of(tracked: TrackedGame) -> Edition:
    """The edition a stored game is played on (by its state's engine)."""
    return EDITIONS[ruleset_of(tracked.state).key]


def edition_of_mission(mission) -> Edition:
    return next(edition for edition in EDITIONS.values() if edition.plays(mission))


def edition_of_game(game: Game) -> tuple[Edition, Any]:
    """The edition an event game is played on, and the round's mission it opens on (None for
    an edition that opens a game from the game itself)."""
    pack_key = game.round.event.mission_pack or "leviathan"
    for edition in EDITIONS.values():
        if pack_key in edition.event_packs:
            return edition, None
    mission = _round_mission(pack_key, game.round.mission_code)
    return edition_of_mission(mission), mission


def _round_mission(pack_key: str, code: str):
    """The round's mission: a pool letter, or a generator code the organiser chose."""
    if is_classic(pack_key):
        if not code:
            raise Conflict("game", "no_mission", gettext("This round has no mission yet."))
        return round_mission(pack_key, code)
    if not code:
        return mission_generate(pack_key=pack_key)
    if len(code) <= 2:
        return round_mission(pack_key, code)
    return mission_lookup(code=code)


# Standalone games (`tracker_create`): the packs a game starts on, and how each reads the
# fields it is given (mission_code, mission_key, seed, dispositions).


def _refuse_nul(*fields: tuple[str, Any]) -> None:
    # A NUL cannot be stored (500s before).
    for field, value in fields:
        if isinstance(value, str) and "\x00" in value:
            raise Invalid(
                field,
                "invalid",
                gettext("%(field)s: may not hold a NUL character") % {"field": field},
            )


def _start_by_code(*, mission_code=None, mission_key=None, seed=None, dispositions=None):
    """A mission code (generated or pool), or a fresh mission: played on whichever edition
    plays it (an older pack's code too)."""
    _refuse_nul(("mission", mission_key), ("mission", mission_code), ("seed", seed))
    if mission_code is not None and not isinstance(mission_code, str):
        raise Invalid("mission", "unknown_mission", gettext("mission: a mission code, as text"))
    if mission_code:
        mission = mission_lookup(code=mission_code.strip())
    else:
        mission = mission_generate(pack_key="leviathan")
    return edition_of_mission(mission).open(mission)


def _start_classic(pack_key: str):
    def start(*, mission_code=None, mission_key=None, seed=None, dispositions=None):
        """A mission's key in the pack: a Maelstrom of War mission, or an Eternal War or Only
        War one (the simple score tracker); an optional `seed` and `mission_code` label."""
        _refuse_nul(("mission", mission_key), ("mission_code", mission_code), ("seed", seed))
        if not mission_key:
            raise Invalid("mission", "required", gettext("mission: name the mission (its key)"))
        create = (
            maelstrom.maelstrom_create
            if pack_key in maelstrom.MAELSTROM_PACKS
            and not eternal.is_eternal_mission(pack_key, mission_key)
            else eternal.eternal_create
        )
        return create(
            pack_key=pack_key, mission_key=mission_key, seed=seed, mission_code=mission_code
        )

    return start


STARTS: dict[str, Callable[..., TrackedGame]] = {
    "leviathan": _start_by_code,
    eleventh.PACK_KEY: eleventh.eleventh_start,
    **{pack_key: _start_classic(pack_key) for pack_key in eternal.ETERNAL_PACKS},
}
