"""Benchmark of the pairing engine against a greedy pairer and naive full-graph matching.

    .venv/bin/python benchmarks/pairing.py [--sizes 16,64,256,1024,2048] [--rounds 8]
        [--full-max 1024] [--seed 1]

The largest events: `--sizes 1024,2048,4096 --rounds 6 --full-max 0` (the full graph is out
of reach there; the engine's answers are proven by their bound instead, see "proofs used").

Each size simulates one event (random results, ~10% draws, ~2% drops per round, a few late
entries) paired by the engine. At every round the greedy pairer and the full-graph matcher are run
on the same history, so their quality figures compare like with like. Figures per size: median and
worst seconds per round, then summed over rounds: rematches, pairs across records, path distance.
The "api call" row times POST /api/events/{id}/rounds/ end to end (benchmarks/pairing_api.py).

Hook for the lead: `add_timer(name, fn)` registers a callable fn(players, games, round_number,
seed) that is timed on the same histories (e.g. the whole API call); see HOOKS below.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.engine import (
    GameRecord,
    PlayerEntry,
    greedy_pair_round,
    pair_round,
)

# The engine has no bye VP default (the event's setting is the one source); pairing never reads
# VP, so any value times the same.
BYE_VP = 60

# ---- HOOK: extra callables timed on every simulated round -------------------------------------
HOOKS: dict[str, Callable] = {}


def add_timer(name: str, fn: Callable) -> None:
    """Register fn(players, games, round_number, seed) to be timed alongside the engine.

    If fn returns a number, that is the time recorded (it timed its own critical part)."""
    HOOKS[name] = fn


# -----------------------------------------------------------------------------------------------


def quality(result) -> tuple[int, int, float]:
    pairs = [p for p in result.pairs if p.player_b is not None]
    across = sum(1 for p in pairs if p.cost[1] > 0)
    return result.cost[0], across, result.cost[2]


def play(result, rnd: int, rng: random.Random) -> list[GameRecord]:
    out = []
    for p in result.pairs:
        if p.player_b is None:
            out.append(GameRecord(rnd, p.player_a, None, None, None, p.table))
            continue
        x = rng.randrange(0, 101, 5)
        y = x if rng.random() < 0.1 else rng.randrange(0, 101, 5)
        out.append(GameRecord(rnd, p.player_a, p.player_b, x, y, p.table))
    return out


def run_size(n: int, rounds: int, seed: int, full_max: int) -> dict:
    rng = random.Random(seed * 7919 + n)
    people = [
        PlayerEntry(i, f"P{i}", club=f"C{i % 37}", first_round=2 if rng.random() < 0.02 else 1)
        for i in range(1, n + 1)
    ]
    games: list[GameRecord] = []
    rows: dict[str, list] = {"engine": [], "greedy": [], "full": [], **{k: [] for k in HOOKS}}
    proofs: dict[str, int] = {}
    for rnd in range(1, rounds + 1):
        t = time.perf_counter()
        res = pair_round(
            people, games, round_number=rnd, seed=seed, total_rounds=rounds, bye_vp=BYE_VP
        )
        rows["engine"].append((time.perf_counter() - t, *quality(res)))
        proofs[res.stats.get("proof", "?")] = proofs.get(res.stats.get("proof", "?"), 0) + 1
        t = time.perf_counter()
        greedy = greedy_pair_round(
            people, games, round_number=rnd, seed=seed, total_rounds=rounds, bye_vp=BYE_VP
        )
        rows["greedy"].append((time.perf_counter() - t, *quality(greedy)))
        if n <= full_max and rnd > 1:
            t = time.perf_counter()
            full = pair_round(
                people,
                games,
                round_number=rnd,
                seed=seed,
                total_rounds=rounds,
                full_graph=True,
                bye_vp=BYE_VP,
            )
            rows["full"].append((time.perf_counter() - t, *quality(full)))
            assert full.cost == res.cost, (n, rnd, full.cost, res.cost)
        for name, fn in HOOKS.items():
            t = time.perf_counter()
            measured = fn(people, games, rnd, seed)
            took = measured if isinstance(measured, float) else time.perf_counter() - t
            rows[name].append((took, 0, 0, 0.0))
        games += play(res, rnd, rng)
        people = [
            PlayerEntry(
                p.id, p.name, p.club, p.dropped or rng.random() < 0.02, p.fixed_table, p.first_round
            )
            for p in people
        ]
    return {"rows": rows, "proofs": proofs}


def report(n: int, data: dict, full_max: int) -> None:
    print(f"\n== {n} players ==  proofs used by the engine: {data['proofs']}")
    print(
        f"{'pairer':<10}{'median s':>10}{'worst s':>10}{'rematches':>11}{'across':>8}{'path':>10}"
    )
    for name, rows in data["rows"].items():
        if not rows:
            if name == "full":
                print(
                    f"{name:<10} skipped: full graph above {full_max} players takes minutes "
                    "per round (O(n^3) on n^2/2 edges)"
                )
            continue
        times = [r[0] for r in rows[1:]] or [rows[0][0]]  # round 1 is a random draw
        if name in HOOKS:  # timed only: its event's history is its own
            print(f"{name:<10}{statistics.median(times):>10.3f}{max(times):>10.3f}")
            continue
        print(
            f"{name:<10}{statistics.median(times):>10.3f}{max(times):>10.3f}"
            f"{sum(r[1] for r in rows):>11}{sum(r[2] for r in rows):>8}"
            f"{sum(r[3] for r in rows):>10.1f}"
        )


def rematch_rate(n: int, rounds: int, events: int) -> dict[str, float]:
    """Share of whole simulated events with at least one rematch, per pairer.

    Each pairer plays its own events (its pairings shape its history), with the same seeds."""
    rates = {}
    for name, pairer in (("engine", pair_round), ("greedy", greedy_pair_round)):
        hit = 0
        for event in range(events):
            rng = random.Random(event)
            people = [PlayerEntry(i, f"P{i}", club=f"C{i % 3}") for i in range(1, n + 1)]
            games: list[GameRecord] = []
            rematches = 0
            for rnd in range(1, rounds + 1):
                res = pairer(
                    people, games, round_number=rnd, seed=event, total_rounds=rounds, bye_vp=BYE_VP
                )
                rematches += res.cost[0]
                games += play(res, rnd, rng)
            hit += rematches > 0
        rates[name] = hit / events
    return rates


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16,64,256,1024,2048")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--full-max", type=int, default=1024)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-api", action="store_true", help="skip timing the API call")
    args = parser.parse_args(argv)
    if not args.no_api:
        from benchmarks.pairing_api import ApiTimer

        add_timer("api call", ApiTimer())
    print(
        "times exclude round 1 (random draw); full-graph quality equals the engine's by "
        "assertion, so any difference is the greedy pairer's"
    )
    for n in (int(s) for s in args.sizes.split(",")):
        report(n, run_size(n, args.rounds, args.seed, args.full_max), args.full_max)
    print("\n== events with at least one rematch (5 rounds, 300 events each) ==")
    for n in (8, 16):
        rates = rematch_rate(n, 5, 300)
        print(f"{n:>4} players: engine {rates['engine']:.0%}, greedy {rates['greedy']:.0%}")


if __name__ == "__main__":
    main()
