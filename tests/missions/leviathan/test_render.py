"""SVG and reportlab renderings of the maps."""

import re
import xml.etree.ElementTree as ET

import pytest
from reportlab.graphics.shapes import Drawing

from missions.engine.generator import pool_mission
from missions.engine.markers import plan_markers
from missions.pack.geometry import CONTROL_RANGE, MARKER_RADIUS
from missions.pack.registry import get_pack
from missions.render.drawing import map_drawing, mission_drawing
from missions.render.svg import map_svg, mission_svg

PACK = get_pack("leviathan")
NS = "{http://www.w3.org/2000/svg}"


def _parse(svg):
    return ET.fromstring(svg)  # noqa: S314 - parsing our own output


def _circles(svg, radius):
    root = _parse(svg)
    return [
        c for c in root.iter(f"{NS}circle") if float(c.get("r")) == pytest.approx(radius, abs=0.01)
    ]


@pytest.mark.parametrize("dmap", PACK.maps, ids=lambda m: m.key)
def test_svg_has_labels_markers_and_ranges(dmap):
    svg = map_svg(dmap)
    texts = [t.text for t in _parse(svg).iter(f"{NS}text")]
    assert {"Attacker", "Defender", "No Man's Land"} <= set(texts)
    assert len(_circles(svg, MARKER_RADIUS)) == 5
    assert len(_circles(svg, MARKER_RADIUS + CONTROL_RANGE)) == 5
    # inch grid: 59 + 43 lines, of which 9 + 7 are the stronger 6-inch lines
    assert svg.count('stroke="#d9d2bf"') == 59 + 43 - 16
    assert svg.count('stroke="#a89f86"') == 16
    assert re.search(r'viewBox="-1 -1 62 46"', svg)


def test_hidden_supplies_svg_shows_moved_and_new_marker():
    dmap = PACK.map("hammer_and_anvil")
    svg = map_svg(dmap, plan_markers(dmap, ["hidden_supplies"], "take_and_hold"))
    assert len(_circles(svg, MARKER_RADIUS + CONTROL_RANGE)) == 6
    assert "new" in [t.text for t in _parse(svg).iter(f"{NS}text")]
    assert 'stroke-dasharray="0.25 0.2"' in svg  # ghost of the centre marker's old spot


def test_mission_svg_counts_markers_in_play():
    svg = mission_svg(pool_mission(PACK, "O"))  # Vital Ground: centre removed
    assert len(_circles(svg, MARKER_RADIUS + CONTROL_RANGE)) == 4
    assert "removed" in svg


@pytest.mark.parametrize("width", [200.0, 500.0])
def test_drawing_builds_and_scales(width):
    drawing = map_drawing(PACK.map("search_and_destroy"), width=width)
    assert isinstance(drawing, Drawing)
    assert drawing.width == width
    assert drawing.height == pytest.approx(width * 46 / 62)
    pdf = pytest.importorskip("reportlab.graphics.renderPDF").drawToString(drawing)
    assert pdf.startswith(b"%PDF")


def test_mission_drawing_for_chosen_battlefield():
    drawing = mission_drawing(pool_mission(PACK, "N"), width=300)
    assert drawing.width == 300
