"""Where each piece of text lands on a PDF page, in page points, read back with pypdf's
visitors. pypdf reports text inside a form (a map, a grid drawn once per PDF) in the form's own
space, so the matrix in force at each `Do` is kept on a stack and applied to what it draws."""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader


@dataclass(frozen=True)
class Placed:
    text: str
    x: float
    y: float
    size: float  # the font size times the scale in force
    bold: bool = False


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def placed_text(data: bytes) -> list[list[Placed]]:
    """Per page, every non-blank text run with its start point and size on the page."""
    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        out: list[Placed] = []
        forms: list[tuple] = [(1, 0, 0, 1, 0, 0)]

        def before(op, args, cm, tm, forms=forms):
            if op == b"Do":
                forms.append(_mul(tuple(cm), forms[-1]))

        def after(op, args, cm, tm, forms=forms):
            if op == b"Do":
                forms.pop()

        def text(t, cm, tm, font, size, *, out=out, forms=forms):
            if not t.strip():
                return
            m = _mul(_mul(tuple(tm), tuple(cm)), forms[-1])
            bold = "Bold" in str((font or {}).get("/BaseFont", ""))
            out.append(Placed(t.strip(), m[4], m[5], size * abs(m[3] or 1), bold))

        page.extract_text(
            visitor_operand_before=before, visitor_operand_after=after, visitor_text=text
        )
        pages.append(out)
    return pages
