"""The formats as brackets (bracket.py): single elimination of the top N with byes to the
top seeds, a qualifier (play-in) before it, a shadow round for a range while the others rest,
and double elimination with the grand-final reset the organiser chooses."""

from __future__ import annotations

from dataclasses import replace

from common.errors import RuleError, gettext_noop
from playoffs.engine.bracket import Match

FORMATS = ("single", "double", "shadow")
THIRD_PLACE = "3P-1"
MAX_SIZE = 64


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order for a power-of-two `size`: 1, 8, 4, 5, 2, 7, 3, 6 for 8. Each
    first-round pair sums to size + 1, and seeds 1 and 2 are in opposite halves (recursively,
    the top 2^k seeds in different 1/2^k parts): the top seeds meet as late as possible."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def _power(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


class FormatError(RuleError, ValueError):
    """A bracket its format cannot make: `field` names the setting at fault, the message is a
    sentence the organiser reads (translated when read)."""


def _check_size(n: int) -> None:
    if not 2 <= n <= MAX_SIZE:
        raise FormatError(
            "size",
            gettext_noop("The size must be from 2 to %(most)s."),
            field="size",
            params={"most": MAX_SIZE},
        )


def _round_name(players_left: int) -> str:
    return {2: "Final", 4: "Semi-final", 8: "Quarter-final"}.get(
        players_left, f"Round of {players_left}"
    )


def single_elimination(
    n: int, *, prefix: str = "W", sources=None, third_place: bool = False
) -> list[Match]:
    """Top `n` seeded 1 v N, 2 v N-1, ...; byes (absent seeds) fall to the top seeds.
    `sources` (seed -> side) lets a qualifier's winner take a seed's place. With
    `third_place` the losing semi-finalists play for 3rd beside the final."""
    _check_size(n)
    if third_place and n < 4:
        raise FormatError(
            "third_place",
            gettext_noop("A third-place match needs at least 4 players."),
            field="third_place",
        )
    size = _power(n)
    sources = sources or {}
    sides = [sources.get(seed, ("seed", seed)) for seed in seed_order(size)]
    matches, level = [], 1
    while len(sides) > 1:
        nxt = []
        for i in range(0, len(sides), 2):
            mid = f"{prefix}{level}-{i // 2 + 1}"
            matches.append(Match(mid, sides[i], sides[i + 1], "W", _round_name(len(sides))))
            nxt.append(("win", mid))
        sides, level = nxt, level + 1
    if third_place:
        semis = matches[-3:-1]
        matches.append(third_place_match(semis[0].id, semis[1].id))
    return matches


def third_place_match(semi_a: str, semi_b: str) -> Match:
    """The two semi-finals' losers play for 3rd, in the final's round. Nothing comes from it
    and it does not decide the champion (feeds=False); placings read it (bracket.py)."""
    return Match(
        THIRD_PLACE, ("lose", semi_a), ("lose", semi_b), "3P", "Third-place match", feeds=False
    )


def with_qualifier(n: int, first: int, last: int, *, third_place: bool = False) -> list[Match]:
    """A play-in for seeds `first`..`last` (an even count), paired first v last, ...; the
    winner of seed s's game takes seed s's place in a top-`n` bracket. The LVO case is
    with_qualifier(8, 5, 12): 1-4 wait, 5 v 12 ... 8 v 9 play in for the top 8."""
    count = last - first + 1
    if first < 2 or count < 2 or count % 2:
        raise FormatError(
            "qualifier",
            gettext_noop("The qualifier needs an even range of seeds, from seed 2 on."),
            field="qualifier",
        )
    if first + count // 2 - 1 != n:
        raise FormatError(
            "qualifier",
            gettext_noop("The qualifier's winners must fill the bracket's last places."),
            field="qualifier",
        )
    qualifier, sources = [], {}
    for i in range(count // 2):
        seed = first + i
        mid = f"Q-{i + 1}"
        qualifier.append(Match(mid, ("seed", seed), ("seed", last - i), "Q", "Qualifier"))
        sources[seed] = ("win", mid)
    bracket = single_elimination(n, sources=sources, third_place=third_place)
    return qualifier + [replace(m, not_before=2) for m in bracket]


def shadow_round(first: int, last: int) -> list[Match]:
    """Seeds `first`..`last` play once (first v last, ...) while the others rest; winners
    are placed above losers within the range. An odd seed out gets a bye."""
    if first < 1 or last <= first:
        raise FormatError(
            "shadow", gettext_noop("The shadow round needs at least two seeds."), field="shadow"
        )
    seeds = list(range(first, last + 1))
    out = []
    for i in range((len(seeds) + 1) // 2):
        a, b = seeds[i], seeds[-1 - i]
        side_b = ("seed", b) if b != a else ("seed", 0)
        out.append(Match(f"S-{i + 1}", ("seed", a), side_b, "S", "Shadow round", feeds=False))
    return out


def double_elimination(n: int, *, reset: bool = True) -> list[Match]:
    """Winners' bracket as single elimination; its losers drop into the losers' bracket,
    which alternates a round among its own survivors with a round against the next
    winners'-bracket losers; the two bracket winners meet in the grand final, and with
    `reset` a second grand final is played if the losers' bracket winner wins the first."""
    _check_size(n)
    # The winners' bracket's last match is not the final (the grand final is): its rounds
    # are named as the winners' bracket's own ("Winners' final", "Winners' semi-final").
    winners = [
        replace(m, label=f"Winners' {m.label[0].lower()}{m.label[1:]}")
        for m in single_elimination(n)
    ]
    by_level: dict[int, list[Match]] = {}
    for m in winners:
        by_level.setdefault(int(m.id[1:].split("-")[0]), []).append(m)
    levels = sorted(by_level)
    losers: list[Match] = []
    # Round 1 of the losers' bracket: the first round's losers pair among themselves.
    survivors = [("lose", m.id) for m in by_level[levels[0]]]
    lr = 0
    if len(survivors) == 1:
        pass  # a 2-player field: the loser goes straight to the grand final
    else:
        lr += 1
        survivors = _loser_round(losers, lr, survivors)
    for level in levels[1:]:
        dropping = [("lose", m.id) for m in by_level[level]]
        # Dropped players meet survivors; reversing the drop order keeps rematches apart.
        lr += 1
        survivors = _loser_round(
            losers, lr, [x for pair in zip(survivors, dropping[::-1], strict=False) for x in pair]
        )
        if len(survivors) > 1:
            lr += 1
            survivors = _loser_round(losers, lr, survivors)
    final = winners[-1]
    grand = [Match("GF-1", ("win", final.id), survivors[0], "GF", "Grand final")]
    if reset:
        grand.append(
            Match(
                "GF-2",
                ("win", "GF-1"),
                ("lose", "GF-1"),
                "GF",
                "Grand final reset",
                reset_of="GF-1",
            )
        )
    return winners + losers + grand


def _loser_round(out: list[Match], number: int, sides: list) -> list:
    nxt = []
    for i in range(0, len(sides), 2):
        mid = f"L{number}-{i // 2 + 1}"
        out.append(Match(mid, sides[i], sides[i + 1], "L", f"Losers' round {number}"))
        nxt.append(("win", mid))
    return nxt


def bracket_build(
    fmt: str,
    size: int,
    *,
    qualifier: tuple[int, int] | None = None,
    shadow: tuple[int, int] | None = None,
    reset: bool = True,
    third_place: bool = False,
) -> list[Match]:
    """A format by name, as the play-off service stores it: "single" (optionally with a
    qualifier and a third-place match), "double", or "shadow" (the shadow round alone); a
    shadow range may join a bracket when it lies below the bracket's seeds."""
    if third_place and fmt != "single":
        raise FormatError(
            "third_place",
            gettext_noop("A third-place match goes with single elimination."),
            field="third_place",
        )
    if fmt == "single":
        matches = (
            with_qualifier(size, *qualifier, third_place=third_place)
            if qualifier
            else single_elimination(size, third_place=third_place)
        )
    elif fmt == "double":
        if qualifier:
            raise FormatError(
                "qualifier",
                gettext_noop("A qualifier goes with single elimination."),
                field="qualifier",
            )
        matches = double_elimination(size, reset=reset)
    elif fmt == "shadow":
        if not shadow:
            raise FormatError(
                "shadow", gettext_noop("The shadow format needs a range."), field="shadow"
            )
        return shadow_round(*shadow)
    else:
        raise FormatError(
            "format",
            gettext_noop("Unknown format %(format)s."),
            field="format",
            params={"format": repr(fmt)},
        )
    if shadow:
        highest = qualifier[1] if qualifier else size
        if shadow[0] <= highest:
            raise FormatError(
                "shadow",
                gettext_noop("The shadow range must lie below the bracket's seeds."),
                field="shadow",
            )
        matches = matches + shadow_round(*shadow)
    return matches
