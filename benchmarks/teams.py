"""Benchmark of the team engines: team Swiss pairing and team standings.

    .venv/bin/python benchmarks/teams.py [--sizes 16,64,256] [--team-size 5] [--rounds 5]

Each size simulates a team event (random VP per game, every match finished) over the rounds.
Per size: median seconds to pair a team round, the same for the singles engine pairing as many
players on the same records (the baseline: the team pairer is that engine plus the conversion
of matches into records), their ratio, and the seconds to compute the final team standings.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from teams.engine.pairing import pair_team_round, team_games
from teams.engine.standings import MatchRecord, TeamEntry, compute_team_standings
from tournament.engine import PlayerEntry, pair_round

MARGIN = 10


def simulate(n: int, size: int, rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    teams = [TeamEntry(i, f"Team {i}") for i in range(1, n + 1)]
    matches: list[MatchRecord] = []
    team_times, singles_times = [], []
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        pairs, _ = pair_team_round(teams, matches, round_number=r, seed=r, draw_margin=MARGIN)
        team_times.append(time.perf_counter() - start)
        games = team_games(matches, draw_margin=MARGIN)
        players = [PlayerEntry(t.id, t.name) for t in teams]
        start = time.perf_counter()
        pair_round(players, games, round_number=r, seed=r, bye_vp=0, avoid_same_club=False)
        singles_times.append(time.perf_counter() - start)
        for p in pairs:
            scores = tuple((rng.randint(0, 100), rng.randint(0, 100)) for _ in range(size))
            matches.append(MatchRecord(r, p.team_a, p.team_b, scores if p.team_b else (), True))
    start = time.perf_counter()
    compute_team_standings(teams, matches, draw_margin=MARGIN, bye_score=56)
    standings = time.perf_counter() - start
    team_med, singles_med = statistics.median(team_times), statistics.median(singles_times)
    return {
        "teams": n,
        "pair_team_round_s": team_med,
        "pair_singles_same_units_s": singles_med,
        "ratio": team_med / singles_med if singles_med else float("nan"),
        "standings_s": standings,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="16,64,256")
    parser.add_argument("--team-size", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    head = ("teams", "pair team rd (s)", "singles same (s)", "ratio", "standings (s)")
    print(f"{head[0]:>6} {head[1]:>17} {head[2]:>17} {head[3]:>6} {head[4]:>14}")
    for n in (int(x) for x in args.sizes.split(",")):
        row = simulate(n, args.team_size, args.rounds, args.seed)
        print(
            f"{row['teams']:>6} {row['pair_team_round_s']:>17.4f} "
            f"{row['pair_singles_same_units_s']:>17.4f} {row['ratio']:>6.2f} "
            f"{row['standings_s']:>14.4f}"
        )


if __name__ == "__main__":
    main()
