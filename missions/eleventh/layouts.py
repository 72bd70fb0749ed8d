"""The 45 terrain layouts of the 11th-edition pack (15 disposition pairings x A, B, C).

Each layout fixes the deployment map (the Attacker's and Defender's zones and edges), the
terrain areas with their features, and the objectives: in this edition an objective is a
terrain area carrying a marker, with a role (home, central, expansion). 30 layouts are in the
data (`layout_data.py`); the other 15 are known only by pairing, letter and orientation, and
`Layout.available` is False for them, so pages and printouts can say so.

Board: 60" x 44", x along the long edge, y down from the top-left corner (the data's frame).
The zones stand on the board edges named in `BattleMap`: the left and right short edges on the
short-edge maps (Hammer and Anvil, Tipping Point, Crucible of Battle), the top and bottom long
edges on the others. Search and Destroy's zones touch both a short and a long edge; we name the
long edge, since the layout cards put that map in the long-edge family.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from missions.eleventh import layout_data
from missions.eleventh.matrix import (
    DISPOSITION_IDS,
    DISPOSITION_NAMES,
    LAYOUT_LETTERS,
    MAP_NAMES,
    pairing_id,
)
from missions.pack.geometry import Point, Polygon

BOARD_WIDTH, BOARD_HEIGHT = 60, 44
CENTRE: Point = (30, 22)

# The unordered pairings in the data's order (first disposition no later than the second).
PAIRINGS: tuple[str, ...] = tuple(
    f"{a}-vs-{b}"
    for i, a in enumerate(DISPOSITION_IDS)
    for b in DISPOSITION_IDS[i:]
)  # fmt: skip

SHORT_EDGE_MAPS = frozenset({"hammer-and-anvil", "tipping-point", "crucible-of-battle"})

# The missing layouts' edge orientation (h: zones on the short edges, v: on the long edges),
# as the event companion's layout list gives it; the data has no geometry for them yet.
MISSING_ORIENTATION: dict[tuple[str, str], str] = {
    ("disruption-vs-disruption", "A"): "h",
    ("disruption-vs-priority-assets", "A"): "v",
    ("disruption-vs-priority-assets", "B"): "h",
    ("disruption-vs-priority-assets", "C"): "v",
    ("disruption-vs-reconnaissance", "A"): "h",
    ("disruption-vs-reconnaissance", "B"): "v",
    ("priority-assets-vs-priority-assets", "A"): "v",
    ("priority-assets-vs-priority-assets", "B"): "h",
    ("priority-assets-vs-priority-assets", "C"): "h",
    ("priority-assets-vs-reconnaissance", "A"): "h",
    ("priority-assets-vs-reconnaissance", "B"): "h",
    ("priority-assets-vs-reconnaissance", "C"): "v",
    ("reconnaissance-vs-reconnaissance", "A"): "v",
    ("reconnaissance-vs-reconnaissance", "B"): "h",
    ("reconnaissance-vs-reconnaissance", "C"): "h",
}
MISSING_NOTE = "This layout is not in our data."


def companion_card_words(a: str, b: str, letter: str) -> str:
    """Where a table whose layout the data lacks is set up from, naming the matchup as its
    players sit (a v b, disposition ids): the printed card is the only source of its
    terrain."""
    return companion_card_text(DISPOSITION_NAMES[a], DISPOSITION_NAMES[b], letter)


def companion_card_text(name_a: str, name_b: str, letter: str) -> str:
    """The same words from the dispositions' names (as the printouts carry them)."""
    return (
        f"Set up this table from the Event Companion's layout card {letter} "
        f"for {name_a} v {name_b}."
    )


AREA_NAMES = {
    "area-large": "Large area",
    "area-trapezoid": "Trapezoid area",
    "area-medium": "Medium area",
    "area-long-line": "Long line area",
    "area-short-line": "Short line area",
}
FEATURE_NAMES = {
    "corner-tiny": "Tiny corner",
    "corner-short": "Short corner",
    "barricade": "Barricade",
    "pipe": "Pipe",
    "gantry": "Gantry",
    "catwalk": "Catwalk",
    "generator": "Generator",
    "corner-ruin-balanced-left": "Corner ruin",
    "corner-ruin-balanced-right": "Corner ruin",
    "corner-ruin-left": "Corner ruin",
    "corner-ruin-right": "Corner ruin",
}
ROLE_NAMES = {"home": "Home", "central": "Central", "expansion": "Expansion"}
SIDE_NAMES = {"attacker": "Attacker", "defender": "Defender"}


@dataclass(frozen=True)
class BattleMap:
    """A deployment map: zones (where each side deploys), territories (the half of the table
    holding each zone), and the board edge each side's zone stands on."""

    id: str
    name: str
    defender_zone: Polygon
    attacker_zone: Polygon
    defender_territory: Polygon
    attacker_territory: Polygon
    defender_edge: str
    attacker_edge: str

    @property
    def orientation(self) -> str:
        return "h" if self.id in SHORT_EDGE_MAPS else "v"

    def zone(self, side: str) -> Polygon:
        return self.defender_zone if side == "defender" else self.attacker_zone

    def territory(self, side: str) -> Polygon:
        return self.defender_territory if side == "defender" else self.attacker_territory


@dataclass(frozen=True)
class Area:
    """A terrain area; `objective` is the number of the objective it carries, if any."""

    template: str
    polygon: Polygon
    objective: int | None = None

    @property
    def name(self) -> str:
        return AREA_NAMES[self.template]


@dataclass(frozen=True)
class Feature:
    """A piece of scenery standing on the table: dense or light, `height` inches tall."""

    template: str
    category: str
    height: float
    polygon: Polygon

    @property
    def name(self) -> str:
        return FEATURE_NAMES[self.template]


@dataclass(frozen=True)
class Objective:
    """One objective: its marker, its role, and whose territory holds it (None: on the split
    between the two territories, like the single central objective)."""

    number: int
    role: str
    marker: Point
    side: str | None
    areas: tuple[int, ...]

    @property
    def label(self) -> str:
        """What a player calls it: "Defender home", "Central", "Expansion (Attacker territory)"."""
        if self.role == "home":
            return f"{SIDE_NAMES[self.side]} home"
        if self.side is None:
            return ROLE_NAMES[self.role]
        return f"{ROLE_NAMES[self.role]} ({SIDE_NAMES[self.side]} territory)"


@dataclass(frozen=True)
class Layout:
    """Layout `letter` of a disposition pairing; without a map when the data lacks it."""

    pairing: str
    letter: str
    orientation: str
    map: BattleMap | None = None
    areas: tuple[Area, ...] = ()
    features: tuple[Feature, ...] = ()
    objectives: tuple[Objective, ...] = ()
    source_id: str = ""

    @property
    def available(self) -> bool:
        return self.map is not None

    @property
    def dispositions(self) -> tuple[str, str]:
        first, second = _split(self.pairing)
        return first, second

    @property
    def title(self) -> str:
        """E.g. "Take and Hold vs Disruption, layout B"."""
        a, b = (DISPOSITION_NAMES[d] for d in self.dispositions)
        return f"{a} vs {b}, layout {self.letter}"

    @property
    def map_name(self) -> str | None:
        return self.map.name if self.map else None

    @property
    def edges_text(self) -> str:
        edges = "short" if self.orientation == "h" else "long"
        return f"The deployment zones stand on the table's {edges} edges."

    @property
    def note(self) -> str:
        """One line for pages and paper: the map, or that the layout is missing."""
        if self.map is None:
            return f"{MISSING_NOTE} {companion_card_words(*self.dispositions, self.letter)} " + (
                self.edges_text
            )
        return f"{self.map.name}, {len(self.objectives)} objectives"

    def objective(self, role: str, side: str | None) -> tuple[Objective, ...]:
        return tuple(o for o in self.objectives if o.role == role and o.side == side)


def _split(pairing: str) -> tuple[str, str]:
    for first in DISPOSITION_IDS:
        if pairing.startswith(f"{first}-vs-") and pairing[len(first) + 4 :] in DISPOSITION_IDS:
            return first, pairing[len(first) + 4 :]
    raise KeyError(pairing)


def _polygon(points) -> Polygon:
    return Polygon(tuple((float(x), float(y)) for x, y in points))


@cache
def battle_map(map_id: str) -> BattleMap:
    raw = layout_data.MAPS[map_id]
    return BattleMap(
        id=map_id,
        name=MAP_NAMES[map_id],
        defender_zone=_polygon(raw["defender_zone"]),
        attacker_zone=_polygon(raw["attacker_zone"]),
        defender_territory=_polygon(raw["defender_territory"]),
        attacker_territory=_polygon(raw["attacker_territory"]),
        defender_edge=raw["edges"][0],
        attacker_edge=raw["edges"][1],
    )


# Objectives are numbered from the Defender's side across to the Attacker's, so "1" is
# always the Defender's home on every layout.
_ORDER = {
    ("home", "defender"): 0,
    ("expansion", "defender"): 1,
    ("central", "defender"): 2,
    ("central", ""): 3,
    ("central", "attacker"): 4,
    ("expansion", "attacker"): 5,
    ("home", "attacker"): 6,
}


def _build(key: tuple[str, str], raw: dict) -> Layout:
    dmap = battle_map(raw["map"])
    ordered = sorted(raw["objectives"], key=lambda o: _ORDER[(o[0], o[2])])
    owner: dict[int, int] = {}
    objectives = []
    for number, (role, marker, side, members) in enumerate(ordered, start=1):
        objectives.append(
            Objective(number, role, (float(marker[0]), float(marker[1])), side or None, members)
        )
        owner.update(dict.fromkeys(members, number))
    areas = tuple(
        Area(template, _polygon(points), owner.get(i))
        for i, (template, points) in enumerate(raw["areas"])
    )
    features = tuple(
        Feature(template, category, float(height), _polygon(points))
        for template, category, height, points in raw["features"]
    )
    return Layout(
        pairing=key[0],
        letter=key[1],
        orientation=dmap.orientation,
        map=dmap,
        areas=areas,
        features=features,
        objectives=tuple(objectives),
        source_id=raw["source_id"],
    )


class UnknownLayout(KeyError):
    """A pairing or letter that names no layout."""


@cache
def layout(pairing: str, letter: str) -> Layout:
    """Layout `letter` ("A", "B", "C") of `pairing` (e.g. "take-and-hold-vs-disruption")."""
    if pairing not in PAIRINGS or letter not in LAYOUT_LETTERS:
        raise UnknownLayout(f"no layout {letter!r} for pairing {pairing!r}")
    raw = layout_data.LAYOUTS.get((pairing, letter))
    if raw is None:
        return Layout(pairing, letter, MISSING_ORIENTATION[(pairing, letter)])
    return _build((pairing, letter), raw)


def layout_for(a: str, b: str, letter: str) -> Layout:
    """The layout for a game between dispositions `a` and `b` (in either order)."""
    return layout(pairing_id(a, b), letter)


def all_layouts() -> tuple[Layout, ...]:
    """All 45, pairing by pairing, A to C."""
    return tuple(layout(p, letter) for p in PAIRINGS for letter in LAYOUT_LETTERS)
