"""Detachments, Detachment Points and the Force Disposition (11th), one detachment (10th)."""

from __future__ import annotations

from missions.eleventh.matrix import DISPOSITION_NAMES
from rosters.engine.checks.context import ERROR, WARNING, Context, disposition_id


def _known_detachments(ctx: Context) -> tuple[list, bool]:
    """The list's detachments the data knows (with their names) and whether all are known."""
    known, complete = [], True
    if ctx.rules is None or ctx.faction is None:
        return known, False
    for written in ctx.roster.detachments:
        found = ctx.rules.detachment(ctx.faction, written)
        if found is None:
            complete = False
            elsewhere = ctx.rules.detachment_elsewhere(written)
            owners = [ctx.rules.factions[d.faction] for d in elsewhere]
            names = ", ".join(sorted({f.name for f in owners}))
            if owners and ctx.eleventh and all(f.parent == ctx.faction.id for f in owners):
                # A list naming only "Space Marines" may have left its chapter out.
                ctx.add(
                    "detachment-chapter",
                    WARNING,
                    written,
                    f"{written} is a detachment of {names}; the list's faction is "
                    f"{ctx.faction.name}: say the chapter or check it by hand.",
                )
            elif owners and ctx.eleventh:
                ctx.add(
                    "detachment-faction",
                    ERROR,
                    written,
                    f"{written} is a detachment of {names}, not of {ctx.faction.name}.",
                )
            elif ctx.eleventh:
                ctx.add(
                    "detachment-unknown",
                    WARNING,
                    written,
                    f"The rules data has no detachment called {written!r}: check it by hand.",
                )
            continue
        known.append(found)
        if found.note and ctx.eleventh:
            ctx.add("data-disputed", WARNING, found.name, found.note)
    return known, complete


def check_detachments_11th(ctx: Context) -> list:
    roster = ctx.roster
    if not roster.detachments:
        ctx.add(
            "detachment-none",
            ERROR,
            "Detachments",
            "The list names no detachment: an army takes at least one.",
        )
        return []
    known, complete = _known_detachments(ctx)
    budget = ctx.size.detachment_points if ctx.size else None
    spent = sum(d.points for d in known)
    stated = roster.detachment_points
    if stated is not None and complete and stated != spent:
        ctx.add(
            "detachment-points-stated",
            WARNING,
            "Detachments",
            f"The list says its detachments cost {stated} Detachment Points; the rules data "
            f"({ctx.rules.version}) prices them at {spent}.",
        )
    if budget is not None and spent <= budget and stated is not None and stated > budget:
        # The list's own count is over: an error whatever the data knows of its detachments.
        ctx.add(
            "detachment-points",
            ERROR,
            "Detachments",
            f"The list says its detachments cost {stated} Detachment Points; "
            f"{ctx.size.name} allows {budget}.",
        )
    elif budget is not None and spent > budget:
        names = ", ".join(f"{d.name} ({d.points})" for d in known)
        ctx.add(
            "detachment-points",
            ERROR,
            "Detachments",
            f"The detachments cost {spent} Detachment Points ({names}); {ctx.size.name} "
            f"allows {budget}.",
        )
    elif budget is not None and not complete and known:
        ctx.add(
            "detachment-points-partial",
            WARNING,
            "Detachments",
            f"The detachments the data knows cost {spent} of {budget} Detachment Points; "
            "add the others by hand.",
        )
    return known


def disposition_granted(roster, rules) -> str | None:
    """The one Force Disposition the list's detachments allow when it names none: every
    detachment known to `rules` and, together, granting exactly one (else None)."""
    faction = rules.faction_for(roster.faction) if rules is not None else None
    if faction is None or not roster.detachments:
        return None
    found = [rules.detachment(faction, name) for name in roster.detachments]
    if any(d is None for d in found):
        return None
    granted = {g for d in found for g in d.dispositions}
    return next(iter(granted)) if len(granted) == 1 else None


def check_disposition(ctx: Context, known: list) -> None:
    roster = ctx.roster
    granted = {d for det in known for d in det.dispositions}
    complete = len(known) == len(roster.detachments) and ctx.faction is not None
    if len(roster.dispositions) > 1:
        ctx.add(
            "disposition-many",
            ERROR,
            "Force Disposition",
            f"The list names {len(roster.dispositions)} Force Dispositions "
            f"({', '.join(roster.dispositions)}); an army has exactly one.",
        )
        return
    chosen = None
    if roster.dispositions:
        written = roster.dispositions[0]
        chosen = disposition_id(written)
        if chosen is None:
            ctx.add(
                "disposition-unknown",
                ERROR,
                written,
                f"{written!r} is not a Force Disposition (they are "
                f"{', '.join(DISPOSITION_NAMES.values())}).",
            )
            return
        if known and chosen not in granted:
            ctx.add(
                "disposition-not-granted",
                ERROR if complete else WARNING,
                DISPOSITION_NAMES[chosen],
                f"None of the army's detachments grants {DISPOSITION_NAMES[chosen]} (they grant "
                f"{', '.join(sorted(DISPOSITION_NAMES[g] for g in granted))}).",
            )
    elif len(granted) == 1 and complete:
        chosen = next(iter(granted))
    elif complete and granted:
        ctx.add(
            "disposition-none",
            ERROR,
            "Force Disposition",
            "The list does not say which Force Disposition it takes; its detachments grant "
            f"{', '.join(sorted(DISPOSITION_NAMES[g] for g in granted))}.",
        )
        return
    recorded = ctx.settings.disposition
    if recorded and chosen and recorded != chosen:
        ctx.add(
            "disposition-mismatch",
            ERROR,
            "Force Disposition",
            f"The list takes {DISPOSITION_NAMES[chosen]}, but "
            f"{DISPOSITION_NAMES.get(recorded, recorded)} is recorded for this player.",
        )


def check_detachments_10th(ctx: Context) -> None:
    count = len(ctx.roster.detachments)
    if count == 0:
        ctx.add(
            "detachment-none",
            WARNING,
            "Detachment",
            "The list does not name its detachment rules.",
        )
    elif count > 1:
        ctx.add(
            "detachment-many",
            ERROR,
            "Detachment",
            f"The list names {count} detachments ({', '.join(ctx.roster.detachments)}); a "
            "10th-edition army takes one.",
        )
