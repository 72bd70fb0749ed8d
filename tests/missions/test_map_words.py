"""The mission maps' area names in the reader's language (issue 36): the pure renderer takes
a translator, a page passes gettext (the reader's language), a PDF gettext under the event's."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from missions.classic.generator import generate_classic
from missions.eleventh.layouts import all_layouts
from missions.pack.registry import get_pack
from missions.render.classic import classic_mission_svg
from missions.render.drawing import map_drawing
from missions.render.eleventh import describe, layout_svg
from missions.render.svg import map_svg

PACK = get_pack("leviathan")


def _german(text: str) -> str:
    with translation.override("de"):
        return gettext(text)


def test_the_map_names_its_areas_in_the_readers_language():
    dmap = PACK.maps[0]
    svg = map_svg(dmap, translate=_german)
    for word in ("Angreifer", "Verteidiger", "Niemandsland"):
        assert f">{word}</text>" in svg
    assert "No Man's Land" not in svg
    assert "Angreifer" not in map_svg(dmap)  # no translator: the words stay English
    drawing = map_drawing(dmap, translate=_german)
    texts = [getattr(s, "text", "") for s in drawing.getContents()[0].getContents()]
    assert "Niemandsland" in texts


@pytest.mark.django_db
def test_the_mission_page_draws_the_map_in_german(client):
    page = client.get("/missions/LEV-B/", HTTP_ACCEPT_LANGUAGE="de").content
    assert b">Niemandsland</text>" in page


def test_the_eleventh_edition_map_has_its_legend_and_description_in_the_readers_language():
    built = next(x for x in all_layouts() if x.available)
    svg = layout_svg(built, translate=_german)
    for word in ("Zone des Verteidigers", "Geländebereich", "Zentrales Missionsziel"):
        assert f">{word}</text>" in svg
    assert "Defender zone" not in svg
    words = describe(built, _german)
    assert "ein Tisch mit 60 mal 44 Zoll" in words
    assert "stellt an der" in words
    assert "Defender" not in words
    # The English map is another drawing, not the German one kept for every reader.
    assert ">Defender zone</text>" in layout_svg(built)


def test_a_missing_eleventh_layout_says_so_in_the_readers_language():
    stub = next(x for x in all_layouts() if not x.available)
    svg = layout_svg(stub, translate=_german)
    assert "Dieses Layout ist nicht in unseren Daten." in svg
    assert f">Layout {stub.letter}</text>" in svg


def test_a_classic_map_warns_and_places_markers_in_the_readers_language():
    pack = get_pack("eighth")
    missions = (generate_classic(pack, s) for s in range(500))
    mission = next(m for m in missions if m.deployment.approximate and m.marker_count)
    svg = classic_mission_svg(mission, translate=_german)
    assert "UNGEFÄHRE KARTE" in svg
    assert "APPROXIMATE MAP" not in svg
    assert "Marker" in svg
    assert "Players place" not in svg


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "pl"])
def test_every_word_of_every_11th_edition_map_stays_on_the_drawing(language):
    """Longer words (German's "Expansions-Missionsziel") wrap the legend onto another row
    rather than run past the drawing's edge, where they were cut off (the site walk's axe
    check found it in German)."""
    from missions.render.eleventh import _text_width, layout_scene
    from missions.render.scene import Label

    def words(text: str) -> str:
        with translation.override(language):
            return gettext(text)

    for layout in all_layouts():
        scene = layout_scene(layout, words)
        for item in scene.items:
            if isinstance(item, Label) and len(item.text) > 1:
                half = _text_width(item.text, item.size) / 2
                assert item.at[0] - half >= 0, (language, layout.letter, item.text)
                assert item.at[0] + half <= scene.width, (language, layout.letter, item.text)
                assert 0 <= item.at[1] <= scene.height, (language, layout.letter, item.text)
