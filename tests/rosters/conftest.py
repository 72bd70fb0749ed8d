"""The rosters tests' shared set-up."""

import pytest

from tournament.services.events.events import event_update


@pytest.fixture
def eleventh(event, organiser):
    """The test event, playing the 11th edition's pack."""
    return event_update(event=event, user=organiser, changes={"mission_pack": "eleventh"})
