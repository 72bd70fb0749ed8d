"""Roll a classic mission, reproducibly from a seed, keeping every roll to show.

The dice follow the printed tables. Where the book leaves a choice to the players (which
mission table, which diagonal) the generator rolls for them and says so in the roll's `what`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from missions.classic.maps import mirrored
from missions.classic.types import ClassicMap, ClassicMission, ClassicPack, Roll
from missions.engine.codes import seed_code

TABLE_CHOICE = "Mission table (rolled in place of the roll-off winner's choice)"


class Dice:
    """A seeded dice roller that records what each roll decided."""

    def __init__(self, seed: int, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)
        self.rolls: list[Roll] = []

    def roll(self, what: str, sides: int, result: Callable[[int], str]) -> int:
        value = self._rng.randint(1, sides)
        self.rolls.append(Roll(what, f"D{sides}", value, result(value)))
        return value


def _table(pack: ClassicPack, dice: Dice):
    value = dice.roll(TABLE_CHOICE, 6, lambda v: pack.tables[0 if v <= 3 else 1].name)
    return pack.tables[0 if value <= 3 else 1]


def _mission(table, dice: Dice):
    value = dice.roll(f"{table.name} mission", 6, lambda v: table.by_roll(v).name)
    return table.by_roll(value)


def _numbered_map(pack: ClassicPack, dice: Dice) -> ClassicMap:
    by_number = {m.number: m for m in pack.maps}
    value = dice.roll("Deployment map", 6, lambda v: by_number[v].name)
    return by_number[value]


def _eighth(pack: ClassicPack, dice: Dice):
    mission = _mission(_table(pack, dice), dice)
    dmap = _numbered_map(pack, dice)
    notes: list[str] = []
    if mission.key == "the_scouring":
        # Rolled once every unit is set up, never with the mission: whoever places the markers
        # must not know which one is worth 4 VP (see after_deployment_rolls).
        notes.append(
            "Number the markers 1 to 6 as placed. After deployment roll a D6 for the Superior "
            "marker (4 VP) and another for the Inferior (1 VP), rolling again on a match; "
            "the rest are worth 2 VP."
        )
    return mission, dmap, int(mission.markers), notes


def _seventh(pack: ClassicPack, dice: Dice):
    mission = _mission(_table(pack, dice), dice)
    notes: list[str] = []
    if mission.own_map:
        dmap = pack.map(mission.own_map)
        notes.append(f"{mission.name} uses its own map, {dmap.name}; no deployment roll.")
    else:
        zones = pack.dice_table("random_deployment_zones")
        value = dice.roll(zones.name, 6, lambda v: zones.lookup(v).name)
        dmap = pack.map(zones.lookup(value).name)
    if dmap.key == "vanguard_strike":
        other = dice.roll(
            "Vanguard Strike diagonal (if the players do not agree one)",
            6,
            lambda v: (
                "top-left and bottom-right corners"
                if v <= 3
                else "top-right and bottom-left corners"
            ),
        )
        if other >= 4:
            dmap = mirrored(dmap)
    markers = mission.markers
    if markers == "D3+2":
        markers = dice.roll("Number of objective markers (D3+2)", 3, lambda v: f"{v + 2} markers")
        markers += 2
    dice.roll(
        "Night Fighting (used only if either player calls for a night battle)",
        6,
        lambda v: "game turn 1 is fought at night" if v >= 4 else "no night fighting",
    )
    return mission, dmap, int(markers), notes


def _only_war(pack: ClassicPack, dice: Dice):
    table = pack.tables[0]
    value = dice.roll(
        "Primary objective (roll-off winner rolls)", 3, lambda v: table.by_roll(v).name
    )
    mission = table.by_roll(value)
    notes: list[str] = []
    if mission.key == "ancient_relic":
        # Rolled at the start of the first battle round, not with the mission (see
        # after_deployment_rolls): the armies are set up not knowing which marker stays.
        notes.append(
            "Number the four markers as placed. At the start of the first battle round, before "
            "the first turn, roll a D4 for the marker that stays and remove the other three."
        )
    return mission, pack.maps[0], int(mission.markers), notes


_ROLLERS = {"eighth": _eighth, "seventh": _seventh, "only_war": _only_war}


def _scouring_markers(dice: Dice) -> None:
    superior = dice.roll("Superior objective marker", 6, lambda v: f"marker {v}: 4 VP")
    while True:
        inferior = dice.roll(
            "Inferior objective marker",
            6,
            lambda v: (
                "same as the Superior marker: roll again" if v == superior else f"marker {v}: 1 VP"
            ),
        )
        if inferior != superior:
            return


def _relic_marker(dice: Dice) -> None:
    dice.roll(
        "Marker that stays (markers numbered as placed)",
        4,
        lambda v: f"marker {v} stays; the other three are removed",
    )


_LATER = {"the_scouring": _scouring_markers, "ancient_relic": _relic_marker}
LATER_ROLLS = frozenset(_LATER)  # missions with a roll made during the game, not at generation


def after_deployment_rolls(mission_key: str, rng: random.Random) -> tuple[Roll, ...]:
    """The rolls a mission makes once the armies are set up (The Scouring's Superior and
    Inferior markers, Ancient Relic's marker that stays); () for every other mission. `rng`
    is the caller's: a fresh system random at the table, a seeded one in tests."""
    roller = _LATER.get(mission_key)
    if roller is None:
        return ()
    dice = Dice(0, rng)
    roller(dice)
    return tuple(dice.rolls)


def generate_classic(pack: ClassicPack, seed: int) -> ClassicMission:
    """The mission for `seed` (same pack and seed -> same mission and rolls)."""
    code = seed_code(pack.code_prefix, seed)  # validates the seed first
    dice = Dice(seed)
    mission, dmap, markers, notes = _ROLLERS[pack.key](pack, dice)
    if dmap.approximate:
        notes.append(
            # In words: the confidence code ("L–M") means nothing to a player.
            f"The {dmap.name} map is approximate (drawn from one redraw of the rulebook map): "
            "check it against the printed book."
        )
    return ClassicMission(pack, code, seed, tuple(dice.rolls), mission, dmap, markers, tuple(notes))
