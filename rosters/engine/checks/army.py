"""Points and battle size, the faction, each unit against the data, and unread lines."""

from __future__ import annotations

from rosters.engine.checks.context import ERROR, WARNING, Context
from rosters.engine.checks.enhancements import enhancement_costs as enhancement_costs_of
from rosters.engine.roster import RosterUnit
from rosters.engine.rules import Unit


def check_points(ctx: Context) -> None:
    roster, limit = ctx.roster, ctx.settings.points_limit
    if limit is None and ctx.size is not None:
        limit = ctx.size.points
    summed = roster.units_points()
    total = roster.points if roster.points is not None else summed
    if total is not None and limit is not None and total > limit:
        ctx.add(
            "points-over",
            ERROR,
            "Points",
            f"The army costs {total:,} points, {total - limit:,} over the limit of {limit:,}.",
        )
    if roster.points is not None and summed is not None and summed != roster.points:
        ctx.add(
            "points-sum",
            WARNING,
            "Points",
            f"The list states a total of {roster.points:,} points but its units add up to "
            f"{summed:,}.",
        )
    wanted = ctx.settings.battle_size
    if wanted and roster.battle_size and roster.battle_size != wanted:
        ctx.add(
            "battle-size",
            WARNING,
            "Battle size",
            f"The list is built for {roster.battle_size}; this event plays {wanted}.",
        )


# -- faction and units -----------------------------------------------------------------------
def check_faction(ctx: Context) -> None:
    roster = ctx.roster
    if not roster.faction:
        ctx.add("faction-none", WARNING, "Faction", "The list does not name its faction.")
        return
    if ctx.rules is not None and ctx.faction is None:
        ctx.add(
            "faction-unknown",
            WARNING,
            "Faction",
            f"The rules data has no faction called {roster.faction!r}: its detachments, "
            "enhancements and units are not checked.",
        )


def check_units(ctx: Context) -> None:
    rules, faction = ctx.rules, ctx.faction
    if rules is None or faction is None:
        return
    if not rules.pool_known(faction):
        ctx.add(
            "units-no-data",
            WARNING,
            "Units",
            f"The rules data has no unit points for {faction.name} yet: units are not checked.",
        )
        return
    enhancement_costs = enhancement_costs_of(ctx)
    for unit in ctx.roster.units:
        data = rules.unit(faction, unit.name)
        if data is None:
            _unit_outside(ctx, unit)
            continue
        if rules.edition != ctx.settings.edition:
            continue  # another edition's points and sizes say nothing about this list
        extra = enhancement_costs.get(id(unit), 0)
        if extra is not None:
            _unit_points(ctx, unit, data, extra)


def _unit_outside(ctx: Context, unit: RosterUnit) -> None:
    elsewhere = ctx.rules.unit_elsewhere(unit.name)
    owners = {u.faction for u in elsewhere}
    name = ctx.faction.name
    if not elsewhere:
        ctx.add(
            "unit-unknown",
            WARNING,
            unit.label(),
            f"The rules data has no unit called {unit.name!r} for {name}: check it by hand.",
            unit.line,
        )
        return
    chapter = ctx.rules.chapter_of(elsewhere[0])
    related = {ctx.faction.id, ctx.faction.parent} & owners
    allied = {o for o in owners if ctx.faction.may_ally_with(o)}
    owner_names = ", ".join(sorted(ctx.rules.factions[o].name for o in owners))
    sure = ctx.rules.edition == ctx.settings.edition
    if related and chapter is not None:
        # A chapter's army cannot take another chapter's unit; a list naming only the parent
        # faction may just not have said its chapter.
        ctx.add(
            "unit-chapter",
            ERROR if sure and ctx.faction.parent else WARNING,
            unit.label(),
            f"{unit.name} is a {chapter.name} unit; the list's faction is {name}.",
            unit.line,
        )
    elif allied:
        ctx.add(
            "unit-allied",
            WARNING,
            unit.label(),
            f"{unit.name} is a unit of {owner_names}, not of {name}: check the allied-units "
            "rules by hand.",
            unit.line,
        )
    else:
        ctx.add(
            "unit-faction",
            ERROR if sure else WARNING,
            unit.label(),
            f"{unit.name} is a unit of {owner_names}, not of {name}: an army takes units of "
            "its own faction.",
            unit.line,
        )


def _unit_points(ctx: Context, unit: RosterUnit, data: Unit, extra: int) -> None:
    if not data.points:
        return
    sizes = data.sizes()
    if unit.models is not None and unit.models not in sizes:
        ctx.add(
            "unit-size",
            WARNING,
            unit.label(),
            f"{unit.name} has {unit.models} models; the rules data prices it at "
            f"{_words(sorted(sizes))} models.",
            unit.line,
        )
        return
    costs = data.costs_for(unit.models)
    if unit.points not in costs and unit.points - extra not in costs:
        ctx.add(
            "unit-points",
            WARNING,
            unit.label(),
            f"{unit.name} is listed at {unit.points} points; the rules data "
            f"({ctx.rules.version}) says {_words(sorted(costs))}.",
            unit.line,
        )


def _words(numbers: list[int]) -> str:
    text = [str(n) for n in numbers]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " or " + text[-1]


def check_unread(ctx: Context) -> None:
    unread = ctx.roster.unread
    if unread:
        lines = ", ".join(str(u.line) for u in unread if u.line)
        ctx.add(
            "unread-lines",
            WARNING,
            "List text",
            f"{len(unread)} line{'s' if len(unread) != 1 else ''} of the list could not be read"
            + (f" (line {lines})" if lines else "")
            + ": check them by hand.",
            unread[0].line,
        )
