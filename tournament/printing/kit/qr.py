"""QR codes for players' private links, fast enough for two codes on every scoresheet.

The `qrcode` package places the modules; the costly parts are done here instead: the data
codewords and their Reed-Solomon error correction (table-driven, not polynomial objects),
a fixed mask instead of trying all eight, and the drawing, which is written as one PDF path
in module units rather than hundreds of individually formatted rectangles.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from urllib.parse import urlsplit

import qrcode
from django.utils.translation import gettext_lazy
from qrcode import LUT
from qrcode.base import EXP_TABLE, LOG_TABLE, rs_blocks
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

# Said on every page whose codes point at this computer itself (`make run`), as the pages on
# screen say beside theirs.
LOOPBACK_WARNING = gettext_lazy(
    "The QR codes on this sheet point at this computer's own address (127.0.0.1): phones "
    "cannot open them. At the venue, print from the venue server (make serve)."
)

MASK = 2
PAD = (0xEC, 0x11)


@lru_cache(maxsize=64)
def _version(length: int) -> int:
    probe = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK)
    probe.add_data("x" * length, optimize=0)
    return probe.best_fit()


@lru_cache(maxsize=16)
def _generator_logs(ec_count: int) -> tuple[int, ...]:
    return tuple(LOG_TABLE[c] for c in LUT.rsPoly_LUT[ec_count][1:])


def _error_correction(block: list[int], ec_count: int) -> list[int]:
    gen = _generator_logs(ec_count)
    rem = [0] * ec_count
    for byte in block:
        factor = byte ^ rem[0]
        rem = rem[1:]
        rem.append(0)
        if factor:
            lf = LOG_TABLE[factor]
            for i, g in enumerate(gen):
                rem[i] ^= EXP_TABLE[(g + lf) % 255]
    return rem


def codewords(data: bytes, version: int) -> list[int]:
    """Byte-mode data plus error correction, interleaved as the symbol stores them."""
    blocks = rs_blocks(version, ERROR_CORRECT_M)
    capacity = sum(b.data_count for b in blocks)
    count_bits = 8 if version < 10 else 16
    bits = (0b0100 << count_bits | len(data)) << 8 * len(data) | int.from_bytes(data, "big")
    nbits = 4 + count_bits + 8 * len(data)
    room = capacity * 8 - nbits
    pad = min(room, 4) + (-(nbits + min(room, 4))) % 8  # terminator, then up to a byte edge
    bits <<= pad
    nbits += pad
    stream = list(bits.to_bytes(nbits // 8, "big"))
    stream += [PAD[i % 2] for i in range(capacity - len(stream))]
    data_blocks, ec_blocks, offset = [], [], 0
    for b in blocks:
        block = stream[offset : offset + b.data_count]
        offset += b.data_count
        data_blocks.append(block)
        ec_blocks.append(_error_correction(block, b.total_count - b.data_count))
    out = []
    for group in (data_blocks, ec_blocks):
        for i in range(max(len(b) for b in group)):
            out += [b[i] for b in group if i < len(b)]
    return out


def qr_matrix(text: str) -> list[list[bool]]:
    data = text.encode()
    version = _version(len(data))
    code = qrcode.QRCode(
        version=version, error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK
    )
    code.data_cache = codewords(data, version)
    code.make(fit=False)
    return code.modules


def qr_path(text: str) -> tuple[int, str]:
    """(modules per side, PDF path operators filling the dark runs in module units)."""
    matrix = qr_matrix(text)
    n = len(matrix)
    ops = []
    for row, modules in enumerate(matrix):
        y = n - 1 - row
        col = 0
        while col < n:
            if modules[col]:
                start = col
                while col < n and modules[col]:
                    col += 1
                ops.append(f"{start} {y} {col - start} 1 re")
            else:
                col += 1
    ops.append("f")
    return n, "\n".join(ops)


def draw_qr(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    """Draw the code for `text` in a `size`-point square with its lower left at (x, y)."""
    n, path = qr_path(text)
    canvas.saveState()
    canvas.transform(size / n, 0, 0, size / n, x, y)
    canvas.addLiteral(path)
    canvas.restoreState()


def points_at_loopback(url: str) -> bool:
    """Does `url` name this computer's own loopback address, which no phone can open?"""
    host = (urlsplit(url).hostname or "").strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
