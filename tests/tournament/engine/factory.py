"""Helpers to build small event histories for engine tests."""

from __future__ import annotations

import random

from tournament.engine import GameRecord, PlayerEntry, pair_round

# The engine has no default bye VP: tests pass this one explicitly (the model's default).
BYE_VP = 60


def players(n: int, overrides: dict | None = None) -> list[PlayerEntry]:
    """Players 1..n; overrides maps an id to PlayerEntry field values."""
    overrides = overrides or {}
    return [PlayerEntry(i, f"P{i}", **overrides.get(i, {})) for i in range(1, n + 1)]


def game(
    rnd: int,
    a: int,
    b: int | None,
    vp_a: int | None = None,
    vp_b: int | None = None,
    *,
    table: int | None = None,
) -> GameRecord:
    return GameRecord(rnd, a, b, vp_a, vp_b, table)


def win(rnd: int, winner: int, loser: int, table: int | None = None) -> GameRecord:
    return GameRecord(rnd, winner, loser, 60, 40, table)


def draw(rnd: int, a: int, b: int) -> GameRecord:
    return GameRecord(rnd, a, b, 50, 50)


def random_history(
    rng: random.Random, n: int, rounds: int, *, draw_rate: float = 0.2
) -> tuple[list, list]:
    """Random pairs and results (draws, byes, a drop, a late entry) for `rounds` rounds."""
    people = [
        PlayerEntry(
            i,
            f"P{i}",
            first_round=1 + (rng.random() < 0.15) * rng.randint(1, 3),
            dropped=rng.random() < 0.1,
        )
        for i in range(1, n + 1)
    ]
    games: list[GameRecord] = []
    for rnd in range(1, rounds + 1):
        ids = [p.id for p in people if p.first_round <= rnd]
        rng.shuffle(ids)
        if len(ids) % 2:
            games.append(GameRecord(rnd, ids.pop(), None, None, None))
        for i in range(0, len(ids), 2):
            x = rng.randrange(0, 100, 10)
            y = x if rng.random() < draw_rate else rng.randrange(0, 100, 10)
            games.append(GameRecord(rnd, ids[i], ids[i + 1], x, y))
    return people, games


def simulate(
    people, rounds: int, seed: int, *, pairer=pair_round, drop_rate: float = 0.0, draw_rate=0.1
):
    """Play `rounds` rounds with the given pairer and random results; returns (people, games)."""
    rng = random.Random(seed)
    games: list[GameRecord] = []
    people = list(people)
    for rnd in range(1, rounds + 1):
        result = pairer(people, games, round_number=rnd, seed=seed, bye_vp=BYE_VP)
        for p in result.pairs:
            if p.player_b is None:
                games.append(GameRecord(rnd, p.player_a, None, None, None, p.table))
                continue
            x = rng.randrange(0, 100, 5)
            y = x if rng.random() < draw_rate else rng.randrange(0, 100, 5)
            games.append(GameRecord(rnd, p.player_a, p.player_b, x, y, p.table))
        people = [
            PlayerEntry(
                p.id,
                p.name,
                p.club,
                p.dropped or rng.random() < drop_rate,
                p.fixed_table,
                p.first_round,
            )
            for p in people
        ]
    return people, games
