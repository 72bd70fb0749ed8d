"""The muster checks: a parsed roster against the rules of the event's edition.

Each problem has a code, the part of the list it concerns (as the player sees it) and a
sentence. "error" means the list breaks a rule the sources state and the data settles;
"warning" means a person should look: the data lacks a name, disagrees with the list, or the
rule is only assumed. A missing unit, detachment or enhancement in the data never makes a list
illegal.

- 11th edition (eleventh-facts section 8): points within the battle size; Detachment Points
  within the budget (Incursion 2, Strike Force 3, Onslaught 4); detachments of the army's
  faction; exactly one Force Disposition, granted by one of the army's detachments and the one
  recorded for the player; at most 2 (Incursion) or 4 enhancements, each once, one per unit,
  on units that may take them. 10th edition's datasheet limits and warlord rule are applied
  as assumed checks that only warn.
- 10th edition ("Mustering an army"): points, one faction, one detachment, at least one
  CHARACTER, a CHARACTER warlord, at most 3 enhancements (characters only, no EPIC HERO, each
  once, one per unit), a datasheet at most 3 times (6 for BATTLELINE and DEDICATED
  TRANSPORT), an EPIC HERO once. Whether a unit is a CHARACTER etc. comes from the group the
  list puts it in, else from the rules data; data of another edition only ever warns.
- 8th edition (the rulebook's organised-event guidelines, `rosters.engine.eighth`): points,
  the number of Detachments and datasheet repeats for the points limit (Troops and Dedicated
  Transports exempt), one warlord; no rules data is used.
- 10th-edition Combat Patrol: the list against the event's patrol it names (its units, model
  counts and one of its enhancements), `checks/patrol.py`.
Pure Python.
"""

from __future__ import annotations

from rosters.engine.checks.army import check_faction, check_points, check_units, check_unread
from rosters.engine.checks.context import (
    BATTLE_SIZES,
    CODES,
    COMBAT_PATROL,
    EDITIONS,
    EIGHTH,
    ERROR,
    WARNING,
    BattleSize,
    Context,
    MusterSettings,
    Problem,
    battle_size_for,
    disposition_id,
)
from rosters.engine.checks.detachments import (
    check_detachments_10th,
    check_detachments_11th,
    check_disposition,
)
from rosters.engine.checks.eighth import check_eighth
from rosters.engine.checks.enhancements import check_enhancements
from rosters.engine.checks.limits import check_characters, check_limits
from rosters.engine.checks.patrol import check_combat_patrol
from rosters.engine.roster import Roster
from rosters.engine.rules import RulesData

__all__ = [
    "BATTLE_SIZES",
    "CODES",
    "COMBAT_PATROL",
    "EDITIONS",
    "EIGHTH",
    "ERROR",
    "WARNING",
    "BattleSize",
    "MusterSettings",
    "Problem",
    "battle_size_for",
    "check_roster",
    "disposition_id",
    "errors",
]


def check_roster(
    roster: Roster, settings: MusterSettings, rules: RulesData | None = None
) -> list[Problem]:
    """Every problem found in `roster` under `settings`, errors and warnings, in list order."""
    if settings.edition not in EDITIONS:
        raise ValueError(f"No checks for edition {settings.edition!r}.")
    if settings.edition == EIGHTH:
        ctx = Context(roster, settings, None, None, None, [])
        check_eighth(ctx)
        return ctx.problems
    if settings.edition == "10th" and settings.battle_size == COMBAT_PATROL:
        # A patrol's contents are fixed: the list is held against them, not the muster rules.
        ctx = Context(roster, settings, rules, None, None, [])
        check_combat_patrol(ctx, tuple(settings.patrols))
        return ctx.problems
    faction = rules.faction_for(roster.faction) if rules is not None else None
    ctx = Context(roster, settings, rules, faction, battle_size_for(settings, roster), [])
    check_points(ctx)
    check_faction(ctx)
    if ctx.eleventh:
        detachments = check_detachments_11th(ctx)
        check_disposition(ctx, detachments)
    else:
        check_detachments_10th(ctx)
        detachments = []
    check_units(ctx)
    check_enhancements(ctx, detachments)
    check_limits(ctx)
    check_characters(ctx)
    check_unread(ctx)
    return ctx.problems


def errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == ERROR]
