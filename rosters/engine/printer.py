"""Writing a parsed roster back as text, laid out like the official app's export.

The header facts are written as labelled lines ("Faction: ...", "Detachment: ...") so that
nothing depends on the order of lines; units follow in their groups with their wargear on
bullet lines, and the lines nobody could read come last, under their own title, as written.
`rosters.engine.parse.parse_roster` reads this text back into an equal roster.
"""

from __future__ import annotations

from rosters.engine.parse import UNREAD_TITLE
from rosters.engine.roster import SECTION_TITLES, Roster, RosterUnit


def _unit_lines(unit: RosterUnit) -> list[str]:
    lines = [f"{unit.name} ({unit.points} Points)"]
    if unit.warlord:
        lines.append("  • Warlord")
    if unit.models is not None:
        # The models line carries the unit's own name, which is how the reader tells it from
        # a wargear line; the wargear follows one level deeper.
        lines.append(f"  • {unit.models}x {unit.name}")
        lines.extend(f"     ◦ {item}" for item in unit.wargear)
    else:
        lines.extend(f"  • {item}" for item in unit.wargear)
    lines.extend(f"  • Enhancements: {name}" for name in unit.enhancements)
    return lines


def print_roster(roster: Roster) -> str:
    lines: list[str] = []
    if roster.name is not None:
        lines.append(f"Army: {roster.name}")
    lines.extend(f"Note: {note}" for note in roster.notes)
    if roster.points is not None:
        lines.append(f"Total: {roster.points} Points")
    if roster.edition is not None:
        lines.append(f"Edition: {roster.edition}")
    if roster.faction is not None:
        lines.append(f"Faction: {roster.faction}")
    if roster.battle_size is not None:
        limit = f" ({roster.points_limit} Points)" if roster.points_limit is not None else ""
        lines.append(f"Battle size: {roster.battle_size}{limit}")
    elif roster.points_limit is not None:
        lines.append(f"Points limit: {roster.points_limit} Points")
    lines.extend(f"Detachment: {name}" for name in roster.detachments)
    if roster.detachment_points is not None:
        lines.append(f"Detachment Points: {roster.detachment_points}")
    lines.extend(f"Force Disposition: {name}" for name in roster.dispositions)
    section: str | None = None
    for unit in roster.units:
        if unit.section != section or not lines or unit is roster.units[0]:
            if unit.section is not None:
                lines.extend(["", SECTION_TITLES[unit.section]])
            section = unit.section
        lines.append("")
        lines.extend(_unit_lines(unit))
    if roster.exported_with is not None:
        lines.extend(["", roster.exported_with])
    if roster.unread:
        lines.extend(["", UNREAD_TITLE])
        lines.extend(item.text for item in roster.unread)
    return "\n".join(lines).strip() + "\n"
