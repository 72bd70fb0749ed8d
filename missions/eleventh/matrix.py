"""Force Dispositions, the 5x5 primary matrix and which terrain layouts the data holds.

Facts only (ids, names, cells, map families); see the package docstring for the credit.
Row = a player's own disposition, column = the opponent's; the cell is that player's primary,
so the two players of a game usually play different primaries (the diagonal are mirrors)."""

from __future__ import annotations

# 40kdc-data commit 9578345 (2026-06-13, package 0.5.17), launch dataslate.
DATA_VERSION = "40kdc-data 0.5.17 (9578345, 2026-06-13)"

DISPOSITIONS: tuple[tuple[str, str], ...] = (
    ("take-and-hold", "Take and Hold"),
    ("disruption", "Disruption"),
    ("purge-the-foe", "Purge the Foe"),
    ("priority-assets", "Priority Assets"),
    ("reconnaissance", "Reconnaissance"),
)
DISPOSITION_IDS: tuple[str, ...] = tuple(key for key, _ in DISPOSITIONS)
DISPOSITION_NAMES: dict[str, str] = dict(DISPOSITIONS)

PRIMARY_NAMES: dict[str, str] = {
    "battlefield-dominance": "Battlefield Dominance",
    "determined-acquisition": "Determined Acquisition",
    "immovable-object": "Immovable Object",
    "inescapable-dominion": "Inescapable Dominion",
    "purge-and-secure": "Purge and Secure",
    "death-trap": "Death Trap",
    "outmanoeuvre": "Outmanoeuvre",
    "delaying-action": "Delaying Action",
    "locate-and-deny": "Locate and Deny",
    "smoke-and-mirrors": "Smoke and Mirrors",
    "unstoppable-force": "Unstoppable Force",
    "punishment": "Punishment",
    "meatgrinder": "Meatgrinder",
    "destroyers-wrath": "Destroyer's Wrath",
    "consecrate": "Consecrate",
    "secure-asset": "Secure Asset",
    "extract-relic": "Extract Relic",
    "vital-link": "Vital Link",
    "sabotage": "Sabotage",
    "vanguard-operation": "Vanguard Operation",
    "reconnaissance-sweep": "Reconnaissance Sweep",
    "surveil-the-foe": "Surveil the Foe",
    "triangulation": "Triangulation",
    "search-and-scour": "Search and Scour",
    "gather-intel": "Gather Intel",
}

# Rows in DISPOSITION_IDS order; columns in the same order.
_ROWS: dict[str, tuple[str, ...]] = {
    "take-and-hold": (
        "battlefield-dominance", "determined-acquisition", "immovable-object",
        "inescapable-dominion", "purge-and-secure",
    ),
    "disruption": (
        "death-trap", "outmanoeuvre", "delaying-action", "locate-and-deny", "smoke-and-mirrors",
    ),
    "purge-the-foe": (
        "unstoppable-force", "punishment", "meatgrinder", "destroyers-wrath", "consecrate",
    ),
    "priority-assets": (
        "secure-asset", "extract-relic", "vital-link", "sabotage", "vanguard-operation",
    ),
    "reconnaissance": (
        "reconnaissance-sweep", "surveil-the-foe", "triangulation", "search-and-scour",
        "gather-intel",
    ),
}  # fmt: skip

MATRIX: dict[tuple[str, str], str] = {
    (own, opp): _ROWS[own][col]
    for own in DISPOSITION_IDS
    for col, opp in enumerate(DISPOSITION_IDS)
}

LAYOUT_LETTERS: tuple[str, ...] = ("A", "B", "C")

MAP_NAMES: dict[str, str] = {
    "tipping-point": "Tipping Point",
    "dawn-of-war": "Dawn of War",
    "search-and-destroy": "Search and Destroy",
    "sweeping-engagement": "Sweeping Engagement",
    "crucible-of-battle": "Crucible of Battle",
    "hammer-and-anvil": "Hammer and Anvil",
}

# (pairing id, letter) -> deployment map id, for the 30 of 45 layouts the data has.
_T, _D, _S = "tipping-point", "dawn-of-war", "search-and-destroy"
_W, _C, _H = "sweeping-engagement", "crucible-of-battle", "hammer-and-anvil"
LAYOUT_MAPS: dict[tuple[str, str], str] = {
    ("take-and-hold-vs-take-and-hold", "A"): _T,
    ("take-and-hold-vs-take-and-hold", "B"): _D,
    ("take-and-hold-vs-take-and-hold", "C"): _S,
    ("take-and-hold-vs-disruption", "A"): _W,
    ("take-and-hold-vs-disruption", "B"): _C,
    ("take-and-hold-vs-disruption", "C"): _H,
    ("take-and-hold-vs-purge-the-foe", "A"): _W,
    ("take-and-hold-vs-purge-the-foe", "B"): _S,
    ("take-and-hold-vs-purge-the-foe", "C"): _H,
    ("take-and-hold-vs-priority-assets", "A"): _C,
    ("take-and-hold-vs-priority-assets", "B"): _H,
    ("take-and-hold-vs-priority-assets", "C"): _D,
    ("take-and-hold-vs-reconnaissance", "A"): _T,
    ("take-and-hold-vs-reconnaissance", "B"): _D,
    ("take-and-hold-vs-reconnaissance", "C"): _S,
    ("disruption-vs-disruption", "B"): _T,
    ("disruption-vs-disruption", "C"): _W,
    ("disruption-vs-purge-the-foe", "A"): _S,
    ("disruption-vs-purge-the-foe", "B"): _T,
    ("disruption-vs-purge-the-foe", "C"): _W,
    ("disruption-vs-reconnaissance", "C"): _S,
    ("purge-the-foe-vs-purge-the-foe", "A"): _S,
    ("purge-the-foe-vs-purge-the-foe", "B"): _T,
    ("purge-the-foe-vs-purge-the-foe", "C"): _W,
    ("purge-the-foe-vs-priority-assets", "A"): _D,
    ("purge-the-foe-vs-priority-assets", "B"): _S,
    ("purge-the-foe-vs-priority-assets", "C"): _H,
    ("purge-the-foe-vs-reconnaissance", "A"): _H,
    ("purge-the-foe-vs-reconnaissance", "B"): _D,
    ("purge-the-foe-vs-reconnaissance", "C"): _C,
}


class UnknownDisposition(ValueError):
    """A disposition id that is not one of the five."""


def check_disposition(value: str) -> str:
    if value not in DISPOSITION_NAMES:
        raise UnknownDisposition(
            f"{value!r} is not a Force Disposition; known: {', '.join(DISPOSITION_IDS)}"
        )
    return value


def primary_for(own: str, opponent: str) -> str:
    """The primary mission id a player with disposition `own` plays against `opponent`."""
    return MATRIX[(check_disposition(own), check_disposition(opponent))]


def primary_name(primary_id: str) -> str:
    return PRIMARY_NAMES[primary_id]


def pairing_id(a: str, b: str) -> str:
    """The unordered pairing's id, in the data's order (e.g. disruption-vs-purge-the-foe)."""
    first, second = sorted((check_disposition(a), check_disposition(b)), key=DISPOSITION_IDS.index)
    return f"{first}-vs-{second}"


def layout_map(a: str, b: str, letter: str) -> str | None:
    """The map id of layout `letter` for this pairing; None where the data lacks it."""
    return LAYOUT_MAPS.get((pairing_id(a, b), letter))


def layout_available(a: str, b: str, letter: str) -> bool:
    return layout_map(a, b, letter) is not None


def layouts_held(a: str, b: str) -> tuple[str, ...]:
    """The letters of this pairing's layouts the data holds, A to C (empty for the pairings it
    holds none of: Priority Assets against Disruption, Reconnaissance or Priority Assets, and
    the Reconnaissance mirror)."""
    return tuple(letter for letter in LAYOUT_LETTERS if layout_available(a, b, letter))
