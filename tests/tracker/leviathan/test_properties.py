"""Random games driven by hypothesis: every accepted action keeps the invariants, every
refused one leaves the state as it was, and replaying the log rebuilds the same state."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missions.pack.registry import get_pack
from tracker.engine.leviathan import ACTIONS, Refusal, apply, new_game, replay, score_sheet, view
from tracker.engine.leviathan.rules import SIDES, TURN_PHASES

PACK = get_pack("leviathan")
PRIMARIES = {c.key: c for c in PACK.primaries}
SECONDARY_CARDS = {c.key: c for c in PACK.secondaries}
NML = ("centre", "nml_1", "nml_2")

ZONES = ("deck", "active", "discarded", "set_aside", "fixed")
GAMBIT_ZONES = ("gambit_deck", "gambit_hand", "gambit_discarded")
RULE_SETS = (
    (),
    ("targets_of_opportunity",),
    ("secret_intel",),
    ("vox_static",),
    ("targets_of_opportunity", "secret_intel", "vox_static"),
)
VPS = (-1, 0, 1, 2, 3, 5, 8, 9, 20, 21, 30, 45, 60)
TYPES = sorted(ACTIONS)
GARBAGE = (None, [], {}, [[1]], 1.5, True, "", "x", -3, {"a": [1]})


def candidate(state: dict[str, Any], rnd: random.Random, fixed_bias: float) -> dict[str, Any]:
    """A plausible action, sometimes a wrong one: the engine must sort them out."""
    hurry = state["phase"] in TURN_PHASES and rnd.random() < 0.3
    kind = "advance" if hurry else rnd.choice(TYPES)
    side = state["turn"] if state["turn"] and rnd.random() < 0.6 else rnd.choice(SIDES)
    mine = state["sides"][side]
    cards = mine["active"] + mine["fixed"] + mine["gambit_hand"] + mine["turn"]["drawn"] or list(
        state["cards"]
    )
    act: dict[str, Any] = {
        "type": kind,
        "round": state["round"],
        "phase": state["phase"],
        "side": side,
        "card": rnd.choice(cards),
        "vp": rnd.choice(VPS),
    }
    if rnd.random() < 0.03:
        act["round"] = rnd.randint(0, 6)
    if kind == "select_secondaries":
        fixed = rnd.random() < fixed_bias
        pool = [k for k, c in state["cards"].items() if c["fixed_capable"] == fixed]
        act["mode"] = "fixed" if fixed else "tactical"
        act["cards"] = rnd.sample(pool, 2)
    elif kind == "discard":
        act["cards"] = mine["active"][: rnd.randint(0, 2)]
    elif kind == "advance" and rnd.random() < 0.2:
        act["to"] = rnd.choice(TURN_PHASES)
    act.update(
        attacker=rnd.choice(state["players"]), first=rnd.choice(SIDES), value=rnd.random() < 0.5
    )
    act.update(objective=rnd.choice((*NML, "elsewhere")), cp=rnd.choice((1, 2, 3)))
    if kind == "pick_objective":
        theirs = state["sides"][SIDES[1 - SIDES.index(side)]].get("objectives", {})
        act["card"] = rnd.choice(list(theirs) or ["a_tempting_target"])
    return act


def primary_bound(state: dict[str, Any], round_: int) -> int:
    """Oracle from the pack card, not the engine: the most a primary can give at one moment
    of `round_` is at most all its lines scoring in that round together, within its cap."""
    card = PRIMARIES[state["primary"]["key"]]
    top = sum(line.cap or line.vp for line in card.scoring if round_ in line.rounds)
    return top if card.turn_cap is None else min(top, card.turn_cap)


def check_card_maxima(state: dict[str, Any]) -> None:
    caps = state["caps"]
    for s in SIDES:
        side = state["sides"][s]
        moments: Counter = Counter()
        per_fixed: Counter = Counter()
        for e in side["scores"]:
            if e["category"] == "primary":
                moments[(e["round"], e["phase"], e["turn"])] += e["vp"]
            elif e["category"] == "secondary":
                card = SECONDARY_CARDS[e["card"]]
                fixed = e["card"] in side["fixed"]
                top = card.entry_max_fixed if fixed else card.max_vp_tactical
                assert 1 <= e["vp"] <= top
                assert not (e["round"] == 1 and card.redraw_in_first_round)
                if fixed:
                    per_fixed[e["card"]] += e["vp"]
        for (round_, _phase, _turn), vp in moments.items():
            assert vp <= primary_bound(state, round_)
        assert all(vp <= caps["per_fixed_card"] for vp in per_fixed.values())
        assert side["cp"] >= 0
        assert side["cp"] == state["cp_rules"]["at_start"] + side["cp_gained"] - side["cp_spent"]
        extra = Counter(side["cp_extra_rounds"])
        assert all(n <= state["cp_rules"]["extra_per_round"] for n in extra.values())


def check_invariants(state: dict[str, Any], fixed_seen: dict[str, list[str]]) -> None:
    assert json.loads(json.dumps(state)) == state
    for s in SIDES:
        side = state["sides"][s]
        places = Counter(k for z in ZONES for k in side[z])
        assert places == Counter(list(state["cards"]))  # each of the 16 cards in exactly one place
        assert sum(len(side[z]) for z in ZONES) == 16
        if side["fixed"]:
            fixed_seen.setdefault(s, list(side["fixed"]))
        assert side["fixed"] == fixed_seen.get(s, [])  # Fixed cards never leave
        assert not set(side["fixed"]) & set(side["discarded"])
        gambits = Counter(k for z in GAMBIT_ZONES for k in side[z])
        assert gambits == Counter(list(state["gambit_cards"]))
        assert side["gambit"] is None or side["gambit"] in side["gambit_hand"]
    caps = state["caps"]
    for totals in score_sheet(state).values():
        assert totals["primary"] + totals["gambit"] <= caps["primary_and_gambit"]
        assert totals["secondary"] <= caps["secondary"]
        assert totals["battle_ready"] in (0, caps["battle_ready"])
        assert totals["total"] <= caps["total"]
        assert min(totals[k] for k in ("primary", "secondary", "gambit", "total")) >= 0
    check_card_maxima(state)
    for who in (*SIDES, None):
        assert "seed" not in view(state, who)


def game(seed: int, rules: tuple[str, ...], primary: str = "take_and_hold") -> dict[str, Any]:
    return new_game(seed, mission_rules=rules, primary=primary, nml_objectives=NML)


def play(
    seed: int,
    rules: tuple[str, ...],
    rnd: random.Random,
    fixed_bias: float,
    primary: str = "take_and_hold",
) -> list[str]:
    initial = game(seed, rules, primary)
    state, log, fixed_seen, codes = initial, [], {}, []
    for _ in range(900):
        if state["phase"] == "over":
            break
        act = candidate(state, rnd, fixed_bias)
        before = json.dumps(state, sort_keys=True)
        try:
            state = apply(state, act)
        except Refusal as err:
            codes.append(err.code)
            assert json.dumps(state, sort_keys=True) == before
            continue
        log.append(act)
        check_invariants(state, fixed_seen)
    assert all(isinstance(code, str) and code for code in codes)
    assert replay(initial, log) == state
    assert replay(game(seed, rules, primary), json.loads(json.dumps(log))) == state
    return [a["type"] for a in log]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    rules=st.sampled_from(RULE_SETS),
    driver=st.integers(0, 2**32),
    fixed_bias=st.sampled_from((0.0, 0.5, 1.0)),
    primary=st.sampled_from(sorted(PRIMARIES)),
)
def test_random_games_keep_invariants(
    seed: int, rules: tuple[str, ...], driver: int, fixed_bias: float, primary: str
) -> None:
    # The action stream comes from a seeded generator: hypothesis picks (and shrinks) seeds.
    play(seed, rules, random.Random(driver), fixed_bias, primary)


def test_random_games_do_score() -> None:
    """The maxima are checked on games that really score primary and secondary VP."""
    kinds: Counter = Counter()
    for n in range(8):
        kinds.update(play(n, (), random.Random(n), 0.5, sorted(PRIMARIES)[n % len(PRIMARIES)]))
    assert kinds["score_primary"] > 0
    assert kinds["achieve"] > 0


def test_random_games_reach_the_end() -> None:
    """The driver is not vacuous: most games it plays do finish."""
    ended = 0
    for n in range(6):
        rnd = random.Random(n)
        state = new_game(n)
        for _ in range(900):
            try:
                state = apply(state, candidate(state, rnd, 0.5))
            except Refusal:
                continue
            if state["phase"] == "over":
                ended += 1
                break
    assert ended >= 4
