"""What the older packs' trackers share: a table of actions behind the one door
(`tracker.engine.door`: the clock check, a private copy, `seq`), reading a side or a whole
number from an action, the variable game length roll and a sudden-death end. Used by the
Maelstrom of War engine (`tracker.engine.maelstrom`) and the Eternal War / Only War engine
(`tracker.engine.eternal`); both keep their state as a JSON-able dict with `round`, `phase`,
`turn`, `seq` and their own seeded dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from common.errors import gettext_noop
from tracker.engine import door
from tracker.engine.door import Action, ActionSpec, Handler, State
from tracker.engine.errors import require

PLAYERS = ("player_1", "player_2")

# Variable game length (8th and 7th edition): after round 5 the game goes on with a D6 of 3+,
# after round 6 with 4+, and it always ends after round 7 (seed 000 line 1166, seed 001 297).
MIN_ROUNDS = 5
MAX_ROUNDS = 7
CONTINUE_ON = {5: 3, 6: 4}
EARLY_ENDS = ("concession", "tabled")


def other(side: str) -> str:
    return PLAYERS[1 - PLAYERS.index(side)]


class ActionTable:
    """The action types of one engine: each registered with the phases it may be sent in,
    none naming a side the door checks (their handlers read it)."""

    def __init__(self) -> None:
        self.actions: dict[str, ActionSpec] = {}

    def action(self, kind: str, *phases: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            self.actions[kind] = ActionSpec(kind, fn, frozenset(phases), needs_side=False)
            return fn

        return register

    def apply(self, state: State, act: Action) -> State:
        """A new state with `act` applied, or raise `Refusal` (the input is never mutated).
        Every action is a dict with "type", "round" and "phase" matching the game's clock;
        "seq" (optional) refuses an action built from an older state."""
        return door.apply(state, act, self.actions, pins_turn=False)

    def replay(self, initial: State, log: Iterable[Action]) -> State:
        """Apply a stored action log in order; raises the first refusal (a corrupt log)."""
        return door.replay(self.apply, initial, log)

    def phase_actions(self, state: State) -> list[str]:
        return door.phase_actions(self.actions, state)


def read_side(act: Action, field: str = "side") -> str:
    side = act.get(field)
    require(
        side in PLAYERS,
        "bad_side",
        gettext_noop("must be one of %(choices)s"),
        field=field,
        params={"choices": ", ".join(PLAYERS)},
    )
    return side


def read_own_turn(state: State, act: Action) -> str:
    side = read_side(act)
    require(
        side == state["turn"],
        "not_your_turn",
        gettext_noop("it is %(turn)s's turn, not %(side)s's"),
        field="side",
        params={"turn": state["turn"], "side": side},
    )
    return side


def read_int(act: Action, field: str, low: int, high: int, *, default: int | None = None) -> int:
    value = act.get(field, default)
    require(
        type(value) is int and low <= value <= high,
        "bad_number",
        gettext_noop("a whole number from %(low)s to %(high)s"),
        field=field,
        params={"low": low, "high": high},
    )
    return value


def rng(state: State) -> random.Random:
    """A fresh generator for the next random step; replays reproduce it from seed and count."""
    uses = state["rng_uses"]
    state["rng_uses"] = uses + 1
    return random.Random(f"{state['seed']}:{uses}")


def roll_or_entered(state: State, act: Action, field: str, low: int, high: int) -> int:
    """A die the players rolled at the table (`field` given) or one the tracker rolls."""
    if act.get(field) is not None:
        return read_int(act, field, low, high)
    return rng(state).randint(low, high)


def game_length_roll(state: State, act: Action) -> bool:
    """The variable game length roll after round 5 or 6, recorded in `game_length` and the
    log: True when the battle goes on."""
    entered = act.get("roll") is not None
    roll = roll_or_entered(state, act, "roll", 1, 6)
    need = CONTINUE_ON[state["round"]]
    goes_on = roll >= need
    state["game_length"].append(
        {
            "after_round": state["round"],
            "roll": roll,
            "need": need,
            "goes_on": goes_on,
            "entered": entered,
        }
    )
    log(state, "", "game_length", roll=roll, need=need, goes_on=goes_on)
    return goes_on


def read_early_end(act: Action) -> tuple[str, str]:
    """(side that loses, how): a concession or a tabled side."""
    side = read_side(act)
    how = act.get("how")
    require(
        how in EARLY_ENDS,
        "bad_end",
        gettext_noop("one of %(choices)s"),
        field="how",
        params={"choices": ", ".join(EARLY_ENDS)},
    )
    return side, how


def require_tabled_now(state: State) -> None:
    """When a side may be found with no models left (each engine checks its own phase): in
    8th edition at the end of a turn after the first battle round (seed 000 line 2019); in
    7th edition at the end of a game turn, both players' turns (seed 001 line 311; a game turn
    is a battle round there: lines 297 and 660)."""
    pack = state["pack"]
    require(
        pack != "eighth" or state["round"] > 1,
        "not_in_first_round",
        gettext_noop("in 8th edition a side is tabled only after the first battle round"),
        field="how",
    )
    require(
        pack != "seventh" or state["turn"] != state["first_turn"],
        "not_end_of_game_turn",
        gettext_noop(
            "in 7th edition a side is tabled at the end of a game turn (both turns played)"
        ),
        field="how",
    )


def end_early(state: State, side: str, how: str, end_phase: str) -> None:
    """The battle ends at once with the opponent's victory, whatever the VP."""
    state["ended"] = {"how": how, "winner": other(side)}
    state["phase"], state["turn"] = end_phase, None
    log(state, side, "end_early", how=how)


def log(state: State, side: str, kind: str, **fields: Any) -> None:
    state["log"].append(
        {"round": state["round"], "turn": state["turn"], "side": side, "kind": kind, **fields}
    )
