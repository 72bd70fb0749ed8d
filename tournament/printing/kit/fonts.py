"""Fonts for printed documents.

Player names come from everywhere (Łukasz, Øyvind, Dvořák). The PDF base fonts only cover
Western European letters, so when DejaVu Sans is on the machine (Debian's fonts-dejavu-core,
which .ci/run installs) it is embedded instead; otherwise the built-in Helvetica is used.
`PRINT_FONT_DIR` points at another folder holding the three DejaVu files.
"""

from __future__ import annotations

import os
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FALLBACK = ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique")
DEJAVU = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf")
SEARCH = (
    os.environ.get("PRINT_FONT_DIR", ""),
    "/usr/share/fonts/truetype/dejavu",
    "/usr/local/share/fonts/dejavu",
)


def _register() -> tuple[str, str, str]:
    for folder in filter(None, SEARCH):
        paths = [Path(folder) / name for name in DEJAVU]
        if all(p.is_file() for p in paths):
            names = ("Strategium", "Strategium-Bold", "Strategium-Oblique")
            for name, path in zip(names, paths, strict=True):
                pdfmetrics.registerFont(TTFont(name, str(path)))
            pdfmetrics.registerFontFamily(
                names[0], normal=names[0], bold=names[1], italic=names[2], boldItalic=names[1]
            )
            return names
    return FALLBACK


FONT, BOLD, OBLIQUE = _register()
# Whether "≤" and friends can be printed; the base fonts have no such glyph.
UNICODE = FALLBACK[0] != FONT
