"""The pairing ritual between two captains, as a pure engine (no ORM, no clock, no randomness).

Inside a team match the captains pair their players by a draft of secret, simultaneous choices:

1. each side secretly puts forward a *defender* from its unpaired players;
2. each side secretly puts forward two *attackers* against the other side's defender;
3. each side secretly *chooses* one of the two attackers sent against its own defender; that
   attacker plays the defender, the refused attacker goes back to the pool.

A step's choices are committed one side at a time and revealed together only once both sides
have chosen. Rounds of these three steps repeat until the ending of the variant (VARIANTS):

- ``etc`` ("ETC/WTC draft", the ETC and the WTC's process, also used by 5-player events such as
  the ATC and UKTC ITTs): rounds repeat while more than four players per side remain unpaired.
  When three remain, the two players beside the defender are the attackers without a choice and
  the two refused attackers play each other. When four remain (even team sizes: the WTC's third
  round for teams of 8), the round runs as usual, then the refused attackers play each other and
  the last player left on each side plays the other's. Team sizes 3 to 8.
- ``champions`` ("Champions first", the Eastern European team format): before the first
  defender each side secretly names a *champion*, who takes no part in the draft and plays the
  other side's champion; the other players are paired by the ``etc`` draft. Team sizes 4 to 8.

Per team size (rounds of the draft, then the ending; each full round pairs two players a side):

    size  etc                                     champions
    3     the three-left ending                   -
    4     the four-left ending                    champions, then the three-left ending
    5     1 round, the three-left ending          champions, then the four-left ending
    6     1 round, the four-left ending           champions, 1 round, three-left ending
    7     2 rounds, the three-left ending         champions, 1 round, four-left ending
    8     2 rounds, the four-left ending (WTC)    champions, 2 rounds, three-left ending

The state is a JSON-ready dict; `apply(state, side, action)` returns a new state and never
mutates its argument; `view(state, side)` is what one captain (or the organiser, side None) may
see: never the other side's committed but unrevealed choice. Refusals raise RitualError with a
machine code and the offending field.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from common.errors import RuleError, gettext_noop

SIDES = ("a", "b")
VARIANTS: dict[str, dict] = {
    "etc": {"label": "ETC/WTC draft", "sizes": range(3, 9), "champions": False},
    "champions": {"label": "Champions first", "sizes": range(4, 9), "champions": True},
}
DEFAULT_VARIANT = "etc"

STEP_CHAMPION = "champion"
STEP_DEFENDER = "defender"
STEP_ATTACKERS = "attackers"
STEP_CHOICE = "choice"
STEP_DONE = "done"
STEPS = (STEP_CHAMPION, STEP_DEFENDER, STEP_ATTACKERS, STEP_CHOICE)

# How each game came about, for the ritual record.
HOW_CHAMPIONS = "champions"
HOW_DEFENDER_A = "defender_a"  # side a's defender against the attacker it chose
HOW_DEFENDER_B = "defender_b"
HOW_REFUSED = "refused"  # the two refused attackers of the last round
HOW_LAST = "last"  # the last player on each side


class RitualError(RuleError):
    """A step of the ritual that its rules refuse; `field` names the offending input."""

    def __str__(self) -> str:
        return f"{self.field}: {self.message} [{self.code}]"


@dataclass(frozen=True)
class Game:
    a: object
    b: object
    how: str


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def new_ritual(players_a: list, players_b: list, *, variant: str = DEFAULT_VARIANT) -> dict:
    """The state before the first choice. Players are any JSON scalars (ids)."""
    if variant not in VARIANTS:
        raise RitualError(
            "unknown_variant",
            gettext_noop("Unknown ritual variant %(variant)s."),
            field="variant",
            params={"variant": repr(variant)},
        )
    size = len(players_a)
    if len(players_b) != size:
        raise RitualError(
            "unequal_teams", gettext_noop("Both teams must field the same number."), field="players"
        )
    if size not in VARIANTS[variant]["sizes"]:
        sizes = VARIANTS[variant]["sizes"]
        raise RitualError(
            "team_size",
            gettext_noop("The %(label)s ritual needs %(fewest)s to %(most)s players."),
            field="players",
            params={"label": VARIANTS[variant]["label"], "fewest": sizes[0], "most": sizes[-1]},
        )
    for side, team in (("a", players_a), ("b", players_b)):
        if len(set(team)) != len(team):
            raise RitualError(
                "duplicate_player",
                gettext_noop("Team %(side)s lists a player twice."),
                field="players",
                params={"side": side},
            )
    first = STEP_CHAMPION if VARIANTS[variant]["champions"] else STEP_DEFENDER
    return {
        "variant": variant,
        "size": size,
        "teams": {"a": list(players_a), "b": list(players_b)},
        "pool": {"a": list(players_a), "b": list(players_b)},
        "round": 0 if first == STEP_CHAMPION else 1,
        "step": first,
        "pending": {"a": None, "b": None},
        "current": {},  # this round's revealed defender and attackers, by step then side
        "games": [],
        "history": [],  # every revealed step: {"round", "step", "a", "b"}
        "version": 0,
    }


def is_done(state: dict) -> bool:
    return state["step"] == STEP_DONE


def forced_attackers(state: dict, side: str) -> list | None:
    """With three players left, the two beside the defender attack without a choice."""
    pool = state["pool"][side]
    if len(pool) != 3:
        return None
    defender = state["current"][STEP_DEFENDER][side]
    return [p for p in pool if p != defender]


def options(state: dict, side: str) -> list:
    """The players `side` may name at the current step (one or two of them)."""
    step = state["step"]
    pool = state["pool"][side]
    if step in (STEP_CHAMPION, STEP_DEFENDER):
        return list(pool)
    if step == STEP_ATTACKERS:
        defender = state["current"][STEP_DEFENDER][side]
        return [p for p in pool if p != defender]
    if step == STEP_CHOICE:
        return list(state["current"][STEP_ATTACKERS][other(side)])
    return []


def apply(state: dict, side: str, action: dict) -> dict:
    """Commit `side`'s choice for the current step; reveal and move on once both have chosen.

    `action` is {"step": <step>, "player": x} or, for attackers, {"step": "attackers",
    "players": [x, y]}. Returns a new state.
    """
    if side not in SIDES:
        raise RitualError(
            "unknown_side", gettext_noop("The side must be 'a' or 'b'."), field="side"
        )
    if is_done(state):
        raise RitualError(
            "ritual_done", gettext_noop("The ritual is over: every player is paired."), field="step"
        )
    step = action.get("step")
    if step != state["step"]:
        raise RitualError(
            "wrong_step",
            gettext_noop("The ritual is at the %(step)s step, not %(step2)s."),
            field="step",
            params={"step": state["step"], "step2": repr(step)},
        )
    if state["pending"][side] is not None:
        raise RitualError(
            "already_chosen",
            gettext_noop("This side has already chosen at the %(step)s step."),
            field="step",
            params={"step": step},
        )
    choice = _validated(state, side, action)
    new = copy.deepcopy(state)
    new["pending"][side] = choice
    new["version"] += 1
    if all(new["pending"][s] is not None for s in SIDES):
        _reveal(new)
    return new


def _validated(state: dict, side: str, action: dict):
    allowed = options(state, side)
    if state["step"] == STEP_ATTACKERS:
        players = action.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise RitualError(
                "two_attackers", gettext_noop("Put forward exactly two attackers."), field="players"
            )
        if players[0] == players[1]:
            raise RitualError(
                "same_player_twice", gettext_noop("The two attackers must differ."), field="players"
            )
        for p in players:
            _check_available(state, side, p, allowed, "players")
        return list(players)
    player = action.get("player")
    _check_available(state, side, player, allowed, "player")
    return player


def _check_available(state: dict, side: str, player, allowed: list, field: str) -> None:
    if player in allowed:
        return
    step = state["step"]
    if step == STEP_CHOICE:
        raise RitualError(
            "not_an_attacker",
            gettext_noop("Choose one of the two attackers sent against you."),
            field=field,
        )
    if step == STEP_ATTACKERS and player == state["current"][STEP_DEFENDER][side]:
        raise RitualError(
            "same_player_twice", gettext_noop("Your defender cannot also attack."), field=field
        )
    raise RitualError(
        "player_not_available",
        gettext_noop("That player is not one of your unpaired players."),
        field=field,
    )


def _reveal(state: dict) -> None:
    step = state["step"]
    chosen = dict(state["pending"])
    state["pending"] = {"a": None, "b": None}
    state["history"].append({"round": state["round"], "step": step, **chosen})
    if step == STEP_CHAMPION:
        _pair(state, chosen["a"], chosen["b"], HOW_CHAMPIONS)
        state["round"] = 1
        state["step"] = STEP_DEFENDER
        return
    if step == STEP_DEFENDER:
        state["current"] = {STEP_DEFENDER: chosen}
        forced = {s: forced_attackers(state, s) for s in SIDES}
        if forced["a"] is not None:
            # No choice to make: reveal the forced attackers straight away, in the record too.
            state["current"][STEP_ATTACKERS] = forced
            state["history"].append(
                {"round": state["round"], "step": STEP_ATTACKERS, "forced": True, **forced}
            )
            state["step"] = STEP_CHOICE
        else:
            state["step"] = STEP_ATTACKERS
        return
    if step == STEP_ATTACKERS:
        state["current"][STEP_ATTACKERS] = chosen
        state["step"] = STEP_CHOICE
        return
    # STEP_CHOICE: each defender plays the attacker its side accepted.
    current = state["current"]
    defenders, attackers = current[STEP_DEFENDER], current[STEP_ATTACKERS]
    current[STEP_CHOICE] = chosen
    left_before = len(state["pool"]["a"])
    _pair(state, defenders["a"], chosen["a"], HOW_DEFENDER_A)
    _pair(state, chosen["b"], defenders["b"], HOW_DEFENDER_B)
    refused = {s: next(p for p in attackers[s] if p != chosen[other(s)]) for s in SIDES}
    if left_before in (3, 4):
        _pair(state, refused["a"], refused["b"], HOW_REFUSED)
    if left_before == 4:
        _pair(state, state["pool"]["a"][0], state["pool"]["b"][0], HOW_LAST)
    if not state["pool"]["a"]:
        state["step"] = STEP_DONE
    else:
        state["round"] += 1
        state["step"] = STEP_DEFENDER
        state["current"] = {}


def _pair(state: dict, a, b, how: str) -> None:
    state["pool"]["a"].remove(a)
    state["pool"]["b"].remove(b)
    state["games"].append({"a": a, "b": b, "how": how})


def games(state: dict) -> list[Game]:
    return [Game(g["a"], g["b"], g["how"]) for g in state["games"]]


def replay(players_a: list, players_b: list, variant: str, log: list[dict]) -> dict:
    """Rebuild a state from its action log: [{"side": "a", "action": {...}}, ...]."""
    state = new_ritual(players_a, players_b, variant=variant)
    for entry in log:
        state = apply(state, entry["side"], entry["action"])
    return state


def side_version(state: dict, side: str) -> int:
    """The version as `side` sees it: every action but the other side's unrevealed commit,
    which leaves this side's options as they were. Two captains choosing at the same moment
    are then both up to date; a reveal (or this side's own commit) moves it on."""
    return state["version"] - (state["pending"][other(side)] is not None)


def is_current(state: dict, side: str, version: int) -> bool:
    """A choice built from `version` still sees this side's options as they are."""
    return version in (state["version"], side_version(state, side))


def view(state: dict, side: str | None) -> dict:
    """What `side` may see; side None is a neutral view (the organiser's or the public's).

    The other side's committed but unrevealed choice is never in it, only that it was made.
    """
    pending = state["pending"]
    seen = {
        "variant": state["variant"],
        "variant_label": VARIANTS[state["variant"]]["label"],
        "size": state["size"],
        "round": state["round"],
        "step": state["step"],
        "done": is_done(state),
        "version": state["version"] if side is None else side_version(state, side),
        "teams": copy.deepcopy(state["teams"]),
        "pool": copy.deepcopy(state["pool"]),
        "current": copy.deepcopy(state["current"]),
        "games": copy.deepcopy(state["games"]),
        "history": copy.deepcopy(state["history"]),
        "committed": {s: pending[s] is not None for s in SIDES},
        "side": side,
    }
    if side is not None:
        seen["my_choice"] = copy.deepcopy(pending[side])
        seen["options"] = [] if pending[side] is not None else options(state, side)
    return seen
