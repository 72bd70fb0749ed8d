"""χ² tests on Tactical Objective generation: every D66 result equally likely, for a first
objective and for a whole hand with re-rolled repeats (the re-roll must not skew it)."""

from __future__ import annotations

from collections import Counter

from tracker.engine import maelstrom

# χ² critical values at p = 0.001 (a correct generator fails about once in a thousand runs;
# the seeds are fixed, so a run that passes always passes).
CHI2_001 = {5: 20.52, 35: 66.62}
NUMBERS = [t * 10 + u for t in range(1, 7) for u in range(1, 7)]
GAMES = 1500


def chi2(observed: Counter, expected: float) -> float:
    return sum((observed.get(k, 0) - expected) ** 2 / expected for k in NUMBERS)


def opening_hands(pack: str) -> list[list[int]]:
    """Deadlock's opening six for player_1 in GAMES seeded games."""
    hands = []
    for seed in range(GAMES):
        state = maelstrom.new_game(f"chi{seed}", pack_key=pack, mission_key="deadlock")
        clock = {"round": 0, "phase": "setup"}
        state = maelstrom.apply(state, {**clock, "type": "set_first_turn", "first": "player_1"})
        clock = {"round": 1, "phase": "start_of_turn", "side": "player_1"}
        state = maelstrom.apply(state, {**clock, "type": "generate"})
        hands.append(state["sides"]["player_1"]["generated"])
    return hands


def test_d66_generation_is_uniform():
    for pack in ("eighth", "seventh"):
        hands = opening_hands(pack)
        first = Counter(h[0] for h in hands)
        assert chi2(first, GAMES / 36) < CHI2_001[35]
        # Six different numbers per hand: each number is in a hand with chance 6/36.
        every = Counter(n for h in hands for n in h if n in NUMBERS)
        assert chi2(every, GAMES * 6 / 36) < CHI2_001[35]
        last = Counter(h[5] for h in hands)  # drawn after the most re-rolls
        assert chi2(last, GAMES / 36) < CHI2_001[35]
        tens = Counter(h[0] // 10 for h in hands)
        assert sum((tens[t] - GAMES / 6) ** 2 / (GAMES / 6) for t in range(1, 7)) < CHI2_001[5]
        for hand in hands:
            assert len(set(hand[:6])) == 6
