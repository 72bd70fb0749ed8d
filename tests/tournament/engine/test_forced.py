"""Forced-pair bounds (forced.py) against brute force over the relaxed record problem."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.engine.pairing.forced import level_pair_bounds

INF = float("inf")


def _pairings(items):
    if not items:
        yield []
        return
    a, rest = items[0], items[1:]
    for i, b in enumerate(rest):
        for tail in _pairings(rest[:i] + rest[i + 1 :]):
            yield [(a, b), *tail]


def _floater(entry, v):
    return min(c + abs(v - w) for w, c in entry[1].items())


def _brute(vals, caps, below, above, bye):
    """{(v_a, v_b): least cost with a and b paired, floaters / bye taken, the rest paired with
    at most cap pairs inside each class (one of them the forced pair when it is inside)."""
    players = [v for v in vals for _ in range(vals[v])]
    slots = [(e, _floater) for e in (below, above) if e is not None]
    if bye is not None:
        slots.append((bye, lambda b, v: 0 if v in b else INF))
    out: dict = {}
    for i, j in combinations(range(len(players)), 2):
        va, vb = sorted((players[i], players[j]))
        used = {va: int(va == vb)}
        if used[va] > caps[va]:
            continue
        rest = [k for k in range(len(players)) if k not in {i, j}]
        best = INF
        for taken in _ordered(rest, len(slots)):
            extra = sum(f(e, players[k]) for (e, f), k in zip(slots, taken, strict=True))
            left = [players[k] for k in rest if k not in taken]
            for pairing in _pairings(left):
                inside: dict = dict(used)
                for x, y in pairing:
                    if x == y:
                        inside[x] = inside.get(x, 0) + 1
                if all(inside[v] <= caps[v] for v in inside):
                    best = min(best, extra + sum(abs(x - y) for x, y in pairing))
        base = (below[0] if below else 0) + (above[0] if above else 0)
        total = base + vb - va + best
        out[va, vb] = min(out.get((va, vb), INF), total)
    return out


def _ordered(items, k):
    if k == 0:
        yield ()
        return
    for i, x in enumerate(items):
        for tail in _ordered(items[:i] + items[i + 1 :], k - 1):
            yield (x, *tail)


entries = st.none() | st.tuples(
    st.integers(0, 3), st.dictionaries(st.integers(0, 8), st.integers(0, 6), min_size=1)
)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_forced_pair_bounds_equal_brute_force(data):
    level = data.draw(st.dictionaries(st.integers(0, 8), st.integers(1, 2), min_size=1, max_size=4))
    below, above = data.draw(entries), data.draw(entries)
    bye = data.draw(st.none() | st.sets(st.integers(0, 8), min_size=1))
    limit = data.draw(st.integers(0, 30))
    caps = {v: data.draw(st.integers(0, c // 2)) for v, c in level.items()}
    got = level_pair_bounds(
        level,
        [caps[v] for v in sorted(level)],
        below=below,
        above=above,
        bye=bye,
        limit=limit,
    )
    expected = _brute(level, caps, below, above, bye)
    assert got == {k: v for k, v in expected.items() if v < limit}
