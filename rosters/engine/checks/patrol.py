"""A Combat Patrol list against the patrol it names: the same units with the same model
counts, nothing added, and one of the patrol's enhancements. A list that names no patrol of the
event, or that does not say a unit's models, gives a warning for the staff, never an error."""

from __future__ import annotations

from collections import Counter

from rosters.engine.checks.army import check_unread
from rosters.engine.checks.context import ERROR, WARNING, Context
from rosters.engine.parse import norm
from rosters.engine.patrols import Patrol


def named_patrol(roster, patrols: tuple[Patrol, ...]) -> Patrol | None:
    """The event's patrol the list names (as a detachment or a "Combat Patrol:" line)."""
    by_name = {norm(p.name): p for p in patrols}
    for written in roster.detachments:
        found = by_name.get(norm(written))
        if found is not None:
            return found
    return None


def check_combat_patrol(ctx: Context, patrols: tuple[Patrol, ...]) -> None:
    patrol = _patrol(ctx, patrols)
    if patrol is not None:
        _check_units(ctx, patrol)
        _check_enhancement(ctx, patrol)
    check_unread(ctx)


def _patrol(ctx: Context, patrols: tuple[Patrol, ...]) -> Patrol | None:
    if not patrols:
        ctx.add(
            "patrol-not-entered",
            WARNING,
            "Combat Patrol",
            "The organiser has not entered this event's Combat Patrols yet: the list is "
            "checked by hand.",
        )
        return None
    patrol = named_patrol(ctx.roster, patrols)
    if patrol is None:
        names = ", ".join(sorted(p.name for p in patrols))
        said = ", ".join(ctx.roster.detachments)
        ctx.add(
            "patrol-none",
            WARNING,
            "Combat Patrol",
            (f"The list names {said}, not one of this event's patrols ({names})."
             if said else f"The list does not name its Combat Patrol (this event's: {names}).")
        )  # fmt: skip
    return patrol


def _check_units(ctx: Context, patrol: Patrol) -> None:
    wanted: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for unit in patrol.units:
        wanted.setdefault(norm(unit.name), []).append(unit.models)
        names.setdefault(norm(unit.name), unit.name)
    listed: dict[str, list] = {}
    for unit in ctx.roster.units:
        listed.setdefault(norm(unit.name), []).append(unit)
    for key, units in listed.items():
        extra = len(units) - len(wanted.get(key, []))
        if extra > 0:
            first = units[0]
            ctx.add(
                "patrol-unit-extra",
                ERROR,
                first.label(),
                f"{patrol.name} has {_times(len(wanted.get(key, [])))} {first.name}; the list "
                f"has {_times(len(units))}.",
                first.line,
            )
    for key, counts in wanted.items():
        units = listed.get(key, [])
        if len(units) < len(counts):
            ctx.add(
                "patrol-unit-missing",
                ERROR,
                names[key],
                f"{patrol.name} includes {names[key]}{_times_suffix(len(counts))}; the list has "
                f"{_times(len(units))}.",
            )
            continue
        if len(units) == len(counts):  # too many is reported above, models aside
            _check_models(ctx, patrol, names[key], counts, units)


def _check_models(ctx: Context, patrol: Patrol, name: str, counts: list[int], units) -> None:
    stated = [u.models for u in units]
    if all(c == 1 for c in counts):
        # The app prints no models line for a single-model unit (a lone character).
        stated = [1 if m is None else m for m in stated]
    if any(m is None for m in stated):
        ctx.add(
            "patrol-models-unstated",
            WARNING,
            units[0].label(),
            f"The list does not say how many models {name} has ({patrol.name} has "
            f"{_models(counts)}).",
            units[0].line,
        )
        return
    if Counter(stated) != Counter(counts):
        ctx.add(
            "patrol-models",
            ERROR,
            units[0].label(),
            f"{name} has {_models(stated)} in the list; {patrol.name} has {_models(counts)}.",
            units[0].line,
        )


def _check_enhancement(ctx: Context, patrol: Patrol) -> None:
    carried = [(u, name) for u in ctx.roster.units for name in u.enhancements]
    if len(carried) > 1:
        ctx.add(
            "patrol-enhancement-count",
            ERROR,
            "Enhancements",
            f"The list takes {len(carried)} enhancements "
            f"({', '.join(name for _, name in carried)}); a Combat Patrol takes 1.",
        )
    if not patrol.enhancements:
        return
    allowed = {norm(e) for e in patrol.enhancements}
    for unit, name in carried:
        if norm(name) not in allowed:
            ctx.add(
                "patrol-enhancement-unknown",
                ERROR,
                name,
                f"{name} is not one of {patrol.name}'s enhancements "
                f"({' or '.join(patrol.enhancements)}).",
                unit.line,
            )
    if not carried:
        ctx.add(
            "patrol-enhancement-none",
            WARNING,
            "Enhancements",
            f"The list takes no enhancement; {patrol.name} chooses 1 of "
            f"{' or '.join(patrol.enhancements)}.",
        )


def _times(n: int) -> str:
    return {0: "none", 1: "one", 2: "two"}.get(n, f"{n}")


def _times_suffix(n: int) -> str:
    return "" if n == 1 else f" {n} times"


def _models(counts) -> str:
    parts = sorted(counts)
    words = [f"{m} model{'s' if m != 1 else ''}" for m in parts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
