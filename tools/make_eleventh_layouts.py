"""Write missions/eleventh/layout_data.py from a copy of 40kdc-data's layout files.

Run once per data update, by hand, with the folder holding `terrain-layouts.json`,
`terrain-templates.json` and `deployment-patterns.json` (40kdc-data's `data/core/`):

    .venv/bin/python tools/make_eleventh_layouts.py PATH/TO/data/core

Nothing reads those files at run time: the output is plain Python literals, reviewed and
committed. Only geometry and ids carry over (no descriptive text). The pieces are resolved the
way 40kdc-data's own resolver places them: a footprint is re-centred on its polygon-area
centroid, mirrored, rotated clockwise (y points down) and moved to `position`; a feature on an
area is placed in the area's centroid frame and then carried by the area's own placement.
Objectives are the areas with an `objective_role`; areas sharing a `link_group` are one
objective whose marker sits at the mean of their positions (40kdc-data's layout geometry)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

BOARD_W, BOARD_H = 60, 44
DIGITS = 3
LETTERS = {1: "A", 2: "B", 3: "C"}
ROLES = {"home": "home", "center": "central", "expansion": "expansion"}
# Which board edge each map's zones stand on (see the module docstring of layouts.py).
EDGES = {
    "tipping-point": ("left", "right"),
    "hammer-and-anvil": ("left", "right"),
    "crucible-of-battle": ("left", "right"),
    "dawn-of-war": ("top", "bottom"),
    "sweeping-engagement": ("top", "bottom"),
    "search-and-destroy": ("bottom", "top"),
}
OUT = Path(__file__).resolve().parents[1] / "missions" / "eleventh" / "layout_data.py"


def _num(v: float) -> str:
    v = round(v, DIGITS) + 0.0  # +0.0 turns -0.0 into 0.0
    return str(int(v)) if v == int(v) else repr(v)


def _pts(points) -> str:
    return "(" + ", ".join(f"({_num(x)}, {_num(y)})" for x, y in points) + ")"


def _footprint(fp: dict) -> list[tuple[float, float]]:
    if fp["type"] == "rectangle":
        w, h = fp["width"], fp["height"]
        return [(0, 0), (w, 0), (w, h), (0, h)]
    if fp["type"] == "right-triangle":
        return [(0, 0), (fp["width"], 0), (0, fp["height"])]
    return [(p["x"], p["y"]) for p in fp["points"]]


def _centroid(pts):
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    a /= 2
    return cx / (6 * a), cy / (6 * a)


def _place(piece: dict, pts):
    """Local footprint points -> the piece's frame (its position's frame)."""
    cx, cy = _centroid(pts)
    return _carry(piece, [(x - cx, y - cy) for x, y in pts])


def _carry(piece: dict, pts):
    """Points in a piece's centroid-local frame: mirror, rotate clockwise, move to `position`."""
    flip_x = -1 if piece.get("mirror") == "horizontal" else 1
    flip_y = -1 if piece.get("mirror") == "vertical" else 1
    t = math.radians(piece.get("rotation_degrees", 0))
    c, s = math.cos(t), math.sin(t)
    px, py = piece["position"]["x"], piece["position"]["y"]
    return [
        (px + c * x * flip_x - s * y * flip_y, py + s * x * flip_x + c * y * flip_y) for x, y in pts
    ]


def _contains(poly, p) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _on_boundary(poly, p, tol=1e-6) -> bool:
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        dx, dy = x2 - x1, y2 - y1
        t = max(0, min(1, ((p[0] - x1) * dx + (p[1] - y1) * dy) / (dx * dx + dy * dy)))
        if math.dist(p, (x1 + t * dx, y1 + t * dy)) < tol:
            return True
    return False


def _shape(entry: dict):
    ox, oy = entry["position"]["x"], entry["position"]["y"]
    return [(x + ox, y + oy) for x, y in _footprint(entry["shape"])]


def _maps(patterns: list[dict]) -> dict:
    maps = {}
    for p in patterns:
        zones = {z["player"]: _shape(z) for z in p["zones"]}
        lands = {t["player"]: _shape(t) for t in p["territories"]}
        maps[p["id"]] = {
            "zones": zones,
            "territories": lands,
            "edges": EDGES[p["id"]],
        }
    return maps


def _side(maps: dict, map_id: str, p) -> str:
    lands = maps[map_id]["territories"]
    if any(_on_boundary(poly, p) for poly in lands.values()):
        return ""  # on the split: the single central objective belongs to neither
    for side in ("defender", "attacker"):
        if _contains(lands[side], p):
            return side
    raise ValueError(f"{map_id}: {p} is in no territory")


def _layout(layout: dict, templates: dict, maps: dict) -> str:
    pieces = layout["pieces"]
    areas = [p for p in pieces if p["piece_type"] == "area"]
    by_id = {p["id"]: p for p in areas}
    area_index = {p["id"]: i for i, p in enumerate(areas)}
    area_lines = []
    for a in areas:
        pts = _place(a, _footprint(templates[a["template"]]["footprint"]))
        area_lines.append(f'            ("{a["template"]}", {_pts(pts)}),')
    feature_lines = []
    for f in pieces:
        if f["piece_type"] != "feature":
            continue
        tpl = templates[f["template"]]
        pts = _place(f, _footprint(f.get("footprint") or tpl["footprint"]))
        if "parent_area_id" in f:
            pts = _carry(by_id[f["parent_area_id"]], pts)
        height = f.get("height_inches", tpl["default_height_inches"])
        feature_lines.append(
            f'            ("{f["template"]}", "{tpl["terrain_category"]}", {_num(height)}, '
            f"{_pts(pts)}),"
        )
    groups: dict[str, list[dict]] = {}
    for a in areas:
        if a.get("objective_role"):
            groups.setdefault(a.get("link_group") or a["id"], []).append(a)
    objective_lines = []
    for members in groups.values():
        roles = {m["objective_role"] for m in members}
        assert len(roles) == 1, (layout["id"], roles)
        x = sum(m["position"]["x"] for m in members) / len(members)
        y = sum(m["position"]["y"] for m in members) / len(members)
        side = _side(maps, layout["deployment_pattern_id"], (x, y))
        indices = ", ".join(str(area_index[m["id"]]) for m in members)
        indices += "," if len(members) == 1 else ""
        objective_lines.append(
            f'            ("{ROLES[roles.pop()]}", ({_num(x)}, {_num(y)}), "{side}", ({indices})),'
        )
    key = (layout["mission_matchup_id"], LETTERS[layout["variant"]])
    return "\n".join(
        [
            f'    ("{key[0]}", "{key[1]}"): {{',
            f'        "source_id": "{layout["id"]}",',
            f'        "map": "{layout["deployment_pattern_id"]}",',
            '        "areas": (',
            *area_lines,
            "        ),",
            '        "features": (',
            *feature_lines,
            "        ),",
            '        "objectives": (',
            *objective_lines,
            "        ),",
            "    },",
        ]
    )


HEADER = '''"""The 30 matchup terrain layouts of the 11th-edition pack, resolved to board inches.

Generated by tools/make_eleventh_layouts.py from 40kdc-data (see the package docstring for the
credit and licence; changed: pieces resolved to absolute polygons, rounded to {digits} decimals,
objectives grouped); read it through `missions.eleventh.layouts`, not directly.

Frame: x 0-60 along the long edge, y 0-44 pointing down from the top-left corner.
- MAPS[map id]: "defender_zone"/"attacker_zone" and "defender_territory"/"attacker_territory"
  (polygons), "edges" (the Defender's and the Attacker's board edge).
- LAYOUTS[(pairing id, letter)]: "source_id" (the data's layout id), "map", "areas" (template,
  polygon), "features" (template, "dense"/"light", height in inches, polygon), "objectives"
  (role, marker point, territory "defender"/"attacker"/"" for on the split, indices of its areas).
"""

# fmt: off
# ruff: noqa: E501
'''


def main(folder: str) -> None:
    root = Path(folder)
    layouts = json.loads((root / "terrain-layouts.json").read_text())
    templates = {t["id"]: t for t in json.loads((root / "terrain-templates.json").read_text())}
    maps = _maps(json.loads((root / "deployment-patterns.json").read_text()))
    out = [HEADER.format(digits=DIGITS), "MAPS = {"]
    for map_id, m in maps.items():
        out += [
            f'    "{map_id}": {{',
            f'        "defender_zone": {_pts(m["zones"]["defender"])},',
            f'        "attacker_zone": {_pts(m["zones"]["attacker"])},',
            f'        "defender_territory": {_pts(m["territories"]["defender"])},',
            f'        "attacker_territory": {_pts(m["territories"]["attacker"])},',
            f'        "edges": ("{m["edges"][0]}", "{m["edges"][1]}"),',
            "    },",
        ]
    out += ["}", "", "LAYOUTS = {"]
    paired = [x for x in layouts if x.get("mission_matchup_id")]
    paired.sort(key=lambda x: (x["mission_matchup_id"], x["variant"]))
    out += [_layout(x, templates, maps) for x in paired]
    out += ["}", "# fmt: on", ""]
    OUT.write_text("\n".join(out))
    print(f"wrote {OUT} ({len(paired)} layouts)")


if __name__ == "__main__":
    main(sys.argv[1])
