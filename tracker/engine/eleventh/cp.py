"""Command points: each side's pool; every change goes through `gain` or `spend`, which
keep the pool and a log the page shows. A spend the pool cannot pay is refused."""

from __future__ import annotations

from typing import Any

from common.errors import Phrase, gettext_noop
from tracker.engine.eleventh.actions import action
from tracker.engine.eleventh.rules import END_OF_BATTLE, SIDES, TURN_PHASES
from tracker.engine.errors import require

State = dict[str, Any]


def gain(state: State, s: str, amount: int, reason: str) -> None:
    side = state["sides"][s]
    side["cp"] += amount
    side["cp_log"].append({"round": state["round"], "delta": amount, "reason": reason})


def extra_available(state: State, s: str) -> bool:
    """This battle round's one CP from sources other than the Command phase is unused."""
    used = state["sides"][s]["cp_extra_rounds"].count(state["round"])
    return used < state["cp_rules"]["extra_per_round"]


def gain_extra(state: State, s: str, reason: str) -> bool:
    """1 CP from another source if this round's allowance is free; False when it is not."""
    if not extra_available(state, s):
        return False
    state["sides"][s]["cp_extra_rounds"].append(state["round"])
    gain(state, s, 1, reason)
    return True


def spend(state: State, s: str, amount: int, reason: str) -> None:
    side = state["sides"][s]
    require(
        side["cp"] >= amount,
        "not_enough_cp",
        gettext_noop("%(reason)s costs %(amount)s CP and this side has %(cp)s CP"),
        field="cp",
        params={"reason": Phrase(reason), "amount": amount, "cp": side["cp"]},
    )
    side["cp"] -= amount
    side["cp_log"].append({"round": state["round"], "delta": -amount, "reason": reason})


def command_phase_starts(state: State) -> None:
    for s in SIDES:
        gain(state, s, state["cp_rules"]["per_command_phase"], "Command phase")


def _reason(act: dict[str, Any], default: str) -> str:
    reason = act.get("reason", default)
    require(
        isinstance(reason, str) and 0 < len(reason) <= 60,
        "bad_reason",
        gettext_noop("say in up to 60 characters what the CP is for"),
        field="reason",
    )
    return reason


@action("gain_cp", phases=TURN_PHASES)
def gain_cp(state: State, act: dict[str, Any]) -> None:
    """1 CP from another source (an ability, a rule), within the one extra CP per round."""
    reason = _reason(act, "other source")
    require(
        gain_extra(state, act["side"], reason),
        "cp_extra_used",
        gettext_noop("this side already gained its one extra CP this battle round"),
        where="type",
    )


@action("spend_cp", phases=(*TURN_PHASES, END_OF_BATTLE))
def spend_cp(state: State, act: dict[str, Any]) -> None:
    """CP spent on a Stratagem (the swap of a Tactical card charges itself)."""
    amount = act.get("cp")
    require(
        type(amount) is int and 1 <= amount <= 10,
        "bad_cp",
        gettext_noop("the Stratagem's cost, 1..10"),
        field="cp",
    )
    spend(state, act["side"], amount, _reason(act, "Stratagem"))
