"""Draw Strategium's icons: a gold-rimmed shield bearing the brand's diamond.

Run once after changing the drawing; the outputs are committed under static/img/:

    .venv/bin/python tools/make_icons.py

favicon.svg is the icon browsers prefer; the PNGs are for browsers without SVG icons
(favicon-32.png), iOS's home screen (icon-180.png) and the web app manifest (icon-192.png,
icon-512.png and the full-bleed maskable-512.png that Android crops to its own shape).
Pillow comes with reportlab, a runtime dependency, so no extra package is needed.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "static" / "img"
BRAND = "#7a1f1f"  # --brand in static/css/app.css
GOLD = "#f3c969"  # .brand-mark
DARK = "#2a1414"  # the tracker header's dark end

# The drawing lives in a 64-unit box. The shield: a flat top, straight sides, and two cubic
# curves meeting in a point at the bottom; its red field is the same shape made smaller
# about a centre chosen so that the gold rim is even all round.
SHIELD = {
    "start": (10, 6),
    "lines": [(54, 6), (54, 32)],
    "curves": [((54, 46), (44, 53), (32, 59)), ((20, 53), (10, 46), (10, 32))],
}
FIELD = (0.84, (32, 27.9))  # scale, centre
DIAMOND = [(32, 18), (43, 32.5), (32, 47), (21, 32.5)]


def _scaled(point, scale=1.0, centre=(32, 32)):
    return (centre[0] + (point[0] - centre[0]) * scale, centre[1] + (point[1] - centre[1]) * scale)


def _cubic(p0, p1, p2, p3, steps=32):
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        yield (
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        )


def shield_points(scale: float = 1.0, centre=(32, 32)) -> list[tuple[float, float]]:
    """The shield's outline as a polygon, scaled about `centre`."""
    points = [SHIELD["start"], *SHIELD["lines"]]
    for curve in SHIELD["curves"]:
        points += _cubic(points[-1], *curve)
    return [_scaled(p, scale, centre) for p in points]


def _path(scale: float = 1.0, centre=(32, 32)) -> str:
    def xy(point):
        x, y = _scaled(point, scale, centre)
        return f"{round(x, 2):g} {round(y, 2):g}"

    out = "M" + xy(SHIELD["start"]) + "".join("L" + xy(p) for p in SHIELD["lines"])
    for curve in SHIELD["curves"]:
        out += "C" + " ".join(xy(p) for p in curve)
    return out + "Z"


def svg() -> str:
    diamond = " ".join(f"{x:g},{y:g}" for x, y in DIAMOND)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        "<title>Strategium</title>"
        f'<path d="{_path()}" fill="{GOLD}"/>'
        f'<path d="{_path(*FIELD)}" fill="{BRAND}"/>'
        f'<polygon points="{diamond}" fill="{GOLD}"/>'
        "</svg>\n"
    )


def png(size: int, *, background: str | None, scale: float = 1.0) -> Image.Image:
    """The icon at `size` px, drawn 4x larger and scaled down for smooth edges.

    `scale` shrinks the shield about the centre (the maskable icon keeps it inside the
    safe circle); `background` fills the whole square, else it is transparent."""
    big = size * 4
    image = Image.new("RGBA", (big, big), background or (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    unit = big / 64 * scale
    offset = big * (1 - scale) / 2

    def at(points):
        return [(offset + x * unit, offset + y * unit) for x, y in points]

    draw.polygon(at(shield_points()), fill=GOLD)
    draw.polygon(at(shield_points(*FIELD)), fill=BRAND)
    draw.polygon(at(DIAMOND), fill=GOLD)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "favicon.svg").write_text(svg())
    png(32, background=None).save(OUT / "favicon-32.png", optimize=True)
    # Home-screen icons sit on a square of their own: a dark ground so the gold rim shows.
    png(180, background=DARK, scale=0.8).save(OUT / "icon-180.png", optimize=True)
    png(192, background=DARK, scale=0.8).save(OUT / "icon-192.png", optimize=True)
    png(512, background=DARK, scale=0.8).save(OUT / "icon-512.png", optimize=True)
    # Android masks to a circle of 80% of the width: the shield stays well inside it.
    png(512, background=DARK, scale=0.62).save(OUT / "maskable-512.png", optimize=True)
    for path in sorted(OUT.iterdir()):
        print(path.relative_to(OUT.parents[1]), path.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
