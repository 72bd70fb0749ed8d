"""Enhancements: how many, each once, one per unit, their detachment and their bearer."""

from __future__ import annotations

from collections import Counter

from rosters.engine.checks.context import ERROR, WARNING, Context
from rosters.engine.parse import norm
from rosters.engine.roster import RosterUnit


def enhancement_costs(ctx: Context) -> dict[int, int | None]:
    """What the data says each unit's enhancements cost (to compare a unit's points that
    include them)."""
    costs: dict[int, int] = {}
    if ctx.rules is None or ctx.faction is None:
        return costs
    for unit in ctx.roster.units:
        for name in unit.enhancements:
            found = ctx.rules.enhancements(ctx.faction, name)
            if found and costs.get(id(unit), 0) is not None:
                costs[id(unit)] = costs.get(id(unit), 0) + found[0].cost
            else:
                costs[id(unit)] = None  # its cost is unknown, so is the unit's
    return costs


def check_enhancements(ctx: Context, detachments: list) -> None:
    roster = ctx.roster
    carried = [(unit, name) for unit in roster.units for name in unit.enhancements]
    cap = ctx.size.enhancements if ctx.size else None
    if cap is not None and len(carried) > cap:
        size = ctx.size.name if ctx.eleventh else "an army"
        ctx.add(
            "enhancement-count",
            ERROR,
            "Enhancements",
            f"The list has {len(carried)} enhancements; {size} may take at most {cap}.",
        )
    counts = Counter(norm(name) for _, name in carried)
    reported = set()
    for unit, name in carried:
        if counts[norm(name)] > 1 and norm(name) not in reported:
            reported.add(norm(name))
            ctx.add(
                "enhancement-repeated",
                ERROR,
                name,
                f"{name} is taken {counts[norm(name)]} times; each enhancement may be taken once.",
                unit.line,
            )
    for unit in roster.units:
        if len(unit.enhancements) > 1:
            ctx.add(
                "enhancement-per-unit",
                ERROR,
                unit.label(),
                f"{unit.name} has {len(unit.enhancements)} enhancements "
                f"({', '.join(unit.enhancements)}); a unit may have one.",
                unit.line,
            )
        for name in unit.enhancements:
            _check_bearer(ctx, unit, name, detachments)


def _check_bearer(ctx: Context, unit: RosterUnit, name: str, detachments: list) -> None:
    upgrade = False
    if ctx.rules is not None and ctx.faction is not None:
        found = ctx.rules.enhancements(ctx.faction, name)
        if not found and ctx.eleventh:
            ctx.add(
                "enhancement-unknown",
                WARNING,
                name,
                f"The rules data has no enhancement called {name!r} for {ctx.faction.name}: "
                "check it by hand.",
                unit.line,
            )
        if found and ctx.eleventh:
            upgrade = all(e.upgrade for e in found)
            _check_enhancement_data(ctx, unit, name, found, detachments)
    if upgrade:
        return  # upgrades go on units the data allows, characters or not
    assumed = ctx.eleventh
    character, sure = ctx.role(unit, "CHARACTER")
    if character is False:
        ctx.add(
            "enhancement-not-character",
            ERROR if sure else WARNING,
            unit.label(),
            f"{unit.name} is not a CHARACTER: only characters take enhancements ({name}).",
            unit.line,
            assumed=assumed,
        )
    epic, sure = ctx.role(unit, "EPIC HERO")
    if epic:
        ctx.add(
            "enhancement-epic-hero",
            ERROR if sure else WARNING,
            unit.label(),
            f"{unit.name} is an EPIC HERO, who cannot take enhancements ({name}).",
            unit.line,
            assumed=assumed,
        )


def _check_enhancement_data(ctx: Context, unit, name, found, detachments) -> None:
    taken = {norm(d.name) for d in detachments}
    all_known = len(detachments) == len(ctx.roster.detachments)
    mine = [e for e in found if norm(e.detachment) in taken]
    if not mine:
        if all_known:
            owners = ", ".join(sorted({e.detachment for e in found}))
            ctx.add(
                "enhancement-detachment",
                ERROR,
                name,
                f"{name} belongs to {owners}, which this army does not take.",
                unit.line,
            )
        return
    data = ctx.data_unit(unit)
    if data is None:
        return
    have = data.keywords | {norm(data.name)}
    if ctx.faction is not None:
        have |= {norm(k) for k in ctx.faction.keywords}
    for enhancement in mine:
        checkable = [r for r in enhancement.restrictions if norm(r) in ctx.rules.known_keywords]
        missing = [r for r in checkable if norm(r) not in have]
        if not missing:
            return
    ctx.add(
        "enhancement-restriction",
        ERROR,
        unit.label(),
        f"{name} is only for {' '.join(missing).upper()} units; {unit.name} is not one.",
        unit.line,
    )


# -- datasheet limits, characters and the warlord --------------------------------------------
