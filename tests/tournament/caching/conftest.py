"""What the cache tests share: a clock moved by hand and a paired round."""

import pytest

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order

# Where the hand-moved clock starts (seconds since the epoch).
START = 1_000_000.0


@pytest.fixture
def clock(monkeypatch):
    """The time the cache and the replay read, moved by hand (no sleeps)."""
    from tournament.caching import cached

    now = [START]
    monkeypatch.setattr(cached, "clock", lambda: now[0])
    return now


@pytest.fixture
def played(event, organiser):
    """Round 1 of eight players, paired."""
    return pair_in_order(event, organiser, add_players(event, organiser, 8))
