"""Maps of the older (classic) packs: zones as Player A / Player B, the marker placement rule
in words instead of invented marker positions, and "approximate" on low-confidence maps.
Built on the same scene as Leviathan maps, so SVG and reportlab show the same thing."""

from __future__ import annotations

from dataclasses import replace

from reportlab.graphics.shapes import Drawing

from missions.classic.types import ClassicMap, ClassicMission
from missions.engine.markers import MarkerPlan
from missions.pack.geometry import Marker, Tag
from missions.render.drawing import scene_drawing
from missions.render.scene import (
    PALETTE,
    Label,
    Scene,
    Shape,
    Translate,
    build_scene,
    gettext_noop,
)
from missions.render.svg import scene_svg

PLAYER_NAMES = (gettext_noop("Player A"), gettext_noop("Player B"))
APPROXIMATE = gettext_noop("APPROXIMATE MAP")
EDGE_CLEARANCE = 6.0  # 8th and 7th edition: markers' centres more than 6" from the edges


def _fixed_markers(mission: ClassicMission | None) -> tuple[Marker, ...]:
    """The only fixed marker in these packs: the Relic at the centre of the table."""
    if mission is not None and mission.mission.key == "the_relic":
        cx, cy = mission.map.centre
        return (Marker("relic", cx, cy, Tag.NO_MANS_LAND, ("relic",)),)
    return ()


def _placement_note(mission: ClassicMission, translate: Translate = gettext_noop) -> str:
    count = mission.marker_count
    if mission.mission.key == "the_relic" or count == 0:
        return ""
    if mission.pack.key == "only_war":
        return translate(gettext_noop('Players place %(count)s markers, at least 10" apart')) % {
            "count": count
        }
    if mission.mission.key in {"secure_and_control", "the_emperors_will"}:
        if mission.pack.key == "eighth":
            return translate(gettext_noop("Each player places 1 marker in their own zone"))
        return translate(gettext_noop("Each player places 1 marker in their own half"))
    return translate(
        gettext_noop('Players place %(count)s markers (>6" from edges, >12" apart)')
    ) % {"count": count}


def _spans(spots, lines) -> tuple:
    """Points every 2" along each centred note: the area labels keep off the whole text, not
    only its middle (on Dawn of War "No Man's Land" was drawn over the marker note)."""
    points = []
    for (x, y), (text, warning) in zip(spots, lines, strict=True):
        half = len(text) * (1.4 if warning else 1.1) * 0.55 / 2
        steps = int(half // 2)
        points += [(x + 2 * k, y) for k in range(-steps, steps + 1)]
    return tuple(points)


def _clearance_points(dmap) -> tuple:
    """Points every 3" along the dashed 6"-from-the-edges line, so that no zone name is drawn
    struck through by it."""
    w, h, c = dmap.width, dmap.height, EDGE_CLEARANCE
    xs = [c + 3 * i for i in range(int((w - 2 * c) // 3) + 1)]
    ys = [c + 3 * i for i in range(int((h - 2 * c) // 3) + 1)]
    return tuple([(x, c) for x in xs] + [(x, h - c) for x in xs]) + tuple(
        [(c, y) for y in ys] + [(w - c, y) for y in ys]
    )


def classic_scene(
    cmap: ClassicMap, mission: ClassicMission | None = None, translate: Translate = gettext_noop
) -> Scene:
    dmap = cmap.map
    markers = _fixed_markers(mission)
    note = _placement_note(mission, translate) if mission is not None else ""
    cx, cy = dmap.centre
    # (words, whether they warn): "APPROXIMATE MAP" is larger and drawn in a warning colour.
    warning = translate(APPROXIMATE) if cmap.approximate else ""
    lines = [(t, warns) for t, warns in ((note, False), (warning, True)) if t]
    spots = tuple((cx, cy + 2.2 * i) for i in range(len(lines)))
    title = cmap.name if mission is None else f"{mission.mission.name} - {cmap.name}"
    clearance = bool(note and mission is not None and mission.pack.key != "only_war")
    clearance = clearance and not markers
    keep_clear = _spans(spots, lines) + (_clearance_points(dmap) if clearance else ())
    scene = build_scene(
        dmap,
        MarkerPlan(markers),
        title,
        zone_names=PLAYER_NAMES,
        keep_clear=keep_clear,
        translate=translate,
    )
    items = list(scene.items[:-1])  # keep the table edge outline last, on top
    if clearance:
        w, h, c = dmap.width, dmap.height, EDGE_CLEARANCE
        items.append(
            Shape(
                ((c, c), (w - c, c), (w - c, h - c), (c, h - c)),
                stroke=PALETTE["text"],
                width=0.12,
                dash=(0.6, 0.4),
            )
        )
    for (x, y), (text, warns) in zip(spots, lines, strict=True):
        fill = "#9a3412" if warns else PALETTE["text"]
        items.append(Label((x, y + 0.4), text, 1.4 if warns else 1.1, fill, True))
    items.append(scene.items[-1])
    return replace(scene, items=tuple(items))


def classic_map_svg(cmap: ClassicMap, width_px: int = 900) -> str:
    """SVG of a classic pack's deployment map alone."""
    return scene_svg(classic_scene(cmap), width_px)


def classic_mission_svg(
    mission: ClassicMission, width_px: int = 900, translate: Translate = gettext_noop
) -> str:
    """SVG of a generated classic mission's map, with its marker rule and any "approximate"."""
    return scene_svg(classic_scene(mission.deployment, mission, translate), width_px)


def classic_mission_drawing(
    mission: ClassicMission, width: float = 500.0, translate: Translate = gettext_noop
) -> Drawing:
    """The same map as a reportlab Drawing for PDFs ("APPROXIMATE MAP" shows there too)."""
    return scene_drawing(classic_scene(mission.deployment, mission, translate), width)
