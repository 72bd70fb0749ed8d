"""The mission maps' area names in the reader's language (issue 36): the pure renderer takes
a translator, a page passes gettext (the reader's language), a PDF gettext under the event's."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from missions.pack.registry import get_pack
from missions.render.drawing import map_drawing
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
