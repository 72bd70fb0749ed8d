"""8th-edition lists at an organised event: the points limit, and the rulebook's event
guidelines (`rosters.engine.eighth`) for the number of Detachments and datasheet repeats,
checked where the list states its detachments and its units' battlefield roles. What the list
does not state gives a warning, never an error."""

from __future__ import annotations

from rosters.engine.checks.army import check_points, check_unread
from rosters.engine.checks.context import ERROR, WARNING, Context
from rosters.engine.eighth import EXEMPT_ROLES, GUIDELINES, ROLES, Guideline, guideline_for
from rosters.engine.parse import norm
from rosters.engine.roster import RosterUnit


def check_eighth(ctx: Context) -> None:
    check_points(ctx)
    guideline = _guideline(ctx)
    if guideline is not None:
        _check_detachments(ctx, guideline)
        _check_repeats(ctx, guideline)
    _check_warlord(ctx)
    check_unread(ctx)


def _guideline(ctx: Context) -> Guideline | None:
    limit = ctx.settings.points_limit or ctx.roster.points_limit
    if not limit:
        ctx.add(
            "guidelines-no-limit",
            WARNING,
            "Points limit",
            "Neither the event nor the list states a points limit: the number of detachments "
            "and datasheet repeats are not checked.",
        )
        return None
    guideline = guideline_for(limit)
    if guideline is None:
        ctx.add(
            "guidelines-none",
            WARNING,
            "Points limit",
            f"The organised-event guidelines stop at 3,000 points; at {limit:,} the number of "
            "detachments and datasheet repeats are for the organiser to set.",
        )
    return guideline


def _check_detachments(ctx: Context, guideline: Guideline) -> None:
    detachments = ctx.roster.detachments
    if not detachments:
        ctx.add(
            "detachment-none",
            WARNING,
            "Detachments",
            "The list does not state its detachments: check their number by hand.",
        )
        return
    if len(detachments) > guideline.detachments:
        ctx.add(
            "detachment-count",
            ERROR,
            "Detachments",
            f"The list has {len(detachments)} detachments ({', '.join(detachments)}); at "
            f"{_limit_words(guideline)} an army takes at most {guideline.detachments}.",
        )


def _check_repeats(ctx: Context, guideline: Guideline) -> None:
    by_name: dict[str, list[RosterUnit]] = {}
    for unit in ctx.roster.units:
        by_name.setdefault(norm(unit.name), []).append(unit)
    cap = guideline.datasheet_repeats
    for units in by_name.values():
        if len(units) <= cap:
            continue
        counted = [u for u in units if u.section not in EXEMPT_ROLES]
        unknown = [u for u in counted if u.section not in ROLES]
        first = units[0]
        if len(counted) > cap and not unknown:
            ctx.add(
                "datasheet-limit",
                ERROR,
                first.name,
                f"{first.name} is taken {len(counted)} times; at {_limit_words(guideline)} a "
                f"datasheet may be taken at most {cap} times unless it is Troops or a "
                "Dedicated Transport.",
                first.line,
            )
        elif len(counted) > cap:
            ctx.add(
                "datasheet-limit",
                WARNING,
                first.name,
                f"{first.name} is taken {len(units)} times and the list does not say its "
                f"battlefield role: at {_limit_words(guideline)} a datasheet may be taken at "
                f"most {cap} times unless it is Troops or a Dedicated Transport.",
                first.line,
            )


def _check_warlord(ctx: Context) -> None:
    roster = ctx.roster
    if not roster.units:
        return
    warlords = roster.warlords
    if not warlords:
        # The roster must name its warlord; a pasted list may just have lost the line.
        ctx.add(
            "warlord-none", WARNING, "Warlord", "The list does not say which unit is the warlord."
        )
    elif len(warlords) > 1:
        ctx.add(
            "warlord-many",
            ERROR,
            "Warlord",
            f"The list marks {len(warlords)} warlords ({', '.join(u.name for u in warlords)}); "
            "an army has one.",
        )


def _limit_words(guideline: Guideline) -> str:
    """The row's range as the rulebook writes it ("1,001-2,000 points")."""
    index = GUIDELINES.index(guideline)
    if index == 0:
        return f"up to {guideline.up_to:,} points"
    return f"{GUIDELINES[index - 1].up_to + 1:,}-{guideline.up_to:,} points"
