"""The Leviathan mission pack (2023) with its Tournament Companion, as data."""

from __future__ import annotations

from missions.pack.leviathan.deployments import DEPLOYMENTS, MAPS
from missions.pack.leviathan.gambits import GAMBITS
from missions.pack.leviathan.pool import POOL
from missions.pack.leviathan.primaries import PRIMARIES
from missions.pack.leviathan.rules import MISSION_RULES
from missions.pack.leviathan.secondaries import SECONDARIES
from missions.pack.pack import Pack
from missions.pack.scoring import ScoreCaps

CAPS = ScoreCaps(primary_and_gambit=50, secondary=40, per_fixed_card=20, battle_ready=10, total=100)

PACK = Pack(
    key="leviathan",
    name="Leviathan",
    deployments=DEPLOYMENTS,
    mission_rules=MISSION_RULES,
    primaries=PRIMARIES,
    secondaries=SECONDARIES,
    gambits=GAMBITS,
    caps=CAPS,
    maps=MAPS,
    pool=POOL,
)
