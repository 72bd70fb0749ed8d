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

from missions.eleventh.layouts import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    DISPOSITION_NAMES,
    Layout,
    Objective,
)
from missions.pack.geometry import MARKER_RADIUS, Point, Tag
from missions.render.drawing import MARGIN, scene_drawing
from missions.render.scene import PALETTE, Label, Ring, Scene, Shape, Translate, gettext_noop
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
# The map's words, in English: a page passes gettext (the reader's language), a PDF gettext
# under the event's language; the pure renderer may not import Django.
LEGEND_ROWS = (
    (
        (gettext_noop("Defender zone"), "zone:defender"),
        (gettext_noop("Attacker zone"), "zone:attacker"),
        (gettext_noop("Terrain area"), "area"),
        (gettext_noop("Objective area"), "objective_area"),
        (gettext_noop("Territories' split"), "split"),
    ),
    (
        (gettext_noop("Dense feature"), "dense"),
        (gettext_noop("Light feature"), "light"),
        (gettext_noop("Home objective"), "role:H"),
        (gettext_noop("Central objective"), "role:C"),
        (gettext_noop("Expansion objective"), "role:E"),
    ),
)
EDGE_NAMES = {"defender": gettext_noop("Defender edge"), "attacker": gettext_noop("Attacker edge")}
DEPLOYS = {
    "defender": {
        "left": gettext_noop("The Defender deploys along the left edge."),
        "right": gettext_noop("The Defender deploys along the right edge."),
        "top": gettext_noop("The Defender deploys along the top edge."),
        "bottom": gettext_noop("The Defender deploys along the bottom edge."),
    },
    "attacker": {
        "left": gettext_noop("The Attacker deploys along the left edge."),
        "right": gettext_noop("The Attacker deploys along the right edge."),
        "top": gettext_noop("The Attacker deploys along the top edge."),
        "bottom": gettext_noop("The Attacker deploys along the bottom edge."),
    },
}
ROLE_WORDS = {
    "home": gettext_noop("Home"),
    "central": gettext_noop("Central"),
    "expansion": gettext_noop("Expansion"),
}
HOME_WORDS = {"attacker": gettext_noop("Attacker home"), "defender": gettext_noop("Defender home")}
TERRITORY_WORDS = {
    "attacker": gettext_noop("%(role)s (Attacker territory)"),
    "defender": gettext_noop("%(role)s (Defender territory)"),
}
EDGES_WORDS = {
    "h": gettext_noop("The deployment zones stand on the table's short edges."),
    "v": gettext_noop("The deployment zones stand on the table's long edges."),
}
TITLE = gettext_noop("%(first)s vs %(second)s, layout %(letter)s")
LAYOUT = gettext_noop("Layout %(letter)s")
MISSING = gettext_noop("This layout is not in our data.")
COMPANION_CARD = gettext_noop(
    "Set up this table from the Event Companion's layout card %(letter)s for %(first)s v "
    "%(second)s."
)
TABLE = gettext_noop("%(title)s on %(map)s, a 60 by 44 inch table.")
TERRAIN = gettext_noop("%(areas)s terrain areas with %(dense)s dense and %(light)s light features.")
OBJECTIVES = gettext_noop("%(count)s objectives (inches from the top-left corner): %(objectives)s.")
OBJECTIVE_AT = gettext_noop("%(label)s at %(x)s, %(y)s")
WORDS = (
    *(text for row in LEGEND_ROWS for text, _kind in row),
    *EDGE_NAMES.values(),
    *(text for edges in DEPLOYS.values() for text in edges.values()),
    *ROLE_WORDS.values(),
    *HOME_WORDS.values(),
    *TERRITORY_WORDS.values(),
    *EDGES_WORDS.values(),
    TITLE,
    LAYOUT,
    MISSING,
    COMPANION_CARD,
    TABLE,
    TERRAIN,
    OBJECTIVES,
    OBJECTIVE_AT,
)


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


def _edge(side: str, edge: str, translate: Translate) -> list[Shape | Ring | Label]:
    """A bar just outside the board along `edge` and the side's name beside it."""
    w, h, colour = BOARD_WIDTH, BOARD_HEIGHT, COLOURS[side]
    near, far = -0.9, -0.2
    bars = {
        "left": ((near, 0), (far, 0), (far, h), (near, h)),
        "right": ((w - far, 0), (w - near, 0), (w - near, h), (w - far, h)),
        "top": ((0, near), (w, near), (w, far), (0, far)),
        "bottom": ((0, h - far), (w, h - far), (w, h - near), (0, h - near)),
    }
    text = translate(EDGE_NAMES[side])
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


# Space between legend rows, and what a swatch and the gap after an entry take beside its words.
LEGEND_ROW = 2.2
SWATCH, GAP = 2.0, 1.6


def _legend_rows(translate: Translate) -> list[list[tuple[str, str]]]:
    """The legend's rows in the reader's words: each row of LEGEND_ROWS, broken again where
    its words would run past the board's width (German and Polish words are longer)."""
    rows: list[list[tuple[str, str]]] = []
    for entries in LEGEND_ROWS:
        row: list[tuple[str, str]] = []
        x = 0.0
        for words, swatch in entries:
            text = translate(words)
            width = SWATCH + _text_width(text)
            if row and x + width > BOARD_WIDTH:
                rows.append(row)
                row, x = [], 0.0
            row.append((text, swatch))
            x += width + GAP
        rows.append(row)
    return rows


def _legend(top: float, rows: list[list[tuple[str, str]]]) -> list[Shape | Ring | Label]:
    items: list[Shape | Ring | Label] = []
    for number, entries in enumerate(rows):
        y, x = top + 1.0 + number * LEGEND_ROW, 0.0
        for text, swatch in entries:
            items.extend(_swatch(swatch, x, y))
            width = _text_width(text)
            items.append(Label(_at((x + SWATCH + width / 2, y + 0.35)), text, TEXT))
            x += SWATCH + width + GAP
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


def title(layout: Layout, translate: Translate = gettext_noop) -> str:
    """E.g. "Take and Hold vs Disruption, layout B" (the dispositions' names stay English)."""
    first, second = (DISPOSITION_NAMES[d] for d in layout.dispositions)
    return translate(TITLE) % {"first": first, "second": second, "letter": layout.letter}


def objective_label(o: Objective, translate: Translate = gettext_noop) -> str:
    """What a player calls it: "Defender home", "Central", "Expansion (Attacker territory)"."""
    if o.role == "home":
        return translate(HOME_WORDS[o.side])
    role = translate(ROLE_WORDS[o.role])
    if o.side is None:
        return role
    return translate(TERRITORY_WORDS[o.side]) % {"role": role}


def _missing_words(layout: Layout, translate: Translate) -> tuple[str, str]:
    """(that the layout is missing, where its table is set up from) for a layout without map."""
    first, second = (DISPOSITION_NAMES[d] for d in layout.dispositions)
    card = translate(COMPANION_CARD) % {
        "letter": layout.letter,
        "first": first,
        "second": second,
    }
    return translate(MISSING), card


def describe(layout: Layout, translate: Translate = gettext_noop) -> str:
    """The map in words, for screen readers and anyone who cannot see the drawing."""
    edges = translate(EDGES_WORDS[layout.orientation if layout.orientation == "h" else "v"])
    if layout.map is None:
        missing, card = _missing_words(layout, translate)
        return f"{title(layout, translate)}: {missing} {card} {edges}"
    m = layout.map
    dense = sum(1 for f in layout.features if f.category == "dense")
    objectives = "; ".join(
        translate(OBJECTIVE_AT)
        % {"label": objective_label(o, translate), "x": f"{o.marker[0]:g}", "y": f"{o.marker[1]:g}"}
        for o in layout.objectives
    )
    sentences = (
        translate(TABLE) % {"title": title(layout, translate), "map": m.name},
        translate(DEPLOYS["defender"][m.defender_edge]),
        translate(DEPLOYS["attacker"][m.attacker_edge]),
        translate(TERRAIN)
        % {"areas": len(layout.areas), "dense": dense, "light": len(layout.features) - dense},
        translate(OBJECTIVES) % {"count": len(layout.objectives), "objectives": objectives},
    )
    return " ".join(sentences)


def _paper(width: float, height: float) -> Shape:
    """The frame's white ground: the labels around the board sit on it, not on nothing."""
    return Shape(((0, 0), (width, 0), (width, height), (0, height)), fill=COLOURS["paper"])


def layout_scene(layout: Layout, translate: Translate = gettext_noop) -> Scene:
    """The layout's map with its words in `translate`'s language (kept per layout and words)."""
    return _layout_scene(layout, tuple(translate(words) for words in WORDS))


@cache
def _layout_scene(layout: Layout, translated: tuple[str, ...]) -> Scene:
    table = dict(zip(WORDS, translated, strict=True))

    def translate(words: str) -> str:
        return table.get(words, words)

    width = BOARD_WIDTH + 2 * OX
    if layout.map is None:
        w, h = BOARD_WIDTH, BOARD_HEIGHT
        edges = "h" if layout.orientation == "h" else "v"
        items = [
            _paper(width, OY + h + BOTTOM),
            *_board("#eeeeee"),
            Label(
                _at((w / 2, h / 2 - 1)),
                translate(LAYOUT) % {"letter": layout.letter},
                2.0,
                bold=True,
            ),
            Label(_at((w / 2, h / 2 + 1.5)), translate(MISSING), 1.4),
            Label(_at((w / 2, h / 2 + 3.5)), translate(EDGES_WORDS[edges]), 1.2),
            Shape(_poly(((0, 0), (w, 0), (w, h), (0, h))), stroke=PALETTE["edge"], width=0.3),
        ]
        return Scene(
            width,
            OY + h + BOTTOM,
            tuple(items),
            title(layout, translate),
            describe(layout, translate),
        )
    m = layout.map
    legend = _legend_rows(translate)
    extra_rows = len(legend) - len(LEGEND_ROWS)
    height = OY + BOARD_HEIGHT + BOTTOM + LEGEND + extra_rows * LEGEND_ROW
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
    items.extend(_edge("defender", m.defender_edge, translate))
    items.extend(_edge("attacker", m.attacker_edge, translate))
    w, h = BOARD_WIDTH, BOARD_HEIGHT
    items.append(Shape(_poly(((0, 0), (w, 0), (w, h), (0, h))), stroke=PALETTE["edge"], width=0.3))
    items.extend(_legend(h + BOTTOM, legend))
    heading = f"{title(layout, translate)}: {m.name}"
    return Scene(width, height, tuple(items), heading, describe(layout, translate))


def layout_svg(layout: Layout, width_px: int = 900, translate: Translate = gettext_noop) -> str:
    return scene_svg(layout_scene(layout, translate), width_px)


def layout_drawing(
    layout: Layout, width: float = 500.0, translate: Translate = gettext_noop
) -> Drawing:
    return scene_drawing(layout_scene(layout, translate), width)


def fitted_drawing(
    layout: Layout, *, width: float, height: float, translate: Translate = gettext_noop
) -> Drawing:
    """The layout's drawing as large as fits a box of `width` by `height` points."""
    scene = layout_scene(layout, translate)
    ratio = (scene.height + 2 * MARGIN) / (scene.width + 2 * MARGIN)
    return scene_drawing(scene, min(width, height / ratio))


def draw_layout(
    canvas: Canvas,
    layout: Layout,
    x: float,
    y: float,
    *,
    width: float,
    height: float,
    translate: Translate = gettext_noop,
) -> tuple[float, float]:
    """Draw the layout's map as large as fits the box whose lower left is (x, y), centred
    across and set at the box's top; returns the drawn (width, height) in points."""
    drawing = fitted_drawing(layout, width=width, height=height, translate=translate)
    left = x + (width - drawing.width) / 2
    renderPDF.draw(drawing, canvas, left, y + height - drawing.height)
    return drawing.width, drawing.height
