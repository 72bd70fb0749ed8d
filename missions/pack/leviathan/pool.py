"""Leviathan Tournament Companion mission pool A-O."""

from __future__ import annotations

from missions.pack.pack import PoolEntry

_S34 = (1, 3, 4)
_S1234 = (1, 2, 3, 4)
_S124 = (1, 2, 4)
_S123 = (1, 2, 3)

_ROWS = (
    ("A", "Take and Hold", "Chilling Rain", "Search and Destroy", _S34),
    ("B", "Priority Targets", "Hidden Supplies", "Search and Destroy", _S34),
    ("C", "The Ritual", "Scrambler Fields", "Sweeping Engagement", _S1234),
    ("D", "Deploy Servo-skulls", "Chilling Rain", "Search and Destroy", _S34),
    ("E", "Take and Hold", "Chosen Battlefield", "Sweeping Engagement", _S1234),
    ("F", "Supply Drop", "Chilling Rain", "Search and Destroy", _S34),
    ("G", "Sites of Power", "Chilling Rain", "Hammer and Anvil", _S124),
    ("H", "The Ritual", "Chilling Rain", "Hammer and Anvil", _S124),
    ("I", "Take and Hold", "Hidden Supplies", "Hammer and Anvil", _S124),
    ("J", "Priority Targets", "Chilling Rain", "Crucible of Battle", _S34),
    ("K", "Deploy Servo-skulls", "Hidden Supplies", "Crucible of Battle", _S34),
    ("L", "Scorched Earth", "Chilling Rain", "Dawn of War", _S123),
    ("M", "Purge the Foe", "Chilling Rain", "Crucible of Battle", _S34),
    ("N", "Priority Targets", "Chosen Battlefield", "Dawn of War", _S123),
    ("O", "Vital Ground", "Chilling Rain", "Crucible of Battle", _S34),
)

POOL: tuple[PoolEntry, ...] = tuple(PoolEntry(*row) for row in _ROWS)
