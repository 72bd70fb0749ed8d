"""Mission map as a reportlab Drawing for PDFs, drawn from the same scene as the SVG."""

from __future__ import annotations

from reportlab.graphics.shapes import Circle, Drawing, Group, Path, String
from reportlab.lib.colors import HexColor

from missions.engine.markers import MarkerPlan
from missions.engine.mission import Mission
from missions.pack.geometry import DeploymentMap
from missions.render.scene import (
    Label,
    Ring,
    Scene,
    Shape,
    Translate,
    build_scene,
    gettext_noop,
)

MARGIN = 1.0
FONT, FONT_BOLD = "Helvetica", "Helvetica-Bold"


def _colour(hex_value: str | None, opacity: float = 1.0) -> object:
    if hex_value is None:
        return None
    c = HexColor(hex_value)
    c.alpha = opacity
    return c


def _shape(item: Shape, flip: float) -> Path:
    closed = item.fill is not None or len(item.points) > 2
    path = Path(
        fillColor=_colour(item.fill, item.opacity),
        strokeColor=_colour(item.stroke),
        strokeWidth=item.width,
        strokeDashArray=list(item.dash) or None,
        fillMode=0 if item.holes else 1,
    )  # 0: even-odd
    for ring, close in ((item.points, closed), *((h, True) for h in item.holes)):
        (x0, y0), *rest = ring
        path.moveTo(x0, flip - y0)
        for x, y in rest:
            path.lineTo(x, flip - y)
        if close:
            path.closePath()
    if item.stroke is None:
        path.strokeWidth = 0
    return path


def _ring(item: Ring, flip: float) -> Circle:
    return Circle(
        item.centre[0],
        flip - item.centre[1],
        item.radius,
        fillColor=_colour(item.fill, item.opacity),
        strokeColor=_colour(item.stroke),
        strokeWidth=item.width if item.stroke else 0,
        strokeDashArray=list(item.dash) or None,
    )


def _label(item: Label, flip: float) -> String:
    return String(
        item.at[0],
        flip - item.at[1],
        item.text,
        fontSize=item.size,
        fontName=FONT_BOLD if item.bold else FONT,
        fillColor=HexColor(item.fill),
        textAnchor="middle",
    )


def scene_drawing(scene: Scene, width: float = 500.0) -> Drawing:
    """A Drawing `width` points wide; the scene (in inches) is scaled to fit."""
    vw, vh = scene.width + 2 * MARGIN, scene.height + 2 * MARGIN
    scale = width / vw
    group = Group()
    for item in scene.items:
        if isinstance(item, Shape):
            group.add(_shape(item, scene.height))
        elif isinstance(item, Ring):
            group.add(_ring(item, scene.height))
        else:
            group.add(_label(item, scene.height))
    group.transform = (scale, 0, 0, scale, MARGIN * scale, MARGIN * scale)
    drawing = Drawing(width, vh * scale)
    drawing.add(group)
    return drawing


def map_drawing(
    dmap: DeploymentMap,
    plan: MarkerPlan | None = None,
    width: float = 500.0,
    title: str = "",
    translate: Translate = gettext_noop,
) -> Drawing:
    plan = plan or MarkerPlan(dmap.markers)
    scene = build_scene(dmap, plan, title or dmap.name, translate=translate)
    return scene_drawing(scene, width)


def mission_drawing(
    mission: Mission, width: float = 500.0, translate: Translate = gettext_noop
) -> Drawing:
    """The map for a PDF; `translate` (gettext under the event's language) names its areas."""
    title = f"{mission.deployment.name} - {mission.primary.name}"
    return scene_drawing(build_scene(mission.map, mission.plan, title, translate=translate), width)
