"""The mission generator: deck interplay, reproducibility, exact probabilities, codes."""

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from missions.engine.codes import parse_code
from missions.engine.generator import generate, mission_from_code, pool_mission
from missions.pack.errors import MissionError
from missions.pack.registry import get_pack

PACK = get_pack("leviathan")
SEEDS = range(20_000)
# chi-square critical values at p = 0.001 (deterministic seeds, so no flakiness either way)
CHI2_001 = {1: 10.83, 2: 13.82, 4: 18.47, 8: 26.12, 11: 31.26}


@pytest.fixture(scope="module")
def missions():
    return [generate(PACK, s) for s in SEEDS]


def rule_oracle():
    """Exact distribution of the set of mission rules in play, by enumerating every draw."""
    keys = [c.key for c in PACK.mission_rules]
    dist: Counter = Counter()
    for first in keys:
        p1 = Fraction(1, len(keys))
        if first != "maelstrom_of_battle":
            dist[(first,)] += p1
            continue
        rest = [k for k in keys if k != first]
        pairs = list(itertools.permutations(rest, 2))
        for pair in pairs:
            p2 = p1 / len(pairs)
            if "chilling_rain" not in pair:
                dist[(first, *sorted(pair))] += p2
                continue
            kept = [k for k in pair if k != "chilling_rain"]
            more = list(itertools.permutations([k for k in rest if k not in pair], 2))
            for extra in more:
                dist[(first, *sorted(kept + list(extra)))] += p2 / len(more)
    return dist


def test_oracle_gives_the_documented_probabilities():
    dist = rule_oracle()
    assert sum(dist.values()) == 1
    assert sum(p for s, p in dist.items() if "hidden_supplies" in s) == Fraction(67, 660)
    maelstrom = sum(p for s, p in dist.items() if s[0] == "maelstrom_of_battle")
    four = sum(p for s, p in dist.items() if len(s) == 4)
    assert four / maelstrom == Fraction(2, 11)


def chi2(observed: Counter, probs: dict, n: int) -> float:
    return sum((observed.get(k, 0) - n * float(p)) ** 2 / (n * float(p)) for k, p in probs.items())


def test_deployment_is_uniform(missions):
    probs = {c.name: Fraction(1, 5) for c in PACK.deployments}
    observed = Counter(m.deployment.name for m in missions)
    assert chi2(observed, probs, len(missions)) < CHI2_001[4]


def test_first_mission_rule_is_uniform(missions):
    probs = {c.name: Fraction(1, 12) for c in PACK.mission_rules}
    observed = Counter(m.mission_rules[0].name for m in missions)
    assert chi2(observed, probs, len(missions)) < CHI2_001[11]


def test_number_of_rules_and_hidden_supplies_match_the_oracle(missions):
    dist = rule_oracle()
    sizes: Counter = Counter()
    for s, p in dist.items():
        sizes[len(s)] += p
    assert dict(sizes) == {1: Fraction(11, 12), 3: Fraction(9, 132), 4: Fraction(2, 132)}
    n = len(missions)
    observed = Counter(len(m.mission_rules) for m in missions)
    assert chi2(observed, sizes, n) < CHI2_001[2]
    p_hs = Fraction(67, 660)
    hs = Counter("hidden_supplies" in m.rule_keys for m in missions)
    assert chi2(hs, {True: p_hs, False: 1 - p_hs}, n) < CHI2_001[1]


def test_maelstrom_extra_rules_conditional(missions):
    drawn = [m for m in missions if m.mission_rules[0].key == "maelstrom_of_battle"]
    observed = Counter(len(m.mission_rules) - 1 for m in drawn)
    probs = {2: Fraction(9, 11), 3: Fraction(2, 11)}
    assert chi2(observed, probs, len(drawn)) < CHI2_001[1]


def test_primary_distribution_accounts_for_vital_ground_redraw(missions):
    p_hs = Fraction(67, 660)
    p_vg = Fraction(1, 9) * (1 - p_hs)
    other = Fraction(1, 9) + Fraction(1, 9) * p_hs / 8
    probs = {c.name: (p_vg if c.key == "vital_ground" else other) for c in PACK.primaries}
    assert sum(probs.values()) == 1
    observed = Counter(m.primary.name for m in missions)
    assert chi2(observed, probs, len(missions)) < CHI2_001[8]


def test_deck_interplay_invariants(missions):
    for m in missions:
        keys = m.rule_keys
        assert len(set(keys)) == len(keys)
        assert "maelstrom_of_battle" not in keys[1:]
        if keys[0] == "maelstrom_of_battle":
            assert "chilling_rain" not in keys
            assert len(keys) in (3, 4)
            assert (len(keys) == 4) == any(c.key == "chilling_rain" for c in m.discarded)
        else:
            assert len(keys) == 1
        if "hidden_supplies" in keys:
            assert m.primary.key != "vital_ground"
        if any(c.key == "vital_ground" for c in m.discarded):
            assert "hidden_supplies" in keys


def test_vital_ground_with_hidden_supplies_is_redrawn(missions):
    redrawn = [m for m in missions if any(c.key == "vital_ground" for c in m.discarded)]
    assert redrawn
    assert all(m.primary.key != "vital_ground" for m in redrawn)


def test_chosen_battlefield_with_hidden_supplies_places_an_extra_marker(missions):
    both = [m for m in missions if {"chosen_battlefield", "hidden_supplies"} <= set(m.rule_keys)]
    assert both
    for m in both:
        assert m.plan.markers == ()
        assert m.plan.placement.per_zone["no_mans_land"] == 4


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**63))
def test_same_seed_same_mission_and_code_round_trips(seed):
    first, second = generate(PACK, seed), generate(PACK, seed)
    assert first.to_dict() == second.to_dict()
    assert mission_from_code(first.code).to_dict() == first.to_dict()
    assert parse_code(first.code.lower()) == ("LEV", "seed", seed)
    assert len(first.code) <= 20


def test_every_small_seed_code_round_trips():
    for seed in range(2_000):
        assert parse_code(generate(PACK, seed).code) == ("LEV", "seed", seed)


def test_to_dict_shape():
    data = generate(PACK, 42).to_dict()
    assert {"seed", "code", "deployment", "mission_rules", "primary", "markers"} <= set(data)
    assert data["seed"] == 42
    assert data["deployment"] in {c.name for c in PACK.deployments}
    assert all(isinstance(name, str) for name in data["mission_rules"])


def test_maelstrom_lists_first_card_first():
    seed = next(s for s in SEEDS if generate(PACK, s).mission_rules[0].key == "maelstrom_of_battle")
    data = generate(PACK, seed).to_dict()
    assert data["mission_rules"][0] == "Maelstrom of Battle"
    assert "Chilling Rain" not in data["mission_rules"]


def test_bad_codes_raise():
    code = generate(PACK, 123456).code
    body = code.split("-")[1]
    tampered = code.replace(body, body[:-1] + ("0" if body[-1] != "0" else "1"))
    for bad in [tampered, "nonsense", "XYZ-10-1", "LEV--0", "LEV-"]:
        with pytest.raises(MissionError) as err:
            mission_from_code(bad)
        assert err.value.code == "bad_code", bad
    with pytest.raises(MissionError) as err:
        generate(PACK, -1)
    assert err.value.code == "bad_seed"


def test_pool_missions():
    m = pool_mission(PACK, "b")
    assert m.to_dict()["code"] == "LEV-B"
    assert (m.deployment.name, m.primary.name, [r.name for r in m.mission_rules]) == (
        "Search and Destroy",
        "Priority Targets",
        ["Hidden Supplies"],
    )
    assert len(m.plan.markers) == 6
    assert m.terrain_layouts == (1, 3, 4)
    assert mission_from_code("LEV-B").to_dict() == m.to_dict()
    assert pool_mission(PACK, "E").plan.placement is not None
    assert len(pool_mission(PACK, "O").plan.markers) == 4
    with pytest.raises(MissionError) as err:
        pool_mission(PACK, "Z")
    assert err.value.code == "unknown_pool_mission"


def test_generator_uses_only_its_own_random_stream():
    random.seed(1)
    a = generate(PACK, 7).to_dict()
    random.seed(2)
    assert generate(PACK, 7).to_dict() == a
