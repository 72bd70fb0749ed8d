"""Datasheet limits, EPIC HEROES, characters and the warlord."""

from __future__ import annotations

from rosters.engine.checks.context import (
    BATTLELINE_LIMIT,
    DATASHEET_LIMIT,
    ERROR,
    WARNING,
    Context,
)
from rosters.engine.parse import norm
from rosters.engine.roster import RosterUnit


def check_limits(ctx: Context) -> None:
    roster, assumed = ctx.roster, ctx.eleventh
    by_name: dict[str, list[RosterUnit]] = {}
    for unit in roster.units:
        by_name.setdefault(norm(unit.name), []).append(unit)
    for units in by_name.values():
        first, count = units[0], len(units)
        if count <= DATASHEET_LIMIT:
            if count > 1:
                _epic_repeated(ctx, first, count)
            continue
        line, battleline = _many_line(ctx, first)
        if count > BATTLELINE_LIMIT:
            ctx.add(
                "datasheet-limit",
                ERROR,
                first.name,
                f"{first.name} is taken {count} times; no datasheet may be taken more than "
                f"{BATTLELINE_LIMIT} times.",
                first.line,
                assumed=assumed,
            )
        elif battleline is None or not battleline[0]:
            ctx.add(
                "datasheet-limit",
                ERROR if battleline is not None and battleline[1] else WARNING,
                first.name,
                f"{first.name} is taken {count} times; a datasheet may be taken at most "
                f"{DATASHEET_LIMIT} times unless it is BATTLELINE or DEDICATED TRANSPORT"
                + (" (the data does not say which it is)." if battleline is None else "."),
                line,
                assumed=assumed,
            )
        _epic_repeated(ctx, first, count)


def _many_line(ctx: Context, unit: RosterUnit):
    battleline, sure_b = ctx.role(unit, "BATTLELINE")
    transport, sure_t = ctx.role(unit, "DEDICATED TRANSPORT")
    if battleline is None and transport is None:
        return unit.line, None
    return unit.line, (bool(battleline or transport), sure_b and sure_t)


def _epic_repeated(ctx: Context, unit: RosterUnit, count: int) -> None:
    epic, sure = ctx.role(unit, "EPIC HERO")
    if epic:
        ctx.add(
            "epic-hero-repeated",
            ERROR if sure else WARNING,
            unit.name,
            f"{unit.name} is an EPIC HERO and is taken {count} times; an army takes each once.",
            unit.line,
            assumed=ctx.eleventh,
        )


def check_characters(ctx: Context) -> None:
    roster, assumed = ctx.roster, ctx.eleventh
    if not roster.units:
        return
    roles = [ctx.role(u, "CHARACTER") for u in roster.units]
    if not ctx.eleventh and not any(has for has, _ in roles):
        unknown = any(has is None for has, _ in roles)
        ctx.add(
            "character-none",
            WARNING if unknown or not all(sure for _, sure in roles) else ERROR,
            "Units",
            "The list has no CHARACTER unit"
            + (" the checks can see" if unknown else "")
            + ": an army includes at least one.",
        )
    warlords = roster.warlords
    if not warlords:
        ctx.add(
            "warlord-none",
            ERROR,
            "Warlord",
            "The list does not say which CHARACTER is the warlord.",
            assumed=assumed,
        )
        return
    if len(warlords) > 1:
        ctx.add(
            "warlord-many",
            ERROR,
            "Warlord",
            f"The list marks {len(warlords)} warlords ({', '.join(u.name for u in warlords)}); "
            "an army has one.",
            assumed=assumed,
        )
    for unit in warlords:
        character, sure = ctx.role(unit, "CHARACTER")
        if character is False:
            ctx.add(
                "warlord-not-character",
                ERROR if sure else WARNING,
                unit.label(),
                f"The warlord, {unit.name}, is not a CHARACTER.",
                unit.line,
                assumed=assumed,
            )
