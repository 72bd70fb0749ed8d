"""The checked content of an event document: what check.py makes and write.py writes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Plan:
    """The checked content of a file, ready to write."""

    event: dict
    staff: list = field(default_factory=list)
    players: list = field(default_factory=list)
    tables: list = field(default_factory=list)
    rounds: list = field(default_factory=list)
    announcements: list = field(default_factory=list)
    painting: list = field(default_factory=list)
    votes: list = field(default_factory=list)
    penalties: list = field(default_factory=list)
    audit: list = field(default_factory=list)
    usernames: set = field(default_factory=set)
    # The rounds' keys, which audit targets may name.
    round_keys: set = field(default_factory=set)
    # Each registered extension's checked plan (exchange/extensions.py), by its name.
    extensions: dict = field(default_factory=dict)
