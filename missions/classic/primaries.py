"""How each Eternal War (8th and 7th edition) and Only War mission scores, as data the
simple tracker (`tracker.engine.eternal`) plays from: markers held at the end, enemy units
destroyed, markers held at the end of every turn, the Warlord's D3, the bonus points and the
game length. The mission texts people read stay in `eighth`, `seventh` and `only_war`; each
entry here names the seed line it was read from.
"""

from __future__ import annotations

from dataclasses import dataclass

from missions.pack.errors import MissionError
from missions.pack.types import card_key

FIRST_BLOOD, SLAY_THE_WARLORD, LINEBREAKER = "first_blood", "slay_the_warlord", "linebreaker"
CLASSIC_BONUSES = (SLAY_THE_WARLORD, FIRST_BLOOD, LINEBREAKER)
BONUS_NAMES = {
    SLAY_THE_WARLORD: "Slay the Warlord",
    FIRST_BLOOD: "First Blood",
    LINEBREAKER: "Linebreaker",
}
BONUS_VP = 1  # each, in every mission that has them

# Which enemy units score 1 VP each when destroyed ("" none).
ANY_UNIT, HEAVY_SUPPORT, FAST_ATTACK = "any", "heavy_support", "fast_attack"
KILL_NAMES = {
    ANY_UNIT: "Enemy units destroyed",
    HEAVY_SUPPORT: "Enemy Heavy Support units destroyed",
    FAST_ATTACK: "Enemy Fast Attack units destroyed",
}

# Game length: VARIABLE (after round 5 go on with 3+, after 6 with 4+, end after 7) or fixed.
VARIABLE = 0

PACK_NAMES = {"eighth": "8th edition", "seventh": "7th edition", "only_war": "Only War"}


@dataclass(frozen=True)
class PrimaryScoring:
    pack_key: str
    name: str
    source: str  # the seed line (or the facts file) the numbers come from
    markers: int = 0  # objective markers scored at the end (fixed count)
    markers_dice: str = ""  # "D3+2": the count is rolled before the battle (7th edition)
    marker_vp: int = 0  # each marker held at the end
    marker_values: tuple[int, ...] = ()  # each marker's own VP (7th edition The Scouring)
    # 8th edition The Scouring: after deployment one marker is rolled Superior, another Inferior.
    superior_inferior: bool = False
    # Only War's Ancient Relic: this many markers set up, one kept (rolled at battle start).
    relic_of: int = 0
    kills: str = ""  # ANY_UNIT, HEAVY_SUPPORT, FAST_ATTACK: 1 VP each destroyed, or ""
    per_turn_markers: int = 0  # Only War's Domination: markers scoring 1 VP per turn held
    warlord_d3: bool = False  # Only War's Slay and Secure: D3 VP for the enemy Warlord slain
    by_outcome: bool = False  # 8th edition The Relic: major/minor victory or draw, no VP
    bonuses: tuple[str, ...] = CLASSIC_BONUSES
    battle_rounds: int = VARIABLE
    underdog: bool = False  # Only War: Power Levels, the Underdog wins on equal VP
    wipe_out_any_time: bool = False  # Only War: slaying every foe wins at once

    @property
    def key(self) -> str:
        return card_key(self.name)

    def values(self, count: int | None = None) -> tuple[int, ...]:
        """Each end marker's VP (the Scouring's Superior and Inferior are set by the tracker);
        `count` is the rolled count where the mission rolls it."""
        if self.marker_values:
            return self.marker_values
        if self.markers_dice:
            return (self.marker_vp,) * (count or 0)
        return (self.marker_vp,) * (1 if self.relic_of else self.markers)

    def to_dict(self) -> dict[str, object]:
        return {
            "pack": self.pack_key,
            "key": self.key,
            "name": self.name,
            "source": self.source,
            "markers": self.markers,
            "markers_dice": self.markers_dice,
            "marker_vp": self.marker_vp,
            "marker_values": list(self.marker_values),
            "superior_inferior": self.superior_inferior,
            "relic_of": self.relic_of,
            "kills": self.kills,
            "per_turn_markers": self.per_turn_markers,
            "warlord_d3": self.warlord_d3,
            "by_outcome": self.by_outcome,
            "bonuses": list(self.bonuses),
            "battle_rounds": self.battle_rounds,
            "underdog": self.underdog,
            "wipe_out_any_time": self.wipe_out_any_time,
        }


_E, _S, _O = "eighth", "seventh", "only_war"
S000, FACTS, S003 = "seed 000 line", "older-packs-facts.md, 7th Eternal War table", "seed 003 line"

MISSIONS: tuple[PrimaryScoring, ...] = (
    # 8th edition Eternal War: seed 000 lines 2159-2441.
    PrimaryScoring(_E, "Retrieval Mission", f"{S000} 2207", markers=4, marker_vp=3),
    PrimaryScoring(_E, "No Mercy", f"{S000} 2247", kills=ANY_UNIT),
    PrimaryScoring(
        _E, "The Scouring", f"{S000} 2283, 2297", markers=6, marker_vp=2, superior_inferior=True
    ),
    PrimaryScoring(
        _E, "Big Guns Never Tire", f"{S000} 2345, 2347", markers=4, marker_vp=3, kills=HEAVY_SUPPORT
    ),
    PrimaryScoring(_E, "Secure and Control", f"{S000} 2391", markers=2, marker_vp=3),
    PrimaryScoring(_E, "The Relic", f"{S000} 2439", by_outcome=True, bonuses=()),
    # 7th edition Eternal War (the facts file's table; seed 001 holds the general rules).
    PrimaryScoring(_S, "Crusade", FACTS, markers_dice="D3+2", marker_vp=3),
    PrimaryScoring(_S, "Purge the Alien", FACTS, kills=ANY_UNIT),
    PrimaryScoring(
        _S, "The Scouring", FACTS, markers=6, marker_values=(4, 3, 3, 2, 2, 1), kills=FAST_ATTACK
    ),
    PrimaryScoring(
        _S, "Big Guns Never Tire", FACTS, markers_dice="D3+2", marker_vp=3, kills=HEAVY_SUPPORT
    ),
    PrimaryScoring(_S, "The Emperor's Will", FACTS, markers=2, marker_vp=3),
    PrimaryScoring(_S, "The Relic", FACTS, markers=1, marker_vp=3),
    # Only War: seed 003 lines 1701-1752; no bonus points, five battle rounds.
    *(
        PrimaryScoring(
            _O,
            name,
            f"{S003} {line}",
            bonuses=(),
            battle_rounds=5,
            underdog=True,
            wipe_out_any_time=True,
            **kw,
        )
        for name, line, kw in (
            ("Slay and Secure", 1734, {"markers": 4, "marker_vp": 2, "warlord_d3": True}),
            ("Ancient Relic", 1741, {"markers": 4, "marker_vp": 6, "relic_of": 4}),
            ("Domination", 1749, {"per_turn_markers": 4}),
        )
    ),
)

_BY_KEY = {(m.pack_key, m.key): m for m in MISSIONS}


def primary_scoring(pack_key: str, mission_key: str) -> PrimaryScoring:
    """The scoring of one Eternal War or Only War mission; MissionError naming `pack` or
    `mission` when unknown."""
    if pack_key not in PACK_NAMES:
        raise MissionError("unknown_pack", "pack: eighth, seventh or only_war", field="pack")
    found = _BY_KEY.get((pack_key, mission_key if isinstance(mission_key, str) else ""))
    if found is None:
        names = ", ".join(m.key for m in MISSIONS if m.pack_key == pack_key)
        raise MissionError(
            "unknown_mission",
            f"mission: not an Eternal War or Only War mission of {PACK_NAMES[pack_key]} ({names})",
            field="mission",
        )
    return found


def primaries(pack_key: str) -> tuple[PrimaryScoring, ...]:
    return tuple(m for m in MISSIONS if m.pack_key == pack_key)
