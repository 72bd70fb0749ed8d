"""Mission map as an SVG string (inches as user units, scaled by `width_px`)."""

from __future__ import annotations

from html import escape

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
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _path(points: tuple[tuple[float, float], ...], close: bool) -> str:
    head, *rest = points
    d = f"M{_n(head[0])} {_n(head[1])}" + "".join(f"L{_n(x)} {_n(y)}" for x, y in rest)
    return d + ("Z" if close else "")


def _paint(
    fill: str | None, stroke: str | None, width: float, dash: tuple[float, ...], opacity: float
) -> str:
    out = f' fill="{fill}"' if fill else ' fill="none"'
    if fill and opacity < 1:
        out += f' fill-opacity="{_n(opacity)}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
        if dash:
            out += f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"'
    return out


def _item(item: Shape | Ring | Label) -> str:
    if isinstance(item, Shape):
        closed = item.fill is not None or len(item.points) > 2
        d = _path(item.points, closed) + "".join(_path(h, True) for h in item.holes)
        rule = ' fill-rule="evenodd"' if item.holes else ""
        paint = _paint(item.fill, item.stroke, item.width, item.dash, item.opacity)
        return f'<path d="{d}"{rule}{paint}/>'
    if isinstance(item, Ring):
        paint = _paint(item.fill, item.stroke, item.width, item.dash, item.opacity)
        return (
            f'<circle cx="{_n(item.centre[0])}" cy="{_n(item.centre[1])}" '
            f'r="{_n(item.radius)}"{paint}/>'
        )
    weight = ' font-weight="bold"' if item.bold else ""
    return (
        f'<text x="{_n(item.at[0])}" y="{_n(item.at[1])}" font-size="{_n(item.size)}"'
        f'{weight} fill="{item.fill}" text-anchor="middle">{escape(item.text)}</text>'
    )


def scene_svg(scene: Scene, width_px: int = 900) -> str:
    vw, vh = scene.width + 2 * MARGIN, scene.height + 2 * MARGIN
    height_px = round(width_px * vh / vw)
    title = f"<title>{escape(scene.title)}</title>" if scene.title else ""
    if scene.desc:
        title += f"<desc>{escape(scene.desc)}</desc>"
    body = "".join(_item(i) for i in scene.items)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px}" height="{height_px}" '
        f'viewBox="{_n(-MARGIN)} {_n(-MARGIN)} {_n(vw)} {_n(vh)}" '
        f'font-family="{FONT}" role="img">{title}{body}</svg>'
    )


def map_svg(
    dmap: DeploymentMap,
    plan: MarkerPlan | None = None,
    width_px: int = 900,
    title: str = "",
    translate: Translate = gettext_noop,
) -> str:
    """SVG of a deployment map; `plan` (from `plan_markers`) adds rule effects on markers;
    `translate` (a page's gettext) puts the areas' names in the reader's language."""
    plan = plan or MarkerPlan(dmap.markers)
    scene = build_scene(dmap, plan, title or dmap.name, translate=translate)
    return scene_svg(scene, width_px)


def mission_svg(mission: Mission, width_px: int = 900, translate: Translate = gettext_noop) -> str:
    title = f"{mission.deployment.name} - {mission.primary.name}"
    return scene_svg(build_scene(mission.map, mission.plan, title, translate=translate), width_px)
