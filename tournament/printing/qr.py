"""QR codes for players' private links, drawn as one filled path of module runs.

Finding the best mask costs eight full encodings; a fixed mask is still a valid code and is
eight times cheaper, which matters at two codes per scoresheet.
"""

from __future__ import annotations

from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

MASK = 2


@lru_cache(maxsize=64)
def _version(length: int) -> int:
    probe = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK)
    probe.add_data("x" * length, optimize=0)
    return probe.best_fit()


def qr_matrix(text: str) -> list[list[bool]]:
    code = qrcode.QRCode(
        version=_version(len(text.encode())),
        error_correction=ERROR_CORRECT_M,
        border=0,
        mask_pattern=MASK,
    )
    code.add_data(text, optimize=0)
    code.make(fit=False)
    return code.modules


def draw_qr(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    """Draw the code for `text` in a `size`-point square with its lower left at (x, y)."""
    matrix = qr_matrix(text)
    n = len(matrix)
    cell = size / n
    path = canvas.beginPath()
    for row, modules in enumerate(matrix):
        top = y + size - (row + 1) * cell
        col = 0
        while col < n:
            if modules[col]:
                start = col
                while col < n and modules[col]:
                    col += 1
                path.rect(x + start * cell, top, (col - start) * cell, cell)
            else:
                col += 1
    canvas.drawPath(path, stroke=0, fill=1)
