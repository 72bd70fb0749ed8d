"""A person's rating after each event, as the geometry of an inline SVG line chart (drawn by
the template, as the faction statistics draw theirs: no script, no style attributes)."""

from __future__ import annotations

WIDTH, HEIGHT = 360, 160
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 14, 12


def _nice_bounds(values: list[float]) -> tuple[float, float]:
    low, high = min(values), max(values)
    if high - low < 2:
        mid = (high + low) / 2
        low, high = mid - 1, mid + 1
    return float(int(low) - 1), float(int(high) + 1)


def history_chart(points: list[dict], *, title: str) -> dict:
    """Each point's x and y in the SVG's own units, the y axis's lowest, middle and highest
    figures, and a summary in words for readers who cannot see it."""
    values = [p["rating"] for p in points]
    low, high = _nice_bounds(values)
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM
    step = span_x / (len(points) - 1) if len(points) > 1 else 0
    drawn = []
    for i, point in enumerate(points):
        x = round(LEFT + (i * step if len(points) > 1 else span_x / 2), 1)
        y = round(TOP + span_y * (high - point["rating"]) / (high - low), 1)
        drawn.append({**point, "x": x, "y": y})
    ticks = []
    for value in (high, (high + low) / 2, low):
        y = round(TOP + span_y * (high - value) / (high - low), 1)
        ticks.append({"y": y, "text_y": y + 4, "text": f"{value:.1f}".rstrip("0").rstrip(".")})
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bottom": HEIGHT - BOTTOM,
        "points": drawn,
        "line": " ".join(f"{p['x']},{p['y']}" for p in drawn),
        "ticks": ticks,
        "title": title,
        "summary": "; ".join(f"after {p['name']}: {p['rating']}" for p in points),
    }
