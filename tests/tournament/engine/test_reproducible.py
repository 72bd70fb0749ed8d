"""Same players, history and seed give the same pairing in any process.

Python randomises string hashing per process (PYTHONHASHSEED), so any ordering that leaked from
a set or dict of strings into the matching would change the draw between two web workers.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = """
import random, sys
sys.path.insert(0, {root!r})
from tournament.engine import GameRecord, PlayerEntry, pair_round
rng = random.Random(3)
people = [PlayerEntry(i, f"P{{i}}", club=f"C{{i % 37}}") for i in range(1, {n} + 1)]
games, out = [], []
for rnd in range(1, 6):
    res = pair_round(people, games, round_number=rnd, seed=1, total_rounds=8, bye_vp=20)
    out.append([(p.player_a, p.player_b, p.table) for p in res.pairs])
    for p in res.pairs:
        if p.player_b is None:
            games.append(GameRecord(rnd, p.player_a, None, None, None))
            continue
        x = rng.randrange(0, 101, 5)
        y = x if rng.random() < 0.15 else rng.randrange(0, 101, 5)
        games.append(GameRecord(rnd, p.player_a, p.player_b, x, y, p.table))
print(out)
"""


def _draws(n: int, hash_seed: str) -> str:
    env = {"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"}
    code = SCRIPT.format(root=str(ROOT), n=n)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_small_field_pairing_is_the_same_in_every_process():
    assert _draws(41, "1") == _draws(41, "2")


def test_large_field_pruned_pairing_is_the_same_in_every_process():
    # Above the small-field threshold the pruned graph and its proofs are used.
    assert _draws(301, "3") == _draws(301, "4")
