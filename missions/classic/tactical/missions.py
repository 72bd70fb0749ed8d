"""Each Maelstrom of War mission's Tactical Objective rules as data, keyed (pack, mission).

`generation_plan` is the pure rule: given the battle round and what a player holds, how many
objectives to generate and how many to discard at the start of their turn. Every fact says
where it comes from: "seed" (the rulebook text), "facts" (the older-packs facts file, from the
7th edition rules site), "chosen" (unknown in the sources: our choice, with the reason), or
"unknown" (not modelled).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from missions.pack.types import card_key

# Generation rule kinds.
TOP_UP = "top_up"  # generate until you hold `count`
BATTLE_ROUND = "battle_round"  # generate until you hold the battle round's number
PER_MARKER = "per_marker"  # Contact Lost: 1 in your first turn, then 1 per marker you hold
FALLING_CAP = "falling_cap"  # Deadlock: hold exactly the round's cap (generate or discard)
KINDS = (TOP_UP, BATTLE_ROUND, PER_MARKER, FALLING_CAP)

SEED, FACTS, CHOSEN, UNKNOWN = "seed", "facts", "chosen", "unknown"

MARKERS = 6  # objective markers numbered 1..6 in every Maelstrom mission
FIRST_BLOOD, SLAY_THE_WARLORD, LINEBREAKER = "first_blood", "slay_the_warlord", "linebreaker"
BONUSES = {FIRST_BLOOD: "First Blood", SLAY_THE_WARLORD: "Slay the Warlord",
           LINEBREAKER: "Linebreaker"}  # fmt: skip


@dataclass(frozen=True)
class Fact:
    text: str
    status: str  # SEED, FACTS, CHOSEN or UNKNOWN


@dataclass(frozen=True)
class GenerationRule:
    kind: str
    count: int = 3  # TOP_UP: how many to hold
    cap: int = 6  # PER_MARKER: never more than this active
    caps: tuple[int, ...] = ()  # FALLING_CAP: the cap in rounds 1, 2, ... (last one repeats)
    discard_excess: bool = False  # BATTLE_ROUND: discard down to the round number (7th)
    summary: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"generation rule kind {self.kind!r}")


@dataclass(frozen=True)
class Plan:
    """What the rule asks at the start of a player's turn: generate this many, then (or
    instead) discard this many of the player's choice."""

    generate: int
    discard: int


@dataclass(frozen=True)
class MaelstromMission:
    pack_key: str
    d6: int
    name: str
    generation: GenerationRule
    # Secure Objective X objectives: either player may achieve them; they are discarded only
    # when achieved; in 8th edition's Spoils of War, +1VP at the end to whoever achieved more.
    shared_secure: bool = False
    secret: bool = False  # objectives hidden from the opponent until achieved
    tactical_priority: bool = False  # nominate a type: +1VP per achieved, -1VP per discarded
    new_orders: bool = False  # 8th edition stratagem (2CP): discard one, generate one
    comms_uplink: bool = False  # Contact Lost (8th) stratagem (3CP): +1 objective below 6
    double_cp_from_round: int | None = None  # Deadlock (8th): Stratagems cost double from here
    facts: tuple[Fact, ...] = field(default=())

    @property
    def key(self) -> str:
        return card_key(self.name)

    def to_dict(self) -> dict[str, object]:
        g = self.generation
        return {
            "pack": self.pack_key,
            "key": self.key,
            "d6": self.d6,
            "name": self.name,
            "generation": {
                "kind": g.kind,
                "count": g.count,
                "cap": g.cap,
                "caps": list(g.caps),
                "discard_excess": g.discard_excess,
                "summary": g.summary,
            },
            "shared_secure": self.shared_secure,
            "secret": self.secret,
            "tactical_priority": self.tactical_priority,
            "new_orders": self.new_orders,
            "comms_uplink": self.comms_uplink,
            "double_cp_from_round": self.double_cp_from_round,
            "facts": [{"text": f.text, "status": f.status} for f in self.facts],
        }


def cap_for_round(caps: tuple[int, ...], round_: int) -> int:
    """The falling cap in `round_` (1-based); rounds past the list keep its last value."""
    return caps[min(round_, len(caps)) - 1]


def generation_plan(
    rule: GenerationRule, *, round_: int, active: int, markers: int | None = None
) -> Plan:
    """How many objectives to generate and to discard at the start of a player's turn in
    battle round `round_` (1 is their first turn), holding `active` (a Priority Orders bonus
    objective does not count). `markers` is how many objective markers they control; only
    Contact Lost asks, after the first turn."""
    if round_ < 1 or active < 0:
        raise ValueError("round_ starts at 1; active is a count")
    if rule.kind == TOP_UP:
        return Plan(max(0, rule.count - active), 0)
    if rule.kind == BATTLE_ROUND:
        excess = max(0, active - round_) if rule.discard_excess else 0
        return Plan(max(0, round_ - active), excess)
    if rule.kind == PER_MARKER:
        if round_ == 1:
            return Plan(max(0, 1 - active), 0)
        if markers is None or not 0 <= markers <= MARKERS:
            raise ValueError(f"markers: how many of the {MARKERS} markers you control")
        return Plan(min(markers, max(0, rule.cap - active)), 0)
    cap = cap_for_round(rule.caps, round_)
    return Plan(max(0, cap - active), max(0, active - cap))


_TOP_UP_3 = GenerationRule(TOP_UP, count=3, summary="At the start of your turn, top up to 3.")
_NO_DRAW_IS_DISCARD = Fact(
    "A player who has generated all 36 objectives generates no more (the table is spent).",
    CHOSEN,
)
_SHARED = (
    Fact('Markers: 6, numbered 1-6, more than 12" apart and 6" from the edges.', SEED),
    Fact("Slay the Warlord, First Blood and Linebreaker: 1VP each.", SEED),
    Fact(
        "Variable length: after round 5 continue on 3+, after round 6 on 4+, end after 7.",
        SEED,
    ),
    _NO_DRAW_IS_DISCARD,
)
_EIGHTH_SHARED = (
    *_SHARED,
    Fact("No objective is generated twice by the same player (duplicates are re-rolled).", SEED),
    Fact(
        "Command points are not tracked: the page offers New Orders (2CP) and players pay it "
        "at the table.",
        CHOSEN,
    ),
    Fact(
        "Priority Orders Received (66): achieving the Warlord's bonus objective also removes "
        "66, which scores nothing of its own; only 66 can be discarded (taking the bonus "
        "with it).",
        CHOSEN,
    ),
)
_SEVENTH_SHARED = (
    *_SHARED,
    Fact(
        "No repeats per player: an objective the opponent holds can still be generated.",
        SEED,
    ),
    Fact("7th edition scores objectives only at the end of your own turn.", SEED),
)

EIGHTH: tuple[MaelstromMission, ...] = (
    MaelstromMission(
        "eighth", 1, "Cleanse and Capture", _TOP_UP_3, new_orders=True, facts=_EIGHTH_SHARED
    ),
    MaelstromMission(
        "eighth",
        2,
        "Contact Lost",
        GenerationRule(
            PER_MARKER,
            cap=6,
            summary="Turn 1: generate 1. Later, below 6 active: 1 per marker you control "
            "(never above 6).",
        ),
        new_orders=True,
        comms_uplink=True,
        facts=(
            *_EIGHTH_SHARED,
            Fact("Temporary Comms Uplink (3CP): one extra objective while below 6.", SEED),
        ),
    ),
    MaelstromMission(
        "eighth",
        3,
        "Tactical Escalation",
        GenerationRule(BATTLE_ROUND, summary="Top up to the battle round's number."),
        tactical_priority=True,
        new_orders=True,
        facts=(
            *_EIGHTH_SHARED,
            Fact("Tactical Priority: before round 1 each player names one type.", SEED),
            Fact("+1VP per achieved objective of that type, -1VP per one discarded.", SEED),
            Fact(
                "Mission Priorities: +1VP at the end to whoever achieved more of their own "
                "type than the opponent did of theirs.",
                SEED,
            ),
            Fact("The -1VP applies to every discard of that type, forced or voluntary.", CHOSEN),
        ),
    ),
    MaelstromMission(
        "eighth",
        4,
        "Spoils of War",
        _TOP_UP_3,
        shared_secure=True,
        new_orders=True,
        facts=(
            *_EIGHTH_SHARED,
            Fact("Either player may achieve any active Secure Objective X.", SEED),
            Fact("Secure Objective X objectives are discarded only when achieved.", SEED),
            Fact("Steal the Loot: +1VP to whoever achieved more Secure Objective X.", SEED),
            Fact(
                "New Orders may not discard a Secure Objective X either (it is a discard).",
                CHOSEN,
            ),
        ),
    ),
    MaelstromMission(
        "eighth",
        5,
        "Cloak and Shadows",
        _TOP_UP_3,
        secret=True,
        new_orders=True,
        facts=(
            *_EIGHTH_SHARED,
            Fact("Objectives are secret until achieved; discarded ones stay secret.", SEED),
        ),
    ),
    MaelstromMission(
        "eighth",
        6,
        "Deadlock",
        GenerationRule(
            FALLING_CAP,
            caps=(6, 5, 4, 3, 2, 1, 1),
            summary="Hold exactly 6 in round 1, 5 in round 2, 4, 3, 2, then 1 in rounds 6 "
            "and 7: generate up, or discard down, at the start of your turn.",
        ),
        new_orders=True,
        double_cp_from_round=3,
        facts=(
            *_EIGHTH_SHARED,
            Fact("From round 3, Stratagems cost double CP (shown, not tracked).", SEED),
            Fact(
                "Round 7 cap: 1. The rulebook says only '6, 5, 4 and so on', which reaches 1 in "
                "round 6; a cap of 0 would leave round 7 without objectives, and the 7th "
                "edition Deadlock table (which 8th follows) used 1 for turns 6 and 7.",
                CHOSEN,
            ),
        ),
    ),
)

SEVENTH: tuple[MaelstromMission, ...] = (
    MaelstromMission(
        "seventh",
        1,
        "Cleanse and Control",
        GenerationRule(TOP_UP, count=3, summary="3 in your first turn, then top up to 3."),
        facts=_SEVENTH_SHARED,
    ),
    MaelstromMission(
        "seventh",
        2,
        "Contact Lost",
        GenerationRule(
            PER_MARKER,
            cap=6,
            summary="Turn 1: generate 1. Later, below 6 active: 1 per marker you control "
            "(never above 6; none with no markers).",
        ),
        facts=(
            *_SEVENTH_SHARED,
            Fact("Generated before any Reserves arrive (FAQ).", SEED),
        ),
    ),
    MaelstromMission(
        "seventh",
        3,
        "Tactical Escalation",
        GenerationRule(
            BATTLE_ROUND,
            discard_excess=True,
            summary="1 in turn 1, then top up to the turn number; more than that are discarded.",
        ),
        facts=(
            *_SEVENTH_SHARED,
            Fact("Cap per turn 1/2/3/4/5/6/7, excess discarded.", FACTS),
        ),
    ),
    MaelstromMission(
        "seventh",
        4,
        "The Spoils of War",
        GenerationRule(TOP_UP, count=3, summary="3, then top up to 3."),
        shared_secure=True,
        facts=(
            *_SEVENTH_SHARED,
            Fact("Precious Cargo: Secure Objective X cannot be discarded voluntarily.", FACTS),
            Fact("Steal the Loot: either player may achieve any Secure Objective X.", FACTS),
            Fact("No bonus VP at the end: that is 8th edition's Steal the Loot only.", FACTS),
        ),
    ),
    MaelstromMission(
        "seventh",
        5,
        "Cloak and Shadows",
        GenerationRule(TOP_UP, count=3, summary="3, then top up to 3."),
        secret=True,
        facts=(
            *_SEVENTH_SHARED,
            Fact("Secret Orders: objectives hidden from the opponent until achieved.", FACTS),
        ),
    ),
    MaelstromMission(
        "seventh",
        6,
        "Deadlock",
        GenerationRule(
            FALLING_CAP,
            caps=(6, 5, 4, 3, 2, 1, 1),
            summary="Hold 6 in turn 1, then 5, 4, 3, 2, 1, 1: generate up or discard down.",
        ),
        facts=(*_SEVENTH_SHARED, Fact("Cap per turn 6/5/4/3/2/1/1.", FACTS)),
    ),
)
