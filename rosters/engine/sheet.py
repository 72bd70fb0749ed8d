"""A parsed roster laid out for the table packs: what an opponent or a judge wants at a
glance (the army's faction and size, detachments, disposition, warlord), then each group of
units with its models, points and enhancements, its wargear on one indented line, and the
totals. Plain lines, so the paper keeps them as they are; the lines nobody could read are
printed last, as written, so nothing the player sent is lost from the paper."""

from __future__ import annotations

from rosters.engine.roster import SECTION_TITLES, Roster, RosterUnit


def _points(value: int) -> str:
    return f"{value:,}"


def _header(roster: Roster) -> list[str]:
    army = [part for part in (roster.faction, roster.battle_size) if part]
    if roster.points_limit is not None:
        limit = f"({_points(roster.points_limit)} points)"
        army = [*army[:-1], f"{army[-1]} {limit}"] if roster.battle_size else [*army, limit]
    title = ", ".join(army)
    if roster.name:
        title = f"{roster.name}: {title}" if title else roster.name
    lines = [title] if title else []
    if roster.detachments:
        lines.append("Detachments: " + ", ".join(roster.detachments))
    if roster.dispositions:
        lines.append("Force Disposition: " + ", ".join(roster.dispositions))
    if roster.warlords:
        lines.append("Warlord: " + ", ".join(u.name for u in roster.warlords))
    return lines


def _unit(unit: RosterUnit) -> list[str]:
    facts = []
    if unit.models is not None:
        facts.append(f"{unit.models} model" + ("" if unit.models == 1 else "s"))
    if unit.points is not None:
        facts.append(f"{_points(unit.points)} pts")
    notes = (["Warlord"] if unit.warlord else []) + [
        f"Enhancement: {name}" for name in unit.enhancements
    ]
    line = unit.name + (": " + ", ".join(facts) if facts else "")
    if notes:
        line += " (" + "; ".join(notes) + ")"
    lines = [line]
    if unit.wargear:
        lines.append("    " + ", ".join(unit.wargear))
    return lines


def roster_sheet(roster: Roster) -> str:
    lines = _header(roster)
    section: object = object()
    for unit in roster.units:
        if unit.section != section:
            section = unit.section
            lines.extend(
                ["", SECTION_TITLES.get(unit.section, "UNITS") if unit.section else "UNITS"]
            )
        lines.extend(_unit(unit))
    count = len(roster.units)
    total = f"{count} unit" + ("" if count == 1 else "s")
    summed = roster.units_points()
    if summed is not None:
        total += f", {_points(summed)} points"
    if roster.points is not None:
        total += f" (the list states {_points(roster.points)})"
    lines.extend(["", total])
    if roster.unread:
        lines.extend(["", "Lines not read:"])
        lines.extend(item.text for item in roster.unread)
    return "\n".join(lines)
