"""One drawing of a mission map as primitives in battlefield inches (y downwards from the
top edge). The SVG and reportlab renderers only translate these, so both show the same map."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from missions.engine.markers import MarkerPlan
from missions.pack.geometry import CONTROL_RANGE, MARKER_RADIUS, DeploymentMap, Marker, Point, Tag
from missions.render.labels import label_point
from missions.render.shapes import zone_outline

PALETTE = {
    "board": "#f4efe1",
    "edge": "#333333",
    "grid": "#d9d2bf",
    "grid6": "#a89f86",
    Tag.ATTACKER: "#c8553d",
    Tag.DEFENDER: "#2f6690",
    "text": "#222222",
    "marker": "#1b1b1b",
    "range": "#555555",
    "new": "#e0a100",
    "removed": "#888888",
}


def gettext_noop(text: str) -> str:
    """Marks a map's English word for the catalogues; the caller's `translate` reads it."""
    return text


# The areas' names, in English: a page passes gettext (the reader's language), a PDF gettext
# under the event's language; the pure renderer may not import Django.
ZONE_NAMES = {Tag.ATTACKER: gettext_noop("Attacker"), Tag.DEFENDER: gettext_noop("Defender")}
NO_MANS_LAND = gettext_noop("No Man's Land")
Translate = Callable[[str], str]
ROLE_LETTERS = {
    "alpha": "α",
    "omega": "Ω",
    "site_of_power": "S",
    "servo_skull": "SK",
    "ritual": "R",
    "burnable": "B",
    "hidden_supplies": "HS",
}


@dataclass(frozen=True)
class Shape:
    """A filled/stroked path: outline + holes (even-odd)."""

    points: tuple[Point, ...]
    holes: tuple[tuple[Point, ...], ...] = ()
    fill: str | None = None
    opacity: float = 1.0
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Ring:
    centre: Point
    radius: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True)
class Label:
    at: Point
    text: str
    size: float
    fill: str = PALETTE["text"]
    bold: bool = False


@dataclass(frozen=True)
class Scene:
    width: float
    height: float
    items: tuple[Shape | Ring | Label, ...]
    title: str = ""
    desc: str = ""  # a longer text for screen readers (the SVG's <desc>)


def _grid(w: float, h: float) -> list[Shape]:
    out = []
    for x in range(1, int(w)):
        strong = x % 6 == 0
        out.append(
            Shape(
                ((x, 0), (x, h)),
                stroke=PALETTE["grid6" if strong else "grid"],
                width=0.08 if strong else 0.04,
            )
        )
    for y in range(1, int(h)):
        strong = y % 6 == 0
        out.append(
            Shape(
                ((0, y), (w, y)),
                stroke=PALETTE["grid6" if strong else "grid"],
                width=0.08 if strong else 0.04,
            )
        )
    return out


def _marker(m: Marker, index: int) -> list[Shape | Ring | Label]:
    new = "hidden_supplies" in m.roles
    fill = PALETTE["new"] if new else PALETTE["marker"]
    items: list[Shape | Ring | Label] = []
    if m.moved_from is not None:
        items.extend(_moved_from(m))
    items += [
        Ring(
            m.point,
            MARKER_RADIUS + CONTROL_RANGE,
            fill=fill,
            opacity=0.10,
            stroke=PALETTE["range"],
            width=0.08,
            dash=(0.5, 0.35),
        ),
        Ring(m.point, MARKER_RADIUS, fill=fill, stroke="#ffffff", width=0.1),
        Label((m.point[0], m.point[1] + 0.35), str(index), 0.95, fill="#ffffff", bold=True),
    ]
    tags = [ROLE_LETTERS[r] for r in m.roles if r in ROLE_LETTERS and r != "hidden_supplies"]
    if new:
        tags.insert(0, "new")
    if tags:
        items.append(
            Label((m.point[0], m.point[1] - MARKER_RADIUS - 0.5), " ".join(tags), 0.95, bold=True)
        )
    return items


def _moved_from(m: Marker) -> list[Shape | Ring | Label]:
    (x0, y0), (x1, y1) = m.moved_from, m.point  # type: ignore[misc]
    ang = math.atan2(y1 - y0, x1 - x0)
    tip = (x1 - MARKER_RADIUS * math.cos(ang), y1 - MARKER_RADIUS * math.sin(ang))
    head = [
        (tip[0] - 0.9 * math.cos(ang + s), tip[1] - 0.9 * math.sin(ang + s)) for s in (0.45, -0.45)
    ]
    return [
        Ring((x0, y0), MARKER_RADIUS, stroke=PALETTE["removed"], width=0.1, dash=(0.25, 0.2)),
        Shape(((x0, y0), tip), stroke=PALETTE["text"], width=0.12),
        Shape((tip, head[0], head[1]), fill=PALETTE["text"]),
    ]


def _removed(m: Marker) -> list[Shape | Ring | Label]:
    x, y = m.point
    r = MARKER_RADIUS
    grey = PALETTE["removed"]
    return [
        Ring(m.point, r, stroke=grey, width=0.1, dash=(0.25, 0.2)),
        Shape(((x - r, y - r), (x + r, y + r)), stroke=grey, width=0.12),
        Shape(((x - r, y + r), (x + r, y - r)), stroke=grey, width=0.12),
        Label((x, y + r + 1.0), "removed", 0.85, fill=grey),
    ]


@lru_cache(maxsize=64)
def _base(
    dmap: DeploymentMap, avoid: tuple[Point, ...], names: tuple[str, str, str]
) -> tuple[Shape | Ring | Label, ...]:
    """`names`: the Attacker's, the Defender's and No Man's Land's, already in words."""
    w, h = dmap.width, dmap.height
    items: list[Shape | Ring | Label] = [
        Shape(((0, 0), (w, 0), (w, h), (0, h)), fill=PALETTE["board"])
    ]
    for zone in (dmap.attacker, dmap.defender):
        outline, holes = zone_outline(zone)
        items.append(
            Shape(
                tuple(outline), tuple(tuple(x) for x in holes), fill=PALETTE[zone.tag], opacity=0.28
            )
        )
    items.extend(_grid(w, h))
    for zone in (dmap.attacker, dmap.defender):
        outline, holes = zone_outline(zone)
        items.append(
            Shape(
                tuple(outline), tuple(tuple(x) for x in holes), stroke=PALETTE[zone.tag], width=0.2
            )
        )
    zone_names = dict(zip((Tag.ATTACKER, Tag.DEFENDER, Tag.NO_MANS_LAND), names, strict=True))
    for tag in (Tag.ATTACKER, Tag.DEFENDER, Tag.NO_MANS_LAND):
        text = zone_names[tag]
        size = 1.7 if tag is not Tag.NO_MANS_LAND else 1.4
        at = label_point(dmap, tag, avoid, len(text) * size * 0.55, size)
        fill = PALETTE.get(tag, PALETTE["text"])
        items.append(Label(at, text, size, fill=fill, bold=True))
    return tuple(items)


def build_scene(
    dmap: DeploymentMap,
    plan: MarkerPlan,
    title: str = "",
    *,
    zone_names: tuple[str, str] | None = None,
    keep_clear: tuple[Point, ...] = (),
    translate: Translate = gettext_noop,
) -> Scene:
    """The map with its zones, grid, labels, markers (control range) and rule effects.
    `zone_names` replaces "Attacker"/"Defender" (English, marked); `translate` puts the areas'
    names in the reader's language; area names keep off `keep_clear` points."""
    markers = plan.markers
    avoid = tuple(m.point for m in (*markers, *plan.removed)) + tuple(
        m.moved_from for m in markers if m.moved_from is not None
    )
    if plan.placement is not None:
        avoid += (dmap.centre,)  # the placement note sits there
    avoid += keep_clear
    attacker, defender = zone_names or (ZONE_NAMES[Tag.ATTACKER], ZONE_NAMES[Tag.DEFENDER])
    names = (translate(attacker), translate(defender), translate(NO_MANS_LAND))
    items = list(_base(dmap, avoid, names))
    for m in plan.removed:
        items.extend(_removed(m))
    for i, m in enumerate(markers, start=1):
        items.extend(_marker(m, i))
    if plan.placement is not None:
        items.extend(_placement(dmap, plan.placement.edge_clearance, translate))
    w, h = dmap.width, dmap.height
    items.append(Shape(((0, 0), (w, 0), (w, h), (0, h)), stroke=PALETTE["edge"], width=0.3))
    return Scene(w, h, tuple(items), title)


def _placement(
    dmap: DeploymentMap, clearance: float, translate: Translate = gettext_noop
) -> list[Shape | Ring | Label]:
    w, h, c = dmap.width, dmap.height, clearance
    return [
        Shape(
            ((c, c), (w - c, c), (w - c, h - c), (c, h - c)),
            stroke=PALETTE["text"],
            width=0.12,
            dash=(0.6, 0.4),
        ),
        Label(
            (w / 2, h / 2 + 0.4),
            translate(
                gettext_noop(
                    'Players place objective markers (>%(clearance)s" from edges, >9" apart)'
                )
            )
            % {"clearance": f"{c:g}"},
            1.0,
            bold=True,
        ),
    ]
