"""Command points: each side's pool, what fills it and what it pays for.

Every change goes through `gain` or `spend`, which keep `cp`, the running totals and a log the
page shows; a spend the pool cannot pay is refused before anything changes.
"""

from __future__ import annotations

from typing import Any

from common.errors import Phrase, gettext_noop
from tracker.engine.errors import require
from tracker.engine.leviathan.actions import action
from tracker.engine.leviathan.rules import (
    COMMAND_REROLL_CP_VOX_STATIC,
    CORE_STRATAGEMS,
    CP_RULES,
    END_OF_BATTLE,
    SIDES,
    TURN_PHASES,
    VOX_STATIC,
)

State = dict[str, Any]


def _rules(state: State) -> dict[str, int]:
    return state.get("cp_rules") or CP_RULES


def _pool(state: State, s: str) -> dict[str, Any]:
    side = state["sides"][s]
    # Games stored before the CP pool existed start counting from what they recorded.
    side.setdefault("cp", _rules(state)["at_start"] + side["cp_gained"] - side["cp_spent"])
    side.setdefault("cp_extra_rounds", [])
    side.setdefault("cp_log", [])
    return side


def gain(state: State, s: str, amount: int, reason: str) -> None:
    side = _pool(state, s)
    side["cp"] += amount
    side["cp_gained"] += amount
    side["cp_log"].append({"round": state["round"], "delta": amount, "reason": reason})


def extra_available(state: State, s: str) -> bool:
    """The one CP per battle round from sources other than the Command phase is unused."""
    side = _pool(state, s)
    used = side["cp_extra_rounds"].count(state["round"])
    return used < _rules(state)["extra_per_round"]


def gain_extra(state: State, s: str, reason: str) -> bool:
    """1CP from another source if this round's allowance is free; False when it is not."""
    if not extra_available(state, s):
        return False
    _pool(state, s)["cp_extra_rounds"].append(state["round"])
    gain(state, s, 1, reason)
    return True


def spend(state: State, s: str, amount: int, reason: str) -> None:
    side = _pool(state, s)
    require(
        side["cp"] >= amount,
        "not_enough_cp",
        gettext_noop("%(reason)s costs %(amount)sCP and this side has %(cp)sCP"),
        field="cp",
        params={"reason": Phrase(reason), "amount": amount, "cp": side["cp"]},
    )
    side["cp"] -= amount
    side["cp_spent"] += amount
    side["cp_log"].append({"round": state["round"], "delta": -amount, "reason": reason})


def stratagem_costs(state: State) -> dict[str, int]:
    """Each core Stratagem's cost in this game (key -> CP)."""
    costs = {key: cost for key, (_, cost) in CORE_STRATAGEMS.items()}
    if VOX_STATIC in state["mission_rules"]:
        costs["command_reroll"] = COMMAND_REROLL_CP_VOX_STATIC
    return costs


def command_phase_starts(state: State) -> None:
    """Both players gain the Command phase CP at the start of every Command phase."""
    for s in SIDES:
        gain(state, s, _rules(state)["per_command_phase"], "Command phase")


@action("gain_cp", phases=TURN_PHASES)
def gain_cp(state: State, act: dict[str, Any]) -> None:
    """1CP from another source (a mission rule such as Supply Lines, a unit's ability)."""
    s = act["side"]
    reason = act.get("reason", "other source")
    require(
        isinstance(reason, str) and 0 < len(reason) <= 60,
        "bad_reason",
        gettext_noop("say in up to 60 characters where the CP comes from"),
        field="reason",
    )
    require(
        gain_extra(state, s, reason),
        "cp_extra_used",
        gettext_noop("this side already gained its one extra CP this battle round"),
        where="type",
    )


@action("spend_cp", phases=(*TURN_PHASES, END_OF_BATTLE))
def spend_cp(state: State, act: dict[str, Any]) -> None:
    """CP spent on a Stratagem other than New Orders (New Orders charges itself): a core
    `stratagem` by key (its cost known, Vox Static included), or any by `cp` and `reason`."""
    key = act.get("stratagem")
    if key is not None:
        costs = stratagem_costs(state)
        require(
            key in costs,
            "bad_stratagem",
            gettext_noop("one of %(choices)s"),
            field="stratagem",
            params={"choices": ", ".join(costs)},
        )
        name, cost = CORE_STRATAGEMS[key][0], costs[key]
        require(
            act.get("cp", cost) == cost,
            "bad_cp",
            gettext_noop("%(name)s costs %(cost)sCP in this game"),
            field="cp",
            params={"name": name, "cost": cost},
        )
        spend(state, act["side"], cost, name)
        return
    amount = act.get("cp")
    require(
        type(amount) is int and 1 <= amount <= 10,
        "bad_cp",
        gettext_noop("the Stratagem's cost, 1..10"),
        field="cp",
    )
    reason = act.get("reason", "Stratagem")
    require(
        isinstance(reason, str) and 0 < len(reason) <= 60,
        "bad_reason",
        gettext_noop("name the Stratagem in up to 60 characters"),
        field="reason",
    )
    spend(state, act["side"], amount, reason)
