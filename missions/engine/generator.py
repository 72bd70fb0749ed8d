"""Draw a random mission the way the pack's mission sequence does, reproducibly from a seed.

Deck interplay (Leviathan card keys): Maelstrom of Battle draws more rules, Chilling Rain
drawn by it is replaced, Vital Ground is redrawn when Hidden Supplies is in play."""

from __future__ import annotations

import random

from missions.classic.generator import generate_classic
from missions.classic.types import ClassicMission, ClassicPack
from missions.engine.codes import parse_code, pool_code, seed_code
from missions.engine.markers import plan_markers
from missions.engine.mission import Mission
from missions.pack.errors import MissionError
from missions.pack.pack import Pack
from missions.pack.registry import get_pack, pack_keys
from missions.pack.types import Card

MAELSTROM = "maelstrom_of_battle"
CHILLING_RAIN = "chilling_rain"
HIDDEN_SUPPLIES = "hidden_supplies"
VITAL_GROUND = "vital_ground"
MAELSTROM_DRAWS = 2


def _draw_rules(deck: list[Card], rng: random.Random) -> tuple[list[Card], list[Card]]:
    """(rules in play, discarded) from a shuffled-on-demand mission rule deck."""
    rng.shuffle(deck)
    first = deck.pop()
    if first.key != MAELSTROM:
        return [first], []
    rng.shuffle(deck)  # the card says to shuffle the remaining cards first
    drawn = [deck.pop() for _ in range(MAELSTROM_DRAWS)]
    discarded = [c for c in drawn if c.key == CHILLING_RAIN]
    if discarded:
        drawn = [c for c in drawn if c.key != CHILLING_RAIN]
        drawn += [deck.pop() for _ in range(MAELSTROM_DRAWS)]
    return [first, *drawn], discarded


def draw_cards(pack: Pack, rng: random.Random) -> tuple[Card, list[Card], Card, list[Card]]:
    """(deployment, mission rules, primary, discarded) drawn with `rng`."""
    deployment = rng.choice(pack.deployments)
    rules, discarded = _draw_rules(list(pack.mission_rules), rng)
    primaries = list(pack.primaries)
    rng.shuffle(primaries)
    primary = primaries.pop()
    if primary.key == VITAL_GROUND and any(r.key == HIDDEN_SUPPLIES for r in rules):
        discarded.append(primary)
        primary = primaries.pop()
    return deployment, rules, primary, discarded


def generate(pack: Pack, seed: int) -> Mission:
    """The mission for `seed` (same pack and seed -> same mission)."""
    code = seed_code(pack.code_prefix, seed)  # validates the seed first
    deployment, rules, primary, discarded = draw_cards(pack, random.Random(seed))
    plan = plan_markers(pack.map(deployment.key), [r.key for r in rules], primary.key)
    return Mission(
        pack, code, deployment, tuple(rules), primary, plan, seed=seed, discarded=tuple(discarded)
    )


def pool_mission(pack: Pack, letter: str) -> Mission:
    """A Tournament Companion mission ("A".."O") as a Mission; raises `unknown_pool_mission`."""
    entry = pack.pool_entry(letter)
    deployment = pack.card(entry.deployment)
    rule = pack.card(entry.mission_rule)
    primary = pack.card(entry.primary)
    plan = plan_markers(pack.map(deployment.key), [rule.key], primary.key)
    return Mission(
        pack,
        pool_code(pack.code_prefix, entry.code),
        deployment,
        (rule,),
        primary,
        plan,
        pool_code=entry.code,
        terrain_layouts=entry.terrain_layouts,
    )


def pack_for_prefix(prefix: str):
    for key in pack_keys():
        pack = get_pack(key)
        if pack.code_prefix == prefix:
            return pack
    raise MissionError("bad_code", f"code: no pack uses prefix {prefix!r}", field="code")


def mission_from_code(code: str) -> Mission | ClassicMission:
    """The mission a shareable code stands for: a `Mission` for a card pack ("LEV-..."), a
    `ClassicMission` for a table pack ("EGT-", "SVN-", "OWR-"); raises `bad_code` /
    `unknown_pool_mission`."""
    prefix, kind, value = parse_code(code)
    pack = pack_for_prefix(prefix)
    if not isinstance(pack, Pack | ClassicPack):
        # An 11th-edition code names a matchup, not a mission: missions.eleventh.generator.
        raise MissionError(
            "bad_code", f"code: {code!r} is a {pack.name} matchup, not a mission", field="code"
        )
    if isinstance(pack, ClassicPack):
        if kind == "pool":
            raise MissionError(
                "unknown_pool_mission",
                f"code: pack {pack.key!r} has no pool missions, so {code!r} names none",
                field="code",
            )
        return generate_classic(pack, int(value))
    if kind == "pool":
        return pool_mission(pack, str(value))
    return generate(pack, int(value))
