"""Maps of the 11th-edition layouts: zones, territories' split, terrain areas, dense and light
features, objective markers with their roles, the Attacker's and Defender's edges and a legend.

One scene (in inches) feeds both the page's SVG and the PDFs' vector drawing, as for the other
packs. The board sits inside a frame: a strip above for the edge names, bars beside the board
marking each side's edge, and the legend below."""

from __future__ import annotations

from functools import cache

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

from missions.eleventh.layouts import BOARD_HEIGHT, BOARD_WIDTH, MISSING_NOTE, Layout
from missions.pack.geometry import MARKER_RADIUS, Point, Tag
from missions.render.drawing import MARGIN, scene_drawing
from missions.render.scene import PALETTE, Label, Ring, Scene, Shape
from missions.render.svg import scene_svg

OX, OY = 1.5, 2.6  # where the board's top-left corner sits in the scene
BOTTOM = 2.6  # strip under the board (the bottom edge's name)
LEGEND = 5.2  # two legend rows
TEXT = 1.0  # legend and edge-name size, inches
COLOURS = {
    "defender": PALETTE[Tag.DEFENDER],
    "attacker": PALETTE[Tag.ATTACKER],
    "neutral": "#1b1b1b",
    "area": "#d6cbb0",
    "area_edge": "#7d705a",
    "objective_area": "#ecdca6",
    "dense": "#3d7a3a",
    "light": "#e2b93b",
    "split": "#4a4a4a",
    "paper": "#ffffff",
}
# Edge names are small text on white: darker than the zones' fills (at least 6:1 contrast).
TEXT_COLOURS = {"defender": "#2f6690", "attacker": "#a33b25"}
ZONE_OPACITY = 0.3
ROLE_LETTERS = {"home": "H", "central": "C", "expansion": "E"}
EDGE_WORDS = {"left": "left", "right": "right", "top": "top", "bottom": "bottom"}


def _at(p: Point) -> Point:
    return (p[0] + OX, p[1] + OY)


def _poly(points) -> tuple[Point, ...]:
    return tuple(_at(p) for p in points)


def _text_width(text: str, size: float = TEXT) -> float:
    return len(text) * size * 0.55


def _board(fill: str) -> list[Shape | Ring | Label]:
    w, h = BOARD_WIDTH, BOARD_HEIGHT
    lines = [((x, 0), (x, h)) for x in range(6, w, 6)] + [((0, y), (w, y)) for y in range(6, h, 6)]
    return [
        Shape(_poly(((0, 0), (w, 0), (w, h), (0, h))), fill=fill),
        *(Shape(_poly(line), stroke=PALETTE["grid"], width=0.06) for line in lines),
    ]


def _edge(side: str, edge: str) -> list[Shape | Ring | Label]:
    """A bar just outside the board along `edge` and the side's name beside it."""
    w, h, colour = BOARD_WIDTH, BOARD_HEIGHT, COLOURS[side]
    near, far = -0.9, -0.2
    bars = {
        "left": ((near, 0), (far, 0), (far, h), (near, h)),
        "right": ((w - far, 0), (w - near, 0), (w - near, h), (w - far, h)),
        "top": ((0, near), (w, near), (w, far), (0, far)),
        "bottom": ((0, h - far), (w, h - far), (w, h - near), (0, h - near)),
    }
    text = f"{side.capitalize()} edge"
    half = _text_width(text) / 2
    spots = {
        "left": (half, -1.3),
        "right": (w - half, -1.3),
        "top": (w / 2, -1.3),
        "bottom": (w / 2, h + 1.9),
    }
    return [
        Shape(_poly(bars[edge]), fill=colour),
        Label(_at(spots[edge]), text, TEXT, fill=TEXT_COLOURS[side], bold=True),
    ]


def _marker(layout: Layout, index: int) -> list[Shape | Ring | Label]:
    o = layout.objectives[index]
    colour = COLOURS[o.side or "neutral"]
    x, y = _at(o.marker)
    return [
        Ring((x, y), MARKER_RADIUS, fill=colour, stroke="#ffffff", width=0.12),
        Label((x, y + 0.34), ROLE_LETTERS[o.role], 0.95, fill="#ffffff", bold=True),
    ]


def _legend(top: float) -> list[Shape | Ring | Label]:
    rows = (
        (
            ("Defender zone", "zone:defender"),
            ("Attacker zone", "zone:attacker"),
            ("Terrain area", "area"),
            ("Objective area", "objective_area"),
            ("Territories' split", "split"),
        ),
        (
            ("Dense feature", "dense"),
            ("Light feature", "light"),
            ("Home objective", "role:H"),
            ("Central objective", "role:C"),
            ("Expansion objective", "role:E"),
        ),
    )
    items: list[Shape | Ring | Label] = []
    for row, entries in enumerate(rows):
        y, x = top + 1.0 + row * 2.2, 0.0
        for text, swatch in entries:
            items.extend(_swatch(swatch, x, y))
            width = _text_width(text)
            items.append(Label(_at((x + 2.0 + width / 2, y + 0.35)), text, TEXT))
            x += 2.0 + width + 1.6
    return items


def _swatch(kind: str, x: float, y: float) -> list[Shape | Ring | Label]:
    box = _poly(((x, y - 0.5), (x + 1.6, y - 0.5), (x + 1.6, y + 0.5), (x, y + 0.5)))
    if kind.startswith("zone:"):
        side = kind.split(":")[1]
        return [
            Shape(box, fill=COLOURS[side], opacity=ZONE_OPACITY, stroke=COLOURS[side], width=0.1)
        ]
    if kind == "split":
        return [
            Shape(
                _poly(((x, y), (x + 1.6, y))), stroke=COLOURS["split"], width=0.12, dash=(0.5, 0.3)
            )
        ]
    if kind.startswith("role:"):
        cx, cy = _at((x + 0.8, y))
        return [
            Ring((cx, cy), MARKER_RADIUS, fill=COLOURS["neutral"]),
            Label((cx, cy + 0.34), kind.split(":")[1], 0.95, fill="#ffffff", bold=True),
        ]
    stroke = COLOURS["area_edge"] if kind in {"area", "objective_area"} else None
    return [Shape(box, fill=COLOURS[kind], stroke=stroke, width=0.1 if stroke else 0)]


def describe(layout: Layout) -> str:
    """The map in words, for screen readers and anyone who cannot see the drawing."""
    if layout.map is None:
        return f"{layout.title}: {layout.note}"
    m = layout.map
    dense = sum(1 for f in layout.features if f.category == "dense")
    objectives = "; ".join(
        f"{o.label} at {o.marker[0]:g}, {o.marker[1]:g}" for o in layout.objectives
    )
    return (
        f"{layout.title} on {m.name}, a 60 by 44 inch table. The Defender deploys along the "
        f"{EDGE_WORDS[m.defender_edge]} edge, the Attacker along the {EDGE_WORDS[m.attacker_edge]}"
        f" edge. {len(layout.areas)} terrain areas with {dense} dense and "
        f"{len(layout.features) - dense} light features. {len(layout.objectives)} objectives "
        f"(inches from the top-left corner): {objectives}."
    )


def _paper(width: float, height: float) -> Shape:
    """The frame's white ground: the labels around the board sit on it, not on nothing."""
    return Shape(((0, 0), (width, 0), (width, height), (0, height)), fill=COLOURS["paper"])


@cache
def layout_scene(layout: Layout) -> Scene:
    width = BOARD_WIDTH + 2 * OX
    if layout.map is None:
        w, h = BOARD_WIDTH, BOARD_HEIGHT
        items = [
            _paper(width, OY + h + BOTTOM),
            *_board("#eeeeee"),
            Label(_at((w / 2, h / 2 - 1)), f"Layout {layout.letter}", 2.0, bold=True),
            Label(_at((w / 2, h / 2 + 1.5)), MISSING_NOTE, 1.4),
            Label(_at((w / 2, h / 2 + 3.5)), layout.edges_text, 1.2),
            Shape(_poly(((0, 0), (w, 0), (w, h), (0, h))), stroke=PALETTE["edge"], width=0.3),
        ]
        return Scene(width, OY + h + BOTTOM, tuple(items), layout.title, describe(layout))
    m = layout.map
    height = OY + BOARD_HEIGHT + BOTTOM + LEGEND
    items = [_paper(width, height), *_board(PALETTE["board"])]
    for side in ("defender", "attacker"):
        zone = m.zone(side).points
        items.append(Shape(_poly(zone), fill=COLOURS[side], opacity=ZONE_OPACITY))
        items.append(Shape(_poly(zone), stroke=COLOURS[side], width=0.18))
    items.append(
        Shape(
            _poly(m.defender_territory.points),
            stroke=COLOURS["split"],
            width=0.12,
            dash=(0.8, 0.5),
        )
    )
    for area in layout.areas:
        fill = COLOURS["objective_area" if area.objective else "area"]
        items.append(
            Shape(
                _poly(area.polygon.points),
                fill=fill,
                stroke=COLOURS["area_edge"],
                width=0.25 if area.objective else 0.12,
            )
        )
    for feature in layout.features:
        items.append(Shape(_poly(feature.polygon.points), fill=COLOURS[feature.category]))
    for i in range(len(layout.objectives)):
        items.extend(_marker(layout, i))
    items.extend(_edge("defender", m.defender_edge))
    items.extend(_edge("attacker", m.attacker_edge))
    w, h = BOARD_WIDTH, BOARD_HEIGHT
    items.append(Shape(_poly(((0, 0), (w, 0), (w, h), (0, h))), stroke=PALETTE["edge"], width=0.3))
    items.extend(_legend(h + BOTTOM))
    title = f"{layout.title}: {m.name}"
    return Scene(width, height, tuple(items), title, describe(layout))


def layout_svg(layout: Layout, width_px: int = 900) -> str:
    return scene_svg(layout_scene(layout), width_px)


def layout_drawing(layout: Layout, width: float = 500.0) -> Drawing:
    return scene_drawing(layout_scene(layout), width)


def fitted_drawing(layout: Layout, *, width: float, height: float) -> Drawing:
    """The layout's drawing as large as fits a box of `width` by `height` points."""
    scene = layout_scene(layout)
    ratio = (scene.height + 2 * MARGIN) / (scene.width + 2 * MARGIN)
    return scene_drawing(scene, min(width, height / ratio))


def draw_layout(
    canvas: Canvas, layout: Layout, x: float, y: float, *, width: float, height: float
) -> tuple[float, float]:
    """Draw the layout's map as large as fits the box whose lower left is (x, y), centred
    across and set at the box's top; returns the drawn (width, height) in points."""
    drawing = fitted_drawing(layout, width=width, height=height)
    left = x + (width - drawing.width) / 2
    renderPDF.draw(drawing, canvas, left, y + height - drawing.height)
    return drawing.width, drawing.height
