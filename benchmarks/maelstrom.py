"""Benchmark of the Maelstrom tracker engine: whole scripted games applied action by action,
and `view` for both players, with the Leviathan deck tracker's apply as the baseline measured
in the same process.

    .venv/bin/python benchmarks/maelstrom.py [--games 30]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def maelstrom_games(games: int):
    from missions.classic import tactical
    from tests.tracker.maelstrom.player import next_action
    from tracker.engine import maelstrom

    missions = [(p, m.key) for p in tactical.PACK_KEYS for m in tactical.missions(p)]
    steps, states = [], []
    for n in range(games):
        pack, key = missions[n % len(missions)]
        state, rnd = maelstrom.new_game(n, pack_key=pack, mission_key=key), random.Random(n)
        while state["phase"] != "over":
            options = {s: maelstrom.options(state, s)[s] for s in maelstrom.PLAYERS}
            act = next_action(state, options, rnd)
            steps.append((state, act))
            state = maelstrom.apply(state, act)
            states.append(state)
    return steps, states


def leviathan_steps(games: int):
    from tests.tracker.web.helpers import Driver
    from tracker.engine.leviathan import apply, new_game

    steps = []
    for n in range(games):
        state, driver = new_game(n, primary="take_and_hold"), Driver("player_1")
        while state["phase"] != "over":
            act = driver.next_action(state)
            steps.append((state, act))
            state = apply(state, act)
    return steps


def rate(apply, steps) -> float:
    start = time.perf_counter()
    for state, act in steps:
        apply(state, act)
    return len(steps) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    games = parser.parse_args().games
    from tracker.engine import leviathan, maelstrom

    steps, states = maelstrom_games(games)
    base = leviathan_steps(max(3, games // 5))
    mael = rate(maelstrom.apply, steps)
    lev = rate(leviathan.apply, base)
    start = time.perf_counter()
    for state in states:
        for side in maelstrom.PLAYERS:
            maelstrom.view(state, side)
            maelstrom.options(state, side)
    viewed = 2 * len(states) / (time.perf_counter() - start)
    print(f"maelstrom: {len(steps)} actions over {games} games (all 12 missions)")
    print(f"  apply: {mael:,.0f}/s ({1e6 / mael:.0f} us each)")
    print(f"  view + options: {viewed:,.0f}/s ({1e6 / viewed:.0f} us each)")
    print(f"leviathan apply (baseline): {lev:,.0f}/s; maelstrom/leviathan = {mael / lev:.2f}")


if __name__ == "__main__":
    main()
