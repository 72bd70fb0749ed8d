"""Mission generator and map renderer throughput: `python benchmarks/missions.py`."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _rate(label: str, fn, count: int) -> None:
    start = time.perf_counter()
    for i in range(count):
        fn(i)
    elapsed = time.perf_counter() - start
    print(f"{label}: {count / elapsed:,.0f}/s ({count} in {elapsed:.2f}s)")


def main() -> None:
    from missions.engine.generator import draw_cards, generate, mission_from_code
    from missions.pack.registry import get_pack
    from missions.render.drawing import mission_drawing
    from missions.render.svg import mission_svg

    pack = get_pack("leviathan")
    import random

    _rate("card draws (draw_cards)", lambda s: draw_cards(pack, random.Random(s)), 50_000)
    _rate("generate (cards + markers)", lambda s: generate(pack, s), 50_000)
    codes = [generate(pack, s).code for s in range(20_000)]
    _rate("mission_from_code", lambda i: mission_from_code(codes[i]), 20_000)
    missions = [generate(pack, s) for s in range(2_000)]
    _rate("SVG renders (mission_svg)", lambda i: mission_svg(missions[i]), 2_000)
    _rate("reportlab Drawings (mission_drawing)", lambda i: mission_drawing(missions[i]), 500)

    from missions.classic.generator import generate_classic
    from missions.render.classic import classic_mission_drawing, classic_mission_svg

    for key in ("eighth", "seventh", "only_war"):
        classic = get_pack(key)
        _rate(f"generate_classic ({key})", lambda s, p=classic: generate_classic(p, s), 50_000)
    eighth = [generate_classic(get_pack("eighth"), s) for s in range(2_000)]
    _rate("SVG renders (classic_mission_svg)", lambda i: classic_mission_svg(eighth[i]), 2_000)
    _rate("reportlab Drawings (classic)", lambda i: classic_mission_drawing(eighth[i]), 500)


if __name__ == "__main__":
    main()
