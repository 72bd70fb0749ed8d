"""Played events for the feed: the ratings' helper (players linked to people by e-mail, rounds
complete, results confirmed), licensed by their organiser."""

from __future__ import annotations

import pytest

from tests.ratings.conftest import play
from tournament.services.events.events import event_update


def licensed(event, user, licence="cc-by-4.0"):
    event_update(event=event, user=user, changes={"feed_licence": licence})
    event.refresh_from_db()
    return event


@pytest.fixture
def spring(organiser):
    """An 11th-edition event of three rounds (Dee has a bye in the third), licensed."""
    event = play(
        organiser,
        name="Spring GT",
        day=1,
        rounds=[
            [("Ann", "Bo", 70, 40), ("Cy", "Dee", 50, 50)],
            [("Ann", "Cy", 80, 20), ("Bo", "Dee", 60, 30)],
            [("Dee", None, 60, None), ("Ann", "Bo", 90, 10)],
        ],
        factions={"Ann": "Necrons", "Bo": "Orks", "Cy": "Aeldari", "Dee": "Orks"},
    )
    players = event.by_name
    event = licensed(event, organiser)
    event.by_name = players
    return event
