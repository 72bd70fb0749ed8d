"""A bracket as data: matches whose two sides come from a seed or from an earlier match's
winner or loser. Every format (formats.py) is a list of these; resolving who plays where,
which matches are walkovers, the champion and the placings is the same code for all.

A side is ("seed", n), ("win", match id) or ("lose", match id). A seed beyond the field, or
the loser of a walkover, is ABSENT: a match with one absent side is a walkover for the other
(a bye), with two it is void. A grand-final reset (`reset_of`) is played only when the side
from the losers' bracket (b) won the first grand final."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

ABSENT = 0  # no player: a bye's missing opponent (seeds are numbered from 1)
PENDING = None  # not known yet: the match it comes from is undecided


@dataclass(frozen=True)
class Match:
    id: str
    a: tuple[str, object]
    b: tuple[str, object]
    # W winners', L losers', GF grand final, Q qualifier, S shadow, 3P third-place match
    stage: str = "W"
    label: str = ""
    reset_of: str | None = None
    # A shadow match decides places inside its range only; nothing comes from it.
    feeds: bool = True
    # The earliest round it may be played in: a bracket after a qualifier starts after it,
    # even where both its sides are seeded straight in.
    not_before: int = 1


@dataclass(frozen=True)
class MatchState:
    match: Match
    round: int  # the knockout round it is played in (1 = first)
    seed_a: int | None  # None while pending, ABSENT for nobody
    seed_b: int | None
    winner: int | None
    loser: int | None
    walkover: bool  # decided without a game (a bye or a void match)

    @property
    def ready(self) -> bool:
        """Both players known and the game still to play."""
        return (
            self.winner is None
            and self.seed_a not in (None, ABSENT)
            and self.seed_b not in (None, ABSENT)
        )


def bracket_rounds(matches: Sequence[Match]) -> dict[str, int]:
    """Each match's round: one after the latest match a side comes from. A player's matches
    form a chain of such dependencies, so nobody plays twice in a round."""
    by_id = {m.id: m for m in matches}
    rounds: dict[str, int] = {}

    def depth(mid: str) -> int:
        if mid not in rounds:
            m = by_id[mid]
            before = [depth(src) for kind, src in (m.a, m.b) if kind in ("win", "lose")]
            if m.reset_of:
                before.append(depth(m.reset_of))
            rounds[mid] = max(m.not_before, 1 + max(before, default=0))
        return rounds[mid]

    for m in matches:
        depth(m.id)
    return rounds


def bracket_state(
    matches: Sequence[Match], field_size: int, results: Mapping[str, str]
) -> list[MatchState]:
    """Resolve every match: `results` maps a played match's id to the winning side, "a" or
    "b". Seeds above `field_size` are absent. Matches come back in round order."""
    rounds = bracket_rounds(matches)
    by_id = {m.id: m for m in matches}
    done: dict[str, MatchState] = {}

    def side(src) -> int | None:
        kind, value = src
        if kind == "seed":
            return value if 1 <= value <= field_size else ABSENT
        state = resolve(value)
        return state.winner if kind == "win" else state.loser

    def resolve(mid: str) -> MatchState:
        if mid in done:
            return done[mid]
        m = by_id[mid]
        if m.reset_of:
            first = resolve(m.reset_of)
            if first.winner is None:
                a = b = None
            elif first.winner == first.seed_b:
                a, b = first.seed_a, first.seed_b
            else:
                a = b = ABSENT  # the winners' bracket side won: no reset
        else:
            a, b = side(m.a), side(m.b)
        winner = loser = None
        walkover = False
        if a is not None and b is not None:
            if ABSENT in (a, b):
                walkover = True
                winner, loser = (b, a) if a == ABSENT else (a, b)
            elif results.get(mid) in ("a", "b"):
                winner, loser = (a, b) if results[mid] == "a" else (b, a)
        done[mid] = MatchState(m, rounds[mid], a, b, winner, loser, walkover)
        return done[mid]

    states = [resolve(m.id) for m in matches]
    return sorted(states, key=lambda s: (s.round, s.match.id))


def champion(states: Sequence[MatchState]) -> int | None:
    """The winner of the last match actually decided among those nothing feeds from; None
    while the bracket is still being played."""
    fed = {src for s in states for kind, src in (s.match.a, s.match.b) if kind in ("win", "lose")}
    fed |= {s.match.reset_of for s in states if s.match.reset_of}
    finals = [s for s in states if s.match.id not in fed and s.match.feeds]
    if not finals or any(s.winner is None for s in finals):
        return None
    by_id = {s.match.id: s for s in states}
    winners = []
    for final in finals:
        # A void reset: none was needed, the first grand final decided.
        s = (
            by_id[final.match.reset_of]
            if final.match.reset_of and final.winner == ABSENT
            else final
        )
        if s.winner != ABSENT:
            winners.append(s.winner)
    return winners[0] if len(winners) == 1 else None


def placings(states: Sequence[MatchState], field_size: int) -> list[int] | None:
    """Every seed in the bracket, best first, once it is finished: the champion, then each
    player by how late they were knocked out (a later elimination ranks higher), equal
    eliminations by seed, except that a third-place match puts its winner above its loser.
    Shadow matches order their range after the bracket's players: winners above losers.
    None while a match is undecided."""
    main = [s for s in states if s.match.feeds]
    top = champion(states)
    if (main and top is None) or any(s.winner is None for s in states):
        return None
    out_round: dict[int, int] = {}
    for s in main:
        if s.walkover or s.loser in (None, ABSENT):
            continue
        # Double elimination: the last loss is the one that knocks out.
        out_round[s.loser] = max(out_round.get(s.loser, 0), s.round)
    out_round.pop(top, None)
    # The grand-final loser's last loss (the reset's, if played) is the latest of all; a
    # shadow round alone has no bracket to place by.
    by_exit = sorted(out_round, key=lambda seed: (-out_round[seed], seed))
    order = [top, *by_exit] if main else []
    for s in states:
        if s.match.stage == "3P" and ABSENT not in (s.winner, s.loser):
            # Both semi-finalists went out in the same round: the match, not the seed, orders them.
            i, j = order.index(s.winner), order.index(s.loser)
            if i > j:
                order[i], order[j] = order[j], order[i]
    placed = set(order)
    shadow = [s for s in states if not s.match.feeds and s.match.stage == "S"]
    winners = sorted({s.winner for s in shadow} - placed - {ABSENT})
    losers = sorted({s.loser for s in shadow} - placed - set(winners) - {ABSENT})
    order += winners + losers
    placed = set(order)
    # Anyone left (a lone walkover in a shadow range): by seed.
    seeds = {x for s in states for x in (s.seed_a, s.seed_b) if x not in (None, ABSENT)}
    order += sorted(seeds - placed)
    return [seed for seed in order if 1 <= seed <= field_size]
