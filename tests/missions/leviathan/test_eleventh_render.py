"""The 11th-edition layout maps: SVG for pages (parsed back), vector drawing for PDFs (read
back from the PDF's text)."""

import io
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from missions.eleventh.layouts import MISSING_NOTE, all_layouts, layout
from missions.render.eleventh import COLOURS, describe, draw_layout, layout_svg

NS = "{http://www.w3.org/2000/svg}"
PRESENT = [x for x in all_layouts() if x.available]


def _parse(svg):
    return ET.fromstring(svg)  # noqa: S314 - parsing our own output


def _fills(root, colour):
    return [p for p in root.iter(f"{NS}path") if p.get("fill") == colour]


@pytest.mark.parametrize("built", PRESENT, ids=lambda x: f"{x.pairing}-{x.letter}")
def test_svg_draws_every_area_feature_and_objective(built):
    root = _parse(layout_svg(built))
    assert root.get("role") == "img"
    assert root.find(f"{NS}title").text.startswith(built.title)
    assert root.find(f"{NS}desc").text == describe(built)
    # one swatch of each kind in the legend besides the map's own shapes
    areas = _fills(root, COLOURS["area"]) + _fills(root, COLOURS["objective_area"])
    assert len(areas) == 16 + 2
    dense = sum(1 for f in built.features if f.category == "dense")
    assert len(_fills(root, COLOURS["dense"])) == dense + 1
    assert len(_fills(root, COLOURS["light"])) == len(built.features) - dense + 1
    assert len(list(root.iter(f"{NS}circle"))) == len(built.objectives) + 3
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts.count("Defender edge") == texts.count("Attacker edge") == 1
    letters = [{"home": "H", "central": "C", "expansion": "E"}[o.role] for o in built.objectives]
    for letter in "HCE":
        assert texts.count(letter) == letters.count(letter) + 1


def test_objective_areas_are_marked_and_the_description_names_the_objectives():
    built = layout("purge-the-foe-vs-purge-the-foe", "A")
    root = _parse(layout_svg(built))
    marked = sum(1 for a in built.areas if a.objective)
    assert len(_fills(root, COLOURS["objective_area"])) == marked + 1
    text = describe(built)
    assert "Search and Destroy" in text
    assert "Defender deploys along the bottom edge" in text
    assert "Central (Defender territory) at 23.25, 17.5" in text


def test_missing_layout_says_so():
    stub = layout("reconnaissance-vs-reconnaissance", "B")
    root = _parse(layout_svg(stub))
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert MISSING_NOTE in texts
    assert "The deployment zones stand on the table's short edges." in texts
    assert not list(root.iter(f"{NS}circle"))


def _pdf_text(built, width, height) -> tuple[str, tuple[float, float]]:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(600, 600))
    size = draw_layout(canvas, built, 20, 30, width=width, height=height)
    canvas.showPage()
    canvas.save()
    return PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text(), size


@pytest.mark.parametrize(("width", "height"), [(500, 500), (300, 120)])
def test_pdf_drawing_fits_its_box_and_reads_back(width, height):
    built = layout("take-and-hold-vs-disruption", "B")
    text, (w, h) = _pdf_text(built, width, height)
    assert w <= width + 0.01
    assert h <= height + 0.01
    assert pytest.approx(width) == w or pytest.approx(height) == h
    for label in ("Defender edge", "Attacker edge", "Home objective", "Dense feature"):
        assert label in text


def test_pdf_drawing_of_a_missing_layout():
    text, _ = _pdf_text(layout("priority-assets-vs-priority-assets", "A"), 400, 300)
    assert MISSING_NOTE in text
