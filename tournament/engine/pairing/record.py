"""The pairing record of a round: everything the engine was given, what it produced, the swaps
made by hand after it, and a SHA-256 of the lot, so anyone can pair the round again and compare.

Plain JSON values only (ints, strings, booleans, lists, objects; never floats), so the canonical
form is exact: `json.dumps(record minus "sha256", sort_keys=True, separators=(",", ":"),
ensure_ascii=False)` encoded as UTF-8. Players are the event's player ids; names, e-mails, keys
and lists are never in it. Clubs are given as numbers (1, 2, ... in order of first appearance
among the players): the engine only asks whether two players share a club, and a number keeps
that while naming nobody's club (an erased person's club must not stay behind in a record).

`verify_record` is the whole check: it pairs the round again with this engine from the record's
inputs, replays the swaps as recorded and compares, in words, what differs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournament.engine.display import format_points
from tournament.engine.pairing import first_round, matching, tables
from tournament.engine.pairing.context import build_context
from tournament.engine.pairing.grouped import pair_in_groups
from tournament.engine.pairing.pairing import pair_round
from tournament.engine.records import GameRecord, PlayerEntry, RoundPairing

FORMAT = "strategium-pairing-record/1"
# Raised whenever a change to the engine could pair the same inputs differently: a record made
# by another version may then legitimately differ, and the verifier says so.
ENGINE_VERSION = "strategium-pairing-engine/1"
COST_ORDER = ["rematches", "record_gap_squared", "win_path_distance"]
LISTED = 20  # differences listed one by one; the rest are counted


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why, in words."""


def engine_settings() -> dict:
    """The engine's version and the constants that decide ties and seats."""
    return {
        "version": ENGINE_VERSION,
        "cost": list(COST_ORDER),
        "options": {
            "noise": matching.NOISE,
            "windows": list(matching.WINDOWS),
            "small_field": matching.SMALL_FIELD,
            "club_neighbours": first_round.NEIGHBOURS,
            "table_lookahead": tables.LOOKAHEAD,
        },
    }


def _club_numbers(players: Sequence[PlayerEntry]) -> dict[int, int | None]:
    numbers: dict[str, int] = {}
    out: dict[int, int | None] = {}
    for p in players:
        if p.club:
            numbers.setdefault(p.club, len(numbers) + 1)
        out[p.id] = numbers[p.club] if p.club else None
    return out


def _game_json(g: GameRecord) -> dict:
    data = {
        "round": g.round,
        "player_a": g.player_a,
        "player_b": g.player_b,
        "vp_a": g.vp_a,
        "vp_b": g.vp_b,
        "table": g.table,
        "winner": g.winner,
    }
    # Penalties only where given: most records have none, and absent means none.
    for key in ("penalty_a", "penalty_b", "game_loss_a", "game_loss_b"):
        if getattr(g, key):
            data[key] = getattr(g, key)
    return data


def _standings(players: Sequence[PlayerEntry], games: list[GameRecord], inputs: dict) -> list:
    """Each player's record, win path, earlier opponents, byes and tables as the engine saw
    them before this round (derived from the games; the verifier derives them again)."""
    ctx = build_context(players, games, round_number=inputs["round"], bye_vp=inputs["bye_vp"])
    rows = []
    for p in players:
        st = ctx.states[p.id]
        met = sorted([r, opp] for opp, rounds in st.met.items() for r in rounds)
        rows.append(
            {
                "player": p.id,
                "record": ctx.record(p.id),
                "byes": st.byes,
                "points_x2": ctx.s2[p.id],
                "win_path_x2": ctx.v2[p.id],
                "opponents": met,
                "tables": sorted(st.tables),
            }
        )
    return rows


def record_inputs(
    *,
    event_id: int,
    round_number: int,
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    seed: int,
    bye_vp: int,
    avoid_same_club: bool,
    tables: Iterable[int] | None,
    groups: Sequence[Sequence[int]] | None,
) -> dict:
    """Everything `pair_round` (or `pair_in_groups`) is given, as record JSON."""
    games = list(games)
    clubs = _club_numbers(players)
    inputs = {
        "format": FORMAT,
        "event": event_id,
        "round": round_number,
        "engine": engine_settings(),
        "seed": seed,
        "bye_vp": bye_vp,
        "avoid_same_club": avoid_same_club,
        "tables": None if tables is None else list(tables),
        "groups": None if groups is None else [list(g) for g in groups],
        "players": [
            {
                "id": p.id,
                "club": clubs[p.id],
                "dropped": p.dropped,
                "first_round": p.first_round,
                "fixed_table": p.fixed_table,
            }
            for p in players
        ],
        "games": [_game_json(g) for g in games if g.round < round_number],
    }
    inputs["standings"] = _standings(players, games, inputs)
    return inputs


def pairing_output(result: RoundPairing) -> tuple[list[list], list]:
    """The engine's pairs ([a, b or None], in its order) and their tables."""
    return (
        [[p.player_a, p.player_b] for p in result.pairs],
        [p.table for p in result.pairs],
    )


def apply_swap(pairs: list[list], x: int, y: int) -> list[list]:
    """The pairs after staff swapped x and y, seat for seat as the swap service moves them:
    each player is first turned to the B seat of their game (unless it is a bye); the bye's
    holder moves first; x's seat goes to y and y's game's B seat to x."""
    pairs = [list(p) for p in pairs]

    def game_of(pid: int) -> int:
        for i, (a, b) in enumerate(pairs):
            if pid in (a, b):
                if a == pid and b is not None:
                    pairs[i] = [b, a]
                return i
        raise RecordError(f"player {pid} is not paired in this round")

    gx, gy = game_of(x), game_of(y)
    if gx == gy:
        raise RecordError(f"players {x} and {y} already play each other")
    if pairs[gy][1] is None:
        gx, gy, x, y = gy, gx, y, x
    seat_x = 1 if pairs[gx][1] == x else 0
    pairs[gy][1] = None
    pairs[gx][seat_x] = y
    pairs[gy][1] = x
    return pairs


def replay_swaps(pairs: list[list], swaps: Iterable[dict]) -> list[list]:
    for n, swap in enumerate(swaps, start=1):
        x, y = swap["players"]
        try:
            pairs = apply_swap(pairs, x, y)
        except RecordError as exc:
            raise RecordError(f"swap {n} ({x} and {y}): {exc}") from None
    return pairs


def canonical_json(record: dict) -> bytes:
    body = {k: v for k, v in record.items() if k != "sha256"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8"
    )


def record_sha256(record: dict) -> str:
    return hashlib.sha256(canonical_json(record)).hexdigest()


def record_seal(record: dict) -> dict:
    """The record with its sha256 (of everything else) set."""
    sealed = {k: v for k, v in record.items() if k != "sha256"}
    sealed["sha256"] = record_sha256(sealed)
    return sealed


# Reading a record back ------------------------------------------------------------------------


def _entries(record: dict) -> list[PlayerEntry]:
    return [
        PlayerEntry(
            id=p["id"],
            name="",
            # Any text equal exactly when the numbers are: all the engine asks of a club.
            club="" if p["club"] is None else f"club {p['club']}",
            dropped=p["dropped"],
            fixed_table=p["fixed_table"],
            first_round=p["first_round"],
        )
        for p in record["players"]
    ]


def _games(record: dict) -> list[GameRecord]:
    return [
        GameRecord(
            g["round"],
            g["player_a"],
            g["player_b"],
            g["vp_a"],
            g["vp_b"],
            g["table"],
            g["winner"],
            g.get("penalty_a", 0),
            g.get("penalty_b", 0),
            g.get("game_loss_a", False),
            g.get("game_loss_b", False),
        )
        for g in record["games"]
    ]


def replay(record: dict) -> tuple[list[list], list, list]:
    """Pair the record's round again: (engine pairs, their tables, standings as derived)."""
    try:
        players, games = _entries(record), _games(record)
        options = {
            "round_number": record["round"],
            "seed": record["seed"],
            "bye_vp": record["bye_vp"],
            "avoid_same_club": record["avoid_same_club"],
            "tables": record["tables"],
        }
        groups = record["groups"]
        standings = _standings(players, games, record)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not a readable pairing record ({exc!r})") from None
    if groups is None:
        result = pair_round(players, games, **options)
    else:
        result = pair_in_groups(players, games, groups, **options)
    pairs, seats = pairing_output(result)
    return pairs, seats, standings


def _pair_words(pair, table) -> str:
    a, b = pair
    where = f"table {table}: " if table is not None else ""
    return f"{where}player {a} has the bye" if b is None else f"{where}{a} v {b}"


def _compare_pairs(label: str, recorded, recorded_tables, computed, computed_tables) -> list:
    out = []
    if len(recorded) != len(computed):
        out.append(f"{label}: {len(recorded)} pairs recorded, {len(computed)} paired again")
    for i, (r, c) in enumerate(zip(recorded, computed, strict=False)):
        rt = recorded_tables[i] if i < len(recorded_tables) else None
        ct = computed_tables[i] if i < len(computed_tables) else None
        if list(r) != list(c) or rt != ct:
            out.append(
                f"{label}, pair {i + 1}: the record says {_pair_words(r, rt)}, "
                f"paired again {_pair_words(c, ct)}"
            )
    return out


def _compare_standings(recorded: list, computed: list) -> list:
    out = []
    mine = {row["player"]: row for row in computed}
    words = {
        "record": "record",
        "byes": "byes",
        "points_x2": "match points (doubled)",
        "win_path_x2": "win path (doubled)",
        "opponents": "earlier opponents [round, opponent]",
        "tables": "earlier tables",
    }
    for row in recorded:
        other = mine.get(row.get("player"))
        if other is None:
            out.append(f"standings: player {row.get('player')} is not among the players")
            continue
        for key, word in words.items():
            if row.get(key) != other[key]:
                out.append(
                    f"player {row['player']}'s {word}: recorded {row.get(key)}, "
                    f"computed from the games {other[key]}"
                )
    if len(recorded) != len(computed):
        out.append(f"standings: {len(recorded)} rows recorded for {len(computed)} players")
    return out


def verify_record(record: dict) -> list[str]:
    """Every difference between the record and this engine's replay of it, in words; an
    empty list means identical."""
    if not isinstance(record, dict):
        return ["not a pairing record: the JSON is not an object"]
    if record.get("format") != FORMAT:
        return [f"not a pairing record of format {FORMAT} (format: {record.get('format')!r})"]
    out = []
    if record.get("sha256") != record_sha256(record):
        out.append(
            "the sha256 does not match the record's content: the record was changed after it "
            f"was made (recorded {record.get('sha256')}, computed {record_sha256(record)})"
        )
    try:
        pairs, seats, standings = replay(record)
    except RecordError as exc:
        return [*out, str(exc)]
    except Exception as exc:  # the engine refusing the inputs is a finding, not a crash
        return [*out, f"the engine refused the record's inputs: {exc}"]
    out += _compare_standings(record.get("standings", []), standings)
    out += _compare_pairs(
        "engine's pairs",
        record.get("engine_pairs", []),
        record.get("engine_tables", []),
        pairs,
        seats,
    )
    # The swaps are replayed on the engine's recorded pairs: a difference above is said once
    # there, and one here is a swap that does not give the published pairs.
    try:
        swapped = replay_swaps(record.get("engine_pairs", []), record.get("swaps", []))
    except (RecordError, KeyError, TypeError, ValueError) as exc:
        return [*out, f"the recorded swaps cannot be replayed: {exc}"]
    out += _compare_pairs(
        "published pairs (the swaps replayed)",
        record.get("pairs", []),
        record.get("pair_tables", []),
        swapped,
        record.get("engine_tables", []),
    )
    if len(out) > LISTED:
        out = [*out[:LISTED], f"and {len(out) - LISTED} more differences"]
    return out


# Why this opponent, in words ------------------------------------------------------------------


def _path(v2: int) -> str:
    return format_points(Fraction(v2, 2))


@dataclass(frozen=True)
class _Index:
    """A record's lookups by player, made once for a whole round's explanations (a search
    per player would make 4,096 players' sentences cost millions of steps)."""

    pair_of: dict
    engine_of: dict
    rows: dict
    clubs: dict

    @classmethod
    def of(cls, record: dict) -> _Index:
        def by_player(pairs) -> dict:
            return {pid: pair for pair in pairs for pid in pair if pid is not None}

        return cls(
            pair_of=by_player(record["pairs"]),
            engine_of=by_player(record["engine_pairs"]),
            rows={row["player"]: row for row in record["standings"]},
            clubs={p["id"]: p["club"] for p in record["players"]},
        )


def _swapped_words(record: dict, index: _Index, player: int, name_of) -> list[str]:
    pair = index.pair_of[player]
    opp = pair[1] if pair[0] == player else pair[0]
    swaps = [s for s in record.get("swaps", []) if player in s["players"] or opp in s["players"]]
    engine = index.engine_of.get(player)
    if not swaps or engine is None or set(engine) == set(pair):
        return []
    out = []
    for s in swaps:
        x, y = s["players"]
        why = f" ({s['reason']})" if s.get("reason") else ""
        by = s.get("by") or "the staff"
        out.append(f"{by} swapped {name_of(x)} and {name_of(y)} by hand{why}.")
    out.append("Before that the pairing engine had paired you as follows.")
    return out


def _bye_words(me: dict) -> str:
    if me["byes"] == 0:
        return (
            f"You have the bye: you came in at {me['record']}, the lowest record among the "
            "players who had not had a bye yet."
        )
    return (
        f"You have the bye: you came in at {me['record']}, the lowest record, and everyone "
        "left had already had a bye."
    )


def _first_round_words(record: dict, clubs: dict, player: int, opp: int, name: str) -> list[str]:
    out = [
        f"Round 1 is a random draw from the round's seed ({record['seed']}), the same for "
        "anyone who draws it again."
    ]
    if record["avoid_same_club"] and clubs.get(player) is not None:
        if clubs.get(player) == clubs.get(opp):
            out.append(
                f"You and {name} are of the same club: there were too many of your club to "
                "keep every one of you apart."
            )
        else:
            out.append(f"Club mates are kept apart in round 1: {name} is of another club.")
    return out


def _later_round_words(me: dict, them: dict, opp: int, name: str) -> list[str]:
    out = [
        f"You came in at {me['record']} (win path {_path(me['win_path_x2'])}), {name} at "
        f"{them['record']} (win path {_path(them['win_path_x2'])})."
    ]
    if me["points_x2"] != them["points_x2"]:
        hi, lo = (me, them) if me["points_x2"] > them["points_x2"] else (them, me)
        who = "You were" if hi is me else f"{name} was"
        out.append(
            f"{who} floated from the {hi['record']} group to meet the {lo['record']} group: "
            "no pairing of the whole round keeps every record together without a bigger gap "
            "or a rematch elsewhere."
        )
    elif me["win_path_x2"] == them["win_path_x2"]:
        out.append("Same record and the same win path: as close as a pairing can be.")
    else:
        out.append(
            "Same record; among the players of that record the engine pairs the closest win "
            "paths it can across the whole round."
        )
    met = [r for r, o in me["opponents"] if o == opp]
    if met:
        out.append(
            f"You already played {name} (round {', '.join(map(str, met))}): every other "
            "pairing of the round needed more rematches."
        )
    else:
        out.append(f"Rematch avoided: you have not played {name} before.")
    return out


def explain_pair(
    record: dict,
    player: int,
    name_of: Callable[[int], str],
    flags: Iterable[str] = (),
    index: _Index | None = None,
) -> list[str]:
    """Sentences saying why `player` meets the opponent the record's published pairs give
    them: from the record's inputs and the pair's flag codes. Empty if not in the round."""
    index = index or _Index.of(record)
    pair = index.pair_of.get(player)
    if pair is None:
        return []
    rows = index.rows
    opp = pair[1] if pair[0] == player else pair[0]
    out = _swapped_words(record, index, player, name_of)
    if opp is None and record["round"] == 1:
        return [
            *out,
            f"Round 1 is a random draw from the round's seed ({record['seed']}): the draw gave "
            "you the bye.",
        ]
    if opp is None:
        return [*out, _bye_words(rows[player])]
    name = name_of(opp)
    if record["round"] == 1:
        out += _first_round_words(record, index.clubs, player, opp, name)
    else:
        out += _later_round_words(rows[player], rows[opp], opp, name)
    codes = set(flags)
    if "fixed_table" in codes:
        out.append("Your table is one fixed for a player of this game, so you sit there.")
    if "repeat_table" in codes:
        out.append("No table near your place in the room was new to both of you.")
    return out


def player_token(pid: int) -> str:
    """Where a player's name goes in stored sentences: names are put in when shown, so a
    renamed (or erased) player reads as they are now."""
    return f"{{player:{pid}}}"


def explain_all(record: dict, flags_of: dict[int, Iterable[str]]) -> dict[str, list[str]]:
    """`explain_pair` for every player of the round's published pairs, names as tokens,
    keyed "p<id>" (a JSON key that no database reads as an array index)."""
    index = _Index.of(record)
    return {
        f"p{pid}": explain_pair(record, pid, player_token, flags_of.get(pid, ()), index)
        for pair in record["pairs"]
        for pid in pair
        if pid is not None
    }
