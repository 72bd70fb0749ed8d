"""The action table: each action type, the phases it may be sent in and whether it names a
side. Handlers mutate a private copy of the state; `engine.apply` owns copying and the clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

State = dict[str, Any]
Handler = Callable[[State, dict[str, Any]], None]


@dataclass(frozen=True)
class ActionSpec:
    kind: str
    handler: Handler
    phases: frozenset[str]
    needs_side: bool


ACTIONS: dict[str, ActionSpec] = {}


def action(
    kind: str, *, phases: tuple[str, ...], side: bool = True
) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        ACTIONS[kind] = ActionSpec(kind, fn, frozenset(phases), side)
        return fn

    return register
