"""Read back the QR codes a PDF draws: find each code's module runs in the page (and form)
content streams, rebuild its module matrix and decode the text it carries.

The documents draw a code as one path of `x y w 1 re` runs in module units under a scaling
`cm` (tournament.printing.kit.qr.draw_qr). The decoder reads a clean symbol (no damage to
correct): its format bits give the mask and error-correction level, the data modules are
read in the placement order and unmasked, the data codewords are taken back out of their
interleaved blocks, and the byte-mode segment is the text. It follows the QR standard, not
the project's encoder, so a code the encoder got wrong does not read back as its input.
"""

from __future__ import annotations

import io
import re

import qrcode
from pypdf import PdfReader
from qrcode import util
from qrcode.base import rs_blocks

CODE = re.compile(
    r"q\n[\d.]+ 0 0 [\d.]+ [\d.-]+ [\d.-]+ cm\n((?:\d+ \d+ \d+ 1 re\n)+)f\nQ",
)
RUN = re.compile(r"(\d+) (\d+) (\d+) 1 re")
FORMAT_MASK = 0x5412


def matrix_from_path(runs: str) -> list[list[bool]]:
    cells = [tuple(map(int, m.groups())) for m in RUN.finditer(runs)]
    n = max(y for _x, y, _w in cells) + 1  # the top row holds the finder patterns
    matrix = [[False] * n for _ in range(n)]
    for x, y, w in cells:
        for col in range(x, x + w):
            matrix[n - 1 - y][col] = True
    return matrix


class _Placement(qrcode.QRCode):
    """The data modules of a version in the order a symbol stores its bits."""

    def map_data(self, data, mask_pattern):
        self.order = []
        n, inc, row = self.modules_count, -1, self.modules_count - 1
        for right in range(n - 1, 0, -2):
            col = right - 1 if right <= 6 else right  # the timing column is skipped
            while True:
                for c in (col, col - 1):
                    if self.modules[row][c] is None:
                        self.order.append((row, c))
                row += inc
                if row < 0 or row >= n:
                    row -= inc
                    inc = -inc
                    break


def decode(matrix: list[list[bool]]) -> str:
    n = len(matrix)
    version = (n - 17) // 4
    bits = 0
    for i in range(15):
        row = i if i < 6 else (i + 1 if i < 8 else n - 15 + i)
        bits |= int(matrix[row][8]) << i
    info = (bits ^ FORMAT_MASK) >> 10
    level, mask = info >> 3, info & 7
    placement = _Placement(version=version, error_correction=level)
    placement.data_cache = [0] * 4000
    placement.makeImpl(False, mask)
    masked = util.mask_func(mask)
    stream = [bool(matrix[r][c]) ^ bool(masked(r, c)) for r, c in placement.order]
    words = [
        int("".join("1" if b else "0" for b in stream[i : i + 8]), 2)
        for i in range(0, len(stream) - 7, 8)
    ]
    blocks = rs_blocks(version, level)
    data_blocks: list[list[int]] = [[] for _ in blocks]
    it = iter(words)
    for i in range(max(b.data_count for b in blocks)):
        for k, b in enumerate(blocks):
            if i < b.data_count:
                data_blocks[k].append(next(it))
    data = "".join(f"{w:08b}" for block in data_blocks for w in block)
    mode = int(data[:4], 2)
    assert mode == 0b0100, f"not a byte-mode code (mode {mode:04b})"
    count_bits = 8 if version < 10 else 16
    length = int(data[4 : 4 + count_bits], 2)
    start = 4 + count_bits
    payload = bytes(int(data[start + 8 * i : start + 8 * i + 8], 2) for i in range(length))
    return payload.decode()


def _streams(obj) -> list[str]:
    """A page's or form's content, then each form XObject it uses (the shared sheet form)."""
    out = []
    resources = obj.get("/Resources") or {}
    for ref in (resources.get("/XObject") or {}).values():
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Form":
            out.append(xobject.get_data().decode("latin-1"))
            out += _streams(xobject)
    return out


def pdf_qr_texts(data: bytes) -> list[list[str]]:
    """Per page, the text of every QR code drawn on it (forms included)."""
    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        contents = page.get_contents()
        own = contents.get_data().decode("latin-1") if contents is not None else ""
        streams = [own, *_streams(page)]
        pages.append(
            [decode(matrix_from_path(m.group(1))) for s in streams for m in CODE.finditer(s)]
        )
    return pages
