"""Reading an army list's header: its battle size and points total, when it states them.

Army builder apps export plain text whose first lines name the battle size and the points,
in several styles, for example:

    My Orks (1995 Points)            Strike Force (2000 Points)
    ++ Army Roster (Orks) [1,995pts] ++

Only the header is read (the units below carry their own points, which must not be taken
for the total). Pure Python: no Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# How many non-blank lines count as the header.
HEADER_LINES = 12

# Battle sizes as exports spell them, by the name people know them by.
BATTLE_SIZES = {
    "combat patrol": "Combat Patrol",
    "incursion": "Incursion",
    "strike force": "Strike Force",
    "onslaught": "Onslaught",
}

_SIZE = re.compile(r"\b(combat\s+patrol|incursion|strike\s+force|onslaught)\b", re.IGNORECASE)
# "1,995pts", "[2000 pts]", "(1995 Points)", "2.000 points": a number, then pts/points.
_POINTS = re.compile(r"(\d{1,3}(?:[,.\s]\d{3})+|\d+)\s*(?:pts|points?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class ListHeader:
    battle_size: str | None = None
    # The army's total as the header states it (not the battle size's limit).
    points: int | None = None


def _number(text: str) -> int:
    return int(re.sub(r"[,.\s]", "", text))


# Where the units begin: the header ends there (a unit's "(80 points)" is not the total).
_SECTION = re.compile(
    r"^[+=#\s]*(characters?|battleline|dedicated transports?|other datasheets|allied units|"
    r"epic heroe?s?|hq|troops|elites|fast attack|heavy support|lords? of war)\b",
    re.IGNORECASE,
)


def _header_lines(text: str) -> list[str]:
    lines = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if _SECTION.match(line) or len(lines) == HEADER_LINES:
            break
        lines.append(line)
    return lines


def parse_header(text: str) -> ListHeader:
    """The battle size and points total stated in the list's first lines (None if absent).

    A line naming a battle size often also gives its limit ("Strike Force (2000 Points)"):
    that number is the size's limit, not the army's total, so it is used as the total only
    when no other line states one."""
    size: str | None = None
    total: int | None = None
    size_points: int | None = None
    for line in _header_lines(text):
        size_match = _SIZE.search(line)
        points = [_number(m.group(1)) for m in _POINTS.finditer(line)]
        if size_match and size is None:
            size = BATTLE_SIZES[" ".join(size_match.group(1).lower().split())]
            if points:
                size_points = points[0]
            continue
        if points and total is None:
            total = points[0]
    return ListHeader(battle_size=size, points=total if total is not None else size_points)


def points_over(header: ListHeader, limit: int | None) -> int:
    """How many points the stated total is over `limit` (0 when within it or unknown)."""
    if header.points is None or not limit:
        return 0
    return max(0, header.points - limit)
