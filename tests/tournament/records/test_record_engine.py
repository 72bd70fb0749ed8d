"""The record builder and verifier as pure functions (no database): a record built from what
the engine was given verifies identical; the canonical JSON and its SHA-256; swaps replayed
seat for seat; every kind of tampering is found and said in words; the "why this opponent"
sentences."""

from __future__ import annotations

import copy
import hashlib
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.engine.factory import BYE_VP, random_history
from tournament.engine import GameRecord, PlayerEntry, pair_round
from tournament.engine.pairing.grouped import pair_in_groups
from tournament.engine.pairing.record import (
    FORMAT,
    apply_swap,
    canonical_json,
    explain_pair,
    pairing_output,
    record_inputs,
    record_seal,
    record_sha256,
    replay_swaps,
    verify_record,
)


def build(players, games, *, round_number, seed, swaps=(), groups=None, tables=None):
    """A sealed record as the service makes it: inputs, the engine's output, swaps replayed."""
    options = {"round_number": round_number, "seed": seed, "bye_vp": BYE_VP, "tables": tables}
    if groups is None:
        result = pair_round(players, games, **options)
    else:
        result = pair_in_groups(players, games, groups, **options)
    data = record_inputs(
        event_id=1,
        round_number=round_number,
        players=players,
        games=games,
        seed=seed,
        bye_vp=BYE_VP,
        avoid_same_club=True,
        tables=tables,
        groups=groups,
    )
    pairs, seats = pairing_output(result)
    swaps = [{"players": list(s), "by": "Olga", "reason": "why"} for s in swaps]
    data |= {"engine_pairs": pairs, "engine_tables": seats, "swaps": swaps}
    data |= {"pairs": replay_swaps(pairs, swaps), "pair_tables": seats}
    return record_seal(data)


def history(n=12, rounds=3, seed=5):
    """A played history of `rounds` rounds (by the engine, results at random)."""
    rng = random.Random(seed)
    people = [PlayerEntry(i, f"P{i}", club=f"C{i % 3}") for i in range(1, n + 1)]
    games: list[GameRecord] = []
    for rnd in range(1, rounds + 1):
        for p in pair_round(people, games, round_number=rnd, seed=seed, bye_vp=BYE_VP).pairs:
            if p.player_b is None:
                games.append(GameRecord(rnd, p.player_a, None, None, None))
            else:
                vp = rng.choice([(60, 40), (40, 60), (50, 50)])
                games.append(GameRecord(rnd, p.player_a, p.player_b, *vp, p.table))
    return people, games


def reseal(record):
    return record_seal(record)


def test_a_record_verifies_identical_and_carries_what_the_engine_was_given():
    people, games = history()
    record = build(people, games, round_number=4, seed=99)
    assert record["format"] == FORMAT
    assert verify_record(record) == []
    assert (record["seed"], record["round"], record["bye_vp"]) == (99, 4, BYE_VP)
    assert len(record["games"]) == len(games)
    assert {p["id"] for p in record["players"]} == set(range(1, 13))
    # Clubs are numbers in order of first appearance: C1, C2, C0 -> 1, 2, 3.
    assert [p["club"] for p in record["players"][:4]] == [1, 2, 3, 1]
    row = record["standings"][0]
    assert set(row) == {
        "player",
        "record",
        "byes",
        "points_x2",
        "win_path_x2",
        "opponents",
        "tables",
    }
    assert [r for r, _ in row["opponents"]] == [1, 2, 3]
    assert record["engine"]["version"].startswith("strategium-pairing-engine/")


def test_canonical_json_is_sorted_compact_and_excludes_the_sha():
    record = {"b": 1, "a": [1, None, "é"], "sha256": "x"}
    assert canonical_json(record) == '{"a":[1,null,"é"],"b":1}'.encode()
    assert record_sha256(record) == hashlib.sha256(canonical_json(record)).hexdigest()
    assert record_seal(record)["sha256"] == record_sha256(record)


def test_swap_moves_players_seat_for_seat_as_the_service_does():
    pairs = [[1, 2], [3, 4], [5, None]]
    assert apply_swap(pairs, 1, 4) == [[2, 4], [3, 1], [5, None]]
    # With the bye: its holder takes the other's seat, the other gets the bye.
    assert apply_swap(pairs, 5, 2) == [[1, 5], [3, 4], [2, None]]
    assert apply_swap(pairs, 2, 5) == [[1, 5], [3, 4], [2, None]]


def test_swaps_are_replayed_in_order():
    people, games = history()
    record = build(people, games, round_number=4, seed=3, swaps=[(1, 2), (3, 1)])
    assert record["pairs"] != record["engine_pairs"]
    assert verify_record(record) == []


def test_a_changed_byte_without_a_new_sha_is_reported():
    people, games = history()
    record = build(people, games, round_number=4, seed=3)
    record["bye_vp"] += 0  # unchanged: still identical
    assert verify_record(record) == []
    record["swaps"] = [{"players": [1, 2], "by": "x", "reason": ""}]
    found = verify_record(record)
    assert any("sha256 does not match" in line for line in found)


def _resealed_difference(record) -> list[str]:
    """The differences of a record changed and sealed again (a forger's best effort)."""
    found = verify_record(reseal(record))
    assert found, "the change went unnoticed"
    assert not any("sha256" in line for line in found)
    return found


def test_a_changed_result_is_found():
    people, games = history()
    record = build(people, games, round_number=4, seed=3)
    game = next(g for g in record["games"] if g["player_b"] is not None and g["vp_a"] > g["vp_b"])
    game["vp_a"], game["vp_b"] = game["vp_b"], game["vp_a"]
    found = _resealed_difference(record)
    assert any(f"player {game['player_a']}'s record" in line for line in found)


def test_a_changed_previous_opponent_is_found():
    people, games = history()
    record = build(people, games, round_number=4, seed=3)
    game = next(g for g in record["games"] if g["player_b"] is not None)
    others = [
        p["id"] for p in record["players"] if p["id"] not in (game["player_a"], game["player_b"])
    ]
    old = game["player_b"]
    game["player_b"] = others[0]
    found = _resealed_difference(record)
    assert any(f"player {old}'s earlier opponents" in line for line in found)


def test_a_changed_seed_is_found():
    people, games = history(n=16)
    record = build(people, games, round_number=4, seed=3)
    record["seed"] = 4
    found = _resealed_difference(record)
    assert any(line.startswith("engine's pairs, pair") for line in found)


def test_a_changed_swap_is_found():
    people, games = history()
    record = build(people, games, round_number=4, seed=3, swaps=[(1, 2)])
    record["swaps"][0]["players"] = [1, 3]
    found = _resealed_difference(record)
    assert any(line.startswith("published pairs (the swaps replayed)") for line in found)


def test_a_swap_naming_nobody_of_the_round_is_said_in_words():
    people, games = history()
    record = build(people, games, round_number=4, seed=3)
    record["swaps"] = [{"players": [1, 999], "by": "x", "reason": ""}]
    found = _resealed_difference(record)
    assert found == [
        "the recorded swaps cannot be replayed: swap 1 (1 and 999): player 999 is not "
        "paired in this round"
    ]


def test_not_a_record():
    assert verify_record([]) == ["not a pairing record: the JSON is not an object"]
    assert "not a pairing record of format" in verify_record({"format": "x"})[0]
    broken = reseal({"format": FORMAT, "round": 2})
    assert verify_record(broken)[0].startswith("not a readable pairing record")


def test_groups_are_recorded_and_replayed():
    people, games = history(n=10)
    ids = [p.id for p in people]
    record = build(people, games, round_number=4, seed=8, groups=[ids[:5], ids[5:]])
    assert record["groups"] == [ids[:5], ids[5:]]
    assert verify_record(record) == []
    changed = copy.deepcopy(record)
    changed["groups"] = [ids[:6], ids[6:]]
    assert _resealed_difference(changed)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=24),
    rounds=st.integers(min_value=0, max_value=4),
    seed=st.integers(min_value=0, max_value=10**9),
)
def test_any_history_verifies_identical_and_survives_json(n, rounds, seed):
    rng = random.Random(seed)
    people, games = random_history(rng, n, rounds)
    people = [
        PlayerEntry(
            p.id,
            p.name,
            club=rng.choice(["", "A", "B"]),
            dropped=p.dropped,
            first_round=p.first_round,
        )
        for p in people
    ]
    if not any(not p.dropped and p.first_round <= rounds + 1 for p in people):
        return
    record = build(people, games, round_number=rounds + 1, seed=seed)
    again = json.loads(json.dumps(record))
    assert verify_record(again) == []


def test_why_this_opponent_in_words():
    people, games = history(n=12)
    record = build(people, games, round_number=4, seed=3)
    a, b = next(p for p in record["pairs"] if p[1] is not None)
    words = explain_pair(record, a, lambda pid: f"Name{pid}")
    text = " ".join(words)
    assert f"Name{b}" in text
    assert "win path" in text
    assert "Rematch avoided" in text or "already played" in text
    for code in ("path_gap", "floated", "same_club", "points_x2", "_"):
        assert code not in text
    first = build(people, [], round_number=1, seed=3)
    a, b = next(p for p in first["pairs"] if p[1] is not None)
    text = " ".join(explain_pair(first, a, str))
    assert "random draw from the round's seed (3)" in text
    assert "another club" in text or "same club" in text


def test_why_after_a_swap_names_who_and_why():
    people, games = history(n=12)
    record = build(people, games, round_number=4, seed=3, swaps=[(1, 2)])
    words = explain_pair(record, 1, lambda pid: f"Name{pid}")
    assert words[0] == "Olga swapped Name1 and Name2 by hand (why)."


def test_why_the_bye():
    people, games = history(n=11)
    record = build(people, games, round_number=4, seed=3)
    (holder,) = [a for a, b in record["pairs"] if b is None]
    (line,) = explain_pair(record, holder, str)
    assert line.startswith("You have the bye: you came in at ")
    first = build(people, [], round_number=1, seed=3)
    (holder,) = [a for a, b in first["pairs"] if b is None]
    assert explain_pair(first, holder, str) == [
        "Round 1 is a random draw from the round's seed (3): the draw gave you the bye."
    ]
