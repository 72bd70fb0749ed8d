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
Pure Python.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from missions.eleventh.matrix import DISPOSITION_NAMES
from rosters.engine.parse import norm
from rosters.engine.roster import Roster, RosterUnit
from rosters.engine.rules import Faction, RulesData, Unit

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class BattleSize:
    name: str
    points: int
    detachment_points: int | None
    enhancements: int


BATTLE_SIZES = {
    "11th": {
        "Incursion": BattleSize("Incursion", 1000, 2, 2),
        "Strike Force": BattleSize("Strike Force", 2000, 3, 4),
        "Onslaught": BattleSize("Onslaught", 3000, 4, 4),
    },
    "10th": {
        "Incursion": BattleSize("Incursion", 1000, None, 3),
        "Strike Force": BattleSize("Strike Force", 2000, None, 3),
        "Onslaught": BattleSize("Onslaught", 3000, None, 3),
    },
}
EDITIONS = tuple(BATTLE_SIZES)
DATASHEET_LIMIT = 3
BATTLELINE_LIMIT = 6
_DISPOSITION_IDS = {norm(name): key for key, name in DISPOSITION_NAMES.items()}
_DISPOSITION_IDS.update({norm(key): key for key in DISPOSITION_NAMES})

# What the group a list puts a unit in says about its keywords (None: nothing).
_SECTION_FLAGS = {
    "character": {"CHARACTER"},
    "epic-hero": {"CHARACTER", "EPIC HERO"},
    "battleline": {"BATTLELINE"},
    "dedicated-transport": {"DEDICATED TRANSPORT"},
    "other": set(),
}
ASSUMED = (
    " This is a 10th-edition rule the 11th-edition sources do not state yet: the staff decide."
)


@dataclass(frozen=True)
class Problem:
    code: str
    severity: str
    subject: str
    message: str
    line: int | None = None
    assumed: bool = False

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "severity": self.severity,
            "subject": self.subject,
            "message": self.message,
            "line": self.line,
            "assumed": self.assumed,
        }


@dataclass(frozen=True)
class MusterSettings:
    """What the event (and the player's entry) says the list must meet."""

    edition: str = "11th"
    battle_size: str | None = None
    points_limit: int | None = None
    # The Force Disposition recorded for the player (an id such as "take-and-hold").
    disposition: str | None = None


def battle_size_for(settings: MusterSettings, roster: Roster) -> BattleSize | None:
    sizes = BATTLE_SIZES[settings.edition]
    if settings.battle_size in sizes:
        return sizes[settings.battle_size]
    limit = settings.points_limit or roster.points_limit
    if limit:
        for size in sizes.values():
            if limit <= size.points:
                return size
        return sizes["Onslaught"]
    return sizes.get(roster.battle_size or "")


def disposition_id(written: str) -> str | None:
    return _DISPOSITION_IDS.get(norm(written))


@dataclass
class _Context:
    roster: Roster
    settings: MusterSettings
    rules: RulesData | None
    faction: Faction | None
    size: BattleSize | None
    problems: list[Problem]

    @property
    def eleventh(self) -> bool:
        return self.settings.edition == "11th"

    def add(self, code, severity, subject, message, line=None, *, assumed=False) -> None:
        if assumed:
            severity, message = WARNING, message + ASSUMED
        self.problems.append(Problem(code, severity, subject, message, line, assumed))

    def data_unit(self, unit: RosterUnit) -> Unit | None:
        if self.rules is None or self.faction is None:
            return None
        return self.rules.unit(self.faction, unit.name)

    def role(self, unit: RosterUnit, flag: str) -> tuple[bool | None, bool]:
        """Whether `unit` has keyword `flag` (None: unknown) and whether that is certain
        (stated by the list, or by data of this edition) rather than from another edition."""
        data = self.data_unit(unit)
        same_edition = self.rules is not None and self.rules.edition == self.settings.edition
        if data is not None and same_edition:
            return flag in data.flags, True
        stated = _SECTION_FLAGS.get(unit.section or "")
        if stated is not None and (flag != "EPIC HERO" or unit.section != "character"):
            return flag in stated, True
        if data is not None:
            return flag in data.flags, False
        return None, False


# -- points and battle size ------------------------------------------------------------------
def _check_points(ctx: _Context) -> None:
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
def _check_faction(ctx: _Context) -> None:
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


def _check_units(ctx: _Context) -> None:
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
    enhancement_costs = _enhancement_costs(ctx)
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


def _unit_outside(ctx: _Context, unit: RosterUnit) -> None:
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


def _unit_points(ctx: _Context, unit: RosterUnit, data: Unit, extra: int) -> None:
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


# -- detachments and disposition (11th) ------------------------------------------------------
def _known_detachments(ctx: _Context) -> tuple[list, bool]:
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


def _check_detachments_11th(ctx: _Context) -> list:
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
    if budget is not None and spent > budget:
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


def _check_disposition(ctx: _Context, known: list) -> None:
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


# -- enhancements ----------------------------------------------------------------------------
def _enhancement_costs(ctx: _Context) -> dict[int, int | None]:
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


def _check_enhancements(ctx: _Context, detachments: list) -> None:
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


def _check_bearer(ctx: _Context, unit: RosterUnit, name: str, detachments: list) -> None:
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


def _check_enhancement_data(ctx: _Context, unit, name, found, detachments) -> None:
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
def _check_limits(ctx: _Context) -> None:
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


def _many_line(ctx: _Context, unit: RosterUnit):
    battleline, sure_b = ctx.role(unit, "BATTLELINE")
    transport, sure_t = ctx.role(unit, "DEDICATED TRANSPORT")
    if battleline is None and transport is None:
        return unit.line, None
    return unit.line, (bool(battleline or transport), sure_b and sure_t)


def _epic_repeated(ctx: _Context, unit: RosterUnit, count: int) -> None:
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


def _check_characters(ctx: _Context) -> None:
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


def _check_detachments_10th(ctx: _Context) -> None:
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


def _check_unread(ctx: _Context) -> None:
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


def check_roster(
    roster: Roster, settings: MusterSettings, rules: RulesData | None = None
) -> list[Problem]:
    """Every problem found in `roster` under `settings`, errors and warnings, in list order."""
    if settings.edition not in EDITIONS:
        raise ValueError(f"No checks for edition {settings.edition!r}.")
    faction = rules.faction_for(roster.faction) if rules is not None else None
    ctx = _Context(roster, settings, rules, faction, battle_size_for(settings, roster), [])
    _check_points(ctx)
    _check_faction(ctx)
    if ctx.eleventh:
        detachments = _check_detachments_11th(ctx)
        _check_disposition(ctx, detachments)
    else:
        _check_detachments_10th(ctx)
        detachments = []
    _check_units(ctx)
    _check_enhancements(ctx, detachments)
    _check_limits(ctx)
    _check_characters(ctx)
    _check_unread(ctx)
    return ctx.problems


def errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == ERROR]
