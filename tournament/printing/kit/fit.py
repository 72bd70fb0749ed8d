"""Text fitted to a box on paper: a name kept whole beside a QR code, on one line while it
fits, else on two lines broken at a space or after a hyphen, else smaller; cut with "…" only
when even the smallest size cannot hold one unbreakable word."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

ONE_LINE = (13.0, 12.0, 11.0, 10.5)
TWO_LINES = (10.5, 10.0, 9.0, 8.0, 7.5, 7.0)
SMALLEST = 7.0


def _breaks(text: str) -> list[tuple[str, str]]:
    """Every way to cut `text` in two: at a space (dropped) or after a hyphen (kept)."""
    out = []
    for i, char in enumerate(text):
        if char == " ":
            out.append((text[:i].rstrip(), text[i + 1 :].lstrip()))
        elif char == "-" and 0 < i < len(text) - 1:
            out.append((text[: i + 1], text[i + 1 :]))
    return [(a, b) for a, b in out if a and b]


def cut(text: str, width: float, font: str, size: float) -> str:
    """`text` cut with an ellipsis to `width` (whole when it fits)."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_lines(
    text: str, width: float, font: str, *, one_line=ONE_LINE, two_lines=TWO_LINES
) -> tuple[float, list[str]]:
    """(font size, lines) with every line at most `width` wide."""
    for size in one_line:
        if stringWidth(text, font, size) <= width:
            return size, [text]
    for size in two_lines:
        fitting = [
            (max(stringWidth(a, font, size), stringWidth(b, font, size)), [a, b])
            for a, b in _breaks(text)
        ]
        fitting = [f for f in fitting if f[0] <= width]
        if fitting:
            return size, min(fitting)[1]
    smallest = min((*one_line, *two_lines))
    return smallest, [cut(text, width, font, smallest)]


def shrunk(text: str, width: float, font: str, size: float, smallest: float) -> float:
    """The largest size from `size` down to `smallest` (half points) at which `text` is at
    most `width` wide; `smallest` when none is."""
    while size > smallest and stringWidth(text, font, size) > width:
        size -= 0.5
    return max(size, smallest)
